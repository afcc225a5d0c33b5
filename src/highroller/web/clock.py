"""The server's wall clock: `time.time()`, unless the host set a test clock.

Turn-based tables give a move hours or days, so tests cannot wait for a deadline. With the
environment variable `HIGHROLLER_TEST_CLOCK` naming a file, every server process and bot worker
(which inherit the environment) adds the number of seconds written in that file to the real time:
writing 86400 there makes a day pass at once, for all of them. Unset, as in production, the clock is
`time.time()` and no file is ever read.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

TEST_CLOCK = "HIGHROLLER_TEST_CLOCK"
"""The environment variable naming the test clock's file of seconds to add."""

_cached: tuple[float, float] = (-1.0, 0.0)
"""The test clock file's modification time when last read, and the offset it held."""


def _offset(path: Path) -> float:
    global _cached
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return 0.0
    if stamp != _cached[0]:
        try:
            _cached = (stamp, float(path.read_text().strip() or 0))
        except (OSError, ValueError):
            return _cached[1]
    return _cached[1]


def now() -> float:
    """Seconds since the epoch, as every server process and bot worker agrees on them."""
    path = os.environ.get(TEST_CLOCK)
    if path is None:
        return time.time()
    return time.time() + _offset(Path(path))
