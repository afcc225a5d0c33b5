"""Write the games' pages of the docs from their folders: `python scripts/game_docs.py`.

For each of highroller's own games (or the games named: `python scripts/game_docs.py lasvegas`):

- docs/views/<game>.md is the game's `view.md` (beside its view module: what the view is, then its
  sections, "## The view", "## Steps", "## Events") with the table of the view written under
  "## The view" from the view's `TypedDict`s: every key path, its type and its meaning, which is the
  docstring under the key's declaration (a key declared `NotRequired` is marked *optional*).
- docs/rules/<game>.md gets the game's guide in English (`guide/en.md` of the spec's `guide`) word for
  word as its "## In short" section; the page's other sections, the rules as implemented with their
  rulings, are kept as they are. A game without a page gets one with its title and that section.

`--check` writes nothing and lists the pages that running the script would change (exit status 1 if
any): the tests run it so. `--docs DIR` writes another package's pages into DIR/views and DIR/rules.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re
import sys
import textwrap
import types
from collections.abc import Iterator
from importlib import import_module
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

from typing_extensions import is_typeddict

from highroller import registry
from highroller.core.spec import GameSpec
from highroller.registry import available_games, game_spec

DOCS = Path(__file__).resolve().parents[1] / "docs"
VIEW_PAGE = "view.md"
"""The file beside a game's view module holding the prose of its view page."""
VIEW_HEADING = "## The view"
RULES_HEADING = "## In short"
RULES_LEAD = "What the web table's Rules panel shows (`{guide}/en.md`, also in French and German):"
PRIMITIVES = {int: "int", str: "string", bool: "bool", float: "number", type(None): "null"}


def own_games() -> list[str]:
    """highroller's own registered games (a game of another package keeps its pages with it)."""
    return registry.own_games()


# ---------------------------------------------------------------------------------------- views


def key_docs(view_type: type) -> dict[str, str]:
    """The docstring under each key's declaration in a TypedDict and the TypedDicts it extends."""
    found: dict[str, str] = {}
    for base in getattr(view_type, "__orig_bases__", ()):
        if is_typeddict(base):
            found.update(key_docs(base))
    try:
        source = textwrap.dedent(inspect.getsource(view_type))
    except (OSError, TypeError):
        return found
    body = ast.parse(source).body[0]
    assert isinstance(body, ast.ClassDef)
    for before, after in zip(body.body, body.body[1:], strict=False):
        if not (
            isinstance(before, ast.AnnAssign) and isinstance(before.target, ast.Name) and isinstance(after, ast.Expr)
        ):
            continue
        if isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
            found[before.target.id] = " ".join(after.value.value.split())
    return found


def type_words(hint: Any) -> str:
    """A type as the page writes it: "int", "list of objects", "`"a"` or `"b"`", "object or null"."""
    origin, args = get_origin(hint), get_args(hint)
    if hint in PRIMITIVES:
        return PRIMITIVES[hint]
    if is_typeddict(hint):
        return "object"
    if origin is Literal:
        quoted = [f'`"{value}"`' if isinstance(value, str) else f"`{value}`" for value in args]
        return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
    if origin in (Union, types.UnionType):
        words: list[str] = []
        for member in [a for a in args if a is not type(None)] + [a for a in args if a is type(None)]:
            said = type_words(member)
            if said not in words:
                words.append(said)
        return " or ".join(words)
    if origin is list:
        item = type_words(args[0])
        return "list of " + (item.replace("object", "objects", 1) if item.startswith("object") else item)
    if origin is dict:
        return f"map {type_words(args[0])} → {type_words(args[1])}"
    raise ValueError(
        f"a view key's type is a primitive, a Literal, a union, a list, a dict or a TypedDict, not {hint!r}"
    )


def view_rows(view_type: Any, prefix: str = "") -> Iterator[tuple[str, str, str]]:
    """(key path, type, meaning) of every key the view type declares, in declaration order, each
    followed by the keys of its value: `casinos`, `casinos[].casino`, … (the paths of
    `highroller.core.viewschema.schema_paths`)."""
    origin, args = get_origin(view_type), get_args(view_type)
    if is_typeddict(view_type):
        documented = key_docs(view_type)
        optional = {
            key
            for key, hint in get_type_hints(view_type, include_extras=True).items()
            if get_origin(hint) is NotRequired
        }
        for key, hint in get_type_hints(view_type).items():
            path = f"{prefix}.{key}" if prefix else key
            if key not in documented:
                raise ValueError(
                    f"{view_type.__module__}.{view_type.__qualname__}.{key} has no docstring: write what it means "
                    f"under it"
                )
            meaning = documented[key][:1].lower() + documented[key][1:].rstrip(".")
            yield path, type_words(hint), f"*optional*: {meaning}" if key in optional else meaning
            yield from view_rows(hint, path)
    elif origin in (Union, types.UnionType):
        seen: set[str] = set()
        for member in args:
            for row in view_rows(member, prefix):
                if row[0] not in seen:
                    seen.add(row[0])
                    yield row
    elif origin is list:
        yield from view_rows(args[0], prefix + "[]")
    elif origin is dict:
        yield from view_rows(args[1], prefix + ".*")


def view_table(view_type: type) -> str:
    """The table of the view: a row per key path."""
    lines = ["| key | type | meaning |", "|---|---|---|"]
    for path, words, meaning in view_rows(view_type):
        cells = (f"`{path}`", words, meaning)
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines)


def view_page(spec: GameSpec) -> str:
    """docs/views/<game>.md: the game's view.md with the view's table under its "## The view"."""
    module_name, _, type_name = spec.view.partition(":")
    view_type = getattr(import_module(module_name), type_name)
    package = module_name.rpartition(".")[0]
    source = files(package).joinpath(VIEW_PAGE)
    if not source.is_file():
        raise ValueError(
            f"{spec.name} has no {VIEW_PAGE} beside {module_name}: its view page's prose, with a '{VIEW_HEADING}' "
            f"heading"
        )
    prose = source.read_text(encoding="utf-8")
    heading = re.search(rf"^{re.escape(VIEW_HEADING)}\n", prose, flags=re.MULTILINE)
    if heading is None:
        raise ValueError(f"{spec.name}'s {VIEW_PAGE} has no '{VIEW_HEADING}' heading for the view's table to go under")
    after = prose[heading.end() :].lstrip("\n")
    return prose[: heading.end()] + "\n" + view_table(view_type) + "\n\n" + after


# ---------------------------------------------------------------------------------------- rules


def guide_text(spec: GameSpec) -> str:
    """The game's guide in English, as its folder has it."""
    package, _, folder = spec.guide.partition(":")
    return files(package).joinpath(folder, "en.md").read_text(encoding="utf-8")


def rules_page(spec: GameSpec, page: str | None) -> str:
    """docs/rules/<game>.md with the English guide as its "## In short" section (a new page if None)."""
    where = spec.guide.replace(".", "/").replace(":", "/")
    section = f"{RULES_HEADING}\n\n{RULES_LEAD.format(guide='src/' + where)}\n\n{guide_text(spec).strip()}\n\n"
    if page is None:
        return f"# {spec.title} — rules\n\n{section}"
    found = re.search(rf"^{re.escape(RULES_HEADING)}\n.*?(?=^## |\Z)", page, flags=re.MULTILINE | re.DOTALL)
    if found is None:
        title = re.search(r"^# .*\n+", page)
        start = title.end() if title else 0
        return page[:start] + section + page[start:]
    return page[: found.start()] + section + page[found.end() :]


# ---------------------------------------------------------------------------------------- pages


def pages(names: list[str], docs: Path) -> dict[Path, str]:
    """Each page the games' docs have, with the text it should hold."""
    wanted: dict[Path, str] = {}
    for name in names:
        spec = game_spec(name)
        wanted[docs / "views" / f"{name}.md"] = view_page(spec)
        if spec.guide:
            path = docs / "rules" / f"{name}.md"
            wanted[path] = rules_page(spec, path.read_text(encoding="utf-8") if path.exists() else None)
    return wanted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to write the pages of (default: highroller's own)")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs folder (default: this checkout's)")
    parser.add_argument("--check", action="store_true", help="write nothing; list the pages that would change")
    options = parser.parse_args(argv)
    unknown = sorted(set(options.games) - set(available_games()))
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; games: {', '.join(available_games())}")
    changed = []
    for path, text in pages(options.games or own_games(), options.docs).items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        changed.append(path)
        if not options.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for path in changed:
        print(f"{'would change' if options.check else 'wrote'} {path}")
    return 1 if options.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
