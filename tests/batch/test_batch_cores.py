"""Big simulations use every core unless told otherwise; small ones stay on one (starting workers
would cost more than they save). Results never depend on it (see test_batch_per_seed)."""

from __future__ import annotations

from highroller.batch.runner import PARALLEL_FROM, cores, default_processes


def test_a_big_run_takes_every_core_and_a_small_one_a_single_process() -> None:
    assert cores() >= 1
    assert default_processes(PARALLEL_FROM) == cores()
    assert default_processes(10**7) == cores()
    assert default_processes(PARALLEL_FROM - 1) == 1 and default_processes(1) == 1
