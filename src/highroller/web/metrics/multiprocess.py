"""prometheus-client's multi-process mode, set up by `highroller serve` and `highroller bots` before
anything imports prometheus-client (it picks how values are kept when it is first imported): every
process of the machine (servers, bot workers and their worker processes) writes its values to files in
one directory, which `/metrics` adds up. Without a directory given, a private temporary one, removed
at exit, so a server's own worker processes still count. This module imports no prometheus-client."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

ENVIRONMENT = "PROMETHEUS_MULTIPROC_DIR"
"""Where prometheus-client (and every child process, which inherits it) looks for the directory."""
OFF = "HIGHROLLER_NO_METRICS"
"""Set (to 1) in a process that counts nothing, and so in its bot and advice workers (`serve --no-metrics`)."""

_directory: str | None = None


def prepare(directory: str | None) -> str:
    """Use `directory` (made if missing; None: a fresh private one) for this process and its children;
    the directory. Call before anything imports prometheus_client."""
    global _directory
    if directory is None:
        made = tempfile.mkdtemp(prefix="highroller-metrics-")
        atexit.register(shutil.rmtree, made, ignore_errors=True)
        directory = made
    else:
        Path(directory).mkdir(parents=True, exist_ok=True)
    os.environ[ENVIRONMENT] = directory
    _directory = directory
    atexit.register(_mark_dead, os.getpid())
    return directory


def switch_off() -> None:
    """Count nothing in this process and its children (no files, no listener): call it before anything
    imports `highroller.web.metrics.registry`."""
    os.environ[OFF] = "1"


def counting() -> bool:
    """Whether this process counts (not switched off, here or in the process that started it)."""
    return os.environ.get(OFF) != "1"


def directory() -> str | None:
    """The directory of this process's multi-process metrics; None in single-process mode (in-process tests)."""
    return _directory


def _mark_dead(pid: int) -> None:
    """Remove this process's live gauges (open connections, warm-up) from the shared directory."""
    if _directory is not None and os.path.isdir(_directory):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid, _directory)
