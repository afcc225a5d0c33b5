"""What Las Vegas's tutorial (`tutorial.json`) may say about a position, and what it may point at.

Claims read a position: a casino's bills, the dice an owner has there, who would be paid first if it
were scored now (ties cancelled; at the bandit, ranked by dice, pips, then the highest face), a
seat's money and dice left, how many rolled dice show a face, and the winners. An owner is a seat,
or "neutral" for the white dice. Casinos are numbered 1 to 6, and 7 for the bandit.

Board targets: a casino (`index`), a casino's bill (`casino`, `index` from 1, high to low), the
rolled dice of a face (`face`), a seat (`seat`) and the bill pile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highroller.core.state import State
from highroller.core.tutorial_terms import Claim, TutorialTerms, as_money, as_number, as_seat
from highroller.core.words import Words
from highroller.games.lasvegas.rules import CASINOS
from highroller.games.lasvegas.scoring import rank_casino
from highroller.games.lasvegas.state import LasVegasState


def _state(state: State) -> LasVegasState:
    if not isinstance(state, LasVegasState):
        raise TypeError("a Las Vegas claim reads a Las Vegas state")
    return state


def _owner(state: LasVegasState, index: int) -> int | str:
    return "neutral" if index == state.rules.players else index


def _owner_index(state: LasVegasState, owner: Any) -> int:
    return state.rules.players if owner == "neutral" else int(owner)


def casino_bills(state: State, args: Mapping[str, Any]) -> list[int]:
    """The bills at a casino, high to low."""
    return sorted(_state(state).casino_bills[args["casino"] - 1], reverse=True)


def dice_on(state: State, args: Mapping[str, Any]) -> int:
    """How many dice an owner has at a casino (the Biggie counts two)."""
    game = _state(state)
    return game.dice[args["casino"] - 1][_owner_index(game, args["owner"])]


def ranking(state: State, args: Mapping[str, Any]) -> list[int | str]:
    """The owners a casino would pay, best first, if it were scored now."""
    game = _state(state)
    index = args["casino"] - 1
    dice = game.dice[index]
    if index < CASINOS:
        order = list(rank_casino(dice))
    else:
        holders = [owner for owner, count in enumerate(dice) if count]
        order = sorted(holders, key=lambda o: (dice[o], game.pips[o], game.top[o]), reverse=True)
    return [_owner(game, owner) for owner in order]


def leader(state: State, args: Mapping[str, Any]) -> int | str | None:
    """The owner a casino would pay first if it were scored now (None: nobody)."""
    order = ranking(state, args)
    return order[0] if order else None


def cancelled(state: State, args: Mapping[str, Any]) -> list[int | str]:
    """The owners whose dice at a casino tie and would be removed if it were scored now."""
    game = _state(state)
    dice = game.dice[args["casino"] - 1]
    if args["casino"] - 1 >= CASINOS:
        return []
    return [_owner(game, owner) for owner, count in enumerate(dice) if count and dice.count(count) > 1]


def money(state: State, args: Mapping[str, Any]) -> int:
    """A seat's money."""
    return _state(state).money[args["seat"]]


def dice_left(state: State, args: Mapping[str, Any]) -> int:
    """The dice a seat still holds this round (own, Biggie and neutral)."""
    game = _state(state)
    seat = args["seat"]
    return game.own[seat] + int(game.biggie[seat]) + game.neutral[seat]


def rolled(state: State, args: Mapping[str, Any]) -> int:
    """How many of the dice just rolled show a face (the Biggie is one die)."""
    roll = _state(state).roll
    return 0 if roll is None else roll.face_total(args["face"])


def winners(state: State, args: Mapping[str, Any]) -> list[int]:
    """The winning seats, once the game is over."""
    return _state(state).winners()


def point_words(target: Mapping[str, Any], words: Words, names: Sequence[str]) -> str:
    """A board target in words."""
    w = words
    kind = target["kind"]
    if kind == "casino":
        return w("the bandit") if target["index"] > CASINOS else w("casino {number}", number=target["index"])
    if kind == "bill":
        return w("bill {index} of casino {number}", index=target["index"], number=target["casino"])
    if kind == "die":
        return w("the dice showing {face}", face=target["face"])
    if kind == "player":
        return names[target["seat"]]
    return w("the bill pile")


TERMS = TutorialTerms(
    claims={
        "casino_bills": Claim(casino_bills, ("casino",), as_money),
        "dice_on": Claim(dice_on, ("casino", "owner"), as_number),
        "ranking": Claim(ranking, ("casino",), as_seat),
        "leader": Claim(leader, ("casino",), as_seat),
        "cancelled": Claim(cancelled, ("casino",), as_seat),
        "money": Claim(money, ("seat",), as_money),
        "dice_left": Claim(dice_left, ("seat",), as_number),
        "rolled": Claim(rolled, ("face",), as_number),
        "winners": Claim(winners, (), as_seat),
    },
    points={"casino": ("index",), "bill": ("casino", "index"), "die": ("face",), "player": ("seat",), "pile": ()},
    point_words=point_words,
)
