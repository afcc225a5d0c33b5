"""The site's own files: the pages and the static directory they load their scripts and styles from."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response

STATIC = Path(str(files("highroller.web") / "static"))
"""The directory served at /static (HTML pages, scripts, styles and images of the package)."""


def page(name: str, media_type: str = "text/html") -> Response:
    """One of the static files, by its fixed name (never a name a request chose)."""
    return FileResponse(STATIC / name, media_type=media_type)


PAGES = {
    "/": ("lobby.html", "text/html"),
    "/games": ("games.html", "text/html"),
    "/table/{table_id}": ("table.html", "text/html"),
    "/replay/{table_id}": ("replay.html", "text/html"),
    "/learn/{game}": ("learn.html", "text/html"),
    "/ratings": ("ratings.html", "text/html"),
    "/ratings/{game}": ("ratings.html", "text/html"),
    "/me": ("me.html", "text/html"),
    "/me/history": ("history.html", "text/html"),
    "/people/{handle}": ("person.html", "text/html"),
    "/signin": ("signin.html", "text/html"),
    "/offline.html": ("offline.html", "text/html"),
    "/sw.js": ("sw.js", "text/javascript"),
    "/manifest.webmanifest": ("manifest.webmanifest", "application/manifest+json"),
}
"""Each page's path and the static file it serves (the page reads its table or game from the address)."""


def add_pages(app: FastAPI) -> None:
    """Serve every page of `PAGES` (not in the API's description)."""
    for path, (name, media_type) in PAGES.items():
        app.add_api_route(path, _server(name, media_type), methods=["GET"], include_in_schema=False)


def _server(name: str, media_type: str) -> Callable[[], Awaitable[Response]]:
    """A route serving one fixed file: it takes no parameter a request could set."""

    async def serve() -> Response:
        return page(name, media_type)

    return serve
