"""Pig in words: each roll, a 1 losing the turn, a hold and the winner, for the terminal, the web's log
and replays, in each language of `highroller.core.words` (French and German are in this folder's locale/;
a language without a catalog reads English)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from highroller.core.narration import Line
from highroller.core.state import CHANCE, State, Step
from highroller.core.words import Words
from highroller_pig.state import PigState
from highroller_pig.steps import FACES, HOLD, ROLL, Face

LOCALE = files("highroller_pig").joinpath("locale")


class PigNarration:
    """The `Narration` of Pig in one language."""

    def __init__(self, words: Words) -> None:
        self.w = words

    def label(self, step: Step) -> str:
        """A choice as a button names it."""
        return {ROLL: self.w("roll"), HOLD: self.w("hold")}.get(step, str(step))

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, PigState)
        if player == CHANCE and isinstance(step, Face) and step != FACES[0]:
            return self.w(
                "{name} rolls a {face}: {total} this turn.",
                name=names[state.turn],
                face=step.value,
                total=state.total + step.value,
            )
        return None  # a 1, a hold and the end are told by their events; a roll by its face

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        w = self.w
        if event["type"] == "pig":
            return Line(
                w("{name} rolls a 1 and loses {lost} points.", name=names[event["seat"]], lost=event["lost"]), "bad"
            )
        if event["type"] == "hold":
            return w(
                "{name} holds {points} points (score {score}).",
                name=names[event["seat"]],
                points=event["points"],
                score=event["score"],
            )
        if event["type"] == "end":
            return Line(w("{name} wins!", name=w.joined([names[seat] for seat in event["winners"]])), "strong")
        return None


@cache
def narration(lang: str = "en") -> PigNarration:
    """Pig's words in `lang` (one of `highroller.core.words.LANGUAGES`)."""
    return PigNarration(Words(lang, [LOCALE]))
