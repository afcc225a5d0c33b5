"""A game's named option sets for people choosing rules ("Las Vegas (2012)", "Long game (10 cards)"):
read from the JSON file its spec's `presets` names, and checked against the game's option specs and
the game itself, with errors that name the file, the preset and the bad key or value.

The file is a list of presets, each an object:

    {"id": "classic", "name": "Las Vegas (2012)", "description": "The first box: ...",
     "players": [2, 3, 4, 5], "options": {"edition": "classic"}}

`name` and `description` are English and translated in the game's catalog; `players` are the player
counts the preset suits (the number of players is chosen apart, so `options` never holds it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from highroller.core.errors import DataFileError, HighrollerError
from highroller.core.game import OptionSpec
from highroller.core.spec import GameSpec
from highroller.core.values import is_whole

FIELDS = ("id", "name", "description", "players", "options")
PRESET_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


@dataclass(frozen=True)
class Preset:
    """A named set of rule options and the player counts it suits."""

    id: str
    name: str
    description: str
    players: tuple[int, ...]
    options: Mapping[str, Any]


def load_presets(spec: GameSpec) -> tuple[Preset, ...]:
    """The presets of a game's `presets` file (none when its spec names no file), checked."""
    if not spec.presets:
        return ()
    package, _, file = spec.presets.partition(":")
    resource = resources.files(package).joinpath(file)
    return parse_presets(resource.read_text("utf-8"), str(resource), spec)


def parse_presets(text: str, where: str, spec: GameSpec) -> tuple[Preset, ...]:
    """The presets in JSON `text`, checked against `spec`; `where` names the file in errors."""
    try:
        data = json.loads(text)
    except ValueError as problem:
        raise DataFileError(f"{where}: not valid JSON: {problem}") from problem
    if not isinstance(data, list) or not data:
        raise DataFileError(f"{where}: expected a non-empty list of presets, each an object with {', '.join(FIELDS)}")
    presets: list[Preset] = []
    for index, entry in enumerate(data):
        preset = _preset(entry, f"{where}: preset {index + 1}", spec)
        if any(seen.id == preset.id for seen in presets):
            raise DataFileError(f"{where}: preset {index + 1}: the id {preset.id!r} is used twice")
        presets.append(preset)
    return tuple(presets)


def _preset(entry: Any, label: str, spec: GameSpec) -> Preset:
    if not isinstance(entry, dict) or set(entry) != set(FIELDS):
        given = ", ".join(sorted(map(str, entry))) if isinstance(entry, dict) else type(entry).__name__
        raise DataFileError(f"{label}: an object with exactly {', '.join(FIELDS)} (given: {given})")
    if not isinstance(entry["id"], str) or not PRESET_ID.fullmatch(entry["id"]):
        raise DataFileError(f"{label}: 'id' is lower-case letters, digits and dashes, not {entry['id']!r}")
    label = f"{label} ({entry['id']})"
    for field in ("name", "description"):
        if not isinstance(entry[field], str) or not entry[field].strip():
            raise DataFileError(f"{label}: '{field}' is a non-empty text")
    specs = {option.name: option for option in spec.options}
    players = _players(entry["players"], specs.get("players"), label)
    options = entry["options"]
    if not isinstance(options, dict):
        raise DataFileError(f"{label}: 'options' is an object of rule options")
    for name, value in options.items():
        _check_option(specs, name, value, label)
    for count in players:
        try:
            spec.make(**{**options, "players": count})
        except HighrollerError as problem:
            raise DataFileError(f"{label}: the game refuses these options for {count} players: {problem}") from problem
    return Preset(
        id=entry["id"], name=entry["name"], description=entry["description"], players=players, options=dict(options)
    )


def _players(value: Any, option: OptionSpec | None, label: str) -> tuple[int, ...]:
    """The player counts a preset suits: whole numbers in increasing order within the option's limits."""
    if (
        not isinstance(value, list)
        or not value
        or not all(is_whole(count) for count in value)
        or value != sorted(set(value))
    ):
        raise DataFileError(f"{label}: 'players' is a list of player counts in increasing order, not {value!r}")
    low = option.minimum if option and option.minimum is not None else 1
    high = option.maximum if option and option.maximum is not None else low
    if value[0] < low or value[-1] > high:
        raise DataFileError(f"{label}: 'players' are from {low} to {high}, not {value!r}")
    return tuple(value)


def _check_option(specs: Mapping[str, OptionSpec], name: str, value: Any, label: str) -> None:
    """Refuse an option the game does not have, or a value its spec does not allow."""
    if name == "players":
        raise DataFileError(
            f"{label}: option 'players' is not set in 'options': list the counts the preset suits in 'players'"
        )
    option = specs.get(name)
    if option is None:
        raise DataFileError(
            f"{label}: unknown option {name!r}; options: {', '.join(n for n in specs if n != 'players')}"
        )
    bad = f"{label}: option {name!r} cannot be {value!r}"
    if option.kind == "int":
        if (
            not is_whole(value)
            or (option.minimum is not None and value < option.minimum)
            or (option.maximum is not None and value > option.maximum)
        ):
            raise DataFileError(f"{bad}: a whole number from {option.minimum} to {option.maximum}")
    elif option.kind == "bool" and not isinstance(value, bool):
        raise DataFileError(f"{bad}: true or false")
    elif option.kind == "choice" and value not in option.choices:
        raise DataFileError(f"{bad}: one of {', '.join(option.choices)}")
    elif option.kind == "text" and value not in option.presets:
        raise DataFileError(f"{bad}: one of the built-in {', '.join(option.presets)}")


def rules_key(spec: GameSpec, options: Mapping[str, Any]) -> str:
    """The rules a game's resolved options stand for, as canonical JSON: seat options (who starts)
    are left out, being no rule."""
    seats = {option.name for option in spec.options if option.seat}
    return json.dumps({name: value for name, value in options.items() if name not in seats}, sort_keys=True)


def presets_by_rules(spec: GameSpec, presets: tuple[Preset, ...]) -> dict[str, str]:
    """Each preset's id under the `rules_key` of the game it makes at each player count it suits (of
    two presets making the same game, the first)."""
    found: dict[str, str] = {}
    for preset in presets:
        for count in preset.players:
            found.setdefault(rules_key(spec, spec.make(**{**preset.options, "players": count}).options), preset.id)
    return found
