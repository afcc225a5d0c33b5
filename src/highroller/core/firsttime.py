"""First-time work: what some bots and advice do the first time they run (compiling code, then kept
on disk), and processes that must not wait for it.

Las Vegas's `expert` compiles its playouts once, for every player count (15–20 s). A terminal
player may wait for that once; a web server's bot workers may not, or a person would wait that long
for a bot's move. Such a process calls `defer()` (a web server does while its own warm-up process compiles
everything in the background); from then on `check` raises `NotWarm` where the work is not done yet,
and the caller plays with a bot that needs none (`highroller.core.botspec.while_warming`) or gives
its advice without the part that needs it.
"""

from __future__ import annotations

from highroller.core.errors import HighrollerError


class NotWarm(HighrollerError):
    """The first-time work a bot or advice needs is not done, and this process defers it."""


_deferring = False


def defer(deferring: bool = True) -> None:
    """From now on, in this process, refuse first-time work (`NotWarm`) instead of doing it."""
    global _deferring
    _deferring = deferring


def check(done: bool, what: str) -> None:
    """Raise `NotWarm` if `what` still needs its first-time work (`done` is False) and this process defers it."""
    if not done and _deferring:
        raise NotWarm(f"{what} is not ready yet: it is being prepared in the background")
