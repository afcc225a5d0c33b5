"""The data files users can replace (bill sets, decks, dice faces): TOML read from a shipped preset or
a path, and the field checks of their tables, with errors that name the file and the entry."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from highroller.core.errors import DataFileError


def read_toml(text: str, where: str, error: type[DataFileError] = DataFileError) -> dict[str, Any]:
    """Parse TOML text; `where` names the file in the error."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{where}: not valid TOML: {problem}") from problem
    except ValueError as problem:  # a number too long to read (Python's limit on int digits)
        raise error(f"{where}: a number is too long to read: {str(problem)[:120]}") from problem


def load_toml(
    source: str, package: str, presets: Mapping[str, str], option: str, error: type[DataFileError] = DataFileError
) -> tuple[dict[str, Any], str]:
    """(data, name for errors) from a preset name (a file under the package's `data/`) or a file path."""
    if source in presets:
        name = presets[source]
        return read_toml(resources.files(package).joinpath(f"data/{name}").read_text("utf-8"), name, error), name
    path = Path(source)
    if not path.is_file():
        raise error(f"{option}: {source!r} is neither a preset ({', '.join(presets)}) nor a readable file")
    return read_toml(path.read_text("utf-8"), str(path), error), str(path)


def table_fields(
    entry: Any, fields: Sequence[str], label: str, error: type[DataFileError] = DataFileError
) -> dict[str, Any]:
    """`entry` checked to be a table with exactly `fields`; `label` names the entry in errors."""
    if not isinstance(entry, dict):
        raise error(f"{label}: is not a table with {', '.join(fields)}")
    unknown = set(entry) - set(fields)
    if unknown:
        raise error(f"{label}: unknown field(s) {', '.join(sorted(map(str, unknown)))}; allowed: {', '.join(fields)}")
    for name in fields:
        if name not in entry:
            raise error(f"{label}: missing '{name}'")
    return entry
