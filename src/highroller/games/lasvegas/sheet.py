"""Las Vegas's score sheet (`highroller.core.sheet`): one row per round scored, each seat's money
taken that round with its bills, highest first, as the detail ("$60,000 + $30,000").

Everything on it is public (docs/rules/lasvegas.md, ruling 1: every payout happens in the open), so
the sheet is the same for every seat and for spectators. It reads the rounds' payout events, and
finds the step that scored each round in the history: a round is scored by its last placement, which
the next round's first stocking follows.
"""

from __future__ import annotations

from highroller.core.sheet import ScoreSheet, SheetRow, sheet_row, sheet_with_totals
from highroller.core.state import State
from highroller.core.words import Words
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import Stock


def score_sheet(state: State, w: Words) -> ScoreSheet:
    """The rounds scored so far in `state`, in the words of `w`."""
    assert isinstance(state, LasVegasState)
    players = state.rules.players
    taken: dict[int, list[list[int]]] = {}
    for event in state.events:
        if event["type"] == "payout":
            bills = taken.setdefault(event["round"], [[] for _ in range(players)])
            for owner, bill in event["paid"].items():
                if owner != "neutral":
                    bills[int(owner)].append(bill)
    steps = scoring_steps(state, len(taken))
    rows: list[SheetRow] = []
    for number, step in zip(sorted(taken), steps, strict=True):
        bills = taken[number]
        rows.append(
            sheet_row(
                w("Round {round}", round=number),
                step,
                [sum(seat_bills) for seat_bills in bills],
                [" + ".join(w.money(bill) for bill in sorted(seat_bills, reverse=True)) for seat_bills in bills],
            )
        )
    return sheet_with_totals("money", [0] * players, rows)


def scoring_steps(state: LasVegasState, scored: int) -> list[int]:
    """The history index of the last placement of each of the `scored` rounds scored so far, the step
    that scored it: the next round's first stocking follows it at once, so a round that none follows
    yet was scored by the last step."""
    history = state.history
    steps = [
        index - 1
        for index in range(1, len(history))
        if isinstance(history[index][1], Stock) and not isinstance(history[index - 1][1], Stock)
    ]
    return steps + [len(history) - 1] * (scored - len(steps))
