"""The pages' words in a language: GET /i18n/{lang}.json, the web's catalog merged with the catalog of
every registered game that has one (its board's words), as {English: translation}; a plural message
is there under its English singular with the list of its forms (the language's plural rules choose
one) and under its English plural with the last. A request names a language, never a file."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from highroller.core.words import LANGUAGES, read_catalog
from highroller.registry import available_games, locale_of
from highroller.web.http.errors import Refused


@cache
def page_words(lang: str) -> dict[str, str | list[str]]:
    """Every translated text of the pages and the boards in `lang` (nothing for English)."""
    if lang == "en":
        return {}
    games = [
        folder for folder in map(locale_of, available_games()) if folder is not None
    ]  # a game of one module has none
    folders = [*games, files("highroller.web").joinpath("locale")]
    words: dict[str, str | list[str]] = {}
    for folder in folders:
        for english, found in read_catalog(folder, lang).items():
            words[english] = found if isinstance(found, str) else list(found)
    return words


def add_words(app: FastAPI) -> None:
    """Serve the pages' words in each language."""

    @app.get("/i18n/{lang}.json", include_in_schema=False)
    async def words(lang: str) -> JSONResponse:
        if lang not in LANGUAGES:
            raise Refused(
                "the pages speak {languages}; not {lang}",
                404,
                "no-language",
                languages=", ".join(LANGUAGES),
                lang=repr(lang[:20]),
            )
        return JSONResponse(page_words(lang), headers={"Cache-Control": "no-cache"})
