"""Bring the translation catalogs up to date with the code: `python scripts/update_catalogs.py`.

Each game's catalog (src/highroller/games/<game>/locale/<lang>.po) holds the words of the modules of
its folder (`w("...")` and `w.plural(n, "...", "...")`: its narration, typed input, notes, advice and
sheet), the words people type (`said("...")`), the texts of core/typed_input.py, and the words of its
browser board (`t("...")` and `tn(n, "...", "...")` in board.js); the web's catalog
(src/highroller/web/locale/<lang>.po) holds the pages' words (static/*.js, and the [data-i18n] texts and
attributes of static/*.html) and the server's own (`w(...)` in web/**/*.py). A game's catalog also holds its
spec's words (title, summary, each option's label and help, its bots' descriptions), which the lobby shows,
and its tutorial's (`tutorial.json`).
New texts are added untranslated, texts no longer used are dropped, translations are kept. Then translate
the empty `msgstr` entries; tests/test_translations.py fails while any is missing.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from highroller.core.presets import load_presets
from highroller.core.tutorial_file import load_tutorial, tutorial_texts
from highroller.core.words import AND, CLAUSES, COUNT_WORDS
from highroller.registry import available_games, game_spec

SOURCE = Path(__file__).resolve().parents[1] / "src" / "highroller"
TRANSLATED = ("fr", "de")
PYTHON_KEYWORDS = {
    "w": None,
    "plural": (2, 3),
    "Refused": None,
    "TooFast": None,
    "too_many": None,
    "NameRefused": None,
    "LessonRefused": None,
    "Phrase": None,
    "said": None,
}
"""The calls whose first text is a message: the narration's words, the words people type (`said`), and
the server's refusals (`web.errors`)."""
JS_KEYWORDS = {"t": None, "tn": (2, 3), "tNodes": None}
JS_OPTIONS = {"parse_template_string": True}
"""Calls inside a template literal's `${...}` are read too."""


class _MarkedTexts(HTMLParser):
    """The texts a page marks for translation: the text of [data-i18n] elements and the values of the
    attributes named by data-i18n-title, -placeholder and -aria-label."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[tuple[int, str]] = []
        self._open = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("title", "placeholder", "aria-label"):
            if f"data-i18n-{name}" in found and found.get(name):
                self.texts.append((self.getpos()[0], str(found[name])))
        if "data-i18n" in found:
            self._open = self.getpos()[0]

    def handle_data(self, data: str) -> None:
        if self._open and data.strip():
            self.texts.append((self._open, data.strip()))
        self._open = 0


def html_texts(path: Path) -> list[tuple[int, str]]:
    parser = _MarkedTexts()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.texts


def spec_texts(package: str) -> list[str]:
    """The words a game's spec gives people: its title, summary, options' labels and help, the values
    a choice or text option can take (the Rules panel and the lobby show them), its bots' descriptions
    (a seat's label and the lobby name a bot no level plays by it), and the names and descriptions of
    its presets, and its tutorial's titles, names and explanations."""
    for name in available_games():
        spec = game_spec(name)
        if spec.narration.startswith(package + "."):
            texts = [spec.title, spec.summary, *spec.bots]
            for option in spec.options:
                texts += [option.name.replace("_", " "), option.help, *option.choices, *option.presets]
            for preset in load_presets(spec):
                texts += [preset.name, preset.description]
            tutorial = load_tutorial(spec)
            return texts + (tutorial_texts(tutorial) if tutorial is not None else [])
    return []


def catalogs() -> dict[Path, list[Path]]:
    """Each catalog folder and the source files whose words it holds."""
    web = SOURCE / "web"
    found = {
        web / "locale": sorted(web.rglob("*.py")) + sorted(web.glob("static/*.js")) + sorted(web.glob("static/*.html"))
    }
    for game in sorted(path.parent for path in SOURCE.glob("games/*/narrate.py")):
        found[game / "locale"] = sorted(game.rglob("*.py")) + sorted(game.glob("board.js"))
        found[game / "locale"].append(SOURCE / "core" / "typed_input.py")
    return found


def template(folder: Path, sources: list[Path]) -> Catalog:
    """The messages the sources use, as a catalog without translations."""
    catalog = Catalog(project="highroller", header_comment="# The words of highroller, translated.")
    for path in sources:
        where = path.relative_to(SOURCE).as_posix()
        if path.suffix == ".html":
            for line, text in html_texts(path):
                catalog.add(text, locations=[(where, line)])
            continue
        method, keywords, options = (
            ("javascript", JS_KEYWORDS, JS_OPTIONS) if path.suffix == ".js" else ("python", PYTHON_KEYWORDS, {})
        )
        for line, message, _comments, _context in extract_from_file(method, path, keywords=keywords, options=options):
            catalog.add(message, locations=[(where, line)])
    package = "highroller." + folder.parent.relative_to(SOURCE).as_posix().replace("/", ".")
    if package.startswith("highroller.games."):
        for text in (*COUNT_WORDS, AND, CLAUSES):
            catalog.add(text, locations=[("core/words.py", 0)])
    for text in spec_texts(package):
        catalog.add(text, locations=[(folder.parent.relative_to(SOURCE).as_posix() + "/spec.py", 0)])
    return catalog


def update(folder: Path, sources: list[Path]) -> None:
    wanted = template(folder, sources)
    folder.mkdir(exist_ok=True)
    for lang in TRANSLATED:
        path = folder / f"{lang}.po"
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=lang)
        else:
            catalog = Catalog(
                locale=lang, project="highroller", header_comment="# The words of highroller, translated."
            )
        catalog.update(wanted, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as handle:
            write_po(
                handle,
                catalog,
                width=120,
                omit_header=False,
                sort_output=False,
                include_previous=False,
                ignore_obsolete=True,
            )
        messages = [message for message in catalog if message.id]
        untranslated = sum(
            1
            for message in messages
            if not (all(message.string) if isinstance(message.string, tuple) else message.string)
        )
        print(f"{path.relative_to(SOURCE.parents[1])}: {len(messages)} texts, {untranslated} to translate")


def main() -> None:
    for folder, sources in catalogs().items():
        update(folder, sources)


if __name__ == "__main__":
    main()
