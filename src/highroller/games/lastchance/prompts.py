"""What a person at a real table types at a Last Chance chance step, in a language: the card drawn (by
its id, or a card of their own box by its dice, rolls and payout), or the dice rolled. The terminal's
`input_help` (English) and the narration of every language word it from here."""

from __future__ import annotations

from highroller.core.words import Words
from highroller.games.lastchance.phases import DRAW
from highroller.games.lastchance.state import LastChanceState


def typing_help(state: LastChanceState, w: Words) -> str:
    """The card to type at a draw, or the faces of the roll to come."""
    if state.phase == DRAW:
        return w(
            "type the id of the card drawn, e.g. 'card 12' (still in the deck: {ids}), "
            "or a card of your own box as dice:rolls and payout, e.g. '665JJ:2 $2500'",
            ids=", ".join(map(str, sorted(state.undrawn))),
        )
    dice = state.position.dice if state.position is not None else 0
    example = " ".join("65532"[:dice])
    return w.plural(dice, "type the faces of the {n} die rolled, e.g. '{example}'", "type the faces of the {n} dice rolled, e.g. '{example}'", example=example)
