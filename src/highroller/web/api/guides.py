"""Each game's rules in short (its spec's `guide`: Markdown files in its folder, one per language) as
HTML for the table's Rules panel. A request names a game and a language, never a file: only a
registered game's own guide files are read, from the installed package."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from markdown_it import MarkdownIt

from highroller.core.words import LANGUAGES
from highroller.registry import available_games, game_spec
from highroller.web.http.errors import Refused


@cache
def guide_html(game: str, lang: str) -> str | None:
    """The guide of a registered game in `lang` (English where that language is missing), as HTML;
    None if the game has no guide."""
    path = game_spec(game).guide
    if not path:
        return None
    package, _, folder = path.partition(":")
    root = files(package).joinpath(folder)
    page = root.joinpath(f"{lang}.md")
    if not page.is_file():
        page = root.joinpath("en.md")
    # Markdown without raw HTML: the page shows the guide's words and nothing they could smuggle in.
    return MarkdownIt("commonmark", {"html": False}).render(page.read_text(encoding="utf-8"))


def checked_guide(game: str, lang: str) -> dict[str, str | bool]:
    """The guide answer (`lang` one of `LANGUAGES`), or `Refused` for an unknown game or one without a guide."""
    if game not in available_games():
        raise Refused(
            "no game {game}; games: {games}", 404, "no-game", game=repr(game), games=", ".join(available_games())
        )
    assert lang in LANGUAGES
    html = guide_html(game, lang)
    if html is None:
        raise Refused("this game has no rules in short", 404, "no-guide")
    return {"game": game, "lang": lang, "html": html, "tutorial": bool(game_spec(game).tutorial)}
