"""A `GameSpec` checked when the registry loads it, so that a broken spec is refused by name at once
rather than failing later in whichever front end first reaches for the broken part.

The check reads the spec's fields generically, by their two conventions for naming things in a
package: an import path `package.module:name` (`renderer`, `batch`, the values of `tools`, ...) and a
file or folder in a package, `package:file` (`board`, `guide`, `presets`, ...). Every field annotated
`str` or `Mapping[str, str]` whose value has that form is checked: a file or folder must exist, and
an import path's module must be found. Only the parts every front end needs at once (`EAGER`) are
imported to check that the name is there, as is a module already imported anyway; any other module
is only looked for, so that checking a spec never imports an optional extra (Numba for `batch`).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Mapping
from dataclasses import fields
from importlib import import_module
from importlib.resources import files
from importlib.util import find_spec
from typing import Any

from highroller.core.errors import HighrollerError
from highroller.core.spec import GameSpec

EAGER = ("renderer", "narration", "view")
"""The import paths every front end needs as soon as it offers the game: imported and resolved."""

CHECKED_TYPES = ("str", "Mapping[str, str]")
"""The annotations of the fields that may name something in a package (the spec's annotations are
strings: it is written with `from __future__ import annotations`)."""

REFERENCE = re.compile(r"(?P<package>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):(?P<name>[\w./-]+)")
"""`package.module:name` or `package:file`: what a field's value looks like when it names a part (a
bot with parameters, `mcts:iterations=400`, does not)."""


class GameSpecError(HighrollerError, ValueError):
    """A registered game's spec is broken: the message names the game, where it comes from and what is wrong."""


def check_spec(spec: GameSpec, source: str) -> None:
    """Raise `GameSpecError` for the first broken part of `spec`; `source` says where it comes from
    ("package <distribution>", or the environment variable naming it), for the message."""
    problem = next(_problems(spec), None)
    if problem is not None:
        raise GameSpecError(f"GameSpec of {spec.name!r} ({source}): {problem}")


def _problems(spec: GameSpec) -> Iterator[str]:
    if not callable(spec.make):
        yield f"make is a function of the options that makes the game, not {spec.make!r}"
    for field in fields(spec):
        if field.type not in CHECKED_TYPES:
            continue
        value = getattr(spec, field.name)
        named = value.items() if isinstance(value, Mapping) else [(None, value)]
        for key, reference in named:
            label = field.name if key is None else f"{field.name}[{key!r}]"
            problem = _reference_problem(label, reference, eager=field.name in EAGER)
            if problem is not None:
                yield problem


def _reference_problem(label: str, value: Any, eager: bool) -> str | None:
    """What is wrong with the part `value` names (None if nothing is, or if it names no part)."""
    match = REFERENCE.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        if eager:
            return f"{label} is an import path 'package.module:name', not {value!r}"
        return None
    module, name = match["package"], match["name"]
    try:
        found = find_spec(module)
    except ModuleNotFoundError:  # a parent package is missing
        found = None
    except Exception as error:
        return f"{label} {value!r}: importing {module!r} fails: {type(error).__name__}: {error}"
    if found is None:
        return f"{label} {value!r} not found: there is no module {module!r}"
    if found.submodule_search_locations is not None and _in_package(module, name):
        return None  # a file or folder of the package
    if not name.isidentifier():
        return f"{label} {value!r} not found: package {module!r} has no file {name!r}"
    if eager or module in sys.modules:  # a module imported already costs nothing to look in
        try:
            getattr(import_module(module), name)
        except AttributeError:
            return f"{label} {value!r} not found: module {module!r} has no {name!r}"
        except Exception as error:
            return f"{label} {value!r}: importing {module!r} fails: {type(error).__name__}: {error}"
    return None


def _in_package(package: str, name: str) -> bool:
    """Whether `package` holds a file or folder `name`."""
    part = files(package).joinpath(name)
    return part.is_file() or part.is_dir()
