"""A game as the lobby shows it (`describe_game`), the games the lobby lists (`listed_games`), and
which of its presets a table's options are."""

from __future__ import annotations

import logging
from functools import cache, partial
from typing import Any

from highroller.core.botspec import level_bot
from highroller.core.presets import Preset, load_presets, presets_by_rules, rules_key
from highroller.core.spec_check import GameSpecError
from highroller.registry import available_games, game_spec, make, tried, words_of
from highroller.web.http.checks import default_stand_in

log = logging.getLogger(__name__)


@cache  # per game: read and checked once
def game_presets(name: str) -> tuple[Preset, ...]:
    """The game's named presets, checked (a bad presets file is a `DataFileError` naming it)."""
    return load_presets(game_spec(name))


@cache  # per game: making each preset's game reads its data files
def presets_by_rules_of(name: str) -> dict[str, str]:
    """The id of the preset each set of rules comes from (see `highroller.core.presets.rules_key`)."""
    return presets_by_rules(game_spec(name), game_presets(name))


def preset_of(name: str, options: dict[str, Any]) -> str | None:
    """The id of the game's preset whose rules a table's resolved options are, if any."""
    return presets_by_rules_of(name).get(rules_key(game_spec(name), options))


@cache  # per game and language: making a game's preset reads its data files
def describe_game(name: str, lang: str = "en") -> dict[str, Any]:
    """A game as the lobby form needs it: named presets, options with limits and preset values, bots,
    seats; its words (title, summary, each preset's name and description, each option's label and
    help) in `lang`. Shared: read it, never change it."""
    spec = game_spec(name)
    preset = make(name).options
    w = words_of(name, lang)
    return {
        "name": name,
        "title": w(spec.title),
        "summary": w(spec.summary),
        "presets": [
            {
                "id": p.id,
                "name": w(p.name),
                "description": w(p.description),
                "players": list(p.players),
                "options": dict(p.options),
            }
            for p in game_presets(name)
        ],
        "options": [
            {
                "name": o.name,
                "label": w(o.name.replace("_", " ")),
                "kind": o.kind,
                "help": w(o.help),
                "choices": list(o.choices),
                "presets": list(o.presets),
                "minimum": o.minimum,
                "maximum": o.maximum,
                "seat": o.seat,
                "preset": preset.get(o.name) if isinstance(preset.get(o.name), (int, str, bool)) else None,
            }
            for o in spec.options
        ],
        "levels": {level: level_bot(spec, level) for level in spec.levels},
        "bots": list(spec.bots),
        "default_bot": spec.default_bot,
        "stand_in": default_stand_in(name),
        "players": make(name).num_players,
        "win_chances": bool(spec.win_chances),
        "table_note": bool(spec.table_note),
        "tutorial": bool(spec.tutorial),
    }


@cache  # per language: each game is described, or found wanting, once
def listed_games(lang: str) -> tuple[dict[str, Any], ...]:
    """Every available game described in `lang` (`describe_game`), in the registry's order. A game whose
    description fails (a part of its spec that no check reaches, such as an option's help that is no
    text) is left out with a warning naming its package and entry point: one game never fails the
    list of them all."""
    listed = []
    for name in available_games():
        try:
            listed.append(tried(name, "fails to be described for the lobby", partial(describe_game, name, lang)))
        except GameSpecError as error:
            log.warning("%s (the game is left out of the list)", error)
    return tuple(listed)
