"""Las Vegas in words: stocking, rolls and placements, and each round's results (which ties cancelled,
who took which bill), for the terminal, the web's log and replays, in each language of
`highroller.core.words` (the translations are in this folder's locale/*.po)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from highroller.core.dice import faces_from_counts
from highroller.core.narration import Line
from highroller.core.state import CHANCE, State, Step
from highroller.core.words import Words
from highroller.games.lasvegas.phases import LEFTOVER, STOCK
from highroller.games.lasvegas.scoring import cancelled
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import Place, Roll, Stock

LOCALE = files("highroller.games.lasvegas").joinpath("locale")


class LasVegasNarration:
    """The `Narration` of Las Vegas in one language."""

    def __init__(self, words: Words) -> None:
        self.w = words

    def owner_name(self, owner: str, names: list[str]) -> str:
        return self.w("neutral") if owner == "neutral" else names[int(owner)]

    def label(self, step: Step) -> str:
        """A choice as a button names it."""
        assert isinstance(step, Place)
        if step.bandit:
            return self.w("{face}s on the bandit", face=step.face)
        return self.w("{face}s on casino {face}", face=step.face)

    def bills(self, step: Stock) -> str:
        return " + ".join(self.w.money(b) for b in step.bills) if step.bills else self.w("no bills (the pile is empty)")

    def roll(self, step: Roll) -> str:
        w = self.w
        parts = []
        if sum(step.own):
            parts.append(" ".join(map(str, faces_from_counts(step.own))))
        if step.biggie:
            parts.append(w("Biggie {face}", face=step.biggie))
        if sum(step.neutral):
            parts.append(w("neutral {faces}", faces=" ".join(map(str, faces_from_counts(step.neutral)))))
        return " | ".join(parts) or w("no dice")

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, LasVegasState)
        w = self.w
        if player != CHANCE:
            assert isinstance(step, Place) and state.roll is not None
            dice = self._dice_words(state.roll, step.face)
            if step.bandit:
                return w("{name} placed {dice} on the bandit.", name=names[player], dice=dice)
            return w("{name} placed {dice} on casino {face}.", name=names[player], dice=dice, face=step.face)
        if isinstance(step, Stock):
            if state.phase != STOCK:
                return None
            if state.stocking < 6:
                return w("Casino {number}: {bills}", number=state.stocking + 1, bills=self.bills(step))
            return w("Casino bandit: {bills}", bills=self.bills(step))
        assert isinstance(step, Roll)
        if state.phase == LEFTOVER:
            return w("The leftover neutral dice show {dice}; they go on their casinos.", dice=self.roll(step))
        return w("{name} rolled {dice}.", name=names[state.turn], dice=self.roll(step))

    def _dice_words(self, roll: Roll, face: int) -> str:
        w = self.w
        own = roll.own[face - 1] + (1 if roll.biggie == face else 0)
        neutral = roll.neutral[face - 1]
        parts = []
        if own:
            dice = w.plural(own, "{count} {face}", "{count} {face}s", count=w.count(own), face=face)
            parts.append(w("{dice} (with the Biggie)", dice=dice) if roll.biggie == face else dice)
        if neutral:
            parts.append(
                w.plural(
                    neutral, "{count} neutral {face}", "{count} neutral {face}s", count=w.count(neutral), face=face
                )
            )
        return w(" and ").join(parts)

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        w = self.w
        kind = event["type"]
        if kind == "round":
            return Line(
                "\n" + w("— Round {round}: {name} starts —", round=event["round"], name=names[event["first"]]), "strong"
            )
        if kind == "payout":
            return self._payout_words(event, names)
        if kind == "end":
            ranking = sorted(range(len(names)), key=lambda s: (-event["money"][s], -event["bills"][s]))
            lines = [
                w(
                    "{name}: {money} ({bills})",
                    name=names[s],
                    money=w.money(event["money"][s]),
                    bills=w.plural(event["bills"][s], "{n} bill", "{n} bills"),
                )
                for s in ranking
            ]
            winners = w.joined([names[s] for s in event["winners"]])
            verdict = (
                w("{names} win (shared)!", names=winners)
                if len(event["winners"]) > 1
                else w("{name} wins!", name=winners)
            )
            return Line("\n" + w("Final standings:") + "\n  " + "\n  ".join(lines) + "\n" + verdict, "strong")
        return None

    def _payout_words(self, event: dict[str, Any], names: list[str]) -> str:
        w = self.w
        place = w("The bandit") if event["casino"] == 7 else w("Casino {number}", number=event["casino"])
        dice = event["dice"]
        bills = ", ".join(w.money(b) for b in event["bills"])
        if not dice:
            return w("{place}: no dice; {bills} untaken.", place=place, bills=bills or w("no bills"))
        owners = list(dice)
        parts = [w("{place} ({bills}):", place=place, bills=bills)]
        parts.append(", ".join(f"{self.owner_name(o, names)} {c}" for o, c in dice.items()) + ".")
        if "pips" not in event:
            out = [owners[i] for i in cancelled(list(dice.values()))]
            if out:
                parts.append(
                    w("{names} tie and lose their dice.", names=w.joined([self.owner_name(o, names) for o in out]))
                )
        paid = [
            w("{name} takes {money}", name=self.owner_name(o, names), money=w.money(b))
            for o, b in event["paid"].items()
        ]
        if paid:
            parts.append(w.clauses(paid) + ".")
        left = len(event["bills"]) - len(event["paid"])
        if left > 0:
            parts.append(w.plural(left, "{n} bill untaken.", "{n} bills untaken."))
        return " ".join(parts)


@cache
def narration(lang: str = "en") -> LasVegasNarration:
    """Las Vegas's words in `lang` (one of `highroller.core.words.LANGUAGES`)."""
    return LasVegasNarration(Words(lang, [LOCALE]))


NARRATION = narration()
