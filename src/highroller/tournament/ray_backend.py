"""The Ray backend: the same units of work as local processes, as Ray tasks on a cluster (connected by
`highroller.clusters.ray_cluster`: a local Ray instance without an address)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from highroller.clusters import ray_cluster
from highroller.tournament.match import MatchResult, play_matches
from highroller.tournament.schedule import Match


def run_on_ray(
    name: str, options: dict[str, Any], units: list[list[Match]], address: str | None, done: Callable[[int], None]
) -> list[MatchResult]:
    """Play every unit as a Ray task; `done(n)` as each finishes."""
    with ray_cluster(address) as ray:
        task = ray.remote(play_matches)
        pending = [task.remote(name, options, unit) for unit in units]
        results: list[MatchResult] = []
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for batch in ray.get(finished):
                results.extend(batch)
                done(len(batch))
        return results
