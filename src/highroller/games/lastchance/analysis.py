"""`highroller analyze lastchance [options] --games N --out DIR`: each card's value by attempt.

A card stays in play with its matched dice until someone completes it, so the second attempt on a
card starts where the first failed. For every card of the deck, `--games` sequences of attempts are
played by a roller who locks the jokers optimally (the `odds` bot's `best_lock`, with the step
engine's own placing rules), up to `ATTEMPTS` attempts: the chance that attempt k completes the card
(given that the earlier ones failed) and its expected payout. PNG plot and a short text summary.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from highroller.batch import analysis
from highroller.core.game import Game
from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.odds import best_lock, card_probability
from highroller.games.lastchance.position import Position, lock, place, start

ATTEMPTS = 4


def _attempt(position: Position, rolls: int, rng: np.random.Generator) -> Position:
    """One attempt from `position`: up to `rolls` rolls, locking optimally; the position it leaves."""
    for left_after in range(rolls - 1, -1, -1):
        roll = tuple(int(c) for c in rng.multinomial(position.dice, [1 / 6] * 6))
        position, left = place(position, roll)
        face = best_lock(position, left, left_after) if not position.complete else 0
        if face:
            position = lock(position, left, face)[0]
        if position.complete:
            break
    return position


def completion_by_attempt(card: Card, sequences: int, rng: np.random.Generator) -> np.ndarray:
    """[attempt]: the share of sequences whose attempt k (0-based) completes the card."""
    done = np.zeros(ATTEMPTS)
    for _ in range(sequences):
        position = start(card)
        for k in range(ATTEMPTS):
            position = _attempt(position, card.rolls, rng)
            if position.complete:
                done[k] += 1
                break
    return done / sequences


def run_analysis(game: Game, chosen: dict[str, Any], params: dict[str, Any]) -> None:
    deck = game.rules.deck  # type: ignore[attr-defined]
    out = params["out"]
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(params["seed"])
    sequences = params["games"]
    completed = np.array([completion_by_attempt(card, sequences, rng) for card in deck])
    reached = 1 - np.cumsum(completed, axis=1) + completed
    chance = np.divide(completed, reached, out=np.zeros_like(completed), where=reached > 0)
    payouts = np.array([card.payout for card in deck], dtype=float)
    value = chance * payouts[:, None]
    lines = [f"Last Chance, {len(deck)} cards, {sequences:,} attempt sequences a card (optimal joker locking)", ""]
    lines.append(
        "Deck average, by attempt on the same card: "
        + "; ".join(
            f"attempt {k + 1}: completes {chance[:, k].mean():.1%}, worth ${value[:, k].mean():,.0f}"
            for k in range(ATTEMPTS)
        )
    )
    exact = np.array([float(card_probability(card)) for card in deck])
    lines.append(f"First attempts against the exact odds: largest gap {np.abs(chance[:, 0] - exact).max():.2%}")
    ranked = np.argsort(-value[:, 0])
    lines.append("Best first attempts: " + ", ".join(f"card {deck[i].id} (${value[i, 0]:,.0f})" for i in ranked[:3]))
    gains = value[:, 1] - value[:, 0]
    lines.append(
        "Cards worth most more on the second attempt: "
        + ", ".join(f"card {deck[i].id} (+${gains[i]:,.0f})" for i in np.argsort(-gains)[:3])
    )

    def plot(axes: Any) -> None:
        x = np.arange(1, ATTEMPTS + 1)
        for row in value:
            axes.plot(x, row, color="grey", alpha=0.3, linewidth=1)
        axes.plot(x, value.mean(axis=0), color="black", linewidth=2.5, label="deck average")
        axes.set_xticks(x)
        axes.set_xlabel("attempt on the same card")
        axes.set_ylabel("expected payout of the attempt ($)")
        axes.legend()

    plots = [analysis.save_plot(out, "card-value-by-attempt", "Card value by attempt (one line a card)", plot)]
    analysis.finish(out, lines, plots)


ANALYSIS = analysis.Analysis(
    run_analysis,
    2_000,
    "Analyse Last Chance: each card's chance and expected payout by attempt (optimal joker locking).",
    on_batch_engine=False,
)
