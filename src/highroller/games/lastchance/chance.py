"""The chance steps of Last Chance: the next card drawn from the deck's undrawn cards, and a roll of the
open dice; each listed with its chances, drawn from 64 random bits, or checked when typed in."""

# highroller: compile

from __future__ import annotations

from highroller.core.dice import multiset_table, roll_steps, uniform_below
from highroller.core.errors import IllegalAction
from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.rules import LastChanceRules
from highroller.games.lastchance.steps import Draw, Roll


def _card(rules: LastChanceRules, card_id: int) -> Card:
    """The deck's card with this id (which it has)."""
    card = rules.card(card_id)
    assert card is not None
    return card


def draw_outcomes(rules: LastChanceRules, undrawn: list[int]) -> list[tuple[Draw, float]]:
    """Every card still in the deck (the ids `undrawn`), each as likely as the others."""
    return [(Draw(_card(rules, i)), 1 / len(undrawn)) for i in undrawn]


def draw_card(rules: LastChanceRules, undrawn: list[int], bits: int) -> Draw:
    """A card still in the deck drawn from 64 uniformly random bits."""
    return Draw(_card(rules, undrawn[uniform_below(bits, len(undrawn))]))


def check_draw(rules: LastChanceRules, undrawn: list[int], outcome: object) -> None:
    """Raise `IllegalAction` (saying what is expected) unless `outcome` draws a card still in the deck or
    a card of the players' own box."""
    own = isinstance(outcome, Draw) and outcome.own and rules.card(outcome.card.id) is None
    if not own and not (
        isinstance(outcome, Draw) and outcome.card.id in undrawn and _card(rules, outcome.card.id) == outcome.card
    ):
        ids = ", ".join(map(str, sorted(undrawn)))
        raise IllegalAction(f"a card still in the deck is drawn here (ids {ids}), not {outcome}")


def roll_outcomes(dice: int) -> list[tuple[Roll, float]]:
    """Every roll of this many dice, with its chance."""
    return [(Roll(counts), p) for counts, p in multiset_table(dice).distribution()]


def draw_roll(dice: int, bits: int) -> Roll:
    """A roll of this many dice drawn exactly from 64 uniformly random bits."""
    roll: Roll = roll_steps(Roll, dice).draw(bits)
    return roll


def check_roll(dice: int, outcome: object) -> None:
    """Raise `IllegalAction` (saying what is expected) unless `outcome` is a roll of this many dice."""
    if not (isinstance(outcome, Roll) and multiset_table(dice).contains(outcome.counts)):
        raise IllegalAction(
            f"a roll of {dice} {'die' if dice == 1 else 'dice'} (faces 1-6) is expected here, not {outcome}"
        )
