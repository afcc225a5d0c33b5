"""A tutorial's lesson worked out for the browser (in an advice worker, never in the web server's own
process): the lesson a device's saved steps describe, the learner's move played on it, and everything
that happens then up to the learner's next turn or the lesson's end, as frames to show one by one.

The server keeps nothing: a lesson is decided by the learner's moves alone (the script's steps, or
chance drawn from the game's seeded stream and the tutorial's bots, seeded by the step number, where
the learner left the script), so the device sends its moves so far with each move and keeps them
(`localStorage`) to take the lesson up again later, on any server. Replaying a lesson is cheap (at most
`MAX_MOVES` moves), and moves that are not the lesson's are refused as a whole.

A frame is what the page shows next: an explanation (`say`, with the board targets it points at, and
whether it answers the learner's playing another move than the script's) or a step taken (its line and
the lines of what it caused, in the game's words), each with the learner's view after it. The answer
ends with the learner's `turn` (their choices, the script's move among them, its board targets) or the
lesson's `end` (its closing line and the real game it offers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from highroller.core.errors import HighrollerError, IllegalAction
from highroller.core.narration import Narration
from highroller.core.presets import load_presets
from highroller.core.state import Step
from highroller.core.tutorial import Automatic, Explanation, Finished, Lesson, Turn
from highroller.core.tutorial_file import Tutorial, load_tutorial
from highroller.core.words import LANGUAGES
from highroller.registry import available_games, game_spec, narration_of, words_of
from highroller.web.tables.log_words import Narrator
from highroller.web.tables.offer import offered

MAX_MOVES = 200
"""The most moves of the learner a saved lesson may hold (every chapter ends well before)."""


class LessonRefused(ValueError):
    """A lesson request that cannot be answered: an English template, its `code` and `values` (a
    `highroller.web.http.errors.Refused` once back in the server)."""

    def __init__(self, message: str, code: str, **values: Any) -> None:
        super().__init__(message)
        self.code = code
        self.values = values

    def __reduce__(self) -> tuple[Any, ...]:
        return (LessonRefused, (self.args[0], self.code), {"values": self.values})


@dataclass(frozen=True)
class LessonJob:
    """A lesson request: the game, the chapter, the learner's moves so far, their next move (None: none
    yet) and the page's language."""

    game: str
    chapter: str
    moves: list[Any]
    action: Any
    lang: str


@cache
def tutorial_of(game: str) -> Tutorial | None:
    """A registered game's tutorial, loaded and checked once per process (None: it has none)."""
    return load_tutorial(game_spec(game))


def tutorial_games() -> list[str]:
    """The registered games whose spec names a tutorial."""
    return [name for name in available_games() if game_spec(name).tutorial]


def chapters_of(game: str, lang: str) -> list[dict[str, str]]:
    """A game's chapters, each with its id and its title in `lang`."""
    tutorial = tutorial_of(game)
    words = words_of(game, lang)
    return [] if tutorial is None else [{"id": c.id, "title": words(c.title)} for c in tutorial.chapters]


def lesson_answer(job: LessonJob) -> dict[str, Any]:
    """(In an advice worker.) The answer to a lesson request (see the module's docstring);
    `LessonRefused` when the game, the chapter, the moves so far or the move are not the lesson's."""
    tutorial = tutorial_of(job.game) if job.game in available_games() else None
    if tutorial is None:
        raise LessonRefused("no tutorial for {game}", "no-tutorial", game=repr(job.game))
    words = words_of(job.game, job.lang)
    if all(chapter.id != job.chapter for chapter in tutorial.chapters):
        chapters = ", ".join(chapter.id for chapter in tutorial.chapters)
        raise LessonRefused(
            "no chapter {chapter}; chapters: {chapters}", "no-chapter", chapter=repr(job.chapter), chapters=chapters
        )
    if len(job.moves) > MAX_MOVES:
        raise LessonRefused("a lesson holds at most {count} moves", "bad-lesson", count=MAX_MOVES)
    lesson = _resumed(Lesson(tutorial, job.chapter, words), job.moves)
    narration = narration_of(job.game, job.lang)
    frames: list[dict[str, Any]] = []
    if job.action is not None:
        _play(lesson, job.action, narration, frames)
    moment = lesson.next()
    while not isinstance(moment, (Turn, Finished)):  # every game ends, and so does every stretch
        if isinstance(moment, Explanation):
            frames.append(_said(lesson, moment))
            lesson.proceed()
        else:
            frames.append(_taken(lesson, moment.player, narration, lesson.proceed))
        moment = lesson.next()
    return {
        "game": job.game,
        "chapter": lesson.chapter.id,
        "title": words(lesson.chapter.title),
        "names": lesson.names,
        "seat": lesson.chapter.seat,
        "view": lesson.state.view(lesson.chapter.seat),
        "moves": [*job.moves, job.action] if job.action is not None else list(job.moves),
        "frames": frames,
        "turn": _turn(lesson, moment, job.lang) if isinstance(moment, Turn) else None,
        "end": _end(lesson, moment) if isinstance(moment, Finished) else None,
    }


def _resumed(lesson: Lesson, moves: list[Any]) -> Lesson:
    """The lesson after the learner's `moves`; `LessonRefused` if they are not the lesson's."""
    for number, move in enumerate(moves, 1):
        try:
            if isinstance(_to_turn(lesson), Finished):
                raise IllegalAction("the lesson is over before it")
            lesson.play(lesson.state.decode_step(move))
        except (HighrollerError, ValueError, TypeError, KeyError) as problem:
            raise LessonRefused(
                "move {number} is not this lesson's ({problem}): start it again",
                "bad-lesson",
                number=number,
                problem=str(problem),
            ) from problem
    return lesson


def _to_turn(lesson: Lesson) -> Turn | Finished:
    """Go past what the learner was last shown, to their turn or the end."""
    moment = lesson.next()
    while not isinstance(moment, (Turn, Finished)):
        lesson.proceed()
        moment = lesson.next()
    return moment


def _play(lesson: Lesson, action: Any, narration: Narration, frames: list[dict[str, Any]]) -> None:
    """The learner's move, narrated into `frames`; `LessonRefused` if it is not theirs to play now."""
    if not isinstance(_to_turn(lesson), Turn):
        raise LessonRefused("it is not your move in this lesson", "not-your-turn")
    state = lesson.state
    try:
        step = state.decode_step(action)
        state.clone().apply(step)
    except (IllegalAction, ValueError, TypeError, KeyError) as problem:
        raise LessonRefused("that move is not legal here: {problem}", "illegal", problem=str(problem)) from problem
    frames.append(_taken(lesson, lesson.chapter.seat, narration, lambda: lesson.play(step), step))


def _said(lesson: Lesson, moment: Explanation) -> dict[str, Any]:
    return {
        "say": moment.text,
        "points": [dict(point) for point in moment.points],
        "otherwise": moment.otherwise,
        "view": lesson.state.view(lesson.chapter.seat),
    }


def _taken(
    lesson: Lesson, player: int, narration: Narration, take: Callable[[], None], step: Step | None = None
) -> dict[str, Any]:
    """Take a step (`take()`): its frame, with its line and the lines of the events it caused."""
    state = lesson.state
    if step is None:
        moment = lesson.next()
        assert isinstance(moment, Automatic)
        step = moment.step
    line = narration.describe_step(state, player, step, lesson.names)
    seen = len(state.events)
    take()
    events = [narration.describe_event(event, lesson.names) for event in lesson.state.events[seen:]]
    return {
        "line": line,
        "events": [text for text in events if text],
        "chance": player < 0,
        "view": lesson.state.view(lesson.chapter.seat),
    }


def _turn(lesson: Lesson, moment: Turn, lang: str) -> dict[str, Any]:
    """The learner's choices (the script's move among them) and what the script points at."""
    state = lesson.state
    game = lesson.tutorial.spec.name
    names = {each: [words_of(game, each)(name) for name in lesson.chapter.names] for each in LANGUAGES}
    narrator = Narrator(game, names)
    legal = [narrator.choice(state, moment.seat, action, lang) for action in offered(state.legal_actions())]
    scripted = moment.suggestion
    suggestion = scripted.to_json() if scripted is not None else None
    if scripted is not None and all(choice["action"] != suggestion for choice in legal):
        legal.append(narrator.choice(state, moment.seat, scripted, lang))  # thinned out of a long offer
    return {"legal": legal, "suggestion": suggestion, "points": [dict(point) for point in moment.points]}


def _end(lesson: Lesson, moment: Finished) -> dict[str, Any]:
    """The closing line and the real game it offers: its preset's options, with the lesson's players
    where the preset allows them (the page seats a bot of the closing's level in every other seat)."""
    spec = lesson.tutorial.spec
    players = lesson.chapter.game.num_players
    options: dict[str, Any] = {}
    for preset in load_presets(spec):
        if preset.id == moment.preset:
            options = dict(preset.options)
            players = players if players in preset.players else preset.players[0]
    if any(option.name == "players" for option in spec.options):
        options["players"] = players
    return {
        "say": moment.text,
        "preset": moment.preset,
        "level": moment.level,
        "players": players,
        "options": options,
        "won": lesson.state.is_terminal() and lesson.chapter.seat in lesson.state.winners(),
    }
