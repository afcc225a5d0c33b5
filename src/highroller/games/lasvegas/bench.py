"""Extra Las Vegas measurements for `highroller bench lasvegas`: the greedy bot's speed, and the
public `lasvegas` package (version 0.2.0) side by side when it can be run.

The peer is optional and not a dependency. It pins NumPy below 2, so it usually lives in another
environment: set HIGHROLLER_PEER_PYTHON to that environment's python (or install it here).
Both sides play uniformly random 4-player games with 8 dice, 4 rounds and $50,000 casinos, with and
without neutral dice (the peer's default has 2 neutral dice per player).

With the compiled step engine built (`highroller compile`), our step API is measured both ways, each
beside the package: compiled, and as Python.

The two are timed side by side: each runs in a fresh process of its own (the step API's, apart from
the bench's other work, holds only the game, as the peer's does) and the two take turns in slices of
a quarter of a second, so that both see the same load (this machine's speed moves by tens of percent
from one minute to the next, which two measurements a few seconds apart would take for a difference).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from highroller.core import compiled
from highroller.games.lasvegas import state as state_module
from highroller.registry import make
from highroller.step_api_speed import games_per_second

SECONDS = 3.0
SLICE = 0.25
"""Seconds each side plays before the other takes its turn."""

PEER_SCRIPT = """
import ast, sys, time
from lasvegas import Game
kwargs = ast.literal_eval(sys.argv[1])
Game(num_players=4, **kwargs).run()
print("ready", flush=True)
for line in sys.stdin:
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < float(line):
        Game(num_players=4, **kwargs).run()
        games += 1
    print(games, time.perf_counter() - start, flush=True)
"""

CONFIGS = (
    ("4p classic, no neutral dice", {"edition": "classic", "players": 4}, "{'num_xtr_players': 0, 'num_xtr_dice': 0}"),
    ("4p classic, 2 neutral dice each", {"edition": "classic", "players": 4, "neutral": True}, "{}"),
)

Timed = Callable[[float], tuple[int, float]]
"""Plays for about the given seconds; returns (games, seconds taken)."""


def side_by_side(ours: Timed, peer_kwargs: str, seconds: float) -> tuple[float, float] | None:
    """(our games/s, the peer's games/s), each side playing about `seconds` in turns of SLICE; None if
    the peer cannot be run."""
    python = os.environ.get("HIGHROLLER_PEER_PYTHON", sys.executable)
    try:
        peer = subprocess.Popen(
            [python, "-c", PEER_SCRIPT, peer_kwargs],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
    except OSError:
        return None
    assert peer.stdin is not None and peer.stdout is not None
    try:
        if peer.stdout.readline().strip() != "ready":
            return None
        totals = [0.0, 0.0, 0.0, 0.0]  # our games and seconds, the peer's games and seconds
        for _ in range(max(1, round(seconds / SLICE))):
            peer.stdin.write(f"{SLICE}\n")
            peer.stdin.flush()
            their_games, their_seconds = peer.stdout.readline().split()
            totals[2] += int(their_games)
            totals[3] += float(their_seconds)
            games, seconds_taken = ours(SLICE)
            totals[0] += games
            totals[1] += seconds_taken
        return totals[0] / totals[1], totals[2] / totals[3]
    except (OSError, ValueError):
        return None
    finally:
        peer.kill()
        peer.wait()


def peer_rate(peer_kwargs: str, seconds: float) -> float | None:
    """The peer's games/s playing alone for about `seconds`; None if it cannot be run."""
    rates = side_by_side(lambda slice_seconds: (0, slice_seconds), peer_kwargs, seconds)
    return None if rates is None else rates[1]


STEP_API_SCRIPT = """
import ast, sys
from highroller.step_api_speed import games_per_second
from highroller.registry import make
game = make("lasvegas", **ast.literal_eval(sys.argv[1]))
games_per_second(game, 0.5)
print("ready", flush=True)
played = 0
for line in sys.stdin:
    games, rate, _ = games_per_second(game, float(line), seed=played)
    played += games
    print(games, games / rate, flush=True)
"""
"""Random games of the options in its argument through the step API, each turn new seeds, in this
Python (and with its compiled step engine, if one is in use)."""


@contextmanager
def step_api(options: dict[str, object], compiled_engine: bool = True) -> Iterator[Timed]:
    """Random games of these options through the step API, played in a process of its own (as Python
    if not `compiled_engine`, else on the compiled step engine if one is built)."""
    environment = {**os.environ, **({} if compiled_engine else {"HIGHROLLER_COMPILED": "0"})}
    process = subprocess.Popen(
        [sys.executable, "-c", STEP_API_SCRIPT, repr(options)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout

    def play_for(seconds: float) -> tuple[int, float]:
        stdin.write(f"{seconds}\n")
        stdin.flush()
        games, seconds_taken = stdout.readline().split()
        return int(games), float(seconds_taken)

    try:
        if stdout.readline().strip() != "ready":
            raise RuntimeError("the step API's process did not start")
        yield play_for
    finally:
        process.kill()
        process.wait()


def rows() -> list[tuple[str, str]]:
    greedy = games_per_second(make("lasvegas", players=4), SECONDS, bots=["greedy"] * 4)[1]
    result = [("greedy bots, 4p classic: games/s", f"{greedy:,.0f}")]
    engines = {"compiled": True, "Python": False} if compiled.in_use(state_module) else {"Python": False}
    for label, ours, theirs in CONFIGS:
        for engine, compiled_engine in engines.items():
            with step_api(ours, compiled_engine) as play_for:
                rates = side_by_side(play_for, theirs, SECONDS)
            if rates is None:
                rate = games_per_second(make("lasvegas", **ours), SECONDS)[1]
                result.append((f"{label}: highroller games/s", f"{rate:,.0f}"))
                result.append((f"{label}: lasvegas 0.2.0", "not installed (set HIGHROLLER_PEER_PYTHON)"))
                break
            result.append((f"{label}: highroller games/s ({engine} step engine), side by side", f"{rates[0]:,.0f}"))
            result.append((f"{label}: lasvegas 0.2.0 games/s, side by side", f"{rates[1]:,.0f}"))
            result.append((f"{label}: ratio, {engine} step engine", f"{rates[0] / rates[1]:.2f}×"))
    if len(engines) == 1:
        result.append(("compiled step engine", "not in use (build it with highroller compile)"))
    return result
