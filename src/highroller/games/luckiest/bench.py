"""Extra Luckiest Dice measurements for `highroller bench luckiest` (or `python -m
highroller.games.luckiest.bench`): solver time and peak memory at 2 and 3 players × 4 rounds, and
the optimal bots' speed through the step API.

Each solve runs in a fresh Python process on one core, so its peak resident memory (ru_maxrss,
interpreter and NumPy included) is the solve's alone and no earlier cache helps it.
"""

from __future__ import annotations

import json
import subprocess
import sys

from highroller.registry import make
from highroller.step_api_speed import games_per_second

SECONDS = 3.0
ROUNDS = 4

SOLVE_SCRIPT = """
import json, resource, sys, time
from highroller.games.luckiest.faces import load_faces
from highroller.games.luckiest.maxn.solution import solve_maxn
from highroller.games.luckiest.solver import score_values, solve_win
faces = load_faces("default")
start = time.perf_counter()
if sys.argv[1] in ("score", "both"):
    score_values(faces)
if sys.argv[1] in ("win", "both"):
    solve_win(faces, int(sys.argv[2]))
if sys.argv[1] == "max-n":
    solve_maxn(faces, 3, int(sys.argv[2]))
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

LABELS = {
    "score": "expected-score policy",
    "win": "win policy + comparison with the score maximiser",
    "both": "both objectives",
    "max-n": "3-player max-n win policy",
}


def solve_cost(objective: str, rounds: int = ROUNDS) -> dict[str, float]:
    """Seconds and peak resident MB of solving `objective` ('score', 'win' or 'both' at 2 players,
    'max-n' at 3) in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", SOLVE_SCRIPT, objective, str(rounds)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return json.loads(done.stdout)


def rows() -> list[tuple[str, str]]:
    result: list[tuple[str, str]] = []
    for objective, label in LABELS.items():
        cost = solve_cost(objective)
        players = 3 if objective == "max-n" else 2
        result.append(
            (f"solve {label}, {players}p × {ROUNDS} rounds", f"{cost['seconds']:.2f} s, peak {cost['peak_mb']:.0f} MB")
        )
    for players in (2, 3):
        for bot in ("optimal", "optimal-win", "cautious"):
            rate = games_per_second(make("luckiest", players=players), SECONDS, bots=[bot] * players)[1]
            result.append((f"{bot} bots, {players}p × {ROUNDS} rounds: games/s", f"{rate:,.0f}"))
    return result


if __name__ == "__main__":
    for what, figure in rows():
        print(f"{what}: {figure}")
