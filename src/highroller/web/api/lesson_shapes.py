"""The shapes of the tutorials' requests and answers (`highroller.web.api.tutorial_api`), strict as the
others (`highroller.web.api.messages`, `highroller.web.api.answers`)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from highroller.web.api.answers import Answer, Choice
from highroller.web.api.messages import Strict
from highroller.web.learn.lessons import MAX_MOVES


class LessonMove(Strict):
    """The learner's moves so far in a lesson (as its last answer gave them), and their next one."""

    moves: list[Any] = Field(
        default_factory=list, max_length=MAX_MOVES, description="the `moves` of the lesson's last answer ([] to start)"
    )
    action: Any = Field(default=None, description="the learner's move: a choice's `action`, as it is (null: none)")


class ChapterInfo(Answer):
    """A chapter of a game's tutorial."""

    id: str
    title: str = Field(description="in the asked language")


class TutorialInfo(Answer):
    """A game's tutorial: its chapters, in order."""

    game: str
    title: str = Field(description="the game's title, in the asked language")
    chapters: list[ChapterInfo]


class LessonFrame(Answer):
    """What the page shows next: words (`say`) or a step taken (`line`), with the learner's view after it."""

    say: str | None = Field(default=None, description="an explanation (absent for a step)")
    points: list[dict[str, Any]] | None = Field(default=None, description="the board targets the explanation points at")
    otherwise: bool | None = Field(default=None, description="whether it answers another move than the script's")
    line: str | None = Field(default=None, description="the step taken, in the game's words (absent for words)")
    events: list[str] | None = Field(default=None, description="what the step caused, in the game's words")
    chance: bool | None = Field(default=None, description="whether the step was chance")
    view: dict[str, Any] = Field(description="the learner's view after it")


class LessonTurn(Answer):
    """The learner's move: the choices, the script's among them, and what it points at."""

    legal: list[Choice]
    suggestion: Any = Field(description="the script's move (an action of `legal`), or null where it has none")
    points: list[dict[str, Any]]


class LessonEnd(Answer):
    """The lesson's end: its last line, and the real game it offers."""

    say: str
    preset: str = Field(description="the game's preset ('' for its defaults)")
    level: str = Field(description="the bot level for every other seat")
    players: int
    options: dict[str, Any] = Field(description="the real game's options, its players among them")
    won: bool = Field(description="whether the learner won the lesson's game")


class LessonAnswer(Answer):
    """A lesson: the frames to show, then the learner's turn or the end."""

    game: str
    chapter: str
    title: str
    names: list[str] = Field(description="the seats' names in the asked language")
    seat: int = Field(description="the learner's seat")
    view: dict[str, Any] = Field(description="the learner's view now")
    moves: list[Any] = Field(description="the learner's moves so far: send them with the next one")
    frames: list[LessonFrame]
    turn: LessonTurn | None
    end: LessonEnd | None
