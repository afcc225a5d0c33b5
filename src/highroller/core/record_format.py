"""Game records: the JSON form of a whole game, and replaying one into the very same state.

Format (version 1)::

    {"format": "highroller-record", "version": 1, "game": "lasvegas", "options": {...},
     "seed": 7, "steps": [{"seat": 0, "action": ...} | {"chance": ...}, ...],
     "events": [...], "finished": true, "returns": [...], "winners": [...]}

Replaying applies every step in order (chance outcomes included), so it never uses a random
generator; it then checks that the replayed events are the recorded ones. Finding a record's game by
its name is the registry's (`highroller.replaying.replay`); this module needs the game in hand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from highroller.core.errors import HighrollerError, IllegalAction, RecordError
from highroller.core.record_header import FORMAT, VERSION
from highroller.core.state import CHANCE, GameOfState, State, Step
from highroller.core.values import is_whole


def _require(condition: bool, message: str) -> None:
    """Raise `RecordError(message)` unless `condition`."""
    if not condition:
        raise RecordError(message)


def check_header(record: Any) -> None:
    """Refuse a record whose header is malformed (format, version, game, options, seed, steps)."""
    _require(isinstance(record, dict), "a record is a JSON object")
    _require(record.get("format") == FORMAT, f'a record has "format": "{FORMAT}"')
    _require(
        is_whole(record.get("version")) and record["version"] == VERSION,
        f'this version reads records with "version": {VERSION}',
    )
    for key, kind in (("game", str), ("options", dict), ("steps", list)):
        _require(isinstance(record.get(key), kind), f'a record needs "{key}" ({kind.__name__})')
    seed = record.get("seed")
    _require(is_whole(seed) and seed >= 0, 'a record needs "seed", a non-negative integer')


def replay_game(game: GameOfState, record: Any, *, upto: int | None = None) -> State:
    """The state of `game` a record describes (after its first `upto` steps, if given), checked step
    by step, then (whole records) against the recorded events. The record must be of this game."""
    check_header(record)
    _require(record["game"] == game.name, f"the record is of {record['game']!r}, not {game.name!r}")
    state = game.new_game(record["seed"])
    steps = record["steps"] if upto is None else record["steps"][:upto]
    for index, entry in enumerate(steps):
        apply_recorded_step(state, entry, index)
    if upto is None and "events" in record:
        recorded = record["events"]
        _require(isinstance(recorded, list), '"events" is a list')
        for number, (mine, theirs) in enumerate(zip(state.events, recorded)):
            _require(mine == theirs, f"event {number} differs from the replay: recorded {theirs}, replayed {mine}")
        _require(
            len(state.events) == len(recorded), f"the record has {len(recorded)} events, the replay {len(state.events)}"
        )
    if upto is None:
        check_result(record, state)
    return state


def check_result(record: dict[str, Any], state: State) -> None:
    """Refuse a record whose stated result (`finished`, `returns`, `winners`, where given) is not what
    its steps come to, naming the field."""
    finished = state.is_terminal()
    stated = {
        "finished": finished,
        "returns": state.returns() if finished else None,
        "winners": state.winners() if finished else None,
    }
    for field, replayed in stated.items():
        if field in record:
            _require(
                record[field] == replayed and type(record[field]) is type(replayed),
                f'"{field}" says {record[field]!r}, but the steps come to {replayed!r}',
            )


def apply_recorded_step(state: State, entry: Any, index: int) -> None:
    """Apply one `steps` entry of a record, with errors that say which step is wrong."""
    step = recorded_step(state, entry, index)
    try:
        state.apply(step)
    except HighrollerError as error:
        raise RecordError(f"step {index}: {error}") from error


def follow(state: State, entries: Sequence[Any]) -> Iterator[tuple[int, Step]]:
    """Walk record entries from `state` (the entries of steps `len(state.history)` on): yields who takes
    each step and the step, checked to be of the right kind, for the caller to apply before asking for
    the next (so the caller may read the state before and after: narrate, draw, keep frames)."""
    for entry in entries:
        index = len(state.history)
        yield state.current_player, recorded_step(state, entry, index)
        if len(state.history) != index + 1:
            raise RecordError(f"step {index} was walked past without being applied")


def recorded_step(state: State, entry: Any, index: int) -> Step:
    """The step a record's `steps` entry names at this position, checked to be of the right kind
    (a chance step, or an action of the seat on move), without applying it."""
    where = f"step {index}"
    _require(isinstance(entry, dict), f"{where}: each step is an object")
    player = state.current_player
    try:
        if player == CHANCE:
            _require(
                set(entry) == {"chance"}, f'{where}: a chance step is expected here ({{"chance": ...}}), got {entry}'
            )
            return state.decode_step(entry["chance"])
        _require(
            set(entry) == {"seat", "action"},
            f'{where}: seat {player} acts here ({{"seat": {player}, "action": ...}}), got {entry}',
        )
        _require(
            is_whole(entry["seat"]) and entry["seat"] == player,
            f"{where}: seat {player} is to act, the record says seat {entry['seat']!r}",
        )
        return state.decode_step(entry["action"])
    except (IllegalAction, HighrollerError) as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(f"{where}: {error}") from error
