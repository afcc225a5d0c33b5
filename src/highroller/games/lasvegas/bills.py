"""Bill sets: the data files under `data/`, or a user's own TOML file, read and validated."""

from __future__ import annotations

from typing import Any

from highroller.core.datafile import load_toml, table_fields
from highroller.core.errors import DataFileError
from highroller.core.values import is_whole

PRESETS = {"classic": "bills-classic.toml", "biggie": "bills-biggie.toml"}


def _entries(data: dict[str, Any], where: str) -> list[int]:
    entries = data.get("bill")
    if not isinstance(entries, list) or not entries:
        raise DataFileError(f"{where}: needs at least one [[bill]] table with 'value' and 'count'")
    bills: list[int] = []
    seen: set[int] = set()
    for number, entry in enumerate(entries, start=1):
        label = f"{where}: bill entry {number}"
        table_fields(entry, ("value", "count"), label)
        for field in ("value", "count"):
            if not is_whole(entry[field]) or entry[field] < 1:
                raise DataFileError(f"{label}: '{field}' must be a positive whole number, not {entry[field]!r}")
        if entry["value"] in seen:
            raise DataFileError(f"{label}: value {entry['value']} is listed twice; give it one count")
        seen.add(entry["value"])
        bills.extend([entry["value"]] * entry["count"])
    return sorted(bills)


def load_bills(source: str) -> list[int]:
    """A preset name ('classic', 'biggie') or the path of a bill-set TOML file."""
    data, where = load_toml(source, __package__, PRESETS, "bills")
    return _entries(data, where)
