"""What a game provides to draw itself in the terminal (with Rich), for `play` and `replay`.

A game's spec names an object implementing `TextRenderer`; the command line never looks inside a
game's view itself. `names` are the display names of the seats, in seat order.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.console import RenderableType

from highroller.core.state import State, Step


class TextRenderer(Protocol):
    def board(self, view: dict[str, Any], names: list[str]) -> RenderableType:
        """The table as the viewing seat (`view["seat"]`, None for a spectator) sees it."""

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        """One line saying what a step does, called just before it is applied to `state`
        (None to stay silent, e.g. for a step the next board shows anyway)."""

    def describe_event(self, event: dict[str, Any], names: list[str]) -> RenderableType | None:
        """What an event of the record means, in words (payouts explained, round starts, the end)."""

    def advice(self, state: State, seat: int) -> RenderableType | None:
        """Help for a person on request ('?' at the prompt): odds, a solver's values, or None."""
