"""`highroller deck lastchance RECORD... --save FILE`: the cards of a real box, as a deck file.

After games at a real table (typed draws, in the terminal or on a companion table), every card drawn
in the given records — our deck's cards and the box's own — is written as a deck TOML file, numbered
from 1 in the order first drawn, so the next game plays with that box: `--deck FILE` in the terminal,
`deck=FILE` from Python. An existing file is never overwritten.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from highroller.core.errors import RecordError
from highroller.core.state import CHANCE
from highroller.games.lastchance.cards import Card, load_deck
from highroller.games.lastchance.steps import Draw
from highroller.replaying import replay


def _load(file: str) -> dict[str, Any]:
    try:
        record = json.loads(Path(file).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise RecordError(f"{file}: not a record file ({error})") from error
    if not isinstance(record, dict) or record.get("game") != "lastchance":
        raise RecordError(f"{file} is not a record of lastchance")
    return record


def box_cards(records: list[dict[str, Any]]) -> list[Card]:
    """Every card drawn in the records, once each (by dice and rolls), numbered from 1."""
    found: dict[tuple[tuple[int, ...], int, int], Card] = {}
    for record in records:
        state = replay(record)
        for player, step in state.history:
            if player == CHANCE and isinstance(step, Draw):
                card = step.card
                found.setdefault((card.faces, card.jokers, card.rolls), card)
    return [
        Card(number, card.faces, card.jokers, card.rolls, card.payout)
        for number, card in enumerate(found.values(), start=1)
    ]


def deck_text(cards: list[Card], name: str) -> str:
    """A deck TOML file of these cards (the format of data/standard.toml)."""
    lines = [
        f"# Last Chance: the cards of {name}, as drawn at the table.",
        f'name = "{name}"',
        f'description = "{len(cards)} cards of a real box"',
        "",
    ]
    for card in cards:
        lines += [
            "[[card]]",
            f"id = {card.id}",
            f'dice = "{card.dice_text()}"',
            f"rolls = {card.rolls}",
            f"payout = {card.payout}",
            "",
        ]
    return "\n".join(lines)


@click.command("lastchance")
@click.argument("records", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--save",
    "path",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The new deck file (an existing file is refused).",
)
@click.option("--name", default="my box", show_default=True, help="The deck's name, written in the file.")
def deck(records: tuple[str, ...], path: Path, name: str) -> None:
    """Write the cards drawn in these Last Chance records (a real box's) as a deck file to play with."""
    if path.exists():
        raise click.BadParameter(f"{path} exists; choose another file, or remove it first", param_hint="--save")
    try:
        cards = box_cards([_load(file) for file in records])
    except RecordError as error:
        raise click.UsageError(str(error)) from error
    if not cards:
        raise click.UsageError("no card was drawn in these records")
    path.write_text(deck_text(cards, name.replace('"', "'")), encoding="utf-8")
    load_deck(str(path))  # the file reads back as a deck
    click.echo(f"{len(cards)} cards saved to {path}; play with them: highroller play lastchance --deck {path}")
