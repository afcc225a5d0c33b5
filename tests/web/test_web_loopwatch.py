"""The loop watch warns when the event loop's thread runs code past its bound, counting that thread's
own CPU time (so a machine busy with other work does not set it off), and says nothing for a loop that
answers at once; a stretch the garbage collector took is named as such."""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
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


GARBAGE = """
import asyncio, gc, logging, time
from highroller.web.http.loopwatch import LoopWatch

async def main() -> None:
    watch = LoopWatch(0.02)
    watch.start()
    await asyncio.sleep(0.1)
    start = time.thread_time()
    while time.thread_time() - start < 1.0:
        gc.collect()  # a full pass over the heap, as the collector makes one wherever it strikes
    await asyncio.sleep(0.1)
    watch.stop()
    print("collecting", watch.collecting)

heap = [[n] for n in range(200_000)]
logging.basicConfig(level=logging.WARNING)
asyncio.run(main())
"""
"""A loop held a second by the collector, in a process of its own (a small heap, nothing else running)."""


def test_a_stretch_spent_collecting_garbage_says_so() -> None:
    ran = subprocess.run([sys.executable, "-c", GARBAGE], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert float(ran.stdout.split()[-1]) >= 0.5
    assert BUSY in ran.stderr and "collecting garbage" in ran.stderr, ran.stderr
