"""A chapter of a tutorial played to its end by a test: with the script's moves (`play_script`), or with
moves the caller chooses (`walk_lesson`: random ones, Hypothesis's), checking what the lesson promises:
every explanation said is true where it is said (an `otherwise` of the position the learner moved from),
the lesson never plays the learner's seat itself, and it ends. Every game's tests walk their chapters
with them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from highroller.core.state import Step
from highroller.core.tutorial import Automatic, Explanation, Finished, Lesson, Turn
from highroller.core.tutorial_file import Tutorial, claim_values
from highroller.core.words import Words


class LessonBroken(AssertionError):
    """A lesson broke one of its promises: the message says which and where."""


def play_script(tutorial: Tutorial, chapter_id: str, words: Words) -> tuple[Lesson, list[Explanation]]:
    """The chapter played through the runner with the script's move at every turn: the finished lesson
    and the explanations said, in order; `LessonBroken` at a turn the script has no move for."""
    lesson = Lesson(tutorial, chapter_id, words)
    said: list[Explanation] = []
    while not isinstance(moment := lesson.next(), Finished):
        if isinstance(moment, Turn):
            if moment.suggestion is None:
                raise LessonBroken(f"{chapter_id}: a turn of the learner's the script has no move for")
            lesson.play(moment.suggestion)
        else:
            said += [moment] if isinstance(moment, Explanation) else []
            lesson.proceed()
    return lesson, said


def walk_lesson(
    tutorial: Tutorial,
    chapter_id: str,
    words: Words,
    choose: Callable[[Sequence[Step]], Step],
    most_moments: int = 5000,
) -> Lesson:
    """Play the chapter to its end, `choose(legal actions)` making each of the learner's moves; the
    finished lesson, or `LessonBroken`."""
    lesson = Lesson(tutorial, chapter_id, words)
    entries = lesson.chapter.entries
    moved_from = lesson.state
    for _ in range(most_moments):
        moment = lesson.next()
        if isinstance(moment, Finished):
            return lesson
        if isinstance(moment, Explanation):
            claims = entries[moment.entry - 1].claims
            position = moved_from if moment.otherwise else lesson.state
            found = claim_values(tutorial.terms, position, claims)
            if found != [use.equals for use in claims]:
                raise LessonBroken(
                    f"{chapter_id}, entry {moment.entry}: {moment.text!r} said where its claims read {found}"
                )
            lesson.proceed()
        elif isinstance(moment, Turn):
            moved_from = lesson.state.clone()
            lesson.play(choose(lesson.state.legal_actions()))
        else:
            assert isinstance(moment, Automatic)
            if moment.player == lesson.chapter.seat:
                raise LessonBroken(f"{chapter_id}: the lesson played the learner's seat itself")
            lesson.proceed()
    raise LessonBroken(f"{chapter_id}: not over after {most_moments} moments")
