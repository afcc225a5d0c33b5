"""The Last Chance batch engine: any options and deck, many whole games at once (Numba, see `batch_kernel`).

    from highroller.games.lastchance.batch import ENGINE
    result = ENGINE.run(game, ["odds", "random", "bidder", "random"], seeds, [{"share": 0.8}, {}, {}, {}])

Built-in bots, deciding as the step bots of the same names do in the same situation: `random`
(`bots.RandomLastChanceBot`), `odds` (`bots.OddsBot`, parameters `share` and `edge`) and `bidder`
(`bidding.BiddingBot`, parameters `premium`, `leak` and `kelly`). The random bot's own draws come
from the game's stream. The odds-based bots read tables built once per deck from the exact odds
(`odds.py`): a lock is chosen by comparing the ranks of the exact chances (so ties break exactly as
the step bot's), a bid or bet from the same floating-point values the step bot computes, and the
"Last Chance!" call from the largest money for which the step bot's exact test holds. The bidder's
tables (`bidding.failure_chance` of every position a card can start an attempt from) take a few
seconds to build, once per deck and process.

Every game has its own counter-based stream keyed by its seed, so a game's result depends only on
its seed; `trace` plays the games again, logging each step (`highroller.batch.record_export.logged_steps`).
The first opener is drawn from the seed exactly as the step engine draws it (or is the `first_player`
option).

Extra result arrays, per seat: `attempts` (attempts rolled), `completed` (cards completed, kept or
lost), `cards` (cards held at the end), `side_bets` (net money from side bets: a bettor's wins and
losses, and what "no" bettors paid a successful roller), `last_chance` (1 if the seat called it);
per card of the deck, in deck order: `card_attempts` (attempts on it; 0 if never drawn) and
`card_completed` (1 if completed, by its last attempt); and `first_player`.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from highroller.batch.engine import BatchResult, BotChoice, check_seats, win_shares
from highroller.batch.record_export import logged_steps
from highroller.batch.rolls import faces_of
from highroller.batch.rows import Layout, row_keys
from highroller.batch.seeds import first_players
from highroller.core.bots import BotFactory
from highroller.core.game import Game
from highroller.games.lastchance import batch_kernel as kernel
from highroller.games.lastchance.bidding import BiddingBot, failure_chance
from highroller.games.lastchance.bots import OddsBot, RandomLastChanceBot
from highroller.games.lastchance.cards import MAX_ROLLS, Card
from highroller.games.lastchance.odds import probability, reachable_positions
from highroller.games.lastchance.position import FACES, Position, start
from highroller.games.lastchance.rules import UNIT, LastChanceRules
from highroller.games.lastchance.state import LastChanceGame

FACTORIES: dict[str, BotFactory] = {"random": RandomLastChanceBot, "odds": OddsBot, "bidder": BiddingBot}
POLICIES = {"random": kernel.RANDOM, "odds": kernel.ODDS, "bidder": kernel.BIDDER}
REALS = ("edge", "premium", "leak", "kelly")
"""The parameters the kernel reads per seat, in its F_* order (the odds bot's `share` is folded into
its bid limits)."""
LOG_STEPS = 1024
"""Steps logged per game at first when tracing (a longer game is played again with room for all)."""
EXTRA_TYPES = {
    "attempts": np.int32,
    "completed": np.int32,
    "cards": np.int32,
    "side_bets": np.int64,
    "last_chance": np.int8,
    "card_attempts": np.int32,
    "card_completed": np.int8,
}
"""The extra arrays and their types: compact, since a series over processes sends them back (money
stays 64-bit; counts fit 32 bits, flags 8)."""
NEVER = 1 << 62
"""The odds bot's "Last Chance!" money limit where an attempt is sure to succeed (no limit)."""


def _defaults(factory: BotFactory) -> dict[str, Any]:
    """A step bot's parameters (after the seed) and their defaults."""
    return {name: p.default for name, p in list(inspect.signature(factory).parameters.items())[1:]}


@dataclass(frozen=True)
class DeckTables:
    """A deck as the kernel reads it: the card table, and per entry (a position on a card) the exact
    chances' ranks by rolls left, the odds bot's "Last Chance!" money limit, the chance of a fresh
    attempt and its expected payout, both as floats."""

    cards: np.ndarray
    positions: tuple[tuple[int, Card, Position], ...]
    rank: np.ndarray
    lc_money: np.ndarray
    chance: np.ndarray
    value: np.ndarray


def _card_row(card: Card, base: int) -> tuple[np.ndarray, int]:
    """A card's row of the card table, and how many entries its positions take."""
    fresh = start(card)
    row = np.zeros(kernel.CARD_WIDTH, dtype=np.int64)
    row[kernel.C_NEED : kernel.C_NEED + FACES] = fresh.need
    row[[kernel.C_JOKERS, kernel.C_ROLLS, kernel.C_PAYOUT, kernel.C_PICTURED, kernel.C_ID, kernel.C_BASE]] = (
        card.jokers,
        card.rolls,
        card.payout,
        fresh.pictured,
        card.id,
        base,
    )
    stride = 1
    for index, radix in enumerate([*(n + 1 for n in fresh.need), card.jokers + 1, FACES + 1]):
        row[kernel.C_STRIDE + index] = stride
        stride *= radix
    return row, stride


def _entry(row: np.ndarray, position: Position) -> int:
    """The entry of a position on the card of this row (as `batch_kernel._entry` numbers it)."""
    digits = [*position.need, position.jokers, position.locked]
    return int(row[kernel.C_BASE]) + sum(d * int(row[kernel.C_STRIDE + i]) for i, d in enumerate(digits))


def _lc_money(chance: Fraction, payout: int) -> int:
    """The most money for which `OddsBot` calls "Last Chance!": money·(1 − p) < p·payout."""
    if chance == 1:
        return NEVER
    return math.ceil(chance * payout / (1 - chance)) - 1


@lru_cache(maxsize=8)
def deck_tables(deck: tuple[Card, ...]) -> DeckTables:
    """The tables of a deck (built once per deck and process)."""
    rows, positions, base = [], [], 0
    for card in deck:
        row, size = _card_row(card, base)
        rows.append(row)
        positions += [(_entry(row, position), card, position) for position in reachable_positions(card)]
        base += size
    chances = {
        (entry, rolls): probability(position, rolls)
        for entry, card, position in positions
        for rolls in range(card.rolls + 1)
    }
    order = {value: number for number, value in enumerate(sorted(set(chances.values())))}
    rank = np.zeros((base, MAX_ROLLS + 1), dtype=np.int64)
    lc_money = np.zeros(base, dtype=np.int64)
    chance = np.zeros(base)
    value = np.zeros(base)
    for (entry, rolls), exact in chances.items():
        rank[entry, rolls] = order[exact]
    for entry, card, _ in positions:
        fresh = chances[entry, card.rolls]
        lc_money[entry] = _lc_money(fresh, card.payout)
        chance[entry] = float(fresh)
        value[entry] = float(fresh * card.payout)
    return DeckTables(np.array(rows), tuple(positions), rank, lc_money, chance, value)


@lru_cache(maxsize=32)
def bid_limits(deck: tuple[Card, ...], share: float) -> np.ndarray:
    """Per entry, the odds bot's highest bid: its expected payout times `share`, in whole hundreds."""
    tables = deck_tables(deck)
    limits = np.zeros(tables.value.shape, dtype=np.int64)
    for entry, _, _ in tables.positions:
        limits[entry] = int(float(tables.value[entry]) * share // UNIT) * UNIT
    return limits


@lru_cache(maxsize=8)
def failure_table(deck: tuple[Card, ...]) -> np.ndarray:
    """Per entry, the bidder's `failure_chance` of a fresh attempt, as a float."""
    tables = deck_tables(deck)
    fail = np.zeros(tables.value.shape)
    for entry, card, position in tables.positions:
        fail[entry] = float(failure_chance(position, card.rolls, card.rolls))
    return fail


def _seat_params(bot: BotChoice, given: Mapping[str, Any]) -> dict[str, float]:
    """A seat's bot parameters with the step bot's defaults filled in; ValueError if not accepted."""
    if not isinstance(bot, str) or bot not in FACTORIES:
        raise ValueError(f"Last Chance batch bots: {', '.join(FACTORIES)} (no vectorised policies); not {bot!r}")
    defaults = _defaults(FACTORIES[bot])
    unknown = set(given) - set(defaults)
    if unknown:
        accepted = ", ".join(defaults) or "no parameters"
        raise ValueError(f"the {bot} bot takes {accepted}; not {', '.join(sorted(unknown))}")
    values = {**defaults, **given}
    for name, number in values.items():
        if not isinstance(number, (int, float)) or isinstance(number, bool):
            raise ValueError(f"the {bot} bot's {name} is a number, not {number!r}")
    return {name: float(number) for name, number in values.items()}


def _checked_params(
    players: int, bots: Sequence[BotChoice], params: Sequence[Mapping[str, Any]] | None
) -> list[dict[str, float]]:
    """Every seat's bot parameters (see `_seat_params`); ValueError for a wrong number of seats."""
    check_seats(players, bots, params)
    return [_seat_params(bot, given) for bot, given in zip(bots, params or [{}] * players)]


class Setup(Layout):
    """One batch's rules, row layout, deck tables and seats as the kernel reads them."""

    def __init__(self, game: Game, bots: Sequence[BotChoice], params: Sequence[Mapping[str, Any]] | None) -> None:
        assert isinstance(game, LastChanceGame), "this engine plays Last Chance"
        rules: LastChanceRules = game.rules
        seat_params = _checked_params(rules.players, bots, params)
        self.rules = rules
        self.tables = deck_tables(rules.deck)
        super().__init__(kernel.FIXED, kernel.layout(rules.players, len(rules.deck)))
        self.p = np.zeros(kernel.P_GROUPS + len(self.offsets), dtype=np.int64)
        self.p[[kernel.P_PLAYERS, kernel.P_DECK, kernel.P_CARDS, kernel.P_BET_LIMIT, kernel.P_MONEY]] = (
            rules.players,
            len(rules.deck),
            rules.cards,
            rules.bet_limit,
            rules.money,
        )
        self.write(self.p, kernel.P_GROUPS, kernel.P_WIDTH)
        self.policies = np.array([POLICIES[str(bot)] for bot in bots], dtype=np.int64)
        self.reals = np.array([[values.get(name, 0.0) for name in REALS] for values in seat_params])
        entries = self.tables.value.shape[0]
        no_limits = np.zeros(entries, dtype=np.int64)
        self.limits = np.array(
            [bid_limits(rules.deck, values["share"]) if "share" in values else no_limits for values in seat_params]
        )
        uses_bidder = bool(np.any(self.policies == kernel.BIDDER))
        self.fail = failure_table(rules.deck) if uses_bidder else np.zeros(entries)

    def play(self, seeds: np.ndarray, log_steps: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """Play one game per seed: (final state rows, step log, if `log_steps`)."""
        state = np.zeros((seeds.shape[0], self.width), dtype=np.int64)
        state[:, kernel.KEY] = row_keys(seeds)
        state[:, kernel.OPENER] = first_players(seeds, self.rules)
        log = np.zeros((seeds.shape[0], log_steps, 3) if log_steps else (1, 1, 3), dtype=np.int64)
        t = self.tables
        kernel.play(
            state,
            self.p,
            t.cards,
            self.policies,
            self.reals,
            self.limits,
            t.rank,
            t.lc_money,
            t.chance,
            self.fail,
            log,
            log_steps > 0,
        )
        return state, log


def _step_json(row: np.ndarray) -> dict[str, Any]:
    """One logged step as record JSON."""
    kind, seat, value = (int(x) for x in row)
    if kind == kernel.LOG_DRAW:
        return {"chance": {"card": value}}
    if kind == kernel.LOG_ROLL:
        return {"chance": {"roll": faces_of(value)}}
    actions: dict[int, Any] = {
        kernel.LOG_PASS: "pass",
        kernel.LOG_LAST_CHANCE: "last chance",
        kernel.LOG_BID: {"bid": value},
        kernel.LOG_NO_BET: "no bet",
        kernel.LOG_YES: {"bet": "yes", "wager": value},
        kernel.LOG_NO: {"bet": "no", "wager": value},
        kernel.LOG_WAIT: "wait",
        kernel.LOG_LOCK: {"lock": value},
    }
    return {"seat": seat, "action": actions[kind]}


class LastChanceBatch:
    """The engine object the spec names (see the module docstring)."""

    bots: Mapping[str, tuple[str, ...]] = {name: tuple(_defaults(factory)) for name, factory in FACTORIES.items()}
    threads = True

    def run(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> BatchResult:
        setup = Setup(game, bots, params)
        seeds = np.asarray(seeds, dtype=np.int64)
        state, _ = setup.play(seeds)
        money = setup.column(state, "money")
        qualified = (setup.column(state, "active") == 1) & (setup.column(state, "cards") > 0)
        best = qualified & (money == np.where(qualified, money, -1).max(axis=1, keepdims=True))
        extra = {name: setup.column(state, name).astype(dtype) for name, dtype in EXTRA_TYPES.items()}
        extra["first_player"] = first_players(seeds, setup.rules).astype(np.int8)
        return BatchResult(seeds, money.astype(np.float64), win_shares(best), extra)

    def trace(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[list[dict[str, Any]]]:
        setup = Setup(game, bots, params)

        def play(chunk: np.ndarray, room: int) -> tuple[np.ndarray, np.ndarray]:
            state, log = setup.play(chunk, room)
            return state[:, kernel.LOG_SIZE], log

        return logged_steps(play, np.asarray(seeds, dtype=np.int64), LOG_STEPS, _step_json)

    def bytes_per_game(self, game: Game) -> int:
        assert isinstance(game, LastChanceGame), "this engine plays Last Chance"
        rules = game.rules
        return Layout(kernel.FIXED, kernel.layout(rules.players, len(rules.deck))).bytes_per_game

    def comparisons(self, rates: Mapping[str, float], seconds: float) -> list[tuple[str, str]]:
        return []


ENGINE = LastChanceBatch()
