"""A table's log: its steps' lines and its seat changes' lines in the order they happened, narrated
with seat marks (`highroller.web.tables.log_words`), and the window of it a table copy keeps.

Every line has a place in the whole log that is the same in every server process: a step's lines
come after the lines of the steps before it and of the seat changes made up to it (a change made when
the table had played `step` steps is told just before step `step`'s lines). The store keeps, with
each step, its lines and how many step lines the table has made through it (`log_end`), so any
process can tell where a line stands without reading the log from its start. A table copy keeps the
last `LOG_KEPT` lines or so; the rest is read from the store when somebody asks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from highroller.core.record_format import follow
from highroller.core.state import State
from highroller.core.words import LANGUAGES
from highroller.web.http.catalog import web_words
from highroller.web.http.labels import bot_word
from highroller.web.store.rows import CLOSED, IDLE, TIMED_OUT, UNDO, SeatChange, SeatRow, StepLines, Texts
from highroller.web.tables.log_words import Narrator, seat_mark, seat_marks

LOG_KEPT = 200
"""Log lines a table copy keeps and sends a reader who has none: the last ones."""

Line = dict[str, Any]
"""A log line: `{"n": the step it belongs to, "text": {lang: words with seat marks}}`."""


def change_texts(change: str, row: SeatRow, stand_in: str | None) -> Texts:
    """A seat change in the log's words, in every language, the seat marked."""
    texts = {}
    name = seat_mark(row.seat)
    for lang in LANGUAGES:
        w, bot = web_words(lang), bot_word(stand_in or "", lang)
        if change == "away":
            texts[lang] = w(
                "{name}'s time ran out: the {bot} bot plays for {name} until {name} is back.", name=name, bot=bot
            )
        elif change == "back":
            texts[lang] = w("{name} is back.", name=name)
        elif change == TIMED_OUT:
            texts[lang] = w("{name}'s time ran out: the {bot} bot made this move for {name}.", name=name, bot=bot)
        elif change == CLOSED:
            texts[lang] = w(
                "The host closed this table: the {bot} bot plays {name}'s seat to the end.", name=name, bot=bot
            )
        elif change == IDLE:
            texts[lang] = w(
                "Nobody played at this table for too long: the {bot} bot plays {name}'s seat to the end.",
                name=name,
                bot=bot,
            )
        else:
            texts[lang] = w("{name} left the table: the {bot} bot plays that seat to the end.", name=name, bot=bot)
    return texts


def took_back_texts(row: SeatRow, detail: str | None) -> Texts:
    """A companion table's undo in the log's words, in every language: who took back what (`detail`:
    the step taken back in each language's words, JSON)."""
    what: dict[str, str] = json.loads(detail) if detail else {}
    texts = {}
    for lang in LANGUAGES:
        w = web_words(lang)
        texts[lang] = w("{name} took back: {what}", name=seat_mark(row.seat), what=what.get(lang) or what.get("en", ""))
    return texts


def change_line(change: SeatChange, seats: Sequence[SeatRow], stand_in: str | None) -> Line:
    """The log line of a seat change."""
    row = seats[change.seat]
    texts = took_back_texts(row, change.detail) if change.change == UNDO else change_texts(change.change, row, stand_in)
    return {"n": change.step, "text": texts}


def in_order(changes: Sequence[SeatChange]) -> list[SeatChange]:
    """Seat changes in the order the log tells them."""
    return sorted(changes, key=lambda c: (c.step, c.revision, c.seat))


def step_narrator(game: str, seats: int) -> Narrator:
    """The narrator of a table's steps: seat marks in the names' places."""
    return Narrator(game, seat_marks(seats))


def narrate_steps(state: State, entries: Sequence[Any], narrator: Narrator) -> Iterator[StepLines]:
    """Apply record entries to `state`, giving each step's lines as it goes."""
    for _, step in follow(state, entries):
        lines: list[Line] = []
        narrator.apply(state, step, lines)
        yield [line["text"] for line in lines]


def by_step(lines: Sequence[Line], first: int, steps: int) -> list[StepLines]:
    """Lines told as steps `first`, … were applied (`Narrator.apply`), as each step's lines."""
    made: list[StepLines] = [[] for _ in range(steps)]
    for line in lines:
        made[line["n"] - first].append(line["text"])
    return made


def apply_steps(
    state: State, entries: Sequence[Any], lines: Sequence[StepLines | None], narrator: Narrator
) -> list[StepLines]:
    """Apply record entries to `state`; each step's lines: stored with it, else narrated now."""
    made: list[StepLines] = []
    for offset, (_, step) in enumerate(follow(state, entries)):
        stored = lines[offset] if offset < len(lines) else None
        if stored is None:
            told: list[Line] = []
            narrator.apply(state, step, told)
            stored = [line["text"] for line in told]
        else:
            state.apply(step)
        made.append(stored)
    return made


def told(
    first: int,
    step_lines: Sequence[StepLines],
    changes: Sequence[SeatChange],
    seats: Sequence[SeatRow],
    stand_in: str | None,
) -> Iterator[Line]:
    """The log's lines from step `first` on, in order: each step's lines after the seat changes made
    up to it (`changes`: those made after step `first - 1`), then the changes made after the last."""
    waiting = in_order(changes)
    for offset, made in enumerate(step_lines):
        number = first + offset
        while waiting and waiting[0].step <= number:
            yield change_line(waiting.pop(0), seats, stand_in)
        yield from ({"n": number, "text": texts} for texts in made)
    yield from (change_line(change, seats, stand_in) for change in waiting)


@dataclass
class Window:
    """The last lines of a table's log and the place of the first of them in the whole log."""

    lines: list[Line]
    base: int

    @property
    def end(self) -> int:
        """The place after the last line: how many lines the whole log has."""
        return self.base + len(self.lines)

    def extend(
        self,
        first: int,
        step_lines: Sequence[StepLines],
        changes: Sequence[SeatChange],
        seats: Sequence[SeatRow],
        stand_in: str | None,
    ) -> None:
        """Add the lines of steps `first`, `first + 1`, … with the seat changes told among them (those
        made after step `first - 1`), keeping about `LOG_KEPT` lines."""
        self.lines.extend(told(first, step_lines, changes, seats, stand_in))
        self.trim()

    def trim(self) -> None:
        """Drop the oldest lines once there are twice `LOG_KEPT`, keeping the last `LOG_KEPT`."""
        if len(self.lines) > 2 * LOG_KEPT:
            dropped = len(self.lines) - LOG_KEPT
            del self.lines[:dropped]
            self.base += dropped

    def since(self, version: int) -> int:
        """The place of the first line of step `version` or later (what a reader who saw the table at
        that version has not read yet), within the kept lines."""
        index = len(self.lines)
        while index and self.lines[index - 1]["n"] >= version:
            index -= 1
        return self.base + index


def window_of(
    first: int,
    log_before: int,
    step_lines: Sequence[StepLines],
    changes: Sequence[SeatChange],
    seats: Sequence[SeatRow],
    stand_in: str | None,
) -> Window:
    """The window of the last `LOG_KEPT` lines or so, from the lines of steps `first`, … to the table's
    last (`log_before`: how many step lines the steps before `first` made) and every seat change."""
    told_before = sum(1 for change in changes if change.step < first)
    window = Window([], log_before + told_before)
    window.extend(first, step_lines, [change for change in changes if change.step >= first], seats, stand_in)
    if len(window.lines) > LOG_KEPT:
        dropped = len(window.lines) - LOG_KEPT
        del window.lines[:dropped]
        window.base += dropped
    return window
