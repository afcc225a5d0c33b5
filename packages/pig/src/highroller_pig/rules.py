"""Pig's options: the number of players and the score that wins, checked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highroller.core.errors import RulesError
from highroller.core.values import is_whole

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_TARGET, MAX_TARGET = 10, 100


@dataclass(frozen=True)
class PigRules:
    """The options: players and the score that wins."""

    players: int = 2
    target: int = 30

    def to_options(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target}


def resolve(players: int = 2, target: int = 30) -> PigRules:
    """The rules of these options; `RulesError` saying what is allowed."""
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(f"players: Pig is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if not is_whole(target) or not MIN_TARGET <= target <= MAX_TARGET:
        raise RulesError(f"target: the score that wins is {MIN_TARGET} to {MAX_TARGET} points, not {target!r}")
    return PigRules(players, target)
