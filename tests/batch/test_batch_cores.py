"""Big simulations use every core unless told otherwise; small ones stay on one (starting worker
processes would cost more than they save), while an engine whose kernels release the interpreter's lock
is played by threads, which start at once. Results never depend on it (see test_batch_per_seed)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import highroller as hr
from highroller.batch import runner
from highroller.batch.engine import engine_at
from highroller.batch.ranges import CHUNK
from highroller.batch.runner import PARALLEL_FROM, default_processes, run_totals
from highroller.core.cpu import cores


def test_a_big_run_takes_every_core_and_a_small_one_a_single_process() -> None:
    assert cores() >= 1
    assert default_processes(PARALLEL_FROM) == cores()
    assert default_processes(10**7) == cores()
    assert default_processes(PARALLEL_FROM - 1) == 1 and default_processes(1) == 1


def test_threads_take_every_core_from_a_series_second_chunk() -> None:
    assert default_processes(CHUNK + 1, threads=True) == cores()
    assert default_processes(CHUNK, threads=True) == 1


def test_threads_play_the_engines_that_release_the_lock_and_processes_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert hr.game_spec("lasvegas").batch and engine_at(hr.game_spec("lasvegas").batch).threads
    assert not engine_at(hr.game_spec("luckiest").batch).threads
    with runner.new_pool(2, threads=True) as pool:
        assert isinstance(pool, ThreadPoolExecutor)
    game = hr.make("lasvegas", players=3)
    one = run_totals(hr.game_spec("lasvegas").batch, game, ["random"] * 3, 5, 2 * CHUNK + 5, processes=1)

    def no_processes(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a worker process was started")

    monkeypatch.setattr(runner, "ProcessPoolExecutor", no_processes)
    assert run_totals(hr.game_spec("lasvegas").batch, game, ["random"] * 3, 5, 2 * CHUNK + 5, processes=2) == one
    whole = runner.run_series(hr.game_spec("lasvegas").batch, game, ["random"] * 3, 5, 2 * CHUNK + 5, processes=2)
    assert whole.games == 2 * CHUNK + 5 and whole.returns.sum(axis=0).tolist() == [
        float(total) for total in one.returns
    ]
