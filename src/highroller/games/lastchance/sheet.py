"""Last Chance's score sheet (`highroller.core.sheet`): from the starting money, one row per attempt
at a card, completed or failed ("Card 3: failed"), with each seat's gain or loss from it — the
roller's bid and payout, the side bets — and a few words on what each seat did.

Nothing in Last Chance is hidden but the deck's order, so the sheet is the same for every seat and
for spectators. It reads the settlement events (each holds everyone's money after it), and finds
the step that settled each attempt in the history: the step before the next card's draw, the step
of the attempt's last roll (or of the decision on the jokers that follows it), or the last step.
"""

from __future__ import annotations

from typing import Any

from highroller.core.sheet import ScoreSheet, SheetRow, sheet_row, sheet_with_totals
from highroller.core.state import State
from highroller.core.words import Words
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import Draw, Lock, Roll, Wait


def score_sheet(state: State, w: Words) -> ScoreSheet:
    """The attempts settled so far in `state`, in the words of `w`."""
    assert isinstance(state, LastChanceState)
    players = state.rules.players
    start = [state.rules.money] * players
    money = list(start)
    steps = settling_steps(state, sum(1 for event in state.events if event["type"] == "settle"))
    rows: list[SheetRow] = []
    number, tries, last_chance = 0, 0, False
    for event in state.events:
        kind = event["type"]
        if kind == "card":
            if event["number"] != number:
                number, tries = event["number"], 0
        elif kind == "auction":
            last_chance = event["last_chance"]
        elif kind == "settle":
            tries += 1  # a card missed is bid and rolled for again, or another is drawn for its place
            label = _label(number, tries, event["success"], w)
            scores = [after - before for after, before in zip(event["money"], money, strict=True)]
            rows.append(sheet_row(label, steps[len(rows)], scores, _detail(event, last_chance, players, w)))
            money = list(event["money"])
        elif kind == "eliminated" and rows:
            detail = rows[-1]["detail"] or [""] * players
            detail[event["seat"]] = w.clauses(filter(None, (detail[event["seat"]], w("out of the game"))))
            rows[-1]["detail"] = detail
    return sheet_with_totals("money", start, rows)


def _label(number: int, tries: int, success: bool, w: Words) -> str:
    """A row's name: the card's place among those to complete, and which try at it this was."""
    if tries == 1:
        return w("Card {number}: completed", number=number) if success else w("Card {number}: failed", number=number)
    if success:
        return w("Card {number}, try {tries}: completed", number=number, tries=tries)
    return w("Card {number}, try {tries}: failed", number=number, tries=tries)


def _detail(event: dict[str, Any], last_chance: bool, players: int, w: Words) -> list[str]:
    """What each seat did in a settled attempt: the roller's result, each bettor's bet."""
    roller = event["roller"]
    detail = [""] * players
    bid = next((move["amount"] for move in event["transfers"] if move["for"] == "bid lost"), 0)
    payout = next((move["amount"] for move in event["transfers"] if move["for"] == "payout"), 0)
    if event["success"]:
        result = w("completed it: {payout}", payout=w.money(payout))
    elif bid:
        result = w("failed, bid of {bid} lost", bid=w.money(bid))
    else:
        result = w("failed")
    detail[roller] = w("Last Chance! {result}", result=result) if last_chance else result
    for move in event["transfers"]:
        if move["for"] in ("yes bet", "no bet"):
            bettor = move["to"] if move["from"] in ("bank", roller) else move["from"]
            won = move["to"] == bettor
            detail[bettor] = _bet_words(move["for"] == "yes bet", won, w.money(move["amount"]), w)
    return detail


def _bet_words(yes: bool, won: bool, wager: str, w: Words) -> str:
    """A side bet in a few words: its side, its wager, and whether it won."""
    if yes:
        return w("yes bet of {wager} won", wager=wager) if won else w("yes bet of {wager} lost", wager=wager)
    return w("no bet of {wager} won", wager=wager) if won else w("no bet of {wager} lost", wager=wager)


def settling_steps(state: LastChanceState, settled: int) -> list[int]:
    """The history index of the step that settled each of the `settled` attempts so far.

    An attempt ends at its card's last roll (or at the roller's decision on the jokers after it), or,
    completed sooner, just before the next card is drawn; an attempt that nothing follows yet was
    settled by the last step."""
    history = state.history
    steps: list[int] = []
    rolls = rolls_left = 0
    for index, (_, step) in enumerate(history):
        if isinstance(step, Draw):
            if index and (not steps or steps[-1] != index - 1):
                steps.append(index - 1)
            rolls = rolls_left = step.card.rolls
        elif isinstance(step, Roll):
            rolls_left -= 1
            if not rolls_left:
                after = history[index + 1][1] if index + 1 < len(history) else None
                steps.append(index + 1 if isinstance(after, (Lock, Wait)) else index)
                rolls_left = rolls
    return steps[:settled] + [len(history) - 1] * (settled - len(steps))
