"""Saving and loading record files for the command line (JSON, one game per file)."""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import click
from platformdirs import user_data_path

from highroller.core.errors import RecordError


def default_record_path(game: str, seed: int) -> Path:
    """Where a game is saved when the user named no file: a new file in the user's data directory,
    claimed at once, so two games started in the same second with the same seed never share one."""
    folder = user_data_path("highroller") / "records"
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{game}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}"
    for number in itertools.count(1):
        path = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        try:
            path.open("x", encoding="utf-8").close()
        except FileExistsError:
            continue
        return path
    raise AssertionError("unreachable")


def new_record_path(path: Path) -> Path:
    """A file the user named for a new record: refused if it exists (a record is never overwritten)."""
    if path.exists():
        raise click.BadParameter(f"{path} exists; choose another file, or remove it first", param_hint="--save")
    return path


def save_record(record: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    temporary.replace(path)
    return path


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; bad JSON becomes a `RecordError` naming the file and the place."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"{path}: cannot read it ({error.strerror})") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})") from error
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data
