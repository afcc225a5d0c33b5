"""What Luckiest Dice's tutorial (`tutorial.json`) may say about a position, and what it may point at.

Claims read a position: the dice left to roll, the points at risk this turn, whether banking is
allowed, the dice placed on a card this turn, a card's points a die, the faces it matches and the
chance that a roll of the dice left matches it at least once, the unused cards, a seat's total, the
round and the number of rounds, the points the last bust lost, who leads and who won. A card is named
by its id ("odd", "cross", "number2").

Board targets: a bet card (`index`, 0-13 in the cards' order), the last roll, the points at risk, a
seat's score (`seat`) and the legend of the dice's faces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highroller.core.state import State
from highroller.core.tutorial_terms import Claim, TutorialTerms, as_seat
from highroller.core.words import Words
from highroller.games.luckiest.cards import CARD_BY_ID, CARDS, Card
from highroller.games.luckiest.narrate import LuckiestNarration
from highroller.games.luckiest.state import LuckiestState
from highroller.games.luckiest.steps import BANK


def _state(state: State) -> LuckiestState:
    if not isinstance(state, LuckiestState):
        raise TypeError("a Luckiest Dice claim reads a Luckiest Dice state")
    return state


def _card(args: Mapping[str, Any]) -> Card:
    return CARD_BY_ID[args["card"]]


def dice_left(state: State, args: Mapping[str, Any]) -> int:
    """The dice not yet placed this turn (those the next roll rolls)."""
    return _state(state).dice_left


def at_risk(state: State, args: Mapping[str, Any]) -> int:
    """The points of this turn, lost on a bust, added to the total on banking."""
    return _state(state).points


def placed(state: State, args: Mapping[str, Any]) -> int:
    """How many dice lie on a card this turn."""
    return sum(_state(state).placed[_card(args).index])


def card_points(state: State, args: Mapping[str, Any]) -> int:
    """What each die matching a card scores."""
    _state(state)
    return _card(args).points


def card_faces(state: State, args: Mapping[str, Any]) -> list[int]:
    """The faces (numbers) a card matches with this game's dice."""
    mask = _state(state).masks[_card(args).index]
    return [face + 1 for face in range(6) if mask >> face & 1]


def chance(state: State, args: Mapping[str, Any]) -> float:
    """The chance, in percent to a tenth, that rolling the dice left matches a card at least once."""
    game = _state(state)
    faces = len(card_faces(game, args))
    return round(100 * (1 - (1 - faces / 6) ** game.dice_left), 1)


def can_bank(state: State, args: Mapping[str, Any]) -> bool:
    """Whether the player on move may bank now (a roll of this turn has placed dice)."""
    return BANK in _state(state).legal_actions()


def cards_free(state: State, args: Mapping[str, Any]) -> int:
    """The cards not yet used this turn."""
    used = _state(state).used
    return sum(1 for card in CARDS if not used >> card.index & 1)


def total(state: State, args: Mapping[str, Any]) -> int:
    """A seat's banked points."""
    return _state(state).totals()[int(args["seat"])]


def round_number(state: State, args: Mapping[str, Any]) -> int:
    """The round being played, from 1 (the last one once the game is over)."""
    game = _state(state)
    return min(game.round + 1, game.rules.rounds)


def rounds(state: State, args: Mapping[str, Any]) -> int:
    """The number of rounds the game lasts."""
    return _state(state).rules.rounds


def lost(state: State, args: Mapping[str, Any]) -> int:
    """The points at risk the last bust lost; `LookupError` before any bust."""
    for event in reversed(_state(state).events):
        if event["type"] == "bust":
            return int(event["lost"])
    raise LookupError("nobody has bust yet")


def leaders(state: State, args: Mapping[str, Any]) -> list[int]:
    """The seats with the most points banked."""
    totals = _state(state).totals()
    return [seat for seat, points in enumerate(totals) if points == max(totals)]


def winners(state: State, args: Mapping[str, Any]) -> list[int]:
    """The winning seats, once the game is over."""
    return _state(state).winners()


def as_count(value: Any, words: Words, names: Sequence[str]) -> str:
    """A small count in words ("four"), larger ones in figures."""
    return words.count(value)


def as_faces(value: Any, words: Words, names: Sequence[str]) -> str:
    """Faces as numbers: "3 and 6"."""
    return words.joined([words.number(face) for face in value])


def as_percent(value: Any, words: Words, names: Sequence[str]) -> str:
    """A chance in percent, as the language writes it: "96.1%", "96,1 %"."""
    return words.percent(value / 100)


def point_words(target: Mapping[str, Any], words: Words, names: Sequence[str]) -> str:
    """A board target in words."""
    w = words
    kind = target["kind"]
    if kind == "card":
        return w("the {card} card", card=LuckiestNarration(w).card(CARDS[target["index"]]))
    if kind == "roll":
        return w("the roll")
    if kind == "risk":
        return w("the points at risk")
    if kind == "player":
        return names[int(target["seat"])]
    return w("the faces of the dice")


TERMS = TutorialTerms(
    claims={
        "dice_left": Claim(dice_left),
        "at_risk": Claim(at_risk),
        "placed": Claim(placed, ("card",), as_count),
        "card_points": Claim(card_points, ("card",)),
        "card_faces": Claim(card_faces, ("card",), as_faces),
        "chance": Claim(chance, ("card",), as_percent),
        "can_bank": Claim(can_bank),
        "cards_free": Claim(cards_free),
        "total": Claim(total, ("seat",)),
        "round": Claim(round_number),
        "rounds": Claim(rounds),
        "lost": Claim(lost),
        "leaders": Claim(leaders, (), as_seat),
        "winners": Claim(winners, (), as_seat),
    },
    points={"card": ("index",), "roll": (), "risk": (), "player": ("seat",), "faces": ()},
    point_words=point_words,
)
