"""What Last Chance's tutorial (`tutorial.json`) may say about a position, and what it may point at.

Claims read a position: the card in play (its dice as printed, e.g. "6 6 5 J J", its payout and
rolls, the dice already on it, the face the jokers are locked to, the dice still to roll), the exact
chance that the current (or next) attempt completes it, the auction (high bid and bidder), the
attempt (who rolls, the bid in the bidding bin, the side-bet limit, the rolls left, the last roll), a seat's side bet,
money, cards and whether it has called "Last Chance!", who is out of the game, and the winners.

Board targets: the card (`card`), one of its five dice in printed order (`slot`, `index` from 1),
its jokers (`jokers`), the last roll (`roll`), the auction (`auction`), the bidding bin (`bin`), a
seat's side bet (`bet`, `seat`) and a seat (`player`, `seat`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highroller.core.state import State
from highroller.core.tutorial_terms import Claim, TutorialTerms, as_money, as_number, as_seat
from highroller.core.words import Words
from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.odds import probability
from highroller.games.lastchance.phases import LOCK, ROLL
from highroller.games.lastchance.position import Position, matched_faces
from highroller.games.lastchance.state import NOBODY, LastChanceState


def _state(state: State) -> LastChanceState:
    if not isinstance(state, LastChanceState):
        raise TypeError("a Last Chance claim reads a Last Chance state")
    return state


def _card(state: State) -> tuple[LastChanceState, Card, Position]:
    game = _state(state)
    if game.card is None or game.position is None:
        raise LookupError("no card is in play")
    return game, game.card, game.position


def _seat(seat: int) -> int | None:
    return None if seat == NOBODY else seat


def card_dice(state: State, args: Mapping[str, Any]) -> str:
    """The card's dice as printed: faces high to low, then J for each joker ("6 6 5 J J")."""
    return _card(state)[1].dice_text()


def payout(state: State, args: Mapping[str, Any]) -> int:
    """What the card pays the player who completes it."""
    return _card(state)[1].payout


def rolls(state: State, args: Mapping[str, Any]) -> int:
    """The rolls an attempt at the card gets."""
    return _card(state)[1].rolls


def rolls_left(state: State, args: Mapping[str, Any]) -> int:
    """The rolls the current attempt has left (the card's rolls before it starts)."""
    return _state(state).rolls_left


def matched(state: State, args: Mapping[str, Any]) -> list[int]:
    """The dice on the card: its filled pictured dice, then the dice on its jokers."""
    _, card, position = _card(state)
    return matched_faces(card, position)


def open_dice(state: State, args: Mapping[str, Any]) -> int:
    """How many dice are still to match (the dice a roller rolls)."""
    return _card(state)[2].dice


def locked(state: State, args: Mapping[str, Any]) -> int:
    """The face the jokers are locked to (0: not yet)."""
    return _card(state)[2].locked


def chance(state: State, args: Mapping[str, Any]) -> float:
    """The exact chance that the current attempt (or, before it starts, the next one) completes the
    card with the jokers locked well, rounded to a tenth of a percent (0.084 for 8.4%)."""
    game, card, position = _card(state)
    left = game.rolls_left if game.phase in (ROLL, LOCK) else card.rolls
    return round(float(probability(position, left)), 3)


def as_percent(value: Any, words: Words, names: Sequence[str]) -> str:
    """A chance as the language writes it ("8.4%", "8,4 %")."""
    return words.percent(value)


def high_bid(state: State, args: Mapping[str, Any]) -> int:
    """The auction's high bid ($0: no bid yet)."""
    return _state(state).high_bid


def high_bidder(state: State, args: Mapping[str, Any]) -> int | None:
    """The seat holding the auction's high bid (None: no bid yet)."""
    return _seat(_state(state).high_bidder)


def roller(state: State, args: Mapping[str, Any]) -> int | None:
    """The seat that won the auction and rolls (None: the auction is on)."""
    return _seat(_state(state).rolling)


def bid(state: State, args: Mapping[str, Any]) -> int:
    """The roller's bid in the bidding bin."""
    return _state(state).bid


def bet_limit(state: State, args: Mapping[str, Any]) -> int:
    """The largest side bet the table allows."""
    return _state(state).rules.bet_limit


def last_roll(state: State, args: Mapping[str, Any]) -> list[int]:
    """The faces of the last roll, high to low (none before the attempt's first roll)."""
    roll = _state(state).last_roll
    return [] if roll is None else roll.faces()


def bet(state: State, args: Mapping[str, Any]) -> str | None:
    """A seat's side bet on the roller: "yes", "no", "" (no bet) or None (not asked yet)."""
    placed = _state(state).bets[args["seat"]]
    return None if placed is None else placed.side


def wager(state: State, args: Mapping[str, Any]) -> int:
    """A seat's side-bet wager ($0: no bet)."""
    placed = _state(state).bets[args["seat"]]
    return 0 if placed is None else placed.wager


def money(state: State, args: Mapping[str, Any]) -> int:
    """A seat's money."""
    return int(_state(state).money[args["seat"]])


def cards(state: State, args: Mapping[str, Any]) -> int:
    """How many cards a seat holds."""
    return len(_state(state).won[args["seat"]])


def last_chance_used(state: State, args: Mapping[str, Any]) -> bool:
    """Whether a seat has called "Last Chance!" (once a game)."""
    return bool(_state(state).lc_used[args["seat"]])


def out(state: State, args: Mapping[str, Any]) -> list[int]:
    """The seats out of the game (out of money)."""
    game = _state(state)
    return [seat for seat, active in enumerate(game.active) if not active]


def winners(state: State, args: Mapping[str, Any]) -> list[int]:
    """The winning seats, once the game is over."""
    return _state(state).winners()


def point_words(target: Mapping[str, Any], words: Words, names: Sequence[str]) -> str:
    """A board target in words."""
    w = words
    kind = target["kind"]
    if kind == "card":
        return w("the card")
    if kind == "slot":
        return w("die {index} of the card", index=target["index"])
    if kind == "jokers":
        return w("the card's jokers")
    if kind == "roll":
        return w("the last roll")
    if kind == "auction":
        return w("the auction")
    if kind == "bin":
        return w("the bidding bin")
    if kind == "bet":
        return w("{name}'s side bet", name=names[target["seat"]])
    return str(names[target["seat"]])


TERMS = TutorialTerms(
    claims={
        "card_dice": Claim(card_dice, (), as_number),
        "payout": Claim(payout, (), as_money),
        "rolls": Claim(rolls, (), as_number),
        "rolls_left": Claim(rolls_left, (), as_number),
        "matched": Claim(matched, (), as_number),
        "open_dice": Claim(open_dice, (), as_number),
        "locked": Claim(locked, (), as_number),
        "chance": Claim(chance, (), as_percent),
        "high_bid": Claim(high_bid, (), as_money),
        "high_bidder": Claim(high_bidder, (), as_seat),
        "roller": Claim(roller, (), as_seat),
        "bid": Claim(bid, (), as_money),
        "bet_limit": Claim(bet_limit, (), as_money),
        "last_roll": Claim(last_roll, (), as_number),
        "bet": Claim(bet, ("seat",), as_number),
        "wager": Claim(wager, ("seat",), as_money),
        "money": Claim(money, ("seat",), as_money),
        "cards": Claim(cards, ("seat",), as_number),
        "last_chance_used": Claim(last_chance_used, ("seat",), as_number),
        "out": Claim(out, (), as_seat),
        "winners": Claim(winners, (), as_seat),
    },
    points={
        "card": (),
        "slot": ("index",),
        "jokers": (),
        "roll": (),
        "auction": (),
        "bin": (),
        "bet": ("seat",),
        "player": ("seat",),
    },
    point_words=point_words,
)
