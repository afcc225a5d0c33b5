"""`expert`: the Las Vegas bot that imagines futures with compiled code.

At each decision with a choice, every legal placement is played on the same imagined futures
(`expert_kernel`: the batch kernel's rules in Numba, every seat modelled by an epsilon-greedy policy;
with a `lookahead`, by default in 2-player games, the bot's own later turns of the round are each
chosen by a small search of their own, and the opponent is modelled by the `heuristic` bot's rule)
and valued as the bot's chance of winning the game; the bot plays the placement with the best mean.
The position is read from what every player sees (`kernel_rows`), and the futures come from the bot's
own seeded stream, so the bot never reads the real future and decides the same on any `resample`d
copy of a state. With a playout budget (the default) it is deterministic given its seed (and its
number of `threads`); a time budget (`seconds`) plays as many playouts as fit, which depends on the
machine. `threads=2` plays the playouts on two cores (the compiled code releases the interpreter's
lock), about 1.6 times as many in the same time on two cores.

`chances(state)` gives every legal placement with its estimated chance of winning: the advice the
terminal's `?` and the web's hint show. The playouts are compiled once for every player count and
edition (the seats come as an array, their number read as the playouts run): 15–20 s, then kept on
disk; `warm_up()` compiles them ahead of play (a web server runs it when it starts). Once they have
run, a mark beside the compiled code says so (`ExpertBot.ready`): a process that defers first-time
work (`highroller.core.firsttime`) gets `NotWarm` instead of compiling them without one.
"""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import numpy as np

from highroller.batch.kernelcache import cache_directory
from highroller.core import firsttime
from highroller.core.game import Game, game_of
from highroller.core.state import CHANCE, State
from highroller.core.values import is_whole
from highroller.games.lasvegas.roll_tables import ACTIONS
from highroller.games.lasvegas.state import LasVegasGame, LasVegasState
from highroller.games.lasvegas.steps import Place

CHUNK = 16
"""Playouts per compiled call when playing to a time budget (the clock is read between calls)."""
_LOG = np.zeros((1, 1), dtype=np.int64)
"""The kernel's step log, which playouts leave empty (they log nothing)."""
MAX_THREADS = 64
PLAYOUTS = 3000
"""Futures per placement by default without a lookahead."""
LOOKAHEAD = 16
"""Futures per placement of the search at the bot's own later turns in a playout, by default in
2-player games."""
LOOKING_UP_TO = 2
"""The most players at which the bot looks ahead by default: with more, its own later turns weigh less
than the opponents' and the futures without a lookahead, thirty times as many, measured stronger."""
LOOKING_PLAYOUTS = 700
"""Futures per placement by default with a lookahead (each costs tens of times as much as one without)."""
EPSILON = 0.1
"""The share of random moves in the model of the opponents, by default without a lookahead."""
LOOKING_EPSILON = 0.0
"""The share of random moves in the model of the opponents, by default with a lookahead: head to head
the bot measured stronger modelling its one opponent without random moves."""
MAX_LOOKAHEAD = 1000
MODELS = ("greedy", "heuristic")
"""The rules a playout can model a player by."""
MODEL = "greedy"
"""The rule that plays the opponents by default without a lookahead (against `greedy` bots, their own)."""
LOOKING_MODEL = "heuristic"
"""The rule that plays the opponent by default with a lookahead: head to head against `mcts`, whose
moves it matches more often than the greedy rule does, the bot measured stronger with it."""
NEEDS = (
    "the expert bot plays its futures with compiled code, which needs the batch extra: pip install 'highroller[batch]'"
)


_warm = False
"""Whether the playouts have run in this process (compiled or loaded from disk)."""


def _ready_mark() -> Path:
    """The file saying that the playouts are compiled (beside the compiled code, so it goes when the
    sources change)."""
    return cache_directory() / "ready" / "expert"


def _compiled() -> tuple[ModuleType, ModuleType, ModuleType]:
    """The compiled parts (imported on first use: the bot's module is importable without Numba)."""
    try:
        from highroller.games.lasvegas import batch_kernel, expert_kernel, kernel_rows
    except ImportError as error:
        if (error.name or "").partition(".")[0] != "numba":
            raise
        raise ImportError(NEEDS, name="numba") from None
    return batch_kernel, expert_kernel, kernel_rows


class ExpertBot:
    """Compiled-playout search (see the module docstring).

    `playouts`: imagined futures per legal placement (default LOOKING_PLAYOUTS with a lookahead,
    PLAYOUTS without); `lookahead`: futures per placement of the search that chooses the bot's own later
    turns of the round in each playout (0: the model chooses them; by default LOOKAHEAD in games of up to
    LOOKING_UP_TO players, else 0); `seconds`: a time budget per move
    instead, if given; `epsilon` and `self_epsilon`: the share of random moves in the model of the
    opponents (default LOOKING_EPSILON with a lookahead, EPSILON without) and of the bot's own later turns;
    `model` and `self_model`: the rule that plays the opponents (default LOOKING_MODEL with a lookahead,
    MODEL without), and the bot's own later turns the lookahead does not search, in the playouts (one
    of MODELS); `horizon`: rounds a playout plays (1: to the end of the
    current round, valued by the softmax of money; 99: to the end of the game); `spread`: the softmax
    temperature in units of $100,000; `threads`: cores to play the playouts on (the compiled playouts release the
    interpreter's lock).
    """

    needs = ("numba",)
    """The modules the bot cannot work without (`botspec.installed`): the batch extra's."""

    @staticmethod
    def ready(game: Game) -> bool:
        """Whether the playouts are compiled, so a first move in `game` needs no compiling (the same
        compiled code plays every player count)."""
        return _warm or _ready_mark().exists()

    def __init__(
        self,
        seed: int,
        playouts: int | None = None,
        lookahead: int | None = None,
        seconds: float | None = None,
        epsilon: float | None = None,
        self_epsilon: float = 0.1,
        horizon: int = 1,
        spread: float = 1.0,
        threads: int = 1,
        model: str | None = None,
        self_model: str = "greedy",
    ) -> None:
        for name, whole in (
            ("playouts", playouts),
            ("lookahead", lookahead),
            ("horizon", horizon),
            ("threads", threads),
        ):
            if whole is not None and not is_whole(whole):
                raise ValueError(f"{name} is a whole number, not {whole!r}")
        for name, number in (
            ("seconds", seconds),
            ("epsilon", epsilon),
            ("self_epsilon", self_epsilon),
            ("spread", spread),
        ):
            if number is not None and not ((is_whole(number) or isinstance(number, float)) and math.isfinite(number)):
                raise ValueError(f"{name} is a number, not {number!r}")
        if lookahead is not None and not 0 <= lookahead <= MAX_LOOKAHEAD:
            raise ValueError(f"lookahead is a number of futures from 0 (none) to {MAX_LOOKAHEAD}, not {lookahead!r}")
        if playouts is not None and playouts < 1:
            raise ValueError("playouts must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        for name, share in (("epsilon", epsilon), ("self_epsilon", self_epsilon)):
            if share is not None and not 0 <= share <= 1:
                raise ValueError(f"{name} is a share from 0 to 1, not {share!r}")
        if horizon < 1:
            raise ValueError("horizon must be at least 1 round")
        if spread <= 0:
            raise ValueError("spread must be positive")
        for name, rule in (("model", model), ("self_model", self_model)):
            if rule is not None and rule not in MODELS:
                raise ValueError(f"{name} is one of {', '.join(MODELS)}, not {rule!r}")
        if not 1 <= threads <= MAX_THREADS:
            raise ValueError(f"threads is a number from 1 to {MAX_THREADS}, not {threads!r}")
        self._batch_kernel, self._kernel, self._rows = _compiled()
        self._rng = random.Random(seed)
        self.playouts = playouts
        self.lookahead = lookahead
        self.seconds = seconds
        self.epsilon = epsilon
        self.self_epsilon = self_epsilon
        self.horizon = horizon
        self.spread = spread
        self.threads = threads
        self.model = model
        self.self_model = self_model

    def budget(self, players: int) -> tuple[int, int, float, str]:
        """(playouts, lookahead, epsilon, model) in a game of this many players: the ones given, else the
        defaults."""
        lookahead = self.lookahead
        if lookahead is None:
            lookahead = LOOKAHEAD if players <= LOOKING_UP_TO else 0
        playouts = self.playouts
        if playouts is None:
            playouts = LOOKING_PLAYOUTS if lookahead else PLAYOUTS
        epsilon = self.epsilon
        if epsilon is None:
            epsilon = LOOKING_EPSILON if lookahead else EPSILON
        model = self.model
        if model is None:
            model = LOOKING_MODEL if lookahead else MODEL
        return playouts, lookahead, epsilon, model

    def choose(self, state: State) -> Place:
        assert isinstance(state, LasVegasState) and state.roll is not None, "ExpertBot plays Las Vegas decisions"
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        values = self.chances(state)
        return max(values, key=lambda pair: pair[1])[0]

    def chances(self, state: LasVegasState) -> list[tuple[Place, float]]:
        """Every legal placement with its estimated chance of winning (in legal order); `NotWarm` if the
        playouts are not compiled and this process defers compiling them."""
        global _warm
        if not _warm:
            firsttime.check(self.ready(game_of(state)), "the expert's compiled playouts")
        values = self._chances(state)
        if not _warm:
            mark = _ready_mark()
            mark.parent.mkdir(parents=True, exist_ok=True)
            mark.touch()
            _warm = True
        return values

    def _chances(self, state: LasVegasState) -> list[tuple[Place, float]]:
        legal = state.legal_actions()
        codes = np.array([ACTIONS.index(action) for action in legal], dtype=np.int64)
        params = self._rows.setup_of(state.rules).params
        base = self._rows.decision_row(state)
        seats = np.full(state.rules.players, self._batch_kernel.OUTSIDE, dtype=np.int64)
        key = np.int64(self._rng.getrandbits(63))
        chance_bits = self._kernel.CHANCE_BITS
        playouts, lookahead, epsilon, model = self.budget(state.rules.players)
        models = (self._kernel.OTHERS_HEURISTIC if model == "heuristic" else 0) | (
            self._kernel.SELF_HEURISTIC if self.self_model == "heuristic" else 0
        )
        settings = (
            round(self.self_epsilon * (1 << chance_bits)),
            round(epsilon * (1 << chance_bits)),
            models,
            self.horizon,
            float(self.spread),
            lookahead,
        )
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds

        def part(index: int) -> tuple[np.ndarray, int]:
            """One thread's totals and playouts: a share of the budget, or chunks in turn until the deadline."""
            work, scratch, scores = np.empty_like(base), np.empty_like(base), np.zeros(self._kernel.SCORES)
            totals = np.zeros(codes.size, dtype=np.float64)
            if deadline is None:
                first, last = playouts * index // self.threads, playouts * (index + 1) // self.threads
                self._kernel.evaluate(
                    base, work, params, seats, codes, key, first, last - first, *settings, _LOG, scratch, scores, totals
                )
                return totals, last - first
            done = 0
            chunk = index
            while done == 0 or time.perf_counter() < deadline:
                self._kernel.evaluate(
                    base,
                    work,
                    params,
                    seats,
                    codes,
                    key,
                    chunk * CHUNK,
                    CHUNK,
                    *settings,
                    _LOG,
                    scratch,
                    scores,
                    totals,
                )
                done += CHUNK
                chunk += self.threads
            return totals, done

        if self.threads == 1:
            parts = [part(0)]
        else:
            with ThreadPoolExecutor(self.threads) as pool:
                parts = list(pool.map(part, range(self.threads)))
        totals = sum((totals for totals, _ in parts), np.zeros(codes.size))
        done = sum(count for _, count in parts)
        return [(action, float(total) / done) for action, total in zip(legal, totals)]


def warm_up() -> None:
    """Compile the playouts (or load them from the disk cache): one playout from the first decision of a
    game; the compiled code plays every player count and edition."""
    state = LasVegasGame.from_options(players=2).new_game(seed=0)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    assert isinstance(state, LasVegasState)
    ExpertBot(0, playouts=1).chances(state)
