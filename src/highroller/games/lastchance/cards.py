"""Cards and decks: a card is five dice slots (faces 1-6 and jokers), a number of rolls and a payout.

A deck is a TOML file of `[[card]]` tables (see `data/deck.toml`); `load_deck` reads the shipped deck or a
user's file and refuses a malformed one with a `DataFileError` naming the card and the problem.
A card is written on the command line as its id in the deck (`7`) or as its dice and rolls (`665JJ:2`,
`6,6,5,J,J:2`, optionally with a payout: `665JJ:2:2500`); `parse_card_text` reads both.

Every card, of a deck file or typed, is one a box could print: five dice of faces 1-6 and jokers,
1 to `MAX_ROLLS` rolls, and a payout in whole hundreds from $100 to `MAX_PAYOUT`.
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
MAX_PAYOUT = 100_000
"""The most a card pays. The rulebook's cards pay $1,800 to $4,000 and the standard deck's less than
$10,000; a user's deck or a players' own box may pay more, up to this."""
BOX_CARDS = 36
"""The cards in the rulebook's box (the standard deck has them all)."""
SHOWN_DIGITS = 30
"""A number of more digits is not repeated in full in an error message."""
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


def _shown(value: Any, unit: str = "") -> str:
    """A value for an error message: a whole number as "2,500" (`unit` before it: "$2,500") or, when too
    long to read, as "$… (more than 30 digits)"; anything else as Python writes it, cut short."""
    if is_whole(value):
        return f"{unit}{value:,}" if abs(value) < 10**SHOWN_DIGITS else f"{unit}… (more than {SHOWN_DIGITS} digits)"
    text = repr(value)
    return text if len(text) <= SHOWN_DIGITS else text[:SHOWN_DIGITS] + "…"


def checked_payout(payout: Any) -> int:
    """A card's payout: whole hundreds of dollars from $100 to `MAX_PAYOUT`; ValueError otherwise."""
    if is_whole(payout) and payout > MAX_PAYOUT:
        raise ValueError(f"payout {_shown(payout, '$')} is over the most a card can pay, ${MAX_PAYOUT:,}")
    if not is_whole(payout) or payout < 100 or payout % 100:
        raise ValueError(f"payout {_shown(payout, '$')} is not a positive multiple of $100 (at most ${MAX_PAYOUT:,})")
    return payout


def _digits(text: str) -> str | None:
    """The digits of a typed whole number without leading zeros ("0" for zero); None if it is not one."""
    text = text.strip()
    return (text.lstrip("0") or "0") if text.isascii() and text.isdigit() else None


def _read_whole(digits: str) -> int:
    """The number `digits` write; one too long to read stands in as 10**SHOWN_DIGITS, which every
    check here refuses and every message shows by its length (Python reads at most 4,300 digits)."""
    return int(digits) if len(digits) <= SHOWN_DIGITS else 10**SHOWN_DIGITS


def read_payout(text: str) -> int:
    """A payout as a person types it ("2500", "$2,500"), checked like `checked_payout`."""
    digits = _digits(text.strip().removeprefix("$").replace(",", ""))
    if digits is None:
        raise ValueError(f"a payout is whole dollars (e.g. $2,500), not {_shown(text)}")
    return checked_payout(_read_whole(digits))


def read_rolls(text: str) -> int:
    """A card's rolls as a person types them ("2"): ValueError unless a whole number from 1 to `MAX_ROLLS`."""
    digits = _digits(text)
    rolls = None if digits is None else _read_whole(digits)
    if rolls is None or not 1 <= rolls <= MAX_ROLLS:
        raise ValueError(
            f"rolls are a whole number from 1 to {MAX_ROLLS}, not {_shown(text if rolls is None else rolls)}"
        )
    return rolls


def checked_card(card_id: Any, dice: Any, rolls: Any, payout: Any) -> Card:
    """A card from its parts, each checked; ValueError says which part is wrong and what is allowed."""
    if not is_whole(card_id) or card_id < 1:
        raise ValueError(f"'id' must be a positive whole number, not {_shown(card_id)}")
    if not isinstance(dice, str):
        raise ValueError(f"'dice' is a string like \"6 6 5 J J\", not {_shown(dice)}")
    faces, jokers = parse_dice(dice)
    if not is_whole(rolls) or not 1 <= rolls <= MAX_ROLLS:
        raise ValueError(f"'rolls' is a whole number from 1 to {MAX_ROLLS}, not {_shown(rolls)}")
    return Card(card_id, faces, jokers, rolls, checked_payout(payout))


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
    text (whole hundreds up to `MAX_PAYOUT`), else $0 (the odds do not depend on it). Raises ValueError
    saying what is accepted.
    """
    text = text.strip()
    if ":" not in text:
        digits = _digits(text)
        if digits is not None:
            for card in deck:
                if str(card.id) == digits:
                    return card
            raise ValueError(
                f"the deck has no card {_shown(_read_whole(digits))}; ids: {', '.join(str(c.id) for c in deck)}"
            )
        raise ValueError(f"a card is a deck id (e.g. 7) or dice:rolls (e.g. 665JJ:2), not {_shown(text)}")
    dice_text, _, rest = text.partition(":")
    rolls_text, _, payout_text = rest.partition(":")
    faces, jokers = parse_dice(dice_text)
    rolls = read_rolls(rolls_text)
    for card in deck:
        if (card.faces, card.jokers, card.rolls) == (faces, jokers, rolls):
            return card
    return Card(0, faces, jokers, rolls, read_payout(payout_text) if payout_text.strip() else 0)
