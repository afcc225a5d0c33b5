"""The Ray backend on a small local Ray instance gives exactly the local results."""

from __future__ import annotations

import pytest

from highroller.tournament import run_tournament, schedule


@pytest.mark.slow
def test_ray_backend_matches_the_local_run() -> None:
    matches = schedule(["optimal", "cautious"], 2, 3, series=17)
    done: list[int] = []
    on_ray = run_tournament("luckiest", {"players": 2}, matches, backend="ray", on_done=done.append)
    local = run_tournament("luckiest", {"players": 2}, matches, workers=1)
    assert on_ray == local
    assert sum(done) == len(matches) == 6
