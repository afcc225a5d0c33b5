"""The table log in words, from each game's own narration (`describe_step`, `describe_event`).

The server never phrases a game's steps itself: it asks the narration named in the game's spec, so a
new game's log needs no server change.
"""

from __future__ import annotations

from typing import Any

from highroller.core.state import State, Step
from highroller.registry import narration_of


def _plain(text: str | None) -> str | None:
    if text is None:
        return None
    return str(text).strip() or None


class Narrator:
    """Turns steps and events into log lines: `{"n": step number, "text": ...}`."""

    def __init__(self, game: str, names: list[str]) -> None:
        self._narration = narration_of(game)
        self._names = names

    def step_line(self, state: State, player: int, step: Step) -> str | None:
        """What `step` does, asked just before it is applied to `state`."""
        return _plain(self._narration.describe_step(state, player, step, self._names))

    def event_lines(self, events: list[dict[str, Any]]) -> list[str]:
        """The events in words, those the narration has words for."""
        lines = (_plain(self._narration.describe_event(event, self._names)) for event in events)
        return [line for line in lines if line]

    def apply(self, state: State, step: Step, log: list[dict[str, Any]]) -> None:
        """Apply `step` to `state`, appending its line and the lines of the events it caused to `log`."""
        number = len(state.history)
        line = self.step_line(state, state.current_player, step)
        seen = len(state.events)
        state.apply(step)
        if line:
            log.append({"n": number, "text": line})
        log.extend({"n": number, "text": text} for text in self.event_lines(state.events[seen:]))
