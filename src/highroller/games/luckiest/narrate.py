"""Luckiest Dice in words: bets, rolls and what they matched, busts, banks and the scores by round, for
the terminal, the web's log and replays, in each language of `highroller.core.words` (the
translations are in this folder's locale/*.po)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from highroller.core.narration import Line
from highroller.core.state import State, Step
from highroller.core.words import Words
from highroller.games.luckiest.cards import CARDS, Card
from highroller.games.luckiest.state import LuckiestState
from highroller.games.luckiest.steps import Bank, Bet, Roll

LOCALE = files("highroller.games.luckiest").joinpath("locale")


class LuckiestNarration:
    """The `Narration` of Luckiest Dice in one language."""

    def __init__(self, words: Words) -> None:
        self.w = words

    def card(self, card: Card) -> str:
        """A bet card's name: "odd", "number 3", "blue"..."""
        w = self.w
        if card.kind == "number":
            return w("number {n}", n=card.value)
        words = {
            "odd": w("odd"),
            "even": w("even"),
            "circle": w("circle"),
            "square": w("square"),
            "cross": w("cross"),
            "blue": w("blue"),
            "red": w("red"),
            "orange": w("orange"),
        }
        return words.get(str(card.value), str(card.value))

    def label(self, step: Step) -> str:
        """A choice as a button names it."""
        if isinstance(step, Bank):
            return self.w("bank")
        assert isinstance(step, Bet)
        return self.w("bet on {card}", card=self.card(CARDS[step.card]))

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, LuckiestState)
        w = self.w
        who = names[state.turn]
        if isinstance(step, Bet):
            count = w.count(state.dice_left)
            return w.plural(
                state.dice_left,
                "{name} bets on {card} and rolls {count} die.",
                "{name} bets on {card} and rolls {count} dice.",
                name=who,
                card=self.card(CARDS[step.card]),
                count=count,
            )
        if isinstance(step, Bank):
            return None  # the bank event says it
        assert isinstance(step, Roll)
        card = CARDS[state.bet]
        mask = state.masks[state.bet]
        matched = sum(count for face, count in enumerate(step.counts) if mask >> face & 1)
        if not matched:
            return w("Rolled {dice}: nothing matches {card}.", dice=str(step), card=self.card(card))
        return w.plural(
            matched * card.points,
            "Rolled {dice}: {count} on {card} (+{n} point).",
            "Rolled {dice}: {count} on {card} (+{n} points).",
            dice=str(step),
            count=w.count(matched),
            card=self.card(card),
        )

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        w = self.w
        kind = event["type"]
        if kind == "bust":
            name = names[event["seat"]]
            if event["lost"]:
                return Line(
                    w("Bust! {name} scores nothing this round, losing {lost} points.", name=name, lost=event["lost"]),
                    "bad",
                )
            return Line(w("Bust! {name} scores nothing this round.", name=name), "bad")
        if kind == "bank":
            banks = w(
                "{name} banks {points} points (total {total}).",
                name=names[event["seat"]],
                points=event["points"],
                total=event["total"],
            )
            return Line(w("No dice left: {banks}", banks=banks) if event["automatic"] else banks, "good")
        if kind == "round":
            scores = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event["scores"]))
            return Line("\n" + w("— End of round {round}: {scores} —", round=event["round"], scores=scores), "strong")
        if kind == "end":
            ranking = sorted(range(len(names)), key=lambda s: -event["totals"][s])
            lines = [w("{name}: {points} points", name=names[s], points=event["totals"][s]) for s in ranking]
            winners = w.joined([names[s] for s in event["winners"]])
            verdict = (
                w("{names} share the win!", names=winners)
                if len(event["winners"]) > 1
                else w("{name} wins!", name=winners)
            )
            return Line("\n" + w("Final scores:") + "\n  " + "\n  ".join(lines) + "\n" + verdict, "strong")
        return None


@cache
def narration(lang: str = "en") -> LuckiestNarration:
    """Luckiest Dice's words in `lang` (one of `highroller.core.words.LANGUAGES`)."""
    return LuckiestNarration(Words(lang, [LOCALE]))


NARRATION = narration()
