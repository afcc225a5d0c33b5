"""Las Vegas rule options: the two edition presets, every number overridable, validated when made.

`make("lasvegas", players=4, edition="biggie", rounds=4)` starts from the edition's preset (the table in
docs/rules/lasvegas.md) and replaces what is given. Impossible combinations raise `RulesError` naming
the option and what is allowed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from highroller.core.errors import DataFileError, RulesError
from highroller.core.values import is_whole

CASINOS = 6
"""Casinos 1-6, one per face; the bandit (if played) is casino 7."""

MAX_DICE = 12
MAX_ROUNDS = 20
MAX_STOCK = 1_000_000
"""The most `stock_amount` can be: with the min-total rule, $1,000,000 a casino (twenty times the
classic $50,000); with the count rule the bill set is the real limit (see `_check_bills_stock`)."""

EDITIONS: dict[str, dict[str, Any]] = {
    "classic": {
        "players": (2, 5),
        "dice_per_player": 8,
        "biggie": False,
        "rounds": 4,
        "bills": "classic",
        "stock_rule": "min-total",
        "stock_amount": 50_000,
        "untaken": "under",
        "next_starter": "left",
        "neutral_dice": {2: 4, 3: 2, 4: 2},
        "neutral_leftover": {3: 2},
    },
    "biggie": {
        "players": (2, 6),
        "dice_per_player": 6,
        "biggie": True,
        "rounds": 3,
        "bills": "biggie",
        "stock_rule": "count",
        "stock_amount": 2,
        "untaken": "box",
        "next_starter": "last-roller",
        "neutral_dice": {2: 3, 3: 2, 4: 1},
        "neutral_leftover": {},
    },
}

STOCK_RULES = ("min-total", "count")
UNTAKEN = ("under", "box")
NEXT_STARTERS = ("left", "last-roller")


@dataclass(frozen=True)
class LasVegasRules:
    """Fully resolved options of one Las Vegas game (see the module docstring)."""

    players: int
    edition: str
    dice_per_player: int
    biggie: bool
    rounds: int
    bills: tuple[int, ...]
    stock_rule: str
    stock_amount: int
    untaken: str
    next_starter: str
    neutral: bool
    neutral_dice: int
    neutral_leftover: int
    bandit: bool
    first_player: int | None

    @property
    def casinos(self) -> int:
        """Number of casinos including the bandit."""
        return CASINOS + (1 if self.bandit else 0)

    @property
    def owners(self) -> int:
        """Seats plus the imaginary neutral owner (always present; it may never hold a die)."""
        return self.players + 1

    def to_options(self) -> dict[str, Any]:
        options = asdict(self)
        options["bills"] = list(self.bills)
        return options


OPTION_NAMES = tuple(LasVegasRules.__dataclass_fields__)


def _int(name: str, value: Any, low: int, high: int, what: str) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise RulesError(f"{name}: {what} is a whole number from {low:,} to {high:,}, not {value!r}")
    return value


def _bool(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise RulesError(f"{name}: true or false, not {value!r}")
    return value


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise RulesError(f"{name}: one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _bills(value: Any) -> tuple[int, ...]:
    from highroller.games.lasvegas.bills import MAX_BILL, MAX_BILLS, load_bills

    if isinstance(value, str):
        try:
            return tuple(load_bills(value))
        except DataFileError as error:
            raise RulesError(str(error)) from error
    if (
        isinstance(value, (list, tuple))
        and 0 < len(value) <= MAX_BILLS
        and all(is_whole(b) and 1 <= b <= MAX_BILL for b in value)
    ):
        return tuple(sorted(value))
    raise RulesError(
        "bills: a preset name (classic, biggie), a bill-set file, or a list of 1 to "
        f"{MAX_BILLS:,} amounts, each a whole number of dollars from 1 to {MAX_BILL:,}"
    )


def resolve_rules(**options: Any) -> LasVegasRules:
    """Apply the edition preset, then the given options, and validate the whole."""
    unknown = set(options) - set(OPTION_NAMES)
    if unknown:
        raise RulesError(
            f"unknown option(s) {', '.join(sorted(unknown))}; Las Vegas options: {', '.join(OPTION_NAMES)}"
        )
    edition = _choice("edition", options.get("edition", "classic"), tuple(EDITIONS))
    preset = EDITIONS[edition]
    low, high = preset["players"]
    players = options.get("players", 4)
    if not is_whole(players) or not low <= players <= high:
        raise RulesError(f"players: the {edition} edition takes {low} to {high} players, not {players!r}")

    def pick(name: str) -> Any:
        value = options.get(name)
        return preset[name] if value is None else value

    neutral = _bool("neutral", options.get("neutral", False))
    neutral_dice = options.get("neutral_dice")
    neutral_leftover = options.get("neutral_leftover")
    if neutral:
        table = preset["neutral_dice"]
        if players not in table:
            raise RulesError(
                f"neutral: the neutral-dice variant of the {edition} edition is for "
                f"{min(table)} to {max(table)} players, not {players}"
            )
        neutral_dice = (
            table[players]
            if neutral_dice is None
            else _int("neutral_dice", neutral_dice, 1, MAX_DICE, "neutral dice per player")
        )
        neutral_leftover = (
            preset["neutral_leftover"].get(players, 0)
            if neutral_leftover is None
            else _int("neutral_leftover", neutral_leftover, 0, MAX_DICE, "leftover neutral dice")
        )
    else:
        for name, value in (("neutral_dice", neutral_dice), ("neutral_leftover", neutral_leftover)):
            if value not in (None, 0):
                raise RulesError(f"{name}: only with the neutral-dice variant (neutral=True)")
        neutral_dice = neutral_leftover = 0

    first_player = options.get("first_player")
    if first_player is not None:
        first_player = _int("first_player", first_player, 0, players - 1, "the first seat (0-based)")

    rules = LasVegasRules(
        players=players,
        edition=edition,
        dice_per_player=_int("dice_per_player", pick("dice_per_player"), 1, MAX_DICE, "dice per player"),
        biggie=_bool("biggie", pick("biggie")),
        rounds=_int("rounds", pick("rounds"), 1, MAX_ROUNDS, "the number of rounds"),
        bills=_bills(pick("bills")),
        stock_rule=_choice("stock_rule", pick("stock_rule"), STOCK_RULES),
        stock_amount=_int("stock_amount", pick("stock_amount"), 1, MAX_STOCK, "the stocking amount"),
        untaken=_choice("untaken", pick("untaken"), UNTAKEN),
        next_starter=_choice("next_starter", pick("next_starter"), NEXT_STARTERS),
        neutral=neutral,
        neutral_dice=neutral_dice,
        neutral_leftover=neutral_leftover,
        bandit=_bool("bandit", options.get("bandit", False)),
        first_player=first_player,
    )
    _check_bills_stock(rules)
    return rules


def _check_bills_stock(rules: LasVegasRules) -> None:
    """The bill set must stock every casino; with a fixed count and untaken bills boxed, every round."""
    casinos = rules.casinos
    if rules.stock_rule == "count":
        rounds = rules.rounds if rules.untaken == "box" else 1
        needed = casinos * rules.stock_amount * rounds
        if len(rules.bills) < needed:
            raise RulesError(
                f"bills: {len(rules.bills)} bills cannot stock {casinos} casinos with {rules.stock_amount} bills each"
                + (f" for {rounds} rounds (untaken bills leave the game)" if rounds > 1 else "")
                + f"; at least {needed} are needed"
            )
    elif sum(rules.bills) < casinos * rules.stock_amount:
        raise RulesError(
            f"bills: ${sum(rules.bills):,} in bills cannot stock {casinos} casinos with ${rules.stock_amount:,} each; "
            f"at least ${casinos * rules.stock_amount:,} is needed"
        )
