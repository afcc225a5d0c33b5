"""The dice faces: six faces, each a number, a colour and a shape, read from a data file and validated.

The default table (RULINGS §3) ships as `data/faces-default.toml`; a user may pass the path of their own
TOML file, or (as a game's stored options do) the table itself as a list of six face objects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highroller.core.datafile import load_toml, table_fields
from highroller.core.errors import DataFileError, RulesError
from highroller.core.values import is_whole

COLOURS = ("blue", "red", "orange")
SHAPES = ("circle", "square", "cross")
FIELDS = ("number", "colour", "shape")
PRESETS = {"default": "faces-default.toml"}


class FaceTableError(DataFileError, RulesError):
    """A malformed face table: a data-file error that is also an impossible `faces` option."""


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a die."""

    number: int
    colour: str
    shape: str

    def __str__(self) -> str:
        return f"{self.number} {self.colour} {self.shape}"

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "colour": self.colour, "shape": self.shape}


@dataclass(frozen=True, slots=True)
class FaceTable:
    """The six faces of the (identical) dice, in number order: `faces[i].number == i + 1`."""

    faces: tuple[Face, ...]

    def to_json(self) -> list[dict[str, Any]]:
        return [face.to_json() for face in self.faces]


def _face(entry: Any, label: str) -> Face:
    table_fields(entry, FIELDS, label, FaceTableError)
    number, colour, shape = entry["number"], entry["colour"], entry["shape"]
    if not is_whole(number) or not 1 <= number <= 6:
        raise FaceTableError(f"{label}: 'number' is a whole number from 1 to 6, not {number!r}")
    if colour not in COLOURS:
        raise FaceTableError(f"{label}: 'colour' is one of {', '.join(COLOURS)}, not {colour!r}")
    if shape not in SHAPES:
        raise FaceTableError(f"{label}: 'shape' is one of {', '.join(SHAPES)}, not {shape!r}")
    return Face(number, colour, shape)


def faces_from_entries(entries: Any, where: str) -> FaceTable:
    """A validated table from a list of six face objects; `where` names the source in errors."""
    if not isinstance(entries, list) or len(entries) != 6:
        count = len(entries) if isinstance(entries, list) else "no"
        raise FaceTableError(f"{where}: a die has 6 faces; give exactly six [[face]] entries, not {count}")
    faces = [_face(entry, f"{where}: face entry {index}") for index, entry in enumerate(entries, start=1)]
    numbers = sorted(face.number for face in faces)
    if numbers != [1, 2, 3, 4, 5, 6]:
        missing = sorted(set(range(1, 7)) - set(numbers))
        raise FaceTableError(f"{where}: each number 1-6 is on exactly one face; missing {', '.join(map(str, missing))}")
    return FaceTable(tuple(sorted(faces, key=lambda face: face.number)))


def load_faces(source: str) -> FaceTable:
    """A preset name ('default') or the path of a face-table TOML file."""
    data, where = load_toml(source, __package__, PRESETS, "faces", FaceTableError)
    return faces_from_entries(data.get("face"), where)


def resolve_faces(value: Any) -> FaceTable:
    """The `faces` option: a preset name, a file path, or the table itself (a list of six faces)."""
    if isinstance(value, FaceTable):
        return value
    if isinstance(value, str):
        return load_faces(value)
    if isinstance(value, list):
        return faces_from_entries(value, "faces")
    raise FaceTableError(
        f"faces: a preset ({', '.join(PRESETS)}), a face-table TOML file or a list of six faces, not {value!r}"
    )
