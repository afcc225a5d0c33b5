"""The site's own files: the pages and the static directory they load their scripts and styles from."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi.responses import FileResponse, Response

STATIC = Path(str(files("highroller.web") / "static"))
"""The directory served at /static (HTML pages, scripts, styles and images of the package)."""


def page(name: str, media_type: str = "text/html") -> Response:
    """One of the static files, by its fixed name (never a name a request chose)."""
    return FileResponse(STATIC / name, media_type=media_type)
