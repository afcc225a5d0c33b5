"""Watching the event loop: a thread asks the loop to answer every `EVERY` seconds and notes, with
the loop thread's own CPU time, how long it took; an answer for which the loop thread itself ran code
longer than the host's bound (`Settings.loop_warning`, 50 ms by default, of the thread's CPU time: a
wait for a lock, for the disk or for a machine shared with other work is not the loop's doing) is
logged as a warning with where the loop was at the time. Nothing the server does on its event loop may hold it
that long: everything whose cost grows with a game or a list is done in threads or worker processes.

The warning reads "the event loop was busy for 87 ms (84 ms of CPU) at …", so a host (and the load
tests) can look for it in the log; when the cyclic garbage collector ran on the loop's thread meanwhile
(a full pass over a large heap takes that long wherever it strikes), it adds "(62 ms collecting
garbage)".
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
import threading
import time
import traceback
from types import FrameType

log = logging.getLogger(__name__)

EVERY = 0.01
"""Seconds between two questions to the loop."""

BUSY = "the event loop was busy for"
"""How every warning of a held loop begins."""

OURS, INNERMOST = 4, 3
"""A warning shows the last `OURS` of highroller's frames and the `INNERMOST` frames of the loop's stack."""


def _where(frame: FrameType) -> str:
    """Where the loop is: the last few of highroller's frames on its stack, then the innermost ones."""
    stack = traceback.extract_stack(frame)
    ours = [entry for entry in stack if f"{os.sep}highroller{os.sep}" in entry.filename][-OURS:]
    return "".join(
        traceback.format_list([entry for entry in ours if entry not in stack[-INNERMOST:]] + stack[-INNERMOST:])
    ).strip()


class LoopWatch:
    """The watch of one event loop; `start` it on the loop, `stop` it when the server stops."""

    def __init__(self, bound: float) -> None:
        self.bound = bound
        self.longest = 0.0
        """The longest CPU time the loop thread spent on one stretch past the bound, in seconds."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop_thread = 0
        self._collecting_since = 0.0
        self.collecting = 0.0
        """Seconds the garbage collector has run on the loop's thread since the watch started."""

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        """(A `gc.callbacks` entry.) Add up the garbage collector's time on the loop's thread."""
        if threading.get_ident() != self._loop_thread:
            return
        if phase == "start":
            self._collecting_since = time.perf_counter()
        else:
            self.collecting += time.perf_counter() - self._collecting_since

    def start(self) -> None:
        """Watch the running loop from a thread of its own (nothing with no bound or off Linux)."""
        if self.bound <= 0 or not hasattr(time, "pthread_getcpuclockid"):
            return
        loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        gc.callbacks.append(self._collected)
        self._thread = threading.Thread(
            target=self._watch, args=(loop, threading.get_ident()), name="loop-watch", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)

    def _watch(self, loop: asyncio.AbstractEventLoop, ident: int) -> None:
        clock = time.pthread_getcpuclockid(ident)
        while not self._stop.wait(EVERY):
            try:
                self._ask(loop, ident, clock)
            except (RuntimeError, OSError):  # the loop closed, or its thread ended
                return

    def _ask(self, loop: asyncio.AbstractEventLoop, ident: int, clock: int) -> None:
        """Ask the loop to answer once, and warn if its thread ran code past the bound before it did. The
        loop notes, as it answers, the time, its thread's CPU time and the collector's time so far: what
        this thread sees later could include work done after the answer."""
        answered = threading.Event()
        noted: list[float] = []

        def answer() -> None:
            noted.extend((time.monotonic(), time.thread_time(), self.collecting))
            answered.set()

        asked, cpu, collecting = time.monotonic(), time.clock_gettime(clock), self.collecting
        loop.call_soon_threadsafe(answer)
        where = ""
        if not answered.wait(self.bound):
            frame = sys._current_frames().get(ident)
            where = _where(frame) if frame is not None else "?"
            while not answered.wait(1.0) and not self._stop.is_set():
                pass
        if not noted:
            return  # stopped before the loop answered
        waited, busy, garbage = noted[0] - asked, noted[1] - cpu, noted[2] - collecting
        if busy > self.bound:
            self.longest = max(self.longest, busy)
            garbage = min(garbage, busy)  # a collection under way when asked counts whole
            collected = f" ({garbage * 1000:.0f} ms collecting garbage)" if garbage >= 0.001 else ""
            log.warning("%s %.0f ms (%.0f ms of CPU)%s at\n%s", BUSY, waited * 1000, busy * 1000, collected, where)
