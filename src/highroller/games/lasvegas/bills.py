"""Bill sets: the data files under `data/`, or a user's own TOML file, read and validated.

A bill is worth $1 to `MAX_BILL` and a set holds at most `MAX_BILLS` bills, so that every set is one a
table can hold and play (the printed sets hold 48 and 54 bills of $10,000 to $100,000).
"""

from __future__ import annotations

from typing import Any

from highroller.core.datafile import load_toml, table_fields
from highroller.core.errors import DataFileError
from highroller.core.values import is_whole

PRESETS = {"classic": "bills-classic.toml", "biggie": "bills-biggie.toml"}
MAX_BILL = 10_000_000
"""The most a bill is worth: a hundred times the printed sets' highest bill."""
MAX_BILLS = 1_000
"""The most bills a set holds: about twenty times a printed set."""


def _entries(data: dict[str, Any], where: str) -> list[int]:
    entries = data.get("bill")
    if not isinstance(entries, list) or not entries:
        raise DataFileError(f"{where}: needs at least one [[bill]] table with 'value' and 'count'")
    bills: list[int] = []
    seen: set[int] = set()
    for number, entry in enumerate(entries, start=1):
        label = f"{where}: bill entry {number}"
        table_fields(entry, ("value", "count"), label)
        for field, most in (("value", MAX_BILL), ("count", MAX_BILLS)):
            if not is_whole(entry[field]) or not 1 <= entry[field] <= most:
                raise DataFileError(
                    f"{label}: '{field}' must be a whole number from 1 to {most:,}, not {entry[field]!r}"
                )
        if entry["value"] in seen:
            raise DataFileError(f"{label}: value {entry['value']} is listed twice; give it one count")
        seen.add(entry["value"])
        if len(bills) + entry["count"] > MAX_BILLS:
            raise DataFileError(
                f"{label}: {entry['count']:,} more bills make {len(bills) + entry['count']:,}; a bill set holds at "
                f"most {MAX_BILLS:,}"
            )
        bills.extend([entry["value"]] * entry["count"])
    return sorted(bills)


def load_bills(source: str) -> list[int]:
    """A preset name ('classic', 'biggie') or the path of a bill-set TOML file."""
    data, where = load_toml(source, __package__, PRESETS, "bills")
    return _entries(data, where)
