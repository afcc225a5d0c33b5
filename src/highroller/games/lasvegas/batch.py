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

from highroller.batch import dice
from highroller.batch.engine import BatchResult, BotChoice, win_shares
from highroller.batch.seeds import stream_keys
from highroller.core.errors import IllegalAction
from highroller.core.game import Game
from highroller.core.rng import label_code
from highroller.games.lasvegas import batch_kernel as kernel
from highroller.games.lasvegas.rules import LasVegasRules
from highroller.games.lasvegas.state import LasVegasGame

POLICIES = {"random": kernel.RANDOM, "greedy": kernel.GREEDY}
PEER_PAIRS = 3
"""Peer measurements in `comparisons`, each followed by one of this engine."""
FIRST_PLAYER_LABEL = np.uint64(label_code("first-player"))


class Setup:
    """A rule set as the kernel reads it: parameters and column offsets, and the bills of the pile."""

    def __init__(self, rules: LasVegasRules) -> None:
        self.rules = rules
        self.bills = np.array(rules.bills, dtype=np.int64)
        total = len(rules.bills)
        if rules.stock_rule == "count":
            most = min(total, rules.stock_amount)
        else:
            most = min(total, -(-rules.stock_amount // min(rules.bills)))
        self.most = max(most, 1)
        self.shapes = kernel.layout(rules.players, self.most, total, rules.rounds)
        p = np.zeros(kernel.P_SIZE, dtype=np.int64)
        values = {
            kernel.P_PLAYERS: rules.players, kernel.P_DICE: rules.dice_per_player, kernel.P_BIGGIE: int(rules.biggie),
            kernel.P_ROUNDS: rules.rounds, kernel.P_COUNT_RULE: int(rules.stock_rule == "count"),
            kernel.P_AMOUNT: rules.stock_amount, kernel.P_UNDER: int(rules.untaken == "under"),
            kernel.P_LAST_ROLLER: int(rules.next_starter == "last-roller"), kernel.P_NEUTRAL: rules.neutral_dice,
            kernel.P_LEFTOVER: rules.neutral_leftover, kernel.P_BANDIT: int(rules.bandit), kernel.P_CASINOS: rules.casinos,
            kernel.P_BILLS: total, kernel.P_MOST: self.most,
        }
        for index, value in values.items():
            p[index] = value
        offset = kernel.FIXED
        self.offsets: dict[str, int] = {}
        for index, name in enumerate(kernel.ARRAYS):
            p[kernel.L_ARRAYS + index] = self.offsets[name] = offset
            offset += int(np.prod(self.shapes[name]))
        p[kernel.P_WIDTH] = offset
        self.params = p

    @property
    def width(self) -> int:
        """Columns of a game's row."""
        return int(self.params[kernel.P_WIDTH])

    def column(self, state: np.ndarray, name: str) -> np.ndarray:
        """A named column group of every game, shaped [games, *shape]."""
        offset, shape = self.offsets[name], self.shapes[name]
        return state[:, offset : offset + int(np.prod(shape))].reshape(state.shape[0], *shape)

    def log_shape(self) -> tuple[int, int]:
        """(most steps a game can take, width of a log row)."""
        rules = self.rules
        dice = rules.players * (rules.dice_per_player + int(rules.biggie) + rules.neutral_dice)
        return rules.rounds * (rules.casinos + 1 + 2 * dice), max(2 + self.most, 14)


def first_players(rules: LasVegasRules, seeds: np.ndarray) -> np.ndarray:
    """Each game's first player, as the step engine draws it from the seed (or the option)."""
    if rules.first_player is not None:
        return np.full(seeds.shape[0], rules.first_player, dtype=np.int64)
    derived = stream_keys(stream_keys(seeds) ^ FIRST_PLAYER_LABEL) >> np.uint64(1)
    return (derived % np.uint64(rules.players)).astype(np.int64)


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
            game=games, seat=np.full(games.size, seat), round=rows[:, kernel.ROUND], legal=masks[games],
            roll_own=dice.unpack(rows[:, kernel.ROLL_OWN]), roll_neutral=dice.unpack(rows[:, kernel.ROLL_NEUTRAL]),
            roll_biggie=rows[:, kernel.ROLL_BIGGIE], bandit_faces=rows[:, kernel.BANDIT_FACES],
        )
        actions = np.asarray(policy(view), dtype=np.int64)
        if actions.shape != games.shape or np.any((actions < 0) | (actions > 11)) or np.any((masks[games] >> actions) & 1 == 0):
            raise IllegalAction(f"the policy of seat {seat} returned actions that are not legal (codes 0-11 set in view['legal'])")
        state[games, kernel.PENDING] = actions


def _check(game: Game, bots: Sequence[BotChoice]) -> LasVegasRules:
    assert isinstance(game, LasVegasGame), "this engine plays Las Vegas"
    if len(bots) != game.rules.players:
        raise ValueError(f"{game.rules.players} seats need {game.rules.players} bots, not {len(bots)}")
    return game.rules


def _codes(bots: Sequence[BotChoice]) -> tuple[int, ...]:
    """The kernel's policy code of each seat (a tuple: the kernel is compiled per player count)."""
    return tuple(kernel.OUTSIDE if callable(bot) else POLICIES[bot] for bot in bots)


def _new_games(state: np.ndarray, keys: np.ndarray, first: np.ndarray) -> None:
    """Make rows new games (the kernel clears the other columns when it starts them)."""
    state[:, kernel.KEY] = keys
    state[:, kernel.FIRST] = first
    state[:, kernel.PHASE] = kernel.NEW


def play_state(game: Game, bots: Sequence[BotChoice], seeds: np.ndarray, logging: bool = False) -> tuple[Setup, np.ndarray, np.ndarray]:
    """Play one game per seed to the end, every game in one state array: (setup, final state rows,
    step log). Outside policies are asked once for all the games waiting on their seat."""
    rules = _check(game, bots)
    setup = Setup(rules)
    seeds = np.asarray(seeds, dtype=np.int64)
    outside = {seat: bot for seat, bot in enumerate(bots) if callable(bot)}
    state = np.empty((seeds.shape[0], setup.width), dtype=np.int64)
    _new_games(state, stream_keys(seeds).view(np.int64), first_players(rules, seeds))
    steps, width = setup.log_shape() if logging else (1, 1)
    log = np.zeros((seeds.shape[0] if logging else 1, steps, width), dtype=np.int64)
    while kernel.advance(state, setup.params, setup.bills, _codes(bots), log, logging):
        _outside_choices(setup, state, outside)
    return setup, state, log


BLOCK = 256
"""Games on the table at once when only built-in bots play: their rows (about 2 KB each) are one
buffer reused block after block, so they stay in cache and no fresh memory is faulted in per game."""
RESULTS = kernel.ARRAYS[kernel.ARRAYS.index("money") : kernel.ARRAYS.index("round_bills") + 1]
"""The column groups a result needs (consecutive in a row)."""


def _results(setup: Setup) -> slice:
    """The RESULTS columns of a row."""
    return slice(setup.offsets[RESULTS[0]], setup.offsets[RESULTS[-1]] + int(np.prod(setup.shapes[RESULTS[-1]])))


def _play_blocks(setup: Setup, bots: Sequence[BotChoice], seeds: np.ndarray, first: np.ndarray) -> np.ndarray:
    """Play one game per seed with built-in bots, BLOCK games at a time: the RESULTS columns of each."""
    columns = _results(setup)
    keys = stream_keys(seeds).view(np.int64)
    codes = _codes(bots)
    log = np.zeros((1, 1, 1), dtype=np.int64)
    rows = np.empty((min(BLOCK, seeds.shape[0]), setup.width), dtype=np.int64)
    results = np.empty((seeds.shape[0], columns.stop - columns.start), dtype=np.int64)
    for first_game in range(0, seeds.shape[0], BLOCK):
        block = slice(first_game, first_game + BLOCK)
        state = rows[: results[block].shape[0]]
        _new_games(state, keys[block], first[block])
        kernel.advance(state, setup.params, setup.bills, codes, log, False)
        results[block] = state[:, columns]
    return results


class LasVegasBatch:
    """The engine object the spec names (see the module docstring)."""

    bots: Mapping[str, tuple[str, ...]] = {"random": (), "greedy": ()}

    def run(self, game: Game, bots: Sequence[BotChoice], seeds: np.ndarray, params: Sequence[Mapping[str, Any]] | None = None) -> BatchResult:
        rules = _check(game, bots)
        seeds = np.asarray(seeds, dtype=np.int64)
        first = first_players(rules, seeds)
        if any(callable(bot) for bot in bots):
            setup, state, _ = play_state(game, bots, seeds)
            rows = state[:, _results(setup)].copy()  # the results only, not the whole rows
        else:
            setup = Setup(rules)
            rows = _play_blocks(setup, bots, seeds, first)
        columns = {}
        offset = 0
        for name in RESULTS:
            shape = setup.shapes[name]
            size = int(np.prod(shape))
            columns[name] = rows[:, offset : offset + size].reshape(seeds.shape[0], *shape)
            offset += size
        money, won = columns["money"], columns["won"]
        top = money == money.max(axis=1, keepdims=True)
        best = top & (won == np.where(top, won, -1).max(axis=1, keepdims=True))
        extra = {"money": money, "bills": won, "round_money": columns["round_money"], "round_bills": columns["round_bills"], "first_player": first}
        return BatchResult(seeds, money.astype(np.float64), win_shares(best), extra)

    def trace(self, game: Game, bots: Sequence[BotChoice], seeds: np.ndarray, params: Sequence[Mapping[str, Any]] | None = None) -> list[list[dict[str, Any]]]:
        _, state, log = play_state(game, bots, seeds, logging=True)
        return [[_step_json(row) for row in log[g, : state[g, kernel.LOG_SIZE]]] for g in range(len(seeds))]

    def bytes_per_game(self, game: Game) -> int:
        assert isinstance(game, LasVegasGame), "this engine plays Las Vegas"
        return Setup(game.rules).width * np.dtype(np.int64).itemsize

    def comparisons(self, rates: Mapping[str, float], seconds: float) -> list[tuple[str, str]]:
        """The public `lasvegas` 0.2.0 package's random 4-player games/s (see `bench.py`) beside ours,
        in PEER_PAIRS pairs measured back to back (the peer, then this engine on the same
        configuration), so that each ratio compares the two under the same load; the median ratio."""
        from highroller.batch.bench import batch_rate
        from highroller.games.lasvegas.bench import CONFIGS, _peer_rate
        from highroller.registry import make

        label, options, peer_options = CONFIGS[0]
        game = make("lasvegas", **options)
        pairs = []
        for _ in range(PEER_PAIRS):
            peer = _peer_rate(peer_options)
            if peer is None:
                return [(f"{label}: lasvegas 0.2.0", "not installed (set HIGHROLLER_PEER_PYTHON)")]
            pairs.append((batch_rate(self, game, seconds)[1], peer))
        ratios = sorted(ours / peer for ours, peer in pairs)
        return [
            (f"{label}: lasvegas 0.2.0 games/s, {PEER_PAIRS} runs", ", ".join(f"{peer:,.0f}" for _, peer in pairs)),
            (f"{label}: batch games/s, run after each", ", ".join(f"{ours:,.0f}" for ours, _ in pairs)),
            (f"{label}: batch / lasvegas 0.2.0", f"{ratios[len(ratios) // 2]:,.0f}× (median; {ratios[0]:,.0f}–{ratios[-1]:,.0f}×)"),
        ]


def _faces(counts: np.ndarray) -> list[int]:
    return [face + 1 for face in range(6) for _ in range(int(counts[face]))]


def _step_json(row: np.ndarray) -> dict[str, Any]:
    """One logged step as record JSON."""
    kind = int(row[0])
    if kind == kernel.LOG_STOCK:
        return {"chance": {"bills": [int(b) for b in row[2 : 2 + row[1]]]}}
    if kind == kernel.LOG_ROLL:
        roll: dict[str, Any] = {"own": _faces(row[1:7])}
        if row[7]:
            roll["biggie"] = int(row[7])
        neutral = _faces(row[8:14])
        if neutral:
            roll["neutral"] = neutral
        return {"chance": roll}
    code = int(row[2])
    return {"seat": int(row[1]), "action": {"bandit" if code >= 6 else "place": code % 6 + 1}}


ENGINE = LasVegasBatch()
