"""Last Chance's advice on a decision, in a language (its words are extracted into this folder's
catalog), from the exact odds of the card in play: at the joker lock the chance to complete the card
after each choice; in the side bets what each bet is worth on average; in the auction, whose bids are
many, the card's figures (chance to complete, expected payout, break-even bid), each bid valued only
where there are few (what it gains on average if it wins the card), and no preferred move (a bot
suggests one). The terminal's `?` (render.py) shows the same figures."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from highroller.core.advice import Fact, MoveAdvice, MoveValue, fact, move_value
from highroller.core.advice import move_advice as advice_of
from highroller.core.dice import counts_from_faces
from highroller.core.state import State, Step
from highroller.core.words import Words
from highroller.games.lastchance.bots import attempt_chance, table_position
from highroller.games.lastchance.narrate import LastChanceNarration
from highroller.games.lastchance.odds import lock_values
from highroller.games.lastchance.steps import LOCKS, WAIT, Bet, Bid, LastChance, Lock, Wait

FEW_MOVES = 21
"""The most choices listed one by one (a side bet up to $1,000: no bet, and yes or no for each of ten
wagers); past that, only the smallest and largest wagers of the bets, and none of the bids."""


def expected_payout(view: dict[str, Any]) -> Fraction:
    """The payout the current (or next) attempt brings on average."""
    return attempt_chance(view) * view["card"]["payout"]


def break_even_bid(view: dict[str, Any]) -> Fraction | None:
    """The bid at which winning the auction gains nothing on average (the bid comes back on success);
    None for a card sure to be completed (any bid gains)."""
    chance = attempt_chance(view)
    return None if chance == 1 else chance * view["card"]["payout"] / (1 - chance)


def bet_worth(bet: Bet, chance: Fraction) -> Fraction:
    """What a side bet gains on average: its wager won if its side is right, lost if not."""
    if not bet.side:
        return Fraction(0)
    return bet.wager * (2 * chance - 1) * (1 if bet.side == "yes" else -1)


def bid_worth(bid: int, view: dict[str, Any]) -> Fraction:
    """What winning the auction at `bid` gains on average: the payout on success, the bid lost on failure."""
    chance = attempt_chance(view)
    return chance * view["card"]["payout"] - (1 - chance) * bid


def lock_choices(view: dict[str, Any]) -> list[tuple[Lock | Wait, Fraction]]:
    """After a roll's mandatory matches: each joker choice with the chance to complete the card after
    it, best first."""
    _, position = table_position(view)
    left = counts_from_faces(view["unplaced"])
    return [(LOCKS[face] if face else WAIT, chance) for face, chance in lock_values(position, left, view["rolls_left"])]


def _facts(view: dict[str, Any], w: Words) -> list[Fact]:
    card, _ = table_position(view)
    rolls = view["rolls_left"] if view["phase"] in ("roll", "lock") else card.rolls
    facts = [
        fact(
            w.plural(
                rolls,
                "Chance to complete card {card} in {n} roll",
                "Chance to complete card {card} in {n} rolls",
                card=card.id,
            ),
            float(attempt_chance(view)),
            "chance",
        ),
        fact(w("Expected payout"), float(expected_payout(view)), "money"),
    ]
    even = break_even_bid(view) if view["phase"] == "auction" else None
    if even is not None:
        facts.append(fact(w("Break-even bid (the bid comes back on success)"), float(even), "money"))
    return facts


def _shown_bets(legal: tuple[Step, ...]) -> list[Bet]:
    """The bets listed: all where few, else no bet and each side's smallest and largest wager."""
    bets = [action for action in legal if isinstance(action, Bet)]
    if len(bets) <= FEW_MOVES:
        return bets
    ends: list[Bet] = [bet for bet in bets if not bet.side]
    for side in ("yes", "no"):
        wagers = [bet for bet in bets if bet.side == side]
        ends += wagers[:1] + wagers[-1:]
    return ends


def _auction_moves(view: dict[str, Any], legal: tuple[Step, ...], narration: LastChanceNarration) -> list[MoveValue]:
    """The auction's choices with what each gains on average if it wins the card (passing: nothing),
    where they are few; none otherwise."""
    if len(legal) > FEW_MOVES:
        return []
    money = view["players"][view["seat"]]["money"]
    moves = []
    for action in legal:
        bid = action.amount if isinstance(action, Bid) else money if isinstance(action, LastChance) else None
        worth = 0.0 if bid is None else float(bid_worth(bid, view))
        moves.append(move_value(action.to_json(), narration.label(action), worth, "money"))
    return moves


def move_advice(state: State, seat: int, w: Words) -> MoveAdvice | None:
    """The exact odds behind `seat`'s decision: at the lock each choice's chance (measure "chance"),
    in the bets each bet's average worth and in the auction each bid's where few (measure "money"),
    with the card's figures as facts; None when `seat` decides nothing about a card now."""
    if state.current_player != seat:
        return None
    view = state.view(seat)
    if view["card"] is None:
        return None
    narration = LastChanceNarration(w)
    legal = state.legal_actions()
    phase = view["phase"]
    if phase == "lock":
        choices = lock_choices(view)
        moves = [
            move_value(action.to_json(), narration.label(action), float(chance), "chance") for action, chance in choices
        ]
        return advice_of(
            "chance",
            w("Your chance to complete the card after each joker choice"),
            moves,
            choices[0][0].to_json(),
            _facts(view, w),
        )
    if phase == "bets":
        chance = attempt_chance(view)
        worths = [(bet, bet_worth(bet, chance)) for bet in _shown_bets(legal)]
        best = max(worths, key=lambda item: item[1])[0]
        moves = [move_value(bet.to_json(), narration.label(bet), float(worth), "money") for bet, worth in worths]
        return advice_of("money", w("What each bet gains on average"), moves, best.to_json(), _facts(view, w))
    if phase == "auction":
        moves = _auction_moves(view, legal, narration)
        title = (
            w("What each choice gains on average if it wins you the card") if moves else w("The exact odds of the card")
        )
        return advice_of("money", title, moves, None, _facts(view, w))
    return None
