"""The games API: every game with its options, bots and seats, the JSON Schema of a game's view, and
its rules in short."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends

from highroller.core.spec_parts import view_type
from highroller.core.viewschema import view_schema
from highroller.registry import available_games, game_spec
from highroller.web.api.answers import GameInfo, Rules, ViewSchema, documented
from highroller.web.api.game_info import listed_games
from highroller.web.api.guides import checked_guide
from highroller.web.api.messages import REFUSALS
from highroller.web.api.route_args import page_language
from highroller.web.http.errors import Refused


def build_game_router() -> APIRouter:
    """The games' routes."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.get(
        "/games",
        summary="Every game with its options, bots and seat count",
        response_model=None,
        responses=documented(list[GameInfo], "every game, in the asked language"),
    )
    async def games(lang: str = Depends(page_language)) -> list[dict[str, Any]]:
        return list(listed_games(lang))

    @router.get(
        "/games/{game}/view-schema",
        summary="The JSON Schema of what a seat sees of a game (GET /api/tables/{id}'s view)",
        response_model=None,
        responses=documented(ViewSchema, "the view's JSON Schema"),
    )
    async def game_view_schema(game: str) -> dict[str, Any]:
        if game not in available_games():
            raise Refused(
                "no game {game}; games: {games}", 404, "no-game", game=repr(game), games=", ".join(available_games())
            )
        return view_schema(view_type(game_spec(game)))

    @router.get(
        "/games/{game}/rules",
        summary="The game's rules in short, as HTML (English where a language is missing)",
        response_model=None,
        responses=documented(Rules, "the rules in short"),
    )
    async def game_rules(game: str, lang: str = Depends(page_language)) -> dict[str, str | bool]:
        return checked_guide(game, lang)

    return router
