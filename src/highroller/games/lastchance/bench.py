"""Extra rows for `highroller bench lastchance`: solving the whole deck's odds cold, and bot speed."""

from __future__ import annotations

import time

from highroller.games.lastchance.cards import load_deck
from highroller.games.lastchance.odds import clear_cache, probability, reachable_positions
from highroller.games.lastchance.state import LastChanceGame
from highroller.step_api_speed import games_per_second


def solve_deck() -> tuple[int, int, float]:
    """Solve every reachable starting position of every card of the standard deck from a cold cache:
    (cards, positions, seconds)."""
    deck = load_deck()
    clear_cache()
    started = time.perf_counter()
    positions = 0
    for card in deck:
        for position in reachable_positions(card):
            probability(position, card.rolls)
            positions += 1
    return len(deck), positions, time.perf_counter() - started


def rows(seconds: float = 2.0) -> list[tuple[str, str]]:
    """(what, figure) rows: the deck's odds time and games/s for the `random` and `odds` bots."""
    cards, positions, elapsed = solve_deck()
    result = [(f"exact odds: all {cards} cards, {positions:,} reachable positions (cold)", f"{elapsed:.3f} s")]
    for players in (2, 4, 6):
        game = LastChanceGame.from_options(players=players)
        for bot in ("random", "odds"):
            _, rate, _ = games_per_second(game, seconds / 2, bots=[bot] * players)
            result.append((f"{players} players, {bot} bots", f"{rate:,.0f} games/s"))
    return result
