"""The tutorials API: which games have a tutorial, with their chapters, and a lesson's next stretch
(`highroller.web.learn.lessons`): the learner's moves so far and their next one in, the frames up to
their next turn out. Nothing is stored: the device keeps its moves. Each lesson request counts as
`LESSON_COST` requests against its asker's request rates, and is worked out by the advice workers."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Header, Path, Request

from highroller.web.api.answers import documented
from highroller.web.api.lesson_shapes import LessonAnswer, LessonMove, TutorialInfo
from highroller.web.api.messages import REFUSALS
from highroller.web.api.route_args import page_language
from highroller.web.http.ratelimit import RateLimits, bearer_token
from highroller.web.learn.lessons import LessonJob
from highroller.web.learn.service import Lessons

LESSON_COST = 3
"""How many requests a lesson request counts as (it replays the lesson)."""

NAME = r"^[a-z][a-z0-9_-]{0,39}$"
"""A game's name or a chapter's id, as a request may name it."""


def build_tutorial_router(lessons: Lessons, limits: RateLimits) -> APIRouter:
    """The tutorials' routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.get(
        "/tutorials",
        summary="Every game with a tutorial, and its chapters",
        response_model=None,
        responses=documented(list[TutorialInfo], "the games with a tutorial, chapter titles in the asked language"),
    )
    async def tutorials(lang: str = Depends(page_language)) -> list[dict[str, Any]]:
        return await lessons.tutorials(lang)

    @router.post(
        "/tutorials/{game}/{chapter}",
        summary="A lesson: play the learner's move (if any) after their moves so far; the frames up to their next turn",
        response_model=None,
        responses=documented(LessonAnswer, "what happens, up to the learner's next turn or the lesson's end"),
    )
    async def lesson(
        move: LessonMove,
        request: Request,
        game: str = Path(max_length=40, pattern=NAME),
        chapter: str = Path(max_length=40, pattern=NAME),
        authorization: str | None = Header(default=None),
        lang: str = Depends(page_language),
    ) -> dict[str, Any]:
        limits.spend(request.client.host if request.client else None, bearer_token(authorization), LESSON_COST - 1)
        return await lessons.answer(LessonJob(game, chapter, move.moves, move.action, lang))

    return router
