"""Pig in words (its narration) and in the terminal (its drawing and advice)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from highroller.core.narration import Line
from highroller.core.state import CHANCE, State, Step
from pig.rules import FACES, PigState


class PigNarration:
    """The `Narration` of Pig."""

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        assert isinstance(state, PigState)
        if player == CHANCE and step != FACES[0]:
            return f"{names[state.turn]} rolls a {step}: {state.total + step.value} this turn."  # type: ignore[attr-defined]
        return None

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        if event["type"] == "pig":
            return Line(f"{names[event['seat']]} rolls a 1 and loses {event['lost']} points.", "bad")
        if event["type"] == "hold":
            return f"{names[event['seat']]} holds {event['points']} points (score {event['score']})."
        if event["type"] == "end":
            return Line(f"{' and '.join(names[seat] for seat in event['winners'])} wins!", "strong")
        return None


class PigRenderer:
    """The `TextRenderer` of Pig."""

    def board(self, view: dict[str, Any], names: list[str]) -> Text:
        scores = ", ".join(f"{name} {score}" for name, score in zip(names, view["scores"], strict=True))
        return Text(f"Pig to {view['target']}: {scores}. {names[view['turn']]}'s turn, {view['total']} so far.")

    def advice(self, state: State, seat: int) -> str | None:
        assert isinstance(state, PigState)
        return "hold" if state.total >= 20 else "roll"


NARRATION = PigNarration()
RENDERER = PigRenderer()
