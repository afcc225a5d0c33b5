"""`highroller new-game`: the package it writes, which passes the API checker and plays; the names and
folders it refuses; and the tutorial of docs/api.md ("Adding a game") run as the page writes it: its
commands in a throwaway virtual environment into which the new game is installed as the page says,
and its edits of the game's files. (The browser at its end is tests/web/test_web_scaffold.py.)"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from click.testing import CliRunner

import highroller as hr
import highroller.games
from highroller import registry
from highroller.cli.main import cli
from highroller.core.checker import check_game
from highroller.core.spec import load_object
from highroller.core.state import CHANCE
from highroller.core.tutorial_file import load_tutorial, tutorial_texts
from highroller.core.words import AND

DOCS = Path(__file__).parents[1] / "docs" / "api.md"
NAME = "dice_duel"
MODULE = f"highroller_{NAME}"
HIGHROLLER = "from highroller.cli.main import main; main()"
"""The `highroller` command, run by an interpreter given its path."""
TYPED = "1\n" * 12
"""What a person types at any command of the tutorial: at `highroller play`, keep every roll."""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def _forget_registrations() -> None:
    for cached in vars(registry).values():
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


@pytest.fixture
def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A new game written by the command and registered for one test without installing it: its
    `src/` importable, and named by `HIGHROLLER_GAMES`. The game's folder."""
    folder = tmp_path / NAME
    code, out = run("new-game", NAME, "--dir", str(folder))
    assert code == 0, out
    monkeypatch.syspath_prepend(str(folder / "src"))
    monkeypatch.setenv("HIGHROLLER_GAMES", f"{NAME}={MODULE}.spec:SPEC")
    _forget_registrations()
    yield folder
    monkeypatch.delenv("HIGHROLLER_GAMES")
    _forget_registrations()
    for module in [module for module in sys.modules if module == MODULE or module.startswith(f"{MODULE}.")]:
        del sys.modules[module]


def test_the_command_writes_a_package_that_registers_the_game(tmp_path: Path) -> None:
    folder = tmp_path / "games" / NAME
    code, out = run("new-game", NAME, "--dir", str(folder))
    assert code == 0, out
    assert f"pip install -e '{folder}[test]'" in out and f"highroller play {NAME}" in out
    project = tomllib.loads((folder / "pyproject.toml").read_text())
    assert project["project"]["name"] == "highroller-dice-duel" and project["project"]["dependencies"] == ["highroller"]
    assert project["project"]["entry-points"]["highroller.games"] == {NAME: f"{MODULE}.spec:SPEC"}
    assert any(
        need.startswith("pytest") for need in project["project"]["optional-dependencies"]["test"]
    )  # the printed pytest step runs
    data = set(project["tool"]["setuptools"]["package-data"][MODULE])
    assert data == {"board.js", "board.css", "view.md", "guide/*.md", "locale/*.po", "tutorial.json"}
    package = folder / "src" / MODULE
    assert _missing(package) == []
    assert (folder / "README.md").is_file() and (folder / "tests" / f"test_{NAME}.py").is_file()
    for path in folder.rglob("*.py"):
        assert ast.get_docstring(ast.parse(path.read_text())), f"{path} has no docstring"
    assert "export function render(view, ctx)" in (package / "board.js").read_text()
    assert "export function pointed(point)" in (package / "board.js").read_text()
    assert (package / "tutorial.json").is_file() and (package / "tutorial_claims.py").is_file()


SHAPE = (
    "__init__.py", "spec.py", "rules.py", "steps.py", "state.py", "bots.py", "view.py", "view.md", "typed.py",
    "narrate.py", "sheet.py", "encoder.py", "render.py", "board.js", "board.css", "guide/en.md", "guide/fr.md",
    "locale/fr.po",
)  # fmt: skip
"""The files every game's folder holds, whether `new-game` wrote it, it is a package of packages/ or one of
highroller's own games."""


def _missing(folder: Path) -> list[str]:
    return [name for name in SHAPE if not (folder / name).is_file()]


def _packaged_games() -> list[str]:
    """The games the packages of packages/ register (by their pyproject.toml's entry points)."""
    pyprojects = sorted((Path(__file__).parents[1] / "packages").glob("*/pyproject.toml"))
    return [
        name
        for pyproject in pyprojects
        for name in tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["entry-points"]["highroller.games"]
    ]


def _game_docs() -> Any:
    spec = importlib.util.spec_from_file_location("game_docs", DOCS.parents[1] / "scripts" / "game_docs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_new_game_the_packaged_ones_and_highrollers_own_are_of_one_shape(new_game: Path, tmp_path: Path) -> None:
    """The same files with the same jobs, a spec naming the same parts, and a view whose every key is
    documented (so scripts/game_docs.py writes its pages)."""
    games = [*registry.own_games(), *_packaged_games(), NAME]
    for name in games:
        spec = hr.game_spec(name)
        module = spec.view.partition(".view:")[0]
        folder = Path(importlib.import_module(module).__file__ or "").parent
        assert _missing(folder) == [], name
        assert spec.narration.startswith(f"{module}.narrate:") and spec.encoder.startswith(f"{module}.encoder:")
        assert spec.score_sheet.startswith(f"{module}.sheet:") and spec.typed_input.startswith(f"{module}.typed:")
        assert spec.board == f"{module}:board.js" and spec.guide == f"{module}:guide"
    pages = _game_docs().pages([*_packaged_games(), NAME], tmp_path)
    assert tmp_path / "views" / f"{NAME}.md" in pages and "| `dice` |" in pages[tmp_path / "views" / f"{NAME}.md"]


def test_the_new_game_speaks_french_and_german_every_text_it_uses(new_game: Path) -> None:
    package = new_game / "src" / MODULE
    spec = hr.game_spec(NAME)
    used = {
        spec.title,
        spec.summary,
        AND,
        *spec.bots,
        *(text for option in spec.options for text in (option.name, option.help)),
    }
    tutorial = load_tutorial(spec)
    assert tutorial is not None and spec.tutorial == f"{MODULE}:tutorial.json"
    used.update(tutorial_texts(tutorial))
    for name, method, keywords in (
        ("narrate.py", "python", {"w": None}),
        ("tutorial_claims.py", "python", {"w": None}),
        ("typed.py", "python", {"w": None}),
        ("sheet.py", "python", {"w": None}),
        ("board.js", "javascript", {"t": None, "tn": (2, 3)}),
    ):
        for _line, message, _comments, _context in extract_from_file(method, str(package / name), keywords=keywords):
            used.add(message[0] if isinstance(message, tuple) else message)
    for lang in ("fr", "de"):
        with (package / "locale" / f"{lang}.po").open("rb") as handle:
            catalog = {
                message.id[0] if isinstance(message.id, tuple) else message.id: message
                for message in read_po(handle)
                if message.id
            }
        assert set(catalog) == used, lang
        assert all(message.string and all(message.string) for message in catalog.values()), lang
    state = hr.make(NAME, players=2).new_game(seed=3)
    roll = state.sample_chance()
    told = {
        lang: hr.narration_of(NAME, lang).describe_step(state, CHANCE, roll, ["Ann", "Bob"]) for lang in ("fr", "de")
    }
    assert (told["fr"] or "").startswith("Ann lance") and (told["de"] or "").startswith("Ann wirft"), told


def test_a_builtin_game_is_written_into_a_checkout_with_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout = tmp_path / "highroller"
    (checkout / "src" / "highroller" / "games").mkdir(parents=True)
    (checkout / "pyproject.toml").write_text((DOCS.parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    code, out = run("new-game", NAME, "--builtin", "--checkout", str(checkout))
    assert code == 0, out
    assert f"python -m pytest tests/{NAME}" in out and f"python scripts/game_docs.py {NAME}" in out
    folder = checkout / "src" / "highroller" / "games" / NAME
    assert _missing(folder) == [] and (checkout / "tests" / NAME / f"test_{NAME}.py").is_file()
    assert sorted(path.name for path in checkout.iterdir()) == [
        "pyproject.toml",
        "src",
        "tests",
    ]  # no README of its own
    project = tomllib.loads((checkout / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    registered = project["entry-points"]["highroller.games"]
    assert registered[NAME] == f"highroller.games.{NAME}.spec:SPEC" and set(registry.own_games()) < set(registered)
    monkeypatch.setattr(highroller.games, "__path__", [*highroller.games.__path__, str(folder.parent)])
    monkeypatch.setenv("HIGHROLLER_GAMES", f"{NAME}=highroller.games.{NAME}.spec:SPEC")
    _forget_registrations()
    try:
        spec = hr.game_spec(NAME)
        check_game(hr.make(NAME, players=2), view_type=load_object(spec.view))
        state = hr.make(NAME, players=2).new_game(1)
        state.apply(state.sample_chance())
        assert [hr.narration_of(NAME, "de").label(step) for step in state.legal_actions()] == [
            "behalten",
            "noch einmal werfen",
        ]
    finally:
        for module in [module for module in sys.modules if module.startswith(f"highroller.games.{NAME}")]:
            del sys.modules[module]
        monkeypatch.undo()
        _forget_registrations()
    code, out = run("new-game", "other_game", "--builtin", "--checkout", str(tmp_path))
    assert code != 0 and "is not a checkout of highroller" in out


@pytest.mark.slow  # highroller's shared tests, in a process of their own
def test_highrollers_shared_tests_pass_with_the_new_game_beside_it(tmp_path: Path) -> None:
    """Every shared test that goes through the registered games (outside a game's own folder, and not
    itself slow) passes with the new game registered beside highroller's own and the packaged ones."""
    folder = tmp_path / NAME
    code, out = run("new-game", NAME, "--dir", str(folder))
    assert code == 0, out
    tests = Path(__file__).parent
    shared = sorted(
        str(path)
        for path in tests.rglob("test_*.py")
        if path != Path(__file__) and "available_games()" in path.read_text(encoding="utf-8")
    )
    assert len(shared) > 10
    path = os.pathsep.join(filter(None, [str(folder / "src"), os.environ.get("PYTHONPATH")]))
    environment = {**os.environ, "HIGHROLLER_GAMES": f"{NAME}={MODULE}.spec:SPEC", "PYTHONPATH": path}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", "-n", "2", *shared],
        cwd=tests.parent,
        env=environment,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def test_the_new_game_passes_the_api_checker_and_plays(new_game: Path) -> None:
    assert NAME in hr.available_games()
    spec = hr.game_spec(NAME)
    for options in spec.checker_configs:
        check_game(hr.make(NAME, **options), view_type=load_object(spec.view))
    code, out = run("play", NAME, "--bots", "2", "--seed", "7", "--save", str(new_game / "game.json"))
    assert code == 0, out
    assert "Round 3 goes to" in out and "the game!" in out


@pytest.mark.parametrize("name", ["DiceDuel", "dice-duel", "2dice", "_dice", "dice duel", "dé", ""])
def test_a_name_that_is_not_a_lowercase_identifier_is_refused(name: str, tmp_path: Path) -> None:
    code, out = run("new-game", name, "--dir", str(tmp_path / "game"))
    assert code == 1 and "a game's name is a lowercase identifier" in out and repr(name) in out
    assert not (tmp_path / "game").exists()


def test_the_name_of_a_game_already_registered_is_refused(tmp_path: Path) -> None:
    taken = hr.available_games()[0]
    code, out = run("new-game", taken, "--dir", str(tmp_path / "game"))
    assert code == 1 and f"{taken!r} is a game already" in out
    assert not (tmp_path / "game").exists()


def test_a_folder_in_use_is_refused_and_an_empty_one_taken(tmp_path: Path) -> None:
    used = tmp_path / "used"
    used.mkdir()
    (used / "notes.txt").write_text("mine")
    code, out = run("new-game", NAME, "--dir", str(used))
    assert code == 1 and "exists and is not an empty folder" in out
    assert [path.name for path in used.iterdir()] == ["notes.txt"]
    (tmp_path / "file").write_text("")
    code, out = run("new-game", NAME, "--dir", str(tmp_path / "file"))
    assert code != 0 and (tmp_path / "file").read_text() == ""
    (tmp_path / "empty").mkdir()
    code, out = run("new-game", NAME, "--dir", str(tmp_path / "empty"))
    assert code == 0, out
    assert (tmp_path / "empty" / "pyproject.toml").is_file()


# ---------------------------------------------------------------------------------- the tutorial
@dataclass
class Command:
    """A command of a ```console block (a line "$ ..."), and the lines of output shown after it: each
    must appear, in this order, in what it prints (spaces aside). Output saying "failed" is that of a
    command expected to fail."""

    line: str
    shown: list[str] = field(default_factory=list)


@dataclass
class Edit:
    """A block marked `<!-- tutorial: HOW PATH -->`: `append` it to the file, `edit` the file as the
    diff says, or check that the file holds it (`in`)."""

    how: str
    path: str
    text: str


FENCE = re.compile(r"^```(?P<kind>\w*)\n(?P<body>.*?)^```$", re.MULTILINE | re.DOTALL)
MARKER = re.compile(r"<!-- tutorial: (?P<how>append|edit|in) (?P<path>\S+) -->\Z")


def tutorial(page: str) -> list[Command | Edit]:
    """The steps of the section "Adding a game", in the page's order."""
    section = page.split("\n## Adding a game\n", 1)[1].split("\n## ", 1)[0]
    steps: list[Command | Edit] = []
    end = 0
    for block in FENCE.finditer(section):
        marker = MARKER.search(section[end : block.start()].rstrip())
        end = block.end()
        if block["kind"] == "console":
            for line in block["body"].splitlines():
                if line.startswith("$ "):
                    steps.append(Command(line[2:]))
                elif line.strip() not in ("", "…"):
                    assert steps and isinstance(steps[-1], Command), f"output before any command: {line!r}"
                    steps[-1].shown.append(line)
        elif marker is not None:
            steps.append(Edit(marker["how"], marker["path"], block["body"]))
    return steps


def throwaway_venv(where: Path) -> Path:
    """A virtual environment that installs into itself and imports this interpreter's packages too
    (highroller and what it needs, through a .pth file): what a person has who installed highroller,
    with nothing installed into the tests' own environment. Its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    site_packages = where / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    (site_packages / "outer.pth").write_text(f"import site; site.addsitedir({sysconfig.get_paths()['purelib']!r})\n")
    return where / "bin" / "python"


def command_line(line: str, python: Path) -> list[str]:
    """A command of the page as the throwaway environment's python runs it; pip installs without
    fetching anything (`--no-deps --no-build-isolation`: the needs are there already)."""
    program, *args = shlex.split(line)
    if program == "highroller":
        return [str(python), "-c", HIGHROLLER, *args]
    if program == "pip":
        assert args[0] == "install", line
        return [str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation", *args[1:]]
    assert program == "python", f"the tutorial runs highroller, pip and python, not {line!r}"
    return [str(python), *args]


def run_command(command: Command, python: Path, cwd: Path) -> None:
    keep = {
        key: value
        for key, value in os.environ.items()
        if key not in ("HIGHROLLER_GAMES", "PYTHONPATH") and not key.startswith("PYTEST_")
    }
    env = {
        **keep,
        "XDG_DATA_HOME": str(cwd / "data"),
        "COLUMNS": "200",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_NO_INPUT": "1",
    }
    result = subprocess.run(
        command_line(command.line, python),
        cwd=cwd,
        env=env,
        input=TYPED,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    said = f"$ {command.line}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    failing = any(re.search(r"\bfailed\b", line) for line in command.shown)
    assert result.returncode == (1 if failing else 0), said
    printed, position = " ".join(result.stdout.split()), 0
    for line in command.shown:
        wanted = " ".join(line.split())
        found = printed.find(wanted, position)
        assert found >= 0, f"{wanted!r} not printed (in this order)\n{said}"
        position = found + len(wanted)


def apply_edit(edit: Edit, cwd: Path) -> None:
    path = cwd / edit.path
    text = path.read_text()
    if edit.how == "in":
        assert edit.text in text, f"{edit.path} does not hold\n{edit.text}"
    elif edit.how == "append":
        path.write_text(text.rstrip("\n") + "\n\n\n" + edit.text)
    else:
        lines = edit.text.splitlines(keepends=True)
        before = "".join(line[1:] for line in lines if line[:1] in (" ", "-"))
        after = "".join(line[1:] for line in lines if line[:1] in (" ", "+"))
        assert text.count(before) == 1, f"{edit.path} does not hold, once,\n{before}"
        path.write_text(text.replace(before, after))


def test_the_tutorial_is_read_from_the_page() -> None:
    steps = tutorial(DOCS.read_text())
    commands = [" ".join(step.line.split()[:2]) for step in steps if isinstance(step, Command)]
    assert commands[0] == "highroller new-game" and commands[-1] == "highroller serve"
    assert {"pip install", "highroller play", "python -m", "highroller simulate"} <= set(commands)
    assert [step.how for step in steps if isinstance(step, Edit)] == ["in", "append", "edit", "edit"]
    assert any(isinstance(step, Command) and "failed" in " ".join(step.shown) for step in steps)


@pytest.mark.slow  # a virtual environment, an install and a dozen commands, each a new process
def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    python = throwaway_venv(tmp_path / "venv")
    steps = tutorial(DOCS.read_text())
    last = steps.pop()
    assert isinstance(last, Command) and last.line == "highroller serve"  # served in tests/web/test_web_scaffold.py
    for step in steps:
        if isinstance(step, Command):
            run_command(step, python, tmp_path)
        else:
            apply_edit(step, tmp_path)
    assert "doubles count double" in (tmp_path / NAME / "src" / MODULE / "guide" / "en.md").read_text()
