"""The tutorials of one server process: each lesson request worked out by the advice workers (a
lesson replays the learner's moves and plays the tutorial's bots, which never runs on the event loop
or in the server's interpreter), and the list of tutorials, worked out there once per language."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from highroller.registry import game_spec, words_of
from highroller.web.bots.botwork import Workers, worker_pool
from highroller.web.http.errors import Refused
from highroller.web.learn.lessons import LessonJob, LessonRefused, chapters_of, lesson_answer, tutorial_games

log = logging.getLogger(__name__)

LESSON_SECONDS = 30.0
"""The longest a lesson request may take to work out before its asker is told to try again."""

REFUSED_STATUS = {"no-tutorial": 404, "no-chapter": 404, "not-your-turn": 409}
"""The status of each refusal of a lesson request (422 for the others: moves that are not the lesson's)."""


def tutorial_list(lang: str) -> list[dict[str, Any]]:
    """(In an advice worker.) Every game with a tutorial, its title and its chapters' ids and titles in `lang`."""
    return [
        {"game": game, "title": words_of(game, lang)(game_spec(game).title), "chapters": chapters_of(game, lang)}
        for game in tutorial_games()
    ]


class Lessons:
    """Lesson requests, answered by the advice workers `workers`."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self._lists: dict[str, list[dict[str, Any]]] = {}

    async def tutorials(self, lang: str) -> list[dict[str, Any]]:
        """Every game with a tutorial, with its chapters in `lang` (worked out once per language)."""
        found = self._lists.get(lang)
        if found is None:
            found = self._lists[lang] = await self._work_out(tutorial_list, lang)
        return found

    async def answer(self, job: LessonJob) -> dict[str, Any]:
        """The answer to a lesson request (`highroller.web.learn.lessons`), or `Refused`."""
        return await self._work_out(lesson_answer, job)

    async def _work_out(self, work: Any, argument: Any) -> Any:
        try:
            future = worker_pool(self.workers).submit(work, argument)
            return await asyncio.wait_for(asyncio.wrap_future(future), LESSON_SECONDS)
        except LessonRefused as refused:
            raise Refused(
                refused.args[0], REFUSED_STATUS.get(refused.code, 422), refused.code, **refused.values
            ) from None
        except TimeoutError as error:
            raise Refused(
                "the lesson took too long to work out: ask again in a moment", 503, "lesson-timeout", retry_after=5
            ) from error
        except BrokenProcessPool as error:
            raise Refused("the lesson's helpers restarted: ask again", 503, "lesson-failed", retry_after=1) from error
        except Exception as error:  # a tutorial's bug: the request fails, the server does not
            log.exception("working out a lesson failed")
            raise Refused(
                "the lesson could not be worked out here (the error is logged)", 503, "lesson-failed"
            ) from error
