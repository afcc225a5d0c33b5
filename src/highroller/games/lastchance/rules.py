"""Last Chance rule options, validated when a game is made.

`make("lastchance", players=4, money=5000, cards=7, deck="standard", bet_limit=1000)`; every option has
that default (a user's deck of fewer than 7 cards plays them all), and `first_player` (the seat that opens the first
auction) is drawn from the seed unless given. Impossible options raise `RulesError` naming the option and what is
allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highroller.core.errors import DataFileError, RulesError
from highroller.core.values import is_whole
from highroller.games.lastchance.cards import STANDARD, Card, cards_from_tables, load_deck

MIN_PLAYERS, MAX_PLAYERS = 2, 6
UNIT = 100
"""Money moves in whole hundreds of dollars."""
MAX_MONEY = 1_000_000
DEFAULT_CARDS = 7
"""Cards played by default (the whole deck if a user's deck has fewer)."""
DEFAULTS: dict[str, Any] = {
    "players": 4,
    "money": 5000,
    "cards": DEFAULT_CARDS,
    "deck": STANDARD,
    "bet_limit": 1000,
    "first_player": None,
}


@dataclass(frozen=True)
class LastChanceRules:
    """Fully resolved options of one Last Chance game."""

    players: int
    money: int
    cards: int
    deck: tuple[Card, ...]
    deck_source: str | list[dict[str, Any]]
    """What the options record: "standard", or the cards themselves (so a record replays anywhere)."""
    bet_limit: int
    first_player: int | None

    def card(self, card_id: int) -> Card | None:
        """The deck's card with this id, if any."""
        return next((c for c in self.deck if c.id == card_id), None)

    def to_options(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "money": self.money,
            "cards": self.cards,
            "deck": self.deck_source,
            "bet_limit": self.bet_limit,
            "first_player": self.first_player,
        }


def _int(name: str, value: Any, low: int, high: int, what: str) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise RulesError(f"{name}: {what} is a whole number from {low:,} to {high:,}, not {value!r}")
    return value


def _hundreds(name: str, value: Any, low: int, high: int, what: str) -> int:
    amount = _int(name, value, low, high, what)
    if amount % UNIT:
        raise RulesError(f"{name}: {what} is a whole number of hundreds of dollars (e.g. {low:,}), not {value!r}")
    return amount


def _deck(value: Any) -> tuple[tuple[Card, ...], str | list[dict[str, Any]]]:
    try:
        if isinstance(value, str):
            cards = load_deck(value)
            return cards, (STANDARD if value == STANDARD else [c.to_json() for c in cards])
        if isinstance(value, (list, tuple)):
            cards = cards_from_tables(list(value), "deck")
            return cards, [c.to_json() for c in cards]
    except DataFileError as error:
        raise RulesError(f"deck: {error}") from error
    raise RulesError(f"deck: {STANDARD!r}, the path of a deck TOML file, or a list of card tables; not {value!r}")


def resolve_rules(**options: Any) -> LastChanceRules:
    """Fill in the defaults and validate every option."""
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise RulesError(f"unknown option(s) {', '.join(sorted(unknown))}; Last Chance options: {', '.join(DEFAULTS)}")
    given = {**DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    players = _int("players", given["players"], MIN_PLAYERS, MAX_PLAYERS, "the number of players")
    deck, source = _deck(given["deck"])
    first = given["first_player"]
    return LastChanceRules(
        players=players,
        money=_hundreds("money", given["money"], UNIT, MAX_MONEY, "the starting money"),
        cards=_int(
            "cards",
            min(DEFAULT_CARDS, len(deck)) if options.get("cards") is None else options["cards"],
            1,
            len(deck),
            f"the number of cards played (the deck has {len(deck)})",
        ),
        deck=deck,
        deck_source=source,
        bet_limit=_hundreds("bet_limit", given["bet_limit"], UNIT, MAX_MONEY, "the side-bet limit"),
        first_player=None
        if first is None
        else _int("first_player", first, 0, players - 1, "the first opener's seat (0-based)"),
    )
