"""Luckiest Dice in words: bets, rolls and what they matched, busts, banks and the scores by round, for
the terminal, the web's log and replays."""

from __future__ import annotations

from typing import Any

from highroller.core.narration import Line
from highroller.core.state import State, Step
from highroller.games.luckiest.cards import CARDS
from highroller.games.luckiest.state import LuckiestState
from highroller.games.luckiest.steps import Bank, Bet, Roll

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class LuckiestNarration:
    """The `Narration` of Luckiest Dice."""

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, LuckiestState)
        who = names[state.turn]
        if isinstance(step, Bet):
            return f"{who} bets on {CARDS[step.card].label} and rolls {NUMBER_WORDS[state.dice_left]} {'die' if state.dice_left == 1 else 'dice'}."
        if isinstance(step, Bank):
            return None  # the bank event says it
        assert isinstance(step, Roll)
        card = CARDS[state.bet]
        mask = state.masks[state.bet]
        matched = sum(count for face, count in enumerate(step.counts) if mask >> face & 1)
        if not matched:
            return f"Rolled {step}: nothing matches {card.label}."
        return f"Rolled {step}: {NUMBER_WORDS[matched]} on {card.label} (+{matched * card.points} points)."

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        kind = event["type"]
        if kind == "bust":
            lost = f", losing {event['lost']} points" if event["lost"] else ""
            return Line(f"Bust! {names[event['seat']]} scores nothing this round{lost}.", "bad")
        if kind == "bank":
            how = "No dice left: " if event["automatic"] else ""
            return Line(f"{how}{names[event['seat']]} banks {event['points']} points (total {event['total']}).", "good")
        if kind == "round":
            scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["scores"]))
            return Line(f"\n— End of round {event['round']}: {scores} —", "strong")
        if kind == "end":
            ranking = sorted(range(len(names)), key=lambda s: -event["totals"][s])
            lines = [f"{names[s]}: {event['totals'][s]} points" for s in ranking]
            winners = joined([names[s] for s in event["winners"]])
            verb = "share the win" if len(event["winners"]) > 1 else "wins"
            return Line("\nFinal scores:\n  " + "\n  ".join(lines) + f"\n{winners} {verb}!", "strong")
        return None


NARRATION = LuckiestNarration()
