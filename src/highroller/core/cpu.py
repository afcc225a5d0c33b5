"""How many cores this process may run on: the default for worker pools (batch series, bot workers)."""

from __future__ import annotations

import os


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one, else the CPU count)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
