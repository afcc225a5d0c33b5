"""Luckiest Dice's score sheet (`highroller.core.sheet`): one row per round played, each seat's
points banked that round, a bust said in words ("bust: 12 points lost").

Nothing in Luckiest Dice is hidden, so the sheet is the same for every seat and for spectators. It
reads the rounds' points from the state, and finds the step that ended each round in the history:
the last seat's bank, or the roll that busted it or placed its last dice.
"""

from __future__ import annotations

from highroller.core.sheet import ScoreSheet, SheetRow, sheet_row, sheet_with_totals
from highroller.core.state import State
from highroller.core.words import Words
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.state import LuckiestState
from highroller.games.luckiest.steps import Bank, Bet, Roll


def score_sheet(state: State, w: Words) -> ScoreSheet:
    """The rounds played so far in `state`, in the words of `w`."""
    assert isinstance(state, LuckiestState)
    players = state.rules.players
    busts: dict[tuple[int, int], int] = {}
    for event in state.events:
        if event["type"] == "bust":
            busts[event["round"], event["seat"]] = event["lost"]
    steps = round_steps(state)
    rows: list[SheetRow] = []
    for index, step in enumerate(steps):
        number = index + 1
        detail = [_bust_words(busts[number, seat], w) if (number, seat) in busts else "" for seat in range(players)]
        rows.append(
            sheet_row(
                w("Round {round}", round=number), step, [state.scores[seat][index] for seat in range(players)], detail
            )
        )
    return sheet_with_totals("points", [0] * players, rows)


def _bust_words(lost: int, w: Words) -> str:
    """A busted turn in a few words, with the points it lost."""
    if not lost:
        return w("bust")
    return w.plural(lost, "bust: {n} point lost", "bust: {n} points lost")


def round_steps(state: LuckiestState) -> list[int]:
    """The history index of the step that ended each round so far: every `players`-th turn's end.

    A turn ends at a bank, or at a roll that matches nothing on its card (a bust) or places the last
    of the dice (banked by itself)."""
    players = state.rules.players
    ends: list[int] = []
    dice_left, mask = DICE, 0
    for index, (_, step) in enumerate(state.history):
        ended = isinstance(step, Bank)
        if isinstance(step, Bet):
            mask = state.masks[step.card]
        elif isinstance(step, Roll):
            matched = sum(count for face, count in enumerate(step.counts) if mask >> face & 1)
            dice_left -= matched
            ended = not matched or not dice_left
        if ended:
            ends.append(index)
            dice_left = DICE
    return ends[players - 1 :: players]
