"""The loop watch warns when the event loop's thread runs code past its bound, counting that thread's
own CPU time (so a machine busy with other work does not set it off), and says nothing for a loop that
answers at once."""

from __future__ import annotations

import asyncio
import gc
import logging
import time

import pytest

from highroller.web.http.loopwatch import BUSY, LoopWatch


def spin(seconds: float) -> None:
    """Run code on this thread for `seconds` of its CPU time."""
    start = time.thread_time()
    while time.thread_time() - start < seconds:
        pass


async def watched(work: float, bound: float) -> LoopWatch:
    watch = LoopWatch(bound)
    watch.start()
    await asyncio.sleep(0.1)
    spin(work)
    await asyncio.sleep(0.1)
    watch.stop()
    return watch


def test_a_loop_running_code_past_the_bound_is_named(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="highroller.web.http.loopwatch"):
        watch = asyncio.run(watched(0.15, 0.05))
    assert watch.longest >= 0.05
    assert any(BUSY in record.getMessage() and "spin" in record.getMessage() for record in caplog.records)


def test_a_loop_that_answers_at_once_is_not_named(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="highroller.web.http.loopwatch"):
        watch = asyncio.run(watched(0.005, 0.05))
    assert watch.longest == 0.0 and not any(BUSY in record.getMessage() for record in caplog.records)


async def collected_on_the_loop(heap: list[list[int]], bound: float) -> LoopWatch:
    watch = LoopWatch(bound)
    watch.start()
    await asyncio.sleep(0.1)
    start = time.thread_time()
    while time.thread_time() - start < 25 * bound:
        gc.collect()  # a full pass over the heap, as the collector makes one wherever it strikes
    await asyncio.sleep(0.1)
    watch.stop()
    assert heap
    return watch


def test_a_stretch_spent_collecting_garbage_says_so(caplog: pytest.LogCaptureFixture) -> None:
    heap = [[n] for n in range(200_000)]
    with caplog.at_level(logging.WARNING, logger="highroller.web.http.loopwatch"):
        watch = asyncio.run(collected_on_the_loop(heap, 0.02))
    assert watch.collecting >= 0.06
    assert any("collecting garbage" in record.getMessage() for record in caplog.records)
