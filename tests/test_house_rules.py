"""The house's import rules, read from the source with `ast`: `core` imports nothing above it; the
front ends (`envs`, `web`, `cli`, `batch`, `tournament`) import no game module and name no game in
their code; a game imports no front end and no other game. A new game then needs its folder and one
registry line, nothing else."""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

import pytest

import highroller as hr

PACKAGE = Path(hr.__file__).parent
FRONT_ENDS = ("envs", "web", "cli", "batch", "tournament")
GAMES = tuple(sorted(path.name for path in (PACKAGE / "games").iterdir() if (path / "spec.py").exists()))


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
                if isinstance(before, (ast.Assign, ast.AnnAssign)) and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                    docstrings.add(id(after.value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(PACKAGE.parent)}:{line}"


def test_the_games_are_found() -> None:
    assert set(GAMES) == set(hr.available_games())


def test_core_imports_nothing_above_it() -> None:
    wrong = [f"{_where(path, line)} imports {name}" for path in _modules("core") for line, name in _imports(path)
             if name == "highroller" or not name.startswith("highroller.core")]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_import_no_game(front_end: str) -> None:
    wrong = [f"{_where(path, line)} imports {name}" for path in _modules(front_end) for line, name in _imports(path)
             if name.startswith("highroller.games.") or name == "highroller.games"]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("front_end", FRONT_ENDS)
def test_front_ends_name_no_game(front_end: str) -> None:
    wrong = [f"{_where(path, line)} says {text!r}" for path in _modules(front_end) for line, text in _strings(path)
             if any(game in text for game in GAMES)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_front_end_and_no_other_game(game: str) -> None:
    others = [f"highroller.games.{other}" for other in GAMES if other != game]
    wrong = [f"{_where(path, line)} imports {name}" for path in _modules(f"games/{game}") for line, name in _imports(path)
             if any(name == f"highroller.{part}" or name.startswith(f"highroller.{part}.") for part in ("envs", "web", "cli", "tournament"))
             or any(name == other or name.startswith(other + ".") for other in others)]
    assert not wrong, "\n".join(wrong)


def test_the_checks_see_a_violation(tmp_path: Path) -> None:
    """The readers above find what they look for (so an empty result means something)."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""Plays lasvegas."""\nfrom highroller.games.lasvegas import spec\nimport highroller.web\nNAME = "lasvegas"\n', encoding="utf-8")
    assert (2, "highroller.games.lasvegas") in _imports(sample)
    assert (3, "highroller.web") in _imports(sample)
    assert _strings(sample) == [(4, "lasvegas")]
