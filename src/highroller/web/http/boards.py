"""Each game's browser board: the JavaScript module in the game's folder that its spec names, served
at `/boards/<game>.js`, and the styles beside it (`board.css` in the same folder, if the game has
any; empty otherwise), served at `/boards/<game>.css`. A request names a game, never a file: only a registered game's
own board is ever read, from the installed package."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from fastapi import FastAPI
from fastapi.responses import Response

from highroller.registry import available_games, game_spec
from highroller.web.http.errors import Refused


@cache
def board_source(game: str) -> str | None:
    """The board module of a registered game, or None if its spec names none."""
    path = game_spec(game).board
    if not path:
        return None
    package, _, name = path.partition(":")
    return files(package).joinpath(name).read_text(encoding="utf-8")


@cache
def board_styles(game: str) -> str | None:
    """The styles of a registered game's board (`board.css` beside its board module), or None."""
    path = game_spec(game).board
    if not path:
        return None
    styles = files(path.partition(":")[0]).joinpath("board.css")
    return styles.read_text(encoding="utf-8") if styles.is_file() else None


def add_boards(app: FastAPI) -> None:
    """Serve every game's board (a game without one gets a 404, and the page shows its raw view)."""

    @app.get("/boards/{game}.js", include_in_schema=False)
    async def board(game: str) -> Response:
        source = board_source(game) if game in available_games() else None
        if source is None:
            raise Refused("this game has no board of its own", 404, "no-board")
        return Response(source, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    @app.get("/boards/{game}.css", include_in_schema=False)
    async def styles(game: str) -> Response:
        """A game's board styles; empty for a game without any, so a page may always ask."""
        if game not in available_games():
            raise Refused("there is no such game", 404, "no-board")
        return Response(board_styles(game) or "", media_type="text/css", headers={"Cache-Control": "no-cache"})
