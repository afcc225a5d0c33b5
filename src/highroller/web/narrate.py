"""The table log in words, in every language the pages speak, from each game's own narration
(`describe_step`, `describe_event`, `label`).

The server never phrases a game's steps itself: it asks the narration named in the game's spec, so a
new game's log needs no server change. A log line is `{"n": step number, "text": {lang: words}}`;
a client reads the lines in its own language (`in_language`).
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from highroller.core.narration import Narration, step_label
from highroller.core.state import State, Step
from highroller.core.words import LANGUAGES, Words
from highroller.registry import narration_of

Texts = dict[str, str]
"""The same words in each language: {"en": ..., "fr": ..., "de": ...}."""


@cache
def web_words(lang: str) -> Words:
    """The words of the server's own messages (seat changes) in `lang`."""
    return Words(lang, [files("highroller.web").joinpath("locale")])


def _plain(text: str | None) -> str | None:
    if text is None:
        return None
    return str(text).strip() or None


def in_language(lines: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Log lines as one client reads them: `{"n", "text"}` in `lang`."""
    return [{"n": line["n"], "text": line["text"][lang]} for line in lines]


class Narrator:
    """Turns steps and events into log lines in every language."""

    def __init__(self, game: str, names: list[str]) -> None:
        self._narrations: dict[str, Narration] = {lang: narration_of(game, lang) for lang in LANGUAGES}
        self._names = names

    def step_texts(self, state: State, player: int, step: Step) -> Texts | None:
        """What `step` does, asked just before it is applied to `state` (None: the game says nothing)."""
        texts = {lang: _plain(narration.describe_step(state, player, step, self._names)) for lang, narration in self._narrations.items()}
        return None if texts["en"] is None else {lang: text or texts["en"] for lang, text in texts.items()}

    def event_texts(self, events: list[dict[str, Any]]) -> list[Texts]:
        """The events in words, those the game has words for."""
        lines = []
        for event in events:
            texts = {lang: _plain(narration.describe_event(event, self._names)) for lang, narration in self._narrations.items()}
            if texts["en"] is not None:
                lines.append({lang: text or texts["en"] for lang, text in texts.items()})
        return lines

    def choice(self, state: State, player: int, step: Step, lang: str) -> dict[str, Any]:
        """A legal action as a page offers it: its name, JSON and what it would do, in `lang`."""
        narration = self._narrations[lang]
        return {"label": step_label(narration, step), "action": step.to_json(), "help": _plain(narration.describe_step(state, player, step, self._names))}

    def apply(self, state: State, step: Step, log: list[dict[str, Any]]) -> None:
        """Apply `step` to `state`, appending its line and the lines of the events it caused to `log`."""
        number = len(state.history)
        line = self.step_texts(state, state.current_player, step)
        seen = len(state.events)
        state.apply(step)
        if line:
            log.append({"n": number, "text": line})
        log.extend({"n": number, "text": texts} for texts in self.event_texts(state.events[seen:]))
