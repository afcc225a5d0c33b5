"""Reading records by name: a record's game found in the registry, and the state a record describes.
(Walking a record's steps one by one — the terminal's replay, the web's tables and replay pages — is
`highroller.core.record_format.follow`.)"""

from __future__ import annotations

from typing import Any

from highroller.core.errors import RecordError, RulesError
from highroller.core.game import Game
from highroller.core.record_format import check_header, replay_game
from highroller.core.state import State
from highroller.registry import make


def game_of_record(record: Any) -> Game:
    """The game a record was played with (its header checked), made by name from the registry."""
    check_header(record)
    try:
        return make(record["game"], **record["options"])
    except (RulesError, KeyError, TypeError) as error:
        raise RecordError(f"the record's game cannot be made: {error}") from error


def replay(record: Any, *, upto: int | None = None) -> State:
    """The state a record describes (after its first `upto` steps, if given), checked step by step."""
    return replay_game(game_of_record(record), record, upto=upto)
