"""The table log in words, in every language the pages speak, from each game's own narration
(`describe_step`, `describe_event`, `label`).

The server never phrases a game's steps itself: it asks the narration named in the game's spec, so a
new game's log needs no server change. A log line is `{"n": step number, "text": {lang: words}}`;
a client reads the lines in its own language (`in_language`).

The log is narrated once, when its step is played, and stored with it; a seat's name changes (a
person sits down, a profile is deleted) after that. So the log is narrated with a mark in each seat's
place (`seat_marks`: characters no display name may hold) and the names are put in as it is read —
which needs a game's narration to insert the names it is given as they are, as every narration does.

Words never stop a table: a narration that raises is logged, and its line falls back to the English
words, or, if English fails too, to the step or event as the program writes it.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from highroller.core.narration import Narration, confirmation, step_label
from highroller.core.state import State, Step
from highroller.core.words import LANGUAGES
from highroller.registry import narration_of

logger = logging.getLogger(__name__)

Texts = dict[str, str]
"""The same words in each language: {"en": ..., "fr": ..., "de": ...}."""


def _plain(text: str | None) -> str | None:
    if text is None:
        return None
    return str(text).strip() or None


def _as_written(subject: Step | dict[str, Any]) -> str:
    """A step or an event as the program writes it: the words of last resort."""
    return json.dumps(subject, sort_keys=True, default=str) if isinstance(subject, dict) else str(subject)


def _merged(texts: dict[str, str | None]) -> Texts | None:
    """A line in every language from each language's words: None if English says nothing, the English
    words where another language says nothing."""
    english = texts["en"]
    return None if english is None else {lang: text or english for lang, text in texts.items()}


_MARK = re.compile("\x02([0-9]+)\x03")


def seat_mark(seat: int) -> str:
    """What a log is narrated with in a seat's name's place: control characters, which display names
    never hold (`highroller.web.http.names`), around the seat's number."""
    return f"\x02{seat}\x03"


def seat_marks(seats: int) -> list[str]:
    """The marks of a table's seats, in seat order."""
    return [seat_mark(seat) for seat in range(seats)]


def named(text: str, names: Sequence[str]) -> str:
    """A line narrated with `seat_marks`, each mark replaced by that seat's name."""
    if "\x02" not in text:
        return text
    return _MARK.sub(lambda mark: names[int(mark.group(1))] if int(mark.group(1)) < len(names) else "?", text)


def in_language(lines: Iterable[dict[str, Any]], lang: str, names: Mapping[str, Sequence[str]]) -> list[dict[str, Any]]:
    """Log lines as one client reads them: `{"n", "text"}` in `lang`, with the seats' `names` in it."""
    return [{"n": line["n"], "text": named(line["text"][lang], names[lang])} for line in lines]


Telling = Callable[[Narration, list[str]], str | None]
"""What a narration says about something, given the seats' names in its language."""


class Narrator:
    """Turns steps and events into log lines in every language. `names`: the seats' names in each
    language (a seat without a person's name is labelled in each language), or one list for all."""

    def __init__(self, game: str, names: Sequence[str] | Mapping[str, Sequence[str]]) -> None:
        self._narrations: dict[str, Narration] = {lang: narration_of(game, lang) for lang in LANGUAGES}
        self._names = {lang: list(names[lang] if isinstance(names, Mapping) else names) for lang in LANGUAGES}

    def _ask(self, langs: Iterable[str], words: Telling, subject: Step | dict[str, Any]) -> dict[str, str | None]:
        """`words` about `subject` from each language's narration, leaving out the languages whose
        narration raises; those are logged together, once."""
        told: dict[str, str | None] = {}
        failed: list[str] = []
        error: Exception | None = None
        for lang in langs:
            try:
                told[lang] = words(self._narrations[lang], self._names[lang])
            except Exception as problem:  # a narration's bug must not stop the table
                failed.append(lang)
                error = error or problem
        if failed:
            logger.exception("the words for %s failed in %s", _as_written(subject), ", ".join(failed), exc_info=error)
        return told

    def _lines(self, words: Telling, subject: Step | dict[str, Any]) -> Texts | None:
        """A line about `subject` in every language (None if the English narration says nothing): a
        language whose narration fails or says nothing shows the English words, and English words that
        fail are `subject` as the program writes it."""
        told = {lang: _plain(text) for lang, text in self._ask(LANGUAGES, words, subject).items()}
        english = told["en"] if "en" in told else _as_written(subject)
        return None if english is None else {lang: told.get(lang) or english for lang in LANGUAGES}

    def _in(self, lang: str, words: Telling, step: Step, fallback: str | None) -> str | None:
        """`words` about `step` in `lang`; in English if the narration in `lang` fails; `fallback` if
        English fails too."""
        for each in dict.fromkeys((lang, "en")):
            told = self._ask((each,), words, step)
            if each in told:
                return told[each]
        return fallback

    def step_texts(self, state: State, player: int, step: Step) -> Texts | None:
        """What `step` does, asked just before it is applied to `state` (None: the game says nothing)."""
        try:  # every language at once, as nearly always; one that fails is asked again alone
            return _merged(
                {
                    lang: _plain(narration.describe_step(state, player, step, self._names[lang]))
                    for lang, narration in self._narrations.items()
                }
            )
        except Exception:
            return self._lines(lambda narration, names: narration.describe_step(state, player, step, names), step)

    def event_texts(self, events: list[dict[str, Any]]) -> list[Texts]:
        """The events in words, those the game has words for."""
        lines = [self._event_texts(event) for event in events]
        return [texts for texts in lines if texts is not None]

    def _event_texts(self, event: dict[str, Any]) -> Texts | None:
        """One event in words (None: the game has none for it)."""
        try:
            return _merged(
                {
                    lang: _plain(narration.describe_event(event, self._names[lang]))
                    for lang, narration in self._narrations.items()
                }
            )
        except Exception:
            return self._lines(lambda narration, names: narration.describe_event(event, names), event)

    def choice(self, state: State, player: int, step: Step, lang: str) -> dict[str, Any]:
        """A legal action as a page offers it: its name, JSON and what it would do, in `lang`, and
        `confirm`, the question to ask before playing it, where the game has one."""
        narration = self._narrations[lang]
        try:
            offered = {
                "label": step_label(narration, step),
                "action": step.to_json(),
                "help": _plain(narration.describe_step(state, player, step, self._names[lang])),
            }
        except Exception:
            label = self._in(lang, lambda narration, _names: step_label(narration, step), step, str(step))
            help_text = self._in(
                lang, lambda narration, names: narration.describe_step(state, player, step, names), step, None
            )
            offered = {"label": label, "action": step.to_json(), "help": _plain(help_text)}
        question = _plain(self._in(lang, lambda narration, _names: confirmation(narration, state, step), step, None))
        if question is not None:
            offered["confirm"] = question
        return offered

    def apply(self, state: State, step: Step, log: list[dict[str, Any]]) -> None:
        """Apply `step` to `state`, appending its line and the lines of the events it caused to `log`."""
        number = len(state.history)
        line = self.step_texts(state, state.current_player, step)
        seen = len(state.events)
        state.apply(step)
        if line:
            log.append({"n": number, "text": line})
        log.extend({"n": number, "text": texts} for texts in self.event_texts(state.events[seen:]))
