"""The API's interactive documentation at /docs: Swagger UI served by this server and started by
static/docs.js, so it needs no CDN (works offline) and no inline script (obeys the Content Security
Policy of web/http/headers.py).

Swagger UI's files come from the fastapi-offline package (its `static` folder: Swagger UI 5, which
reads the OpenAPI 3.1 schema FastAPI writes; swagger-ui-bundle ships Swagger UI 4, which cannot)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, Response
from fastapi.staticfiles import StaticFiles

DOCS_PATH = "/docs"
ASSETS_PATH = "/docs-assets"
DOCS_PAGE = Path(str(files("highroller.web") / "static" / "docs.html"))
SWAGGER_UI = Path(str(files("fastapi_offline") / "static"))


def add_api_docs(app: FastAPI) -> None:
    """Serve the documentation page at DOCS_PATH and Swagger UI's files, read-only, under ASSETS_PATH."""

    @app.get(DOCS_PATH, include_in_schema=False)
    async def api_docs() -> Response:
        return FileResponse(DOCS_PAGE, media_type="text/html")

    app.mount(ASSETS_PATH, StaticFiles(directory=SWAGGER_UI), name="docs-assets")
