"""A game's score sheet as data: what each seat gained (or lost) at each scoring so far — a round, a
card — in the words of a language. A game's `score_sheet` (`GameSpec.score_sheet`) builds one from a
state; the web's score sheet and its latest-scoring card show it.

The shape, as JSON:

    {"unit": "money" | "points",      what the numbers count (the game's `returns_unit`)
     "start": [number per seat],      what each seat had before any scoring (a starting purse; else 0)
     "rows": [{"label": str,          the scoring in words: "Round 2", "Card 3: completed"
               "step": int,           the history index of the step that scored it
               "scores": [number per seat],  what each seat gained (negative: lost) there
               "detail": [str per seat] | null}],  a few words per seat ("" for none), or none at all
     "totals": [number per seat]}     `start` plus every row's scores

Rows come in the order of their steps, and a later state's sheet holds the earlier one's rows
unchanged: a sheet only grows. Every change of score is a row's, so at the game's end `totals` is
the game's `returns()`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from typing_extensions import TypedDict

Unit = Literal["money", "points"]


class SheetRow(TypedDict):
    """One scoring: its words, the step that made it, and each seat's gain with a few words."""

    label: str
    step: int
    scores: list[float]
    detail: list[str] | None


class ScoreSheet(TypedDict):
    """Every scoring of a game so far, with the seats' starting scores and their totals."""

    unit: Unit
    start: list[float]
    rows: list[SheetRow]
    totals: list[float]


def sheet_row(label: str, step: int, scores: list[float], detail: list[str] | None = None) -> SheetRow:
    """A row; `detail`, when given, has one entry per seat, and is dropped when every entry is empty."""
    return {"label": label, "step": step, "scores": scores, "detail": detail if detail and any(detail) else None}


def sheet_with_totals(unit: Unit, start: Sequence[float], rows: list[SheetRow]) -> ScoreSheet:
    """A sheet of `rows` (in the order of their steps) from `start`, with its totals added up."""
    totals = list(start)
    for row in rows:
        totals = [total + score for total, score in zip(totals, row["scores"], strict=True)]
    return {"unit": unit, "start": list(start), "rows": rows, "totals": totals}
