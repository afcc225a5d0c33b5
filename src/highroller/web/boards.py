"""Each game's browser board: the JavaScript module in the game's folder that its spec names, served
at `/boards/<game>.js`. A request names a game, never a file: only a registered game's own board is
ever read, from the installed package."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from fastapi import FastAPI
from fastapi.responses import Response

from highroller.registry import available_games, game_spec
from highroller.web.errors import Refused


@cache
def board_source(game: str) -> str | None:
    """The board module of a registered game, or None if its spec names none."""
    path = game_spec(game).board
    if not path:
        return None
    package, _, name = path.partition(":")
    return files(package).joinpath(name).read_text(encoding="utf-8")


def add_boards(app: FastAPI) -> None:
    """Serve every game's board (a game without one gets a 404, and the page shows its raw view)."""

    @app.get("/boards/{game}.js", include_in_schema=False)
    async def board(game: str) -> Response:
        source = board_source(game) if game in available_games() else None
        if source is None:
            raise Refused("this game has no board of its own", 404, "no-board")
        return Response(source, media_type="text/javascript", headers={"Cache-Control": "no-cache"})
