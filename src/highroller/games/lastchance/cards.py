"""Cards and decks: a card is five dice slots (faces 1-6 and jokers), a number of rolls and a payout.

A deck is a TOML file of `[[card]]` tables (see `data/deck.toml`); `load_deck` reads the shipped deck or a
user's file and refuses a malformed one with a `DataFileError` naming the card and the problem.
A card is written on the command line as its id in the deck (`7`) or as its dice and rolls (`665JJ:2`,
`6,6,5,J,J:2`, optionally with a payout: `665JJ:2:2500`); `parse_card_text` reads both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from highroller.core.datafile import load_toml, read_toml, table_fields
from highroller.core.errors import DataFileError
from highroller.core.values import is_whole

DICE_PER_CARD = 5
MAX_ROLLS = 10
STANDARD = "standard"
"""The name of the shipped deck (`data/deck.toml`)."""
PRESETS = {STANDARD: "deck.toml"}
"""The shipped decks by name: the files under `data/` a `deck` option may name instead of a path."""

FIELDS = ("id", "dice", "rolls", "payout")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its specific faces (high to low), its jokers, its rolls and its payout in dollars."""

    id: int
    faces: tuple[int, ...]
    jokers: int
    rolls: int
    payout: int

    @property
    def pictured(self) -> frozenset[int]:
        """The faces pictured on the card (a joker may never be locked to one of them)."""
        return frozenset(self.faces)

    def dice_text(self) -> str:
        """The card's dice as printed: specific faces high to low, then the jokers ('6 6 5 J J')."""
        return " ".join([*map(str, self.faces), *["J"] * self.jokers])

    def __str__(self) -> str:
        rolls = f"{self.rolls} roll{'' if self.rolls == 1 else 's'}"
        return f"card {self.id}: {self.dice_text()} in {rolls}, ${self.payout:,}"

    def to_json(self) -> dict[str, Any]:
        """The card as a deck-file table (what `card_from_table` reads back)."""
        return {"id": self.id, "dice": self.dice_text(), "rolls": self.rolls, "payout": self.payout}


def parse_dice(text: str) -> tuple[tuple[int, ...], int]:
    """Faces (high to low) and joker count from '6 6 5 J J', '6,6,5,j,j' or '665JJ'; ValueError if bad."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if len(tokens) == 1 and len(tokens[0]) > 1:
        tokens = list(tokens[0])
    faces: list[int] = []
    jokers = 0
    for token in tokens:
        if token.upper() == "J":
            jokers += 1
        elif token in ("1", "2", "3", "4", "5", "6"):
            faces.append(int(token))
        else:
            raise ValueError(f"die {token!r} is not a face 1-6 or J (a joker)")
    if len(faces) + jokers != DICE_PER_CARD:
        raise ValueError(f"has {len(faces) + jokers} dice; a card has {DICE_PER_CARD}")
    return tuple(sorted(faces, reverse=True)), jokers


def checked_card(card_id: Any, dice: Any, rolls: Any, payout: Any) -> Card:
    """A card from its parts, each checked; ValueError says which part is wrong and what is allowed."""
    if not is_whole(card_id) or card_id < 1:
        raise ValueError(f"'id' must be a positive whole number, not {card_id!r}")
    if not isinstance(dice, str):
        raise ValueError(f"'dice' is a string like \"6 6 5 J J\", not {dice!r}")
    faces, jokers = parse_dice(dice)
    if not is_whole(rolls) or not 1 <= rolls <= MAX_ROLLS:
        raise ValueError(f"'rolls' is a whole number from 1 to {MAX_ROLLS}, not {rolls!r}")
    if not is_whole(payout) or payout < 100 or payout % 100:
        shown = f"${payout:,}" if is_whole(payout) else repr(payout)
        raise ValueError(f"payout {shown} is not a positive multiple of $100")
    return Card(card_id, faces, jokers, rolls, payout)


def card_from_table(entry: Any, label: str) -> Card:
    """A card from one `[[card]]` table; `label` names it in errors ('deck.toml: card 3')."""
    table_fields(entry, FIELDS, label)
    try:
        return checked_card(*(entry[name] for name in FIELDS))
    except ValueError as error:
        raise DataFileError(f"{label}: {error}") from error


def cards_from_tables(entries: Any, where: str) -> tuple[Card, ...]:
    """Validate a list of card tables as a whole deck: every card well formed, no id or card twice."""
    if not isinstance(entries, list) or not entries:
        raise DataFileError(f"{where}: needs at least one [[card]] table with {', '.join(FIELDS)}")
    cards: list[Card] = []
    by_id: dict[int, Card] = {}
    by_dice: dict[tuple[tuple[int, ...], int, int], Card] = {}
    for number, entry in enumerate(entries, start=1):
        name = entry.get("id") if isinstance(entry, dict) else None
        label = f"{where}: card {name}" if is_whole(name) else f"{where}: card entry {number}"
        card = card_from_table(entry, label)
        if card.id in by_id:
            raise DataFileError(f"{label}: id {card.id} is used twice")
        key = (card.faces, card.jokers, card.rolls)
        if key in by_dice:
            raise DataFileError(f"{label}: duplicate of card {by_dice[key].id} (same dice and rolls)")
        by_id[card.id] = by_dice[key] = card
        cards.append(card)
    return tuple(cards)


def parse_deck_file(text: str, where: str) -> tuple[Card, ...]:
    """The cards of a deck TOML file's text; `where` names the file in errors."""
    return cards_from_tables(read_toml(text, where).get("card"), where)


def load_deck(source: str = STANDARD) -> tuple[Card, ...]:
    """The shipped deck (`"standard"`) or the cards of the deck file at path `source`."""
    data, where = load_toml(source, __package__, PRESETS, "deck")
    return cards_from_tables(data.get("card"), where)


def parse_card_text(text: str, deck: tuple[Card, ...]) -> Card:
    """A card typed by a person: its id in `deck`, or dice and rolls ('665JJ:2', '6,6,5,J,J:2:2500').

    A card given by dice takes its payout from the deck when the deck has that card, else from the
    text, else $0 (the odds do not depend on it). Raises ValueError saying what is accepted.
    """
    text = text.strip()
    if ":" not in text:
        if text.isdigit():
            for card in deck:
                if card.id == int(text):
                    return card
            raise ValueError(f"the deck has no card {text}; ids: {', '.join(str(c.id) for c in deck)}")
        raise ValueError(f"a card is a deck id (e.g. 7) or dice:rolls (e.g. 665JJ:2), not {text!r}")
    dice_text, _, rest = text.partition(":")
    rolls_text, _, payout_text = rest.partition(":")
    faces, jokers = parse_dice(dice_text)
    if not rolls_text.isdigit() or not 1 <= int(rolls_text) <= MAX_ROLLS:
        raise ValueError(f"rolls after ':' are a whole number from 1 to {MAX_ROLLS}, not {rolls_text!r}")
    rolls = int(rolls_text)
    for card in deck:
        if (card.faces, card.jokers, card.rolls) == (faces, jokers, rolls):
            return card
    payout_digits = payout_text.strip().replace("$", "").replace(",", "")
    if payout_digits and not payout_digits.isdigit():
        raise ValueError(f"a payout after the second ':' is whole dollars, not {payout_text!r}")
    payout = int(payout_digits or "0")
    return Card(0, faces, jokers, rolls, payout)
