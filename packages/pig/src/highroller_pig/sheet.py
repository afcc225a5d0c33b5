"""Pig's score sheet (`highroller.core.sheet`): one row per turn that ended, the points a hold banked
or the points a 1 lost, in words.

Nothing in Pig is hidden, so the sheet is the same for every seat and for spectators. It reads the
turns from the history: a turn ends at a hold or at a roll of 1."""

from __future__ import annotations

from highroller.core.sheet import ScoreSheet, SheetRow, sheet_row, sheet_with_totals
from highroller.core.state import State
from highroller.core.words import Words
from highroller_pig.state import PigState
from highroller_pig.steps import Face, Hold


def score_sheet(state: State, w: Words) -> ScoreSheet:
    """The turns played so far in `state`, in the words of `w`."""
    assert isinstance(state, PigState)
    players = state.game.rules.players
    rows: list[SheetRow] = []
    turn, total = 0, 0
    for index, (_player, step) in enumerate(state.history):
        if isinstance(step, Face) and step.value != 1:
            total += step.value
            continue
        if not isinstance(step, (Face, Hold)):
            continue  # a roll asked for: the die tells
        scores = [0.0] * players
        detail = [""] * players
        if isinstance(step, Hold):
            scores[turn] = float(total)
        else:
            detail[turn] = w.plural(total, "a 1: {n} point lost", "a 1: {n} points lost") if total else w("a 1")
        rows.append(sheet_row(w("Turn {turn}", turn=len(rows) + 1), index, scores, detail))
        turn, total = (turn + 1) % players, 0
    return sheet_with_totals("points", [0.0] * players, rows)
