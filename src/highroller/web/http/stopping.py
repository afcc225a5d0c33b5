"""How a server process ends when it is told to stop (SIGTERM, or SIGINT: Ctrl-C): always, and within
`STOP_LIMIT` seconds of the signal, however early in its start the signal comes.

While the server starts (loading every game, creating the database's schema), a signal ends it at
once. Once uvicorn serves, uvicorn stops it gracefully: no new connections, WebSockets closed (1012,
so that clients reconnect elsewhere), requests under way given `GRACE` seconds, the server's tasks
cancelled and its store closed. A start or a stop held up by anything (a helper process that is slow
to start, a database lock another process holds, a task that does not let go) ends `STOP_LIMIT`
seconds after the signal all the same.

The signals are caught rather than left to their default action, which a process does not always
get: the first process of a PID namespace (the one process of a container) ignores a signal left to
its default action, and a process inherits a signal ignored or blocked from whatever started it. A
caught signal's handler runs in the main thread only once it is back in Python, which it may not be
for a while (SQLite waits for another process's write lock in C, up to its busy timeout): the number
of every signal caught is written to a pipe the moment it arrives (`signal.set_wakeup_fd`), where a
thread of this module reads it and sets the deadline. A process ended by a signal ends by that
signal, as a host's supervisor expects of a stop, or with status 128 + its number where the signal's
default action is ignored or the deadline ends it.
"""

from __future__ import annotations

import os
import signal
import threading
from types import FrameType

import uvicorn

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
"""The signals that stop a server: SIGTERM (a host's supervisor, a container's stop), SIGINT (Ctrl-C)."""

STOP_LIMIT = 7.0
"""Seconds from a stop signal to the end of the process at the latest."""

GRACE = 3
"""Seconds a graceful stop gives the requests under way (a long poll waits up to 25): then they are cut."""

_deadline: threading.Timer | None = None
"""What ends this process once a stop signal came, if it has not ended by then."""
_deadline_lock = threading.Lock()


def stop_on_signals() -> None:
    """From now on, SIGTERM and SIGINT end this process at once and, whatever holds it, within
    `STOP_LIMIT` seconds. Called first thing by the server's command, in the main thread, once."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    for signum in STOP_SIGNALS:
        signal.signal(signum, _end_now)
    heard, told = os.pipe()
    os.set_blocking(told, False)
    signal.set_wakeup_fd(told, warn_on_full_buffer=False)
    threading.Thread(target=_listen, args=(heard,), name="stop-signals", daemon=True).start()


def _end_now(signum: int, frame: FrameType | None) -> None:
    """End this process by the signal `signum`, or with status 128 + `signum` where its default action
    is ignored (the first process of a PID namespace)."""
    signal.signal(signum, signal.SIG_DFL)
    signal.raise_signal(signum)
    os._exit(128 + signum)


def _listen(heard: int) -> None:
    """Set the deadline when a stop signal arrives (its number written to the pipe `heard`)."""
    while True:
        for signum in os.read(heard, 64):
            if signum in STOP_SIGNALS:
                _set_deadline(signum)


def _set_deadline(signum: int) -> None:
    """End this process `STOP_LIMIT` seconds from now, with status 128 + `signum`, unless it has ended
    by then (an earlier deadline stands)."""
    global _deadline
    with _deadline_lock:
        if _deadline is None:
            _deadline = threading.Timer(STOP_LIMIT, os._exit, (128 + signum,))
            _deadline.daemon = True
            _deadline.start()


class Server(uvicorn.Server):
    """uvicorn's server, whose graceful stop on a signal ends the process within `STOP_LIMIT` seconds
    of the signal all the same."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        _set_deadline(sig)
        super().handle_exit(sig, frame)
