"""How a game says what happens, in words: a line for a step and a line for an event, the same for the
terminal, the web's log, replays and the golden playthroughs. Lines are plain text; a `Line` may
carry a tone that a front end may show (the terminal in bold or colour)."""

from __future__ import annotations

from typing import Any, Protocol

from highroller.core.state import State, Step

TONES = ("plain", "strong", "good", "bad", "warning")
"""plain; strong: a heading or a result; good: a win; bad: a loss; warning: something going wrong."""


class Line(str):
    """A line of words with a tone (one of `TONES`); it is the string of its words."""

    tone: str

    def __new__(cls, text: str, tone: str = "plain") -> Line:
        if tone not in TONES:
            raise ValueError(f"a line's tone is one of {', '.join(TONES)}, not {tone!r}")
        line = super().__new__(cls, text)
        line.tone = tone
        return line


def step_label(narration: object, step: Step) -> str:
    """A choice's name as the narration words it (its `label`), else the step's own `str()`."""
    label = getattr(narration, "label", None)
    return str(label(step)) if callable(label) else str(step)


def confirmation(narration: object, state: State, step: Step) -> str | None:
    """The question a page asks before playing `step` (an irreversible or once-a-game move), as the
    narration's `confirm(state, step)` words it; None where it has none (the default: no question)."""
    confirm = getattr(narration, "confirm", None)
    if not callable(confirm):
        return None
    question = confirm(state, step)
    return None if question is None else str(question)


def tone_of(words: str) -> str:
    """The tone of words a narration gave (plain for a bare string)."""
    return words.tone if isinstance(words, Line) else "plain"


class Narration(Protocol):
    """A game's words. `names` are the seats' display names, in seat order, which a narration puts in
    its lines as they are (the web narrates its log once, with marks in the names' places, and names
    them as the log is read: `highroller.web.tables.log_words`). A narration may also have
    `label(step) -> str`, a choice's name on a button in its language (`step_label`), and
    `confirm(state, step) -> str | None`, the question to ask before a move that cannot be taken back
    or may be made once a game (`confirmation`; None, the default, plays it at once). What a person
    types, and the words telling what to type, are the game's `highroller.core.typed_input.TypedInput`."""

    def describe_step(self, state: State, player: int, step: Step, names: list[str]) -> str | None:
        """What a step does, asked just before it is applied to `state` (None to stay silent, e.g.
        for a step an event tells better)."""

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        """What an event of the record means (payouts explained, round starts, the end)."""
