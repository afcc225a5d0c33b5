"""`highroller new-game`: the package it writes, which passes the API checker and plays; the names and
folders it refuses; and the tutorial of docs/api.md ("Adding a game") run as the page writes it: its
commands in a throwaway virtual environment into which the new game is installed as the page says,
and its edits of the game's files. (The browser at its end is tests/web/test_web_scaffold.py.)"""

from __future__ import annotations

import ast
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

import pytest
from click.testing import CliRunner

import highroller as hr
from highroller import registry
from highroller.cli.main import cli
from highroller.core.checker import check_game
from highroller.core.spec import load_object

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
    assert set(project["tool"]["setuptools"]["package-data"][MODULE]) == {"board.js", "board.css", "guide/*.md"}
    package = folder / "src" / MODULE
    assert {
        "spec.py",
        "rules.py",
        "state.py",
        "bots.py",
        "view.py",
        "narration.py",
        "render.py",
        "board.js",
        "board.css",
    } <= {path.name for path in package.iterdir()}
    assert (
        (package / "guide" / "en.md").is_file()
        and (folder / "README.md").is_file()
        and (folder / "tests" / f"test_{NAME}.py").is_file()
    )
    for path in folder.rglob("*.py"):
        assert ast.get_docstring(ast.parse(path.read_text())), f"{path} has no docstring"
    assert "export function render(view, ctx)" in (package / "board.js").read_text()


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
