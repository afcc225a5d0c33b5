"""Writing a new game's package from the templates in `template/`.

Every template file ends in `.tmpl` and is filled in with `string.Template`: `$name` (the game's name,
`dice_duel`), `$title` (`Dice Duel`), `$module` (its Python package, `highroller_dice_duel`),
`$distribution` (its pip name, `highroller-dice-duel`) and `$classes` (the start of its class names,
`DiceDuel`); `$$` is a dollar sign. In a template's path, a folder `MODULE` becomes the module's
folder and `NAME` in a file's name the game's name (`tests/test_NAME.py`).
"""

from __future__ import annotations

import re
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

    @property
    def title(self) -> str:
        return " ".join(part.capitalize() for part in self.name.split("_") if part)

    @property
    def module(self) -> str:
        return f"highroller_{self.name}"

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

    def path(self, template: tuple[str, ...]) -> Path:
        """Where a template's file goes in the package (its path in `template/`, `.tmpl` dropped)."""
        *folders, file = template
        folders = [self.module if folder == "MODULE" else folder for folder in folders]
        return Path(*folders, file.removesuffix(SUFFIX).replace("NAME", self.name))


def check_name(name: str) -> GameNames:
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
    return GameNames(name)


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
    written = []
    for template, source in templates():
        target = directory / names.path(template)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(Template(source.read_text(encoding="utf-8")).substitute(names.fields()), encoding="utf-8")
        written.append(target)
    return written
