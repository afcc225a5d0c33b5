"""The Las Vegas batch engine: every edition, variant and option of `state.py`, many games at once.

    from highroller.games.lasvegas.batch import ENGINE
    result = ENGINE.run(game, ["greedy", "random", "random", "random"], seeds)

Built-in bots: `random` and `greedy` (compiled, see `batch_kernel`). A seat may instead be played by a
vectorised policy: a function `policy(view: dict[str, np.ndarray]) -> np.ndarray` called with every
game where that seat must choose, and returning one action code per game (0-5: place the face 1-6 on
its casino, 6-11: on the bandit; it must be set in `view["legal"]`). The view holds, one row per
waiting game: `game` (index in the batch), `seat`, `round` (0-based), `roll_own` and `roll_neutral`
(counts per face), `roll_biggie` (its face or 0), `dice` [casino, owner] (owner `players` is
neutral, the Biggie weighs two), `bills` [casino, slot] (high to low, 0 = none), `pips` and `top`
per owner (bandit ranking), `bandit_faces` (bit f: face f is on the bandit), `money` and `won` per
seat, and `legal` (bit a: action code a is legal). It sees only what every player sees.

Extra result arrays: `money` [seat], `bills` [seat] (bills won), `round_money` [round, seat] and
`round_bills` [round] (bills the seats took that round) and `first_player`, copied out of the state rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from highroller.batch import rolls
from highroller.batch.engine import BatchResult, BotChoice, check_seats
from highroller.batch.record_export import logged_steps
from highroller.batch.rows import Layout, row_keys
from highroller.batch.seeds import first_players
from highroller.core.dice import faces_from_counts
from highroller.core.errors import IllegalAction
from highroller.core.game import Game
from highroller.games.lasvegas import batch_kernel as kernel
from highroller.games.lasvegas.rules import LasVegasRules
from highroller.games.lasvegas.state import LasVegasGame

POLICIES = {"random": kernel.RANDOM, "greedy": kernel.GREEDY}
PEER_PAIRS = 3
"""Side-by-side measurements with the peer in `comparisons`."""


class Setup(Layout):
    """A rule set as the kernel reads it: the row's layout, the parameters, and the bills of the pile."""

    def __init__(self, rules: LasVegasRules) -> None:
        self.rules = rules
        self.bills = np.array(rules.bills, dtype=np.int64)
        total = len(rules.bills)
        if rules.stock_rule == "count":
            most = min(total, rules.stock_amount)
        else:
            most = min(total, -(-rules.stock_amount // min(rules.bills)))
        self.most = max(most, 1)
        super().__init__(kernel.FIXED, kernel.layout(rules.players, self.most, total, rules.rounds))
        assert tuple(self.shapes) == kernel.ARRAYS, "the kernel's groups in row order"
        p = np.zeros(kernel.P_SIZE, dtype=np.int64)
        values = {
            kernel.P_PLAYERS: rules.players,
            kernel.P_DICE: rules.dice_per_player,
            kernel.P_BIGGIE: int(rules.biggie),
            kernel.P_ROUNDS: rules.rounds,
            kernel.P_COUNT_RULE: int(rules.stock_rule == "count"),
            kernel.P_AMOUNT: rules.stock_amount,
            kernel.P_UNDER: int(rules.untaken == "under"),
            kernel.P_LAST_ROLLER: int(rules.next_starter == "last-roller"),
            kernel.P_NEUTRAL: rules.neutral_dice,
            kernel.P_LEFTOVER: rules.neutral_leftover,
            kernel.P_BANDIT: int(rules.bandit),
            kernel.P_CASINOS: rules.casinos,
            kernel.P_BILLS: total,
            kernel.P_MOST: self.most,
        }
        for index, value in values.items():
            p[index] = value
        self.write(p, kernel.L_ARRAYS, kernel.P_WIDTH)
        self.params = p

    def log_shape(self) -> tuple[int, int]:
        """(most steps a game can take, width of a log row)."""
        rules = self.rules
        dice = rules.players * (rules.dice_per_player + int(rules.biggie) + rules.neutral_dice)
        return rules.rounds * (rules.casinos + 1 + 2 * dice), max(2 + self.most, 14)


VIEW_FIELDS = ("dice", "bills", "pips", "top", "money", "won")


def _outside_choices(setup: Setup, state: np.ndarray, seats: dict[int, Callable[..., np.ndarray]]) -> None:
    """Ask each outside policy for the games waiting on its seat and set their pending actions."""
    masks = kernel.legal_masks(state, setup.params)
    waiting = (state[:, kernel.PHASE] == kernel.CHOOSE) & (state[:, kernel.PENDING] < 0)
    for seat, policy in seats.items():
        games = np.flatnonzero(waiting & (state[:, kernel.TURN] == seat))
        if not games.size:
            continue
        rows = state[games]
        view = {name: setup.column(rows, name) for name in VIEW_FIELDS}
        view.update(
            game=games,
            seat=np.full(games.size, seat),
            round=rows[:, kernel.ROUND],
            legal=masks[games],
            roll_own=rolls.unpack(rows[:, kernel.ROLL_OWN]),
            roll_neutral=rolls.unpack(rows[:, kernel.ROLL_NEUTRAL]),
            roll_biggie=rows[:, kernel.ROLL_BIGGIE],
            bandit_faces=rows[:, kernel.BANDIT_FACES],
        )
        actions = np.asarray(policy(view), dtype=np.int64)
        if (
            actions.shape != games.shape
            or np.any((actions < 0) | (actions > 11))
            or np.any((masks[games] >> actions) & 1 == 0)
        ):
            raise IllegalAction(
                f"the policy of seat {seat} returned actions that are not legal (codes 0-11 set in view['legal'])"
            )
        state[games, kernel.PENDING] = actions


def _check(game: Game, bots: Sequence[BotChoice], params: Sequence[Mapping[str, Any]] | None) -> LasVegasRules:
    assert isinstance(game, LasVegasGame), "this engine plays Las Vegas"
    check_seats(game.rules.players, bots, params)
    return game.rules


def _codes(bots: Sequence[BotChoice]) -> tuple[int, ...]:
    """The kernel's policy code of each seat (a tuple: the kernel is compiled per player count)."""
    return tuple(kernel.OUTSIDE if callable(bot) else POLICIES[bot] for bot in bots)


def _new_games(state: np.ndarray, keys: np.ndarray, first: np.ndarray) -> None:
    """Make rows new games (the kernel clears the other columns when it starts them)."""
    state[:, kernel.KEY] = keys
    state[:, kernel.FIRST] = first
    state[:, kernel.PHASE] = kernel.NEW


def play_state(
    setup: Setup, bots: Sequence[BotChoice], seeds: np.ndarray, log_steps: int = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Play one game per seed to the end, every game in one state array: (final state rows, step log,
    if `log_steps`: at least `setup.log_shape()`'s steps). Outside policies are asked once for all the
    games waiting on their seat."""
    outside = {seat: bot for seat, bot in enumerate(bots) if callable(bot)}
    state = np.empty((seeds.shape[0], setup.width), dtype=np.int64)
    _new_games(state, row_keys(seeds), first_players(seeds, setup.rules))
    logging = log_steps > 0
    log = np.zeros((seeds.shape[0], log_steps, setup.log_shape()[1]) if logging else (1, 1, 1), dtype=np.int64)
    while kernel.advance(state, setup.params, setup.bills, _codes(bots), log, logging):
        _outside_choices(setup, state, outside)
    return state, log


RESULTS = kernel.ARRAYS[kernel.ARRAYS.index("money") : kernel.ARRAYS.index("round_bills") + 1]
"""The column groups a result needs (consecutive in a row, from L_MONEY on)."""


def _results(setup: Setup) -> slice:
    """The RESULTS columns of a row."""
    return setup.span(RESULTS[0], RESULTS[-1])


def _play_games(
    setup: Setup, bots: Sequence[BotChoice], seeds: np.ndarray, first: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Play one game per seed with built-in bots, each on the same row (about 2 KB, so it stays in
    cache): the RESULTS columns of each, and each seat's share of the win."""
    columns = _results(setup)
    results = np.empty((seeds.shape[0], columns.stop - columns.start), dtype=np.int64)
    shares = np.empty((seeds.shape[0], setup.rules.players))
    row = np.empty(setup.width, dtype=np.int64)
    log = np.zeros((1, 1), dtype=np.int64)
    kernel.play_games(row_keys(seeds), first, row, setup.params, setup.bills, _codes(bots), log, results, shares)
    return results, shares


class LasVegasBatch:
    """The engine object the spec names (see the module docstring)."""

    bots: Mapping[str, tuple[str, ...]] = {"random": (), "greedy": ()}
    threads = True

    def run(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> BatchResult:
        setup = Setup(_check(game, bots, params))
        seeds = np.asarray(seeds, dtype=np.int64)
        first = first_players(seeds, setup.rules)
        if any(callable(bot) for bot in bots):
            state, _ = play_state(setup, bots, seeds)
            rows = state[:, _results(setup)].copy()  # the results only, not the whole rows
            shares = kernel.win_shares_of(state, setup.params, setup.rules.players)
        else:
            rows, shares = _play_games(setup, bots, seeds, first)
        columns = {name: setup.column(rows, name, _results(setup)) for name in RESULTS}
        money = columns["money"]
        extra = {
            "money": money,
            "bills": columns["won"],
            "round_money": columns["round_money"],
            "round_bills": columns["round_bills"],
            "first_player": first,
        }
        return BatchResult(seeds, money.astype(np.float64), shares, extra)

    def trace(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[list[dict[str, Any]]]:
        setup = Setup(_check(game, bots, params))

        def play(chunk: np.ndarray, room: int) -> tuple[np.ndarray, np.ndarray]:
            state, log = play_state(setup, bots, chunk, room)
            return state[:, kernel.LOG_SIZE], log

        return logged_steps(play, np.asarray(seeds, dtype=np.int64), setup.log_shape()[0], _step_json)

    def bytes_per_game(self, game: Game) -> int:
        assert isinstance(game, LasVegasGame), "this engine plays Las Vegas"
        return Setup(game.rules).bytes_per_game

    def comparisons(self, rates: Mapping[str, float], seconds: float) -> list[tuple[str, str]]:
        """The public `lasvegas` 0.2.0 package's random 4-player games/s beside ours, measured side by
        side (`bench.side_by_side`: the two take turns) PEER_PAIRS times; the median ratio and the range."""
        from highroller.batch.engine_speed import batch_rate
        from highroller.games.lasvegas.bench import CONFIGS, side_by_side
        from highroller.registry import make

        label, options, peer_options = CONFIGS[0]
        game = make("lasvegas", **options)

        def play_for(slice_seconds: float) -> tuple[int, float]:
            games, rate = batch_rate(self, game, slice_seconds)
            return games, games / rate

        pairs = []
        for _ in range(PEER_PAIRS):
            pair = side_by_side(play_for, peer_options, seconds)
            if pair is None:
                return [(f"{label}: lasvegas 0.2.0", "not installed (set HIGHROLLER_PEER_PYTHON)")]
            pairs.append(pair)
        ratios = sorted(ours / peer for ours, peer in pairs)
        return [
            (f"{label}: lasvegas 0.2.0 games/s, {PEER_PAIRS} runs", ", ".join(f"{peer:,.0f}" for _, peer in pairs)),
            (f"{label}: batch games/s, side by side with each", ", ".join(f"{ours:,.0f}" for ours, _ in pairs)),
            (
                f"{label}: batch / lasvegas 0.2.0",
                f"{ratios[len(ratios) // 2]:,.0f}× (median; {ratios[0]:,.0f}–{ratios[-1]:,.0f}×)",
            ),
            *self._whole_process_beside_the_peer(label, options, peer_options, seconds),
        ]

    def _whole_process_beside_the_peer(
        self, label: str, options: Mapping[str, Any], peer_options: str, seconds: float
    ) -> list[tuple[str, str]]:
        """`highroller simulate` of the large series as a whole process, against the peer's random play
        measured just before and just after it (a whole process cannot take turns with the peer)."""
        from highroller.batch.engine_speed import SIMULATE_SERIES, whole_process, whole_process_rows
        from highroller.games.lasvegas.bench import peer_rate
        from highroller.registry import game_spec

        before = peer_rate(peer_options, seconds)
        measured = whole_process(game_spec("lasvegas"), options)
        after = peer_rate(peer_options, seconds)
        rows = whole_process_rows(label, measured)
        if before is not None and after is not None:
            peer = (before + after) / 2
            rows.append(
                (
                    f"{label}: simulate of {SIMULATE_SERIES[1]:,} games, whole process / lasvegas 0.2.0",
                    f"{measured.rate / peer:,.0f}× (the package: {before:,.0f} games/s before, {after:,.0f} after)",
                )
            )
        return rows


def _step_json(row: np.ndarray) -> dict[str, Any]:
    """One logged step as record JSON."""
    kind = int(row[0])
    if kind == kernel.LOG_STOCK:
        return {"chance": {"bills": [int(b) for b in row[2 : 2 + row[1]]]}}
    if kind == kernel.LOG_ROLL:
        roll: dict[str, Any] = {"own": faces_from_counts(tuple(row[1:7].tolist()))}
        if row[7]:
            roll["biggie"] = int(row[7])
        neutral = faces_from_counts(tuple(row[8:14].tolist()))
        if neutral:
            roll["neutral"] = neutral
        return {"chance": roll}
    code = int(row[2])
    return {"seat": int(row[1]), "action": {"bandit" if code >= 6 else "place": code % 6 + 1}}


ENGINE = LasVegasBatch()
