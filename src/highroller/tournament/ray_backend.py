"""The Ray backend: the same units of work as local processes, as Ray tasks on a cluster.

Ray is an optional extra (`pip install 'highroller[ray]'`). With no address a local Ray instance is
started for the run and shut down after it; with an address (`ray://host:10001` or `auto`) the run joins
that cluster, whose workers need highroller (and any user bot's module) installed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from highroller.tournament.match import MatchResult, play_matches
from highroller.tournament.schedule import Match


def run_on_ray(
    name: str, options: dict[str, Any], units: list[list[Match]], address: str | None, done: Callable[[int], None]
) -> list[MatchResult]:
    """Play every unit as a Ray task; `done(n)` as each finishes."""
    try:
        import ray
    except ImportError as error:
        raise RuntimeError("the Ray backend needs Ray: pip install 'highroller[ray]'") from error
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        task = ray.remote(play_matches)
        pending = [task.remote(name, options, unit) for unit in units]
        results: list[MatchResult] = []
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for batch in ray.get(finished):
                results.extend(batch)
                done(len(batch))
        return results
    finally:
        if started:
            ray.shutdown()
