"""Luckiest Dice rule options, validated when a game is made.

`make("luckiest", players=3, rounds=5, faces="my-dice.toml")`: players 1-5 (1 is practice), rounds by
the rulebook's recommendation unless given (4 for 1-3 players, 3 for 4-5), and the dice's face table
(a preset name, a TOML file, or the table itself). Impossible options raise `RulesError` naming the
option and what is allowed; a malformed face table raises `FaceTableError` (a `DataFileError`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highroller.core.errors import RulesError
from highroller.core.values import is_whole
from highroller.games.luckiest.faces import FaceTable, resolve_faces

DICE = 12
MIN_PLAYERS, MAX_PLAYERS = 1, 5
MAX_ROUNDS = 20
DEFAULT_PLAYERS = 2
OPTION_NAMES = ("players", "rounds", "faces")


def default_rounds(players: int) -> int:
    """The rulebook's recommendation: 4 rounds for 2-3 players (and practice), 3 for 4-5."""
    return 4 if players <= 3 else 3


@dataclass(frozen=True)
class LuckiestRules:
    """Fully resolved options of one Luckiest Dice game."""

    players: int
    rounds: int
    faces: FaceTable

    def to_options(self) -> dict[str, Any]:
        return {"players": self.players, "rounds": self.rounds, "faces": self.faces.to_json()}


def _whole(name: str, value: Any, low: int, high: int, what: str) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise RulesError(f"{name}: {what} is a whole number from {low} to {high}, not {value!r}")
    return value


def resolve_rules(**options: Any) -> LuckiestRules:
    """Fill in the defaults and validate the whole."""
    unknown = set(options) - set(OPTION_NAMES)
    if unknown:
        raise RulesError(
            f"unknown option(s) {', '.join(sorted(unknown))}; Luckiest Dice options: {', '.join(OPTION_NAMES)}"
        )
    players = _whole(
        "players",
        options.get("players", DEFAULT_PLAYERS),
        MIN_PLAYERS,
        MAX_PLAYERS,
        "the number of players (1 is practice)",
    )
    rounds = options.get("rounds")
    rounds = (
        default_rounds(players) if rounds is None else _whole("rounds", rounds, 1, MAX_ROUNDS, "the number of rounds")
    )
    faces = options.get("faces")
    return LuckiestRules(players=players, rounds=rounds, faces=resolve_faces("default" if faces is None else faces))
