"""Running a schedule: in this process, on local worker processes, or on Ray, with the same results.

Work is handed out one deal (all its seatings) at a time; every match is a pure function of its deal
seed and seating, so results do not depend on the backend, the number of workers or the order in which
they finish. They are returned in schedule order.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from itertools import groupby
from typing import Any

from highroller.tournament.match import MatchResult, play_matches
from highroller.tournament.schedule import Match

BACKENDS = ("local", "ray")


def by_deal(matches: Sequence[Match]) -> list[list[Match]]:
    """The schedule cut into units of work: the seatings of one deal each."""
    return [list(group) for _, group in groupby(matches, key=lambda m: m.deal)]


def run_tournament(
    name: str,
    options: Mapping[str, Any],
    matches: Sequence[Match],
    *,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    on_done: Callable[[int], None] | None = None,
) -> list[MatchResult]:
    """Play every match; `on_done(n)` is called as n more matches finish (e.g. a progress bar).

    `workers`: local processes (default: every core; 1 plays in this process). `backend="ray"` runs on
    the Ray cluster at `address` (default: a local Ray instance).
    """
    if backend not in BACKENDS:
        raise ValueError(f"backend is one of {', '.join(BACKENDS)}, not {backend!r}")
    units = by_deal(matches)
    done = on_done or (lambda n: None)
    if backend == "ray":
        from highroller.tournament.ray_backend import run_on_ray

        results = run_on_ray(name, dict(options), units, address, done)
    else:
        results = _run_local(name, dict(options), units, workers or os.cpu_count() or 1, done)
    return sorted(results, key=lambda r: (r.deal, r.seating))


def _run_local(
    name: str, options: dict[str, Any], units: list[list[Match]], workers: int, done: Callable[[int], None]
) -> list[MatchResult]:
    work = partial(play_matches, name, options)
    results: list[MatchResult] = []
    if workers == 1 or len(units) == 1:
        for unit in units:
            results.extend(work(unit))
            done(len(unit))
        return results
    with multiprocessing.get_context("spawn").Pool(min(workers, len(units))) as pool:
        for batch in pool.imap_unordered(work, units):
            results.extend(batch)
            done(len(batch))
    return results
