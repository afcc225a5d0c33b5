"""The JSON form of a Last Chance step in a record: `decode` reads one at a position, and the card and roll
readers it shares with the typed input. They need only what `StepContext` names of a position, so the state
and the typed input both use them without importing each other."""

from __future__ import annotations

from typing import Any, Protocol

from highroller.core.dice import counts_from_faces
from highroller.core.errors import IllegalAction
from highroller.core.state import CHANCE, Step
from highroller.core.typed_input import TypedRefusal
from highroller.core.values import is_whole
from highroller.games.lastchance.cards import checked_card
from highroller.games.lastchance.phases import AUCTION, BETS, DRAW, LOCK, ROLL
from highroller.games.lastchance.rules import LastChanceRules
from highroller.games.lastchance.steps import (
    LAST_CHANCE,
    NO_BET,
    PASS,
    WAIT,
    Action,
    Bet,
    Bid,
    Draw,
    Lock,
    Outcome,
    Roll,
)


class StepContext(Protocol):
    """What reading a step needs of a position: its phase, rules, the deck's cards not drawn yet and its history."""

    @property
    def phase(self) -> int: ...

    @property
    def rules(self) -> LastChanceRules: ...

    @property
    def undrawn(self) -> list[int]: ...

    @property
    def history(self) -> list[tuple[int, Step]]: ...


def roll_of(faces: Any) -> Roll:
    """The roll of these faces (a list of 1-6)."""
    try:
        return Roll(counts_from_faces(faces))
    except (ValueError, TypeError) as error:
        raise IllegalAction(f"a roll lists the faces shown: {error}") from error


def drawn(state: StepContext, card_id: Any) -> Draw:
    """The draw of the deck's card `card_id`, refused unless the deck holds it still."""
    card = state.rules.card(card_id) if is_whole(card_id) else None
    if card is None:
        raise TypedRefusal(
            lambda w: w(
                "the deck has no card {card}; cards still in the deck: {ids}",
                card=repr(card_id),
                ids=undrawn_ids(state),
            )
        )
    if card.id not in state.undrawn:
        raise TypedRefusal(
            lambda w: w(
                "card {card} was drawn already; cards still in the deck: {ids}", card=card_id, ids=undrawn_ids(state)
            )
        )
    return Draw(card)


def own_card(state: StepContext, dice: Any, rolls: Any, payout: Any) -> Draw:
    """A card of the players' own box, numbered after the deck's cards and the own cards drawn before;
    a card our deck has (same dice, rolls and payout) and has not dealt yet is that card."""
    own_drawn = sum(1 for player, step in state.history if player == CHANCE and isinstance(step, Draw) and step.own)
    try:
        card = checked_card(max(c.id for c in state.rules.deck) + 1 + own_drawn, dice, rolls, payout)
    except ValueError as error:
        raise IllegalAction(f"a card of your own box: {error}") from error
    for known in state.rules.deck:
        if (known.faces, known.jokers, known.rolls, known.payout) == (
            card.faces,
            card.jokers,
            card.rolls,
            card.payout,
        ) and known.id in state.undrawn:
            return drawn(state, known.id)
    return Draw(card, own=True)


def undrawn_ids(state: StepContext) -> str:
    """The ids of the cards still in the deck, for a refusal."""
    return ", ".join(map(str, sorted(state.undrawn)))


def decode(state: StepContext, data: Any) -> Action | Outcome:
    """The step a record's JSON names at this position (shape only; `apply` judges legality)."""
    phase = state.phase
    if phase == DRAW:
        if isinstance(data, dict) and set(data) == {"card"}:
            own = data["card"]
            if isinstance(own, dict) and set(own) == {"dice", "rolls", "payout"}:
                return own_card(state, own["dice"], own["rolls"], own["payout"])
            return drawn(state, own)
        raise IllegalAction(
            f'a card drawn is {{"card": id}} or {{"card": {{"dice": "6 6 5 J J", "rolls": 2, "payout": 2500}}}}, not '
            f"{data!r}"
        )
    if phase == ROLL:
        if isinstance(data, dict) and set(data) == {"roll"} and isinstance(data["roll"], list):
            return roll_of(data["roll"])
        raise IllegalAction(f'a roll is {{"roll": [faces]}}, not {data!r}')
    if phase == AUCTION:
        if data == "pass":
            return PASS
        if data == "last chance":
            return LAST_CHANCE
        if isinstance(data, dict) and set(data) == {"bid"} and is_whole(data["bid"]):
            return Bid(data["bid"])
        raise IllegalAction(f'an auction action is "pass", "last chance" or {{"bid": dollars}}, not {data!r}')
    if phase == BETS:
        if data == "no bet":
            return NO_BET
        if (
            isinstance(data, dict)
            and set(data) == {"bet", "wager"}
            and data["bet"] in ("yes", "no")
            and is_whole(data["wager"])
        ):
            return Bet(data["bet"], data["wager"])
        raise IllegalAction(f'a side bet is "no bet" or {{"bet": "yes"|"no", "wager": dollars}}, not {data!r}')
    if phase == LOCK:
        if data == "wait":
            return WAIT
        if isinstance(data, dict) and set(data) == {"lock"} and is_whole(data["lock"]):
            return Lock(data["lock"])
        raise IllegalAction(f'a joker choice is {{"lock": face}} or "wait", not {data!r}')
    raise IllegalAction("the game is over: no step is legal")
