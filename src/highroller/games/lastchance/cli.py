"""`highroller odds lastchance`: exact completion odds of a card from any position, the best joker
lock for a roll, and the whole deck's odds, as Rich tables or JSON.

A CARD is its id in the deck (`7`) or its dice and rolls (`665JJ:2`, `6,6,5,J,J:2`; see `cards.py`).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from highroller.core.dice import counts_from_faces
from highroller.core.errors import DataFileError
from highroller.games.lastchance.cards import STANDARD, Card, load_deck, parse_card_text
from highroller.games.lastchance.odds import deck_odds, lock_values, probability
from highroller.games.lastchance.position import Position, matched_faces, matched_position, place
from highroller.games.lastchance.steps import dollars, plural


def _faces(text: str, what: str) -> list[int]:
    digits = [c for c in text if not c.isspace() and c != ","]
    if not all(c in "123456" for c in digits):
        raise click.BadParameter(f"{what} lists faces 1-6, e.g. '6,5,3', not {text!r}")
    return [int(c) for c in digits]


def shown(value: Fraction, fraction: bool) -> str:
    """A probability as a fraction or to 6 decimals."""
    return f"{value.numerator}/{value.denominator}" if fraction else f"{float(value):.6f}"


def _exact(value: Fraction) -> dict[str, Any]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "decimal": float(value)}


def _deck_report(deck: tuple[Card, ...], fraction: bool, as_json: bool) -> None:
    rows = deck_odds(deck)
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "id": r.card.id,
                        "dice": r.card.dice_text(),
                        "faces": list(r.card.faces),
                        "jokers": r.card.jokers,
                        "rolls": r.card.rolls,
                        "payout": r.card.payout,
                        "probability": _exact(r.probability),
                        "expected_value": float(r.expected_value),
                    }
                    for r in rows
                ],
                indent=2,
            )
        )
        return
    table = Table(title="Last Chance: every card, a fresh attempt with optimal joker locks")
    for column in ("Card", "Dice", "Rolls", "Payout", "Probability", "Expected value"):
        table.add_column(column, justify="left" if column == "Dice" else "right")
    for r in rows:
        card = r.card
        table.add_row(
            str(card.id),
            card.dice_text(),
            str(card.rolls),
            dollars(card.payout),
            shown(r.probability, fraction),
            f"${float(r.expected_value):,.0f}",
        )
    Console(highlight=False).print(table)


def _roll_report(
    card: Card, position: Position, roll: list[int], rolls_left: int
) -> tuple[Position, list[tuple[int, Fraction]]]:
    if len(roll) != position.dice:
        raise click.BadParameter(
            f"the roll has {len(roll)} dice; {position.dice} are rolled from this position", param_hint="--roll"
        )
    if rolls_left < 1:
        raise click.BadParameter("a roll needs at least 1 roll left", param_hint="--rolls-left")
    after, left = place(position, counts_from_faces(roll))
    return after, lock_values(after, left, rolls_left - 1)


def _card_report(
    card: Card, position: Position, rolls_left: int, roll: list[int] | None, fraction: bool, as_json: bool
) -> None:
    chance = probability(position, rolls_left)
    choices: list[tuple[int, Fraction]] = []
    after = position
    if roll is not None:
        after, choices = _roll_report(card, position, roll, rolls_left)
    if as_json:
        data: dict[str, Any] = {
            "card": {
                "id": card.id,
                "dice": card.dice_text(),
                "faces": list(card.faces),
                "jokers": card.jokers,
                "rolls": card.rolls,
                "payout": card.payout,
            },
            "matched": matched_faces(card, position),
            "rolls_left": rolls_left,
            "probability": _exact(chance),
            "expected_value": float(chance * card.payout),
        }
        if roll is not None:
            data["roll"] = {
                "faces": sorted(roll, reverse=True),
                "matched_after": matched_faces(card, after),
                "choices": [{"lock": face or None, "probability": _exact(p)} for face, p in choices],
            }
        click.echo(json.dumps(data, indent=2))
        return
    console = Console(highlight=False)
    title = f"{card}" if card.id else f"{card.dice_text()} in {card.rolls} rolls"
    table = Table(title=title, title_justify="left")
    for column in ("On the card", "Jokers locked", "Rolls left", "Probability", "Expected value"):
        table.add_column(column, justify="right")
    for k in range(rolls_left, 0, -1) if rolls_left else [0]:
        p = probability(position, k)
        value = f"${float(p * card.payout):,.0f}" if card.payout else "—"
        table.add_row(
            " ".join(map(str, matched_faces(card, position))) or "nothing",
            f"to {position.locked}s" if position.locked else "no",
            str(k),
            shown(p, fraction),
            value,
        )
    console.print(table)
    if roll is not None:
        placed = " ".join(map(str, matched_faces(card, after))) or "nothing"
        best = Table(
            title=f"Rolled {' '.join(map(str, sorted(roll, reverse=True)))}: on the card after the "
            f"mandatory matches: {placed}; {plural(rolls_left - 1, 'roll')} to come",
            title_justify="left",
        )
        best.add_column("Choice")
        best.add_column("Probability", justify="right")
        for face, p in choices:
            label = f"lock {face}s on the jokers" if face else ("not yet" if len(choices) > 1 else "no choice")
            best.add_row(label + ("  ◀ best" if p == choices[0][1] and len(choices) > 1 else ""), shown(p, fraction))
        console.print(best)


@click.command("lastchance")
@click.argument("card", required=False)
@click.option(
    "--matched", default="", help="Dice already on the card, e.g. '6,5,3' (a face not pictured sits on a joker)."
)
@click.option(
    "--rolls-left", type=click.IntRange(0, 10), default=None, help="Rolls still to come (default: the card's rolls)."
)
@click.option(
    "--roll",
    "roll_text",
    default=None,
    help="Dice just rolled from this position, e.g. '5 3 1': shows the best joker lock.",
)
@click.option(
    "--deck", "whole_deck", is_flag=True, help="A table of every card of the deck: probability, payout, expected value."
)
@click.option("--deck-file", default=STANDARD, show_default=True, help="The deck: 'standard' or a deck TOML file.")
@click.option("--fraction", is_flag=True, help="Show exact fractions instead of 6 decimals.")
@click.option(
    "--json", "as_json", is_flag=True, help="Print JSON for scripts (probabilities as exact fractions and decimals)."
)
def odds(
    card: str | None,
    matched: str,
    rolls_left: int | None,
    roll_text: str | None,
    whole_deck: bool,
    deck_file: str,
    fraction: bool,
    as_json: bool,
) -> None:
    """Exact odds of completing a Last Chance CARD (a deck id like 7, or dice:rolls like 665JJ:2)."""
    try:
        deck = load_deck(deck_file)
    except DataFileError as error:
        raise click.BadParameter(str(error), param_hint="--deck-file") from error
    if whole_deck:
        _deck_report(deck, fraction, as_json)
        return
    if card is None:
        raise click.UsageError("give a CARD (a deck id like 7, or dice:rolls like 665JJ:2), or --deck for every card")
    try:
        chosen = parse_card_text(card, deck)
        position = matched_position(chosen, _faces(matched, "--matched"))
    except ValueError as error:
        raise click.BadParameter(str(error)) from error
    roll = _faces(roll_text, "--roll") if roll_text is not None else None
    _card_report(chosen, position, chosen.rolls if rolls_left is None else rolls_left, roll, fraction, as_json)
