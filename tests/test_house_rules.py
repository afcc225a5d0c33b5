"""The house's rules, read from the source: `core` imports nothing above it; the front ends (`envs`,
`web`, `cli`, `batch`, `tournament`) import no game module and name no game in their code; a game
imports no front end and no other game. A new game then needs its package (its folder and its entry
point), nothing else.

The same holds beyond Python: the web's shared pages, scripts and stylesheets (web/static) name no
game and use no class family of a game's board; the shared docs pages name a game's package or folder
(`highroller.games.<game>`, `games/<game>/`) only in their examples, the fenced code blocks (a game's
registered name, as in `highroller play lasvegas`, is how every front end names it, and may be used
anywhere as an example); and tests outside a game's own folder (tests/<game>/) reach games through the
registry (`hr.make`, `hr.game_spec`), importing none of a game's modules, but for the test files listed
in `TESTS_THAT_IMPORT_GAMES` (a list that may only shrink).

No module imports, through any chain, a module that imports it: not at the top, not inside a function and
not under `TYPE_CHECKING` (highroller's source and the packages beside it)."""

from __future__ import annotations

import ast
import re
from itertools import pairwise
from pathlib import Path

import pytest

import highroller as hr
from highroller import registry

PACKAGE = Path(hr.__file__).parent
ROOT = PACKAGE.parents[1]
FRONT_ENDS = ("envs", "web", "cli", "batch", "tournament")
GAMES = tuple(sorted(path.name for path in (PACKAGE / "games").iterdir() if (path / "spec.py").exists()))
SHARED_WEB = sorted(path for path in (PACKAGE / "web" / "static").iterdir() if path.suffix in (".js", ".css", ".html"))
SHARED_DOCS = [
    ROOT / "docs" / name for name in ("api.md", "web.md", "simulation.md", "tournaments.md", "rl.md", "records.md")
]
TESTS = ROOT / "tests"
TESTS_THAT_IMPORT_GAMES = {
    "batch/test_batch_lastchance.py",
    "batch/test_batch_lasvegas.py",
    "batch/test_batch_luckiest.py",
    "batch/test_batch_ray.py",
    "batch/test_batch_tally.py",
    "bots/test_bots_levels.py",
    "bots/test_bots_search.py",
    "cli/test_cli_seats_and_files.py",
    "core/test_api.py",
    "envs/test_envs_gymnasium.py",
    "test_api_checker.py",
    "test_move_advice.py",
    "web/test_web_amounts.py",
    "web/test_web_fuzz.py",
    "web/test_web_hints.py",
    "web/test_web_offer.py",
    "web/test_web_sheet.py",
    "web/test_web_warm_up.py",
}
"""Test files outside tests/<game>/ that imported a game's modules when the rule came (18 files, 49
imports): each is to reach its game through the registry instead, and leave the list."""
CSS_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")


def _modules(part: str) -> list[Path]:
    return sorted((PACKAGE / part).rglob("*.py"))


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every absolute `highroller…` module a file imports (relative imports resolved), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
                base = list(package[: len(package) - node.level + 1])
                module = ".".join([*base, module] if module else base)
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if name == "highroller" or name.startswith("highroller.")]


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a file's code, docstrings left out (an example in prose may name a game)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
        # attribute docstrings: a bare string right after an assignment
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for before, after in pairwise(body):
                if (
                    isinstance(before, (ast.Assign, ast.AnnAssign))
                    and isinstance(after, ast.Expr)
                    and isinstance(after.value, ast.Constant)
                ):
                    docstrings.add(id(after.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def _import_graph(root: Path) -> dict[str, set[str]]:
    """Each module under the source folder `root` with the modules of that folder it imports anywhere in its
    code (in functions and under `TYPE_CHECKING` too; `from package import module` counts the module)."""
    names: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, node.module] if node.module else base)
                found.update(
                    f"{module}.{alias.name}" if f"{module}.{alias.name}" in names else module for alias in node.names
                )
        graph[name] = {module for module in found if module in names and module != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other through some chain (strongly connected, more than one)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return circles


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{line}"


def test_the_games_are_found() -> None:
    assert set(GAMES) == set(registry.own_games())


def test_core_imports_nothing_above_it() -> None:
    wrong = [
        f"{_where(path, line)} imports {name}"
        for path in _modules("core")
        for line, name in _imports(path)
        if name == "highroller" or not name.startswith("highroller.core")
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_import_no_game(front_end: str) -> None:
    wrong = [
        f"{_where(path, line)} imports {name}"
        for path in _modules(front_end)
        for line, name in _imports(path)
        if name.startswith("highroller.games.") or name == "highroller.games"
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_name_no_game(front_end: str) -> None:
    wrong = [
        f"{_where(path, line)} says {text!r}"
        for path in _modules(front_end)
        for line, text in _strings(path)
        if any(game in text for game in GAMES)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_front_end_and_no_other_game(game: str) -> None:
    others = [f"highroller.games.{other}" for other in GAMES if other != game]
    wrong = [
        f"{_where(path, line)} imports {name}"
        for path in _modules(f"games/{game}")
        for line, name in _imports(path)
        if any(
            name == f"highroller.{part}" or name.startswith(f"highroller.{part}.")
            for part in ("envs", "web", "cli", "tournament")
        )
        or any(name == other or name.startswith(other + ".") for other in others)
    ]
    assert not wrong, "\n".join(wrong)


def _game_packages() -> dict[str, str]:
    """Each registered game's package (that of its view module): `highroller.games.lasvegas`, or another
    distribution's."""
    return {name: hr.game_spec(name).view.partition(":")[0].rpartition(".")[0] for name in hr.available_games()}


def _board_class_families() -> dict[str, set[str]]:
    """The class families each game's board stylesheet owns: the prefixes of its hyphenated classes
    (`lc-` of `lc-felt`) that no shared stylesheet uses."""
    shared = {
        name.split("-")[0]
        for path in SHARED_WEB
        if path.suffix == ".css"
        for name in CSS_CLASS.findall(path.read_text(encoding="utf-8"))
        if "-" in name
    }
    families = {}
    for game in GAMES:
        board = PACKAGE / "games" / game / "board.css"
        classes = CSS_CLASS.findall(board.read_text(encoding="utf-8")) if board.exists() else []
        families[game] = {name.split("-")[0] for name in classes if "-" in name} - shared
    return families


def _web_naming_games(path: Path, families: dict[str, set[str]]) -> list[str]:
    """Where a shared web file names a game (`lastchance`, as a string, a class or an id) or uses a
    class family of a game's board (`lc-felt`)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for game in GAMES:
            named = re.search(rf"(?<![\w-]){game}(?!\w)", line)
            used = [
                family for family in families.get(game, ()) if re.search(rf"(?<![\w-]){re.escape(family)}-\w", line)
            ]
            if named or used:
                found.append(f"{path.name}:{number} names {game}: {line.strip()[:80]}")
    return found


def _prose(text: str) -> list[tuple[int, str]]:
    """The lines of a Markdown page outside its fenced code blocks, numbered."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def _docs_naming_internals(path: Path) -> list[str]:
    """Where a shared docs page names a game's package or folder outside its examples."""
    internals = re.compile(rf"highroller\.games\.({'|'.join(GAMES)})\b|games/({'|'.join(GAMES)})/")
    return [
        f"{path.name}:{number}: {line.strip()[:100]}"
        for number, line in _prose(path.read_text(encoding="utf-8"))
        if internals.search(line)
    ]


def _tests_importing_games(paths: list[Path], root: Path = TESTS) -> dict[str, list[str]]:
    """Each test file (named from `root`) that imports a game's modules, with what it imports."""
    packages = tuple(_game_packages().values())
    found: dict[str, list[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )
            for name in names:
                if any(name == package or name.startswith(package + ".") for package in packages):
                    found.setdefault(path.relative_to(root).as_posix(), []).append(f"{node.lineno}: {name}")
    return found


def _shared_tests() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if path.relative_to(TESTS).parts[0] not in GAMES)


def test_the_shared_web_files_name_no_game() -> None:
    families = _board_class_families()
    assert families["lastchance"] >= {"lc"}, "the board stylesheets are read"
    wrong = [found for path in SHARED_WEB for found in _web_naming_games(path, families)]
    assert not wrong, "\n".join(wrong)


def test_the_shared_docs_name_a_games_internals_only_in_examples() -> None:
    wrong = [found for path in SHARED_DOCS for found in _docs_naming_internals(path)]
    assert not wrong, "\n".join(wrong)


def test_tests_outside_a_games_folder_import_no_game_module_but_the_listed_ones() -> None:
    importing = _tests_importing_games(_shared_tests())
    new = {name: imports for name, imports in importing.items() if name not in TESTS_THAT_IMPORT_GAMES}
    assert not new, f"reach the game through the registry (hr.make, hr.game_spec) instead: {new}"
    done = sorted(TESTS_THAT_IMPORT_GAMES - set(importing))
    assert not done, f"these no longer import a game's modules: take them off TESTS_THAT_IMPORT_GAMES: {done}"


@pytest.mark.parametrize("root", [PACKAGE.parent, *sorted(ROOT.glob("packages/*/src"))], ids=lambda root: str(root))
def test_no_module_imports_itself_through_others(root: Path) -> None:
    circles = _circles(_import_graph(root))
    assert not circles, f"import circles (move what both need below them, or pass it in): {circles}"


def test_the_checks_see_a_violation(tmp_path: Path) -> None:
    """The readers above find what they look for (so an empty result means something)."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Plays lasvegas."""\nfrom highroller.games.lasvegas import spec\nimport highroller.web\nNAME = "lasvegas"\n',
        encoding="utf-8",
    )
    assert (2, "highroller.games.lasvegas") in _imports(sample)
    assert (3, "highroller.web") in _imports(sample)
    assert _strings(sample) == [(4, "lasvegas")]
    page = tmp_path / "page.js"
    page.write_text(
        '// the table\nel.classList.add("lc-felt");\nconst game = "lastchance";\nconst lc = 1;\n', encoding="utf-8"
    )
    assert [found.split(" names")[0] for found in _web_naming_games(page, _board_class_families())] == [
        "page.js:2",
        "page.js:3",
    ]
    doc = tmp_path / "page.md"
    doc.write_text(
        "See `games/lasvegas/batch.py`.\n\n```python\nfrom highroller.games.lasvegas.batch import ENGINE\n```\n"
        "`highroller play lasvegas` and `highroller.games.luckiest.policy`\n",
        encoding="utf-8",
    )
    assert [found.split(":")[1] for found in _docs_naming_internals(doc)] == ["1", "6"]
    shared = tmp_path / "tests" / "web" / "test_x.py"
    shared.parent.mkdir(parents=True)
    shared.write_text(
        "import highroller as hr\nfrom highroller.games.luckiest.policy import x\nimport highroller.games.lastchance\n",
        encoding="utf-8",
    )
    source = tmp_path / "src" / "pkg"
    source.mkdir(parents=True)
    (source / "__init__.py").write_text("", encoding="utf-8")
    (source / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n")
    (source / "b.py").write_text("def f():\n    from . import c\n", encoding="utf-8")
    (source / "c.py").write_text("import pkg.a\n", encoding="utf-8")
    (source / "d.py").write_text("from pkg import a\n", encoding="utf-8")
    assert _circles(_import_graph(tmp_path / "src")) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert _tests_importing_games([shared], tmp_path / "tests") == {
        "web/test_x.py": ["2: highroller.games.luckiest.policy", "3: highroller.games.lastchance"]
    }
