"""Writing a new game's package from the templates in `template/`.

Every template file ends in `.tmpl` and is filled in with `string.Template`: `$name` (the game's name,
`dice_duel`), `$title` (`Dice Duel`), `$module` (its Python package, `highroller_dice_duel`),
`$distribution` (its pip name, `highroller-dice-duel`) and `$classes` (the start of its class names,
`DiceDuel`); `$$` is a dollar sign. In a template's path, a folder `MODULE` becomes the module's
folder and `NAME` in a file's name the game's name (`tests/test_NAME.py`).

A built-in game (`write_builtin_game`) is written into a checkout of highroller instead: its package is
`highroller.games.<name>` in `src/highroller/games/<name>/`, its tests go to `tests/<name>/`, it has no
README or pyproject of its own, and highroller's pyproject.toml gets its entry point.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from highroller.core.errors import HighrollerError
from highroller.registry import available_games

TEMPLATES = files("highroller.scaffold").joinpath("template")
SUFFIX = ".tmpl"
NAME = re.compile(r"[a-z][a-z0-9_]*")
"""A game's name: a lowercase Python identifier (it names the game, its module and its entry point)."""


class ScaffoldError(HighrollerError, ValueError):
    """A game cannot be written there or by that name; the message says what is allowed."""


@dataclass(frozen=True)
class GameNames:
    """The names a game's name gives its package."""

    name: str
    builtin: bool = False
    """A game inside highroller (`highroller.games.<name>`) rather than a package of its own."""

    @property
    def title(self) -> str:
        return " ".join(part.capitalize() for part in self.name.split("_") if part)

    @property
    def module(self) -> str:
        return f"highroller.games.{self.name}" if self.builtin else f"highroller_{self.name}"

    @property
    def distribution(self) -> str:
        return f"highroller-{self.name.replace('_', '-')}"

    @property
    def classes(self) -> str:
        return self.title.replace(" ", "")

    def fields(self) -> dict[str, str]:
        """What the templates' placeholders stand for."""
        return {
            "name": self.name,
            "title": self.title,
            "module": self.module,
            "distribution": self.distribution,
            "classes": self.classes,
        }

    def path(self, template: tuple[str, ...]) -> Path | None:
        """Where a template's file goes in the package (its path in `template/`, `.tmpl` dropped); None for
        a file a built-in game has not (its own README and pyproject)."""
        *folders, file = template
        file = file.removesuffix(SUFFIX).replace("NAME", self.name)
        if not self.builtin:
            return Path(*[self.module if folder == "MODULE" else folder for folder in folders], file)
        if not folders:
            return None
        if folders[0] == "tests":
            return Path("tests", self.name, *folders[1:], file)
        return Path(*[f"highroller/games/{self.name}" if folder == "MODULE" else folder for folder in folders], file)


def check_name(name: str, builtin: bool = False) -> GameNames:
    """The names of a new game called `name`; `ScaffoldError` unless it is a lowercase identifier that
    no registered game has."""
    if not NAME.fullmatch(name):
        raise ScaffoldError(
            f"a game's name is a lowercase identifier: a letter a-z, then letters a-z, digits or _ (such as "
            f"dice_duel), not {name!r}"
        )
    if name in available_games():
        raise ScaffoldError(
            f"{name!r} is a game already; choose a name none of these has: {', '.join(available_games())}"
        )
    return GameNames(name, builtin)


def check_directory(directory: Path) -> None:
    """`ScaffoldError` unless `directory` is new or an empty folder."""
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        raise ScaffoldError(f"{directory} exists and is not an empty folder; name a new or empty folder (--dir)")


def templates(
    folder: Traversable = TEMPLATES, within: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], Traversable]]:
    """Every template file with its path in `template/`, in path order."""
    found: list[tuple[tuple[str, ...], Traversable]] = []
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if entry.is_dir():
            found += templates(entry, (*within, entry.name))
        elif entry.name.endswith(SUFFIX):
            found.append(((*within, entry.name), entry))
    return found


def write_game(name: str, directory: Path) -> list[Path]:
    """Write the package of a new game called `name` into `directory` (new, or an empty folder); the
    files written, in path order. `ScaffoldError` for a name or folder that is refused."""
    names = check_name(name)
    check_directory(directory)
    return _fill(names, directory)


def _fill(names: GameNames, root: Path) -> list[Path]:
    """Write every template a game of these names has under `root`; the files written, in path order."""
    written = []
    for template, source in templates():
        path = names.path(template)
        if path is None:
            continue
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(source.read_text(encoding="utf-8")).substitute(names.fields()), encoding="utf-8")
        written.append(target)
    return written


ENTRY_POINTS = '[project.entry-points."highroller.games"]'
"""The table of highroller's pyproject.toml that registers its own games."""


def write_builtin_game(name: str, checkout: Path) -> list[Path]:
    """Write a new game called `name` into the highroller checkout `checkout` (the folder of its
    pyproject.toml): its package in src/highroller/games/<name>/, its tests in tests/<name>/, and its entry
    point in pyproject.toml; the files written or changed. `ScaffoldError` when `checkout` is not a
    checkout of highroller, or for a name or folder that is refused."""
    names = check_name(name, builtin=True)
    pyproject = checkout / "pyproject.toml"
    games = checkout / "src" / "highroller" / "games"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        project = {}
    if project.get("name") != "highroller" or not games.is_dir() or ENTRY_POINTS not in pyproject.read_text("utf-8"):
        raise ScaffoldError(
            f"{checkout} is not a checkout of highroller (the folder of its pyproject.toml, with "
            "src/highroller/games/): run the command there, or give --checkout"
        )
    check_directory(games / name)
    check_directory(checkout / "tests" / name)
    written = _fill(names, checkout)
    lines = pyproject.read_text(encoding="utf-8").splitlines(keepends=True)
    table = next(index for index, line in enumerate(lines) if line.strip() == ENTRY_POINTS)
    end = table + 1
    while end < len(lines) and lines[end].strip() and not lines[end].startswith("["):
        end += 1
    lines.insert(end, f'{name} = "{names.module}.spec:SPEC"\n')
    pyproject.write_text("".join(lines), encoding="utf-8")
    return [*written, pyproject]
