"""The progress bar that long commands (`simulate`, `analyze`) draw on standard error while they play:
what it is about, the bar, games done of the total, and the time left. It disappears when done, so
the command's own output (a table, JSON, a summary) is all that stays."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


def progress_bar() -> Progress:
    """A new progress display (use it as a context manager; one task per series)."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    return Progress(*columns, console=Console(stderr=True), transient=True)
