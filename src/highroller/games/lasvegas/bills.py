"""Bill sets: the data files under `data/`, or a user's own TOML file, read and validated."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from highroller.core.errors import DataFileError

PRESETS = ("classic", "biggie")


def _entries(data: dict[str, Any], where: str) -> list[int]:
    entries = data.get("bill")
    if not isinstance(entries, list) or not entries:
        raise DataFileError(f"{where}: needs at least one [[bill]] table with 'value' and 'count'")
    bills: list[int] = []
    seen: set[int] = set()
    for number, entry in enumerate(entries, start=1):
        label = f"{where}: bill entry {number}"
        if not isinstance(entry, dict):
            raise DataFileError(f"{label}: is not a table")
        unknown = set(entry) - {"value", "count"}
        if unknown:
            raise DataFileError(f"{label}: unknown field(s) {', '.join(sorted(unknown))}; allowed: value, count")
        for field in ("value", "count"):
            if field not in entry:
                raise DataFileError(f"{label}: missing '{field}'")
            if not isinstance(entry[field], int) or isinstance(entry[field], bool) or entry[field] < 1:
                raise DataFileError(f"{label}: '{field}' must be a positive whole number, not {entry[field]!r}")
        if entry["value"] in seen:
            raise DataFileError(f"{label}: value {entry['value']} is listed twice; give it one count")
        seen.add(entry["value"])
        bills.extend([entry["value"]] * entry["count"])
    return sorted(bills)


def parse_bill_file(text: str, where: str) -> list[int]:
    """Bills (ascending) from the text of a bill-set TOML file; `where` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(f"{where}: not valid TOML: {error}") from error
    return _entries(data, where)


def load_bills(source: str) -> list[int]:
    """A preset name ('classic', 'biggie') or the path of a bill-set TOML file."""
    if source in PRESETS:
        text = resources.files(__package__).joinpath(f"data/bills-{source}.toml").read_text("utf-8")
        return parse_bill_file(text, f"bills-{source}.toml")
    path = Path(source)
    if not path.is_file():
        raise DataFileError(f"bills: {source!r} is neither a preset ({', '.join(PRESETS)}) nor a readable file")
    return parse_bill_file(path.read_text("utf-8"), str(path))
