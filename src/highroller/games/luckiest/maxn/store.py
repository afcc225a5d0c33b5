"""The max-n solutions that bots, advice and win chances play, solved once and kept on disk.

Covered games (`PLAYED`): three players up to four rounds, solved exactly; four and five players up to
three rounds, solved on a grid of score differences 12 points apart (`grid.Grid`), which only the
`optimal-win` bot plays (the win chances and advice show exact solutions only). The default game of
three solves in 15–20 s on two cores, of four in about 3 s and of five in about a minute. A solution
is kept in the user's cache directory, named by a digest of the face table, the player count, the
rounds, the grid and the solver's sources (so a change to any of them solves afresh), and read back
in a fraction of a second. A process that defers first-time work (a web server's bot and
advice workers, `highroller.core.firsttime`) gets `NotWarm` instead of solving, and plays or advises
without it meanwhile; the server's warm-up (`warm_up`) solves the default game in the background.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from functools import cache, lru_cache
from pathlib import Path

import numpy as np
from platformdirs import user_cache_path

from highroller.core import firsttime
from highroller.games.luckiest.faces import FaceTable, resolve_faces
from highroller.games.luckiest.maxn.grid import Grid
from highroller.games.luckiest.maxn.solution import FIRST, MaxnSolution, solve_maxn
from highroller.games.luckiest.model import turn_model
from highroller.games.luckiest.rules import default_rounds

log = logging.getLogger(__name__)

PLAYED = {3: (4, 1), 4: (3, 12), 5: (3, 12)}
"""Player counts whose max-n solution is played: (the most rounds, the grid's step in points)."""

SOURCES = ("maxn/solution.py", "maxn/grid.py", "maxn/turn.py", "maxn/kernel.py", "model.py", "solver.py", "faces.py")
"""The modules a stored solution depends on (beside this one), from the game's folder."""


def covered(players: int, rounds: int) -> bool:
    """Whether `optimal-win` plays a max-n solution of this game."""
    return players in PLAYED and rounds <= PLAYED[players][0]


def exact(players: int, rounds: int) -> bool:
    """Whether this game's max-n solution is exact (win chances and advice show it)."""
    return covered(players, rounds) and PLAYED[players][1] == 1


def step(players: int) -> int:
    """The grid step of a covered player count's solution."""
    return PLAYED[players][1]


def folder() -> Path:
    return user_cache_path("highroller") / "solutions"


@cache
def _sources_digest() -> str:
    """A digest of the solver's sources, read once per process (a web server asks `is_stored` often)."""
    digest = hashlib.sha256()
    here = Path(__file__).parents[1]
    for name in SOURCES:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()


def path(faces: FaceTable, players: int, rounds: int) -> Path:
    """Where the solution of this game is kept."""
    game = json.dumps([faces.to_json(), players, rounds, step(players), _sources_digest()], sort_keys=True)
    return folder() / f"luckiest-maxn-{players}p-{rounds}r-{hashlib.sha256(game.encode()).hexdigest()[:16]}.npz"


def _load(faces: FaceTable, players: int, rounds: int, where: Path) -> MaxnSolution | None:
    grid = Grid(players, rounds, turn_model(faces).points_cap(0), step(players))
    try:
        with np.load(where, allow_pickle=False) as data:
            start = data["start"]
    except (OSError, ValueError, KeyError) as error:
        log.warning("the stored solution %s could not be read (%s); solving again", where, error)
        return None
    if start.shape != (grid.turns, players, grid.size) or start.dtype != np.float64:
        log.warning("the stored solution %s has the shape %s; solving again", where, start.shape)
        return None
    return MaxnSolution(faces, grid, FIRST, list(start))


def _save(solution: MaxnSolution, where: Path) -> None:
    """Write the solution whole (under a partial name, then renamed), and remove the same game's
    solutions of older sources."""
    where.parent.mkdir(parents=True, exist_ok=True)
    partial = where.with_name(f"{where.stem}.{os.getpid()}.partial.npz")
    np.savez_compressed(partial, start=np.stack([table for table in solution.start if table is not None]))
    os.replace(partial, where)
    game = where.name.rsplit("-", 1)[0]
    for old in where.parent.glob(f"{game}-*.npz"):
        if old != where and ".partial" not in old.name:
            old.unlink(missing_ok=True)


_solved: set[tuple[FaceTable, int, int]] = set()
"""The games whose solution this process holds."""


def is_stored(faces: FaceTable, players: int, rounds: int) -> bool:
    """Whether the solution is in this process or on disk (no first-time work left)."""
    return (faces, players, rounds) in _solved or path(faces, players, rounds).exists()


@lru_cache(maxsize=4)
def solution(faces: FaceTable, players: int, rounds: int) -> MaxnSolution:
    """The max-n solution (ties: the first choice; on the game's grid) of a covered game: read from
    disk, else solved and kept; `NotWarm` instead of solving in a process that defers first-time work."""
    if not covered(players, rounds):
        raise ValueError(
            f"the win objective is solved for 2 players, and for "
            f"{', '.join(f'{p} players up to {r} rounds' for p, (r, _) in PLAYED.items())}; not {players} players over "
            f"{rounds} rounds"
        )
    where = path(faces, players, rounds)
    found = _load(faces, players, rounds, where) if where.exists() else None
    if found is None:
        firsttime.check(False, f"the {players}-player win policy")
        found = solve_maxn(faces, players, rounds, step=step(players))
        try:
            _save(found, where)
        except OSError as error:
            log.warning("the solution could not be kept in %s: %s", where, error)
    _solved.add((faces, players, rounds))
    return found


def warm_up() -> None:
    """Solve (or read) the default games of three, four and five, so no table need wait."""
    for players in PLAYED:
        solution(resolve_faces("default"), players, default_rounds(players))
