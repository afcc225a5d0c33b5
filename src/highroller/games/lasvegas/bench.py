"""Extra Las Vegas measurements for `highroller bench lasvegas`: the greedy bot's speed, and the
public `lasvegas` package (version 0.2.0) side by side when it can be run.

The peer is optional and not a dependency. It pins NumPy below 2, so it usually lives in another
environment: set HIGHROLLER_PEER_PYTHON to that environment's python (or install it here).
Both sides play uniformly random 4-player games with 8 dice, 4 rounds and $50,000 casinos, with and
without neutral dice (the peer's default has 2 neutral dice per player).
"""

from __future__ import annotations

import os
import subprocess
import sys

from highroller.benchmark import games_per_second
from highroller.registry import make

SECONDS = 3.0

PEER_SCRIPT = """
import ast, sys, time
from lasvegas import Game
kwargs = ast.literal_eval(sys.argv[1])
games = 0
start = time.perf_counter()
while time.perf_counter() - start < float(sys.argv[2]):
    Game(num_players=4, **kwargs).run()
    games += 1
print(games / (time.perf_counter() - start))
"""

CONFIGS = (
    ("4p classic, no neutral dice", {"edition": "classic", "players": 4}, "{'num_xtr_players': 0, 'num_xtr_dice': 0}"),
    ("4p classic, 2 neutral dice each", {"edition": "classic", "players": 4, "neutral": True}, "{}"),
)


def _peer_rate(kwargs: str) -> float | None:
    python = os.environ.get("HIGHROLLER_PEER_PYTHON", sys.executable)
    try:
        done = subprocess.run([python, "-c", PEER_SCRIPT, kwargs, str(SECONDS)], capture_output=True, text=True, timeout=120, check=False)
    except OSError:
        return None
    try:
        return float(done.stdout.strip())
    except ValueError:
        return None


def rows() -> list[tuple[str, str]]:
    greedy = games_per_second(make("lasvegas", players=4), SECONDS, bots=["greedy"] * 4)[1]
    result = [("greedy bots, 4p classic: games/s", f"{greedy:,.0f}")]
    for label, ours, theirs in CONFIGS:
        rate = games_per_second(make("lasvegas", **ours), SECONDS)[1]
        peer = _peer_rate(theirs)
        result.append((f"{label}: highroller games/s", f"{rate:,.0f}"))
        if peer is None:
            result.append((f"{label}: lasvegas 0.2.0", "not installed (set HIGHROLLER_PEER_PYTHON)"))
        else:
            result.append((f"{label}: lasvegas 0.2.0 games/s", f"{peer:,.0f}"))
            result.append((f"{label}: ratio", f"{rate / peer:.2f}×"))
    return result
