"""What a game provides to draw itself in the terminal (with Rich), for `play` and `replay`, and how
the terminal shows a game's words (its `highroller.core.narration.Narration`) in their tones.

A game's spec names an object implementing `TextRenderer`; the command line never looks inside a
game's view itself. `names` are the display names of the seats, in seat order.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.console import RenderableType
from rich.text import Text

from highroller.core.narration import tone_of
from highroller.core.spec import GameSpec, load_object
from highroller.core.state import State

STYLES = {"plain": "", "strong": "bold", "good": "bold green", "bad": "bold red", "warning": "red"}
"""How the terminal shows each tone of a game's words."""


def styled(words: str) -> Text:
    """A game's words in the style of their tone."""
    return Text(words, style=STYLES[tone_of(words)])


class TextRenderer(Protocol):
    def board(self, view: dict[str, Any], names: list[str]) -> RenderableType:
        """The table as the viewing seat (`view["seat"]`, None for a spectator) sees it."""

    def advice(self, state: State, seat: int) -> RenderableType | None:
        """Help for a person on request ('?' at the prompt): odds, a solver's values, or None."""


def renderer_of(spec: GameSpec) -> TextRenderer:
    """The game's terminal drawing (its spec's `renderer`)."""
    renderer: TextRenderer = load_object(spec.renderer)
    return renderer
