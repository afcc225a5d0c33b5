"""Loading a table from the store without replaying its game: its checkpoint (`highroller.web.tables.checkpoints`)
and the steps after it, and the last lines of its log as stored with its steps. The work is done in a
thread or a bot worker, never on the event loop; it costs the same whatever the length of the game.

A table stored by an earlier highroller has steps without their lines and no checkpoint: its first load
replays it, narrating every step, stores the lines it made and is checkpointed, so it loads like any
other from then on.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from highroller.core.game import Game
from highroller.core.state import State
from highroller.registry import make
from highroller.web.store.database import Store
from highroller.web.store.rows import TableRow
from highroller.web.tables.checkpoints import dump, restore
from highroller.web.tables.table_log import LOG_KEPT, Line, Window, apply_steps, step_narrator, told, window_of
from highroller.web.tables.turns import record_step

log = logging.getLogger(__name__)


@dataclass
class Loaded:
    """What a table copy is made of: the stored table (its header, seats and seat changes), its game
    and state now, the last lines of its log, and the step its stored checkpoint is at (0: none)."""

    row: TableRow
    game: Game
    state: State
    window: Window
    checkpointed: int


def _from_checkpoint(row: TableRow, fresh: State) -> State | None:
    """The state the table's checkpoint holds, if it is this engine's and agrees with the stored steps."""
    checkpoint = row.checkpoint
    if checkpoint is None or not row.steps_from <= checkpoint.version <= row.version or checkpoint.version == 0:
        return None
    state = restore(checkpoint, type(fresh))
    if state is None:
        return None
    last = checkpoint.version - 1 - row.steps_from
    if last >= 0 and json.loads(json.dumps(record_step(*state.history[-1]))) != row.steps[last]:
        log.warning("the checkpoint of table %s disagrees with its steps; it is replayed from them", row.id)
        return None
    return state


@dataclass
class Found:
    """A table read from the store: the stored table (its steps and their lines from `row.steps_from`,
    the lines of the steps applied filled in), its game, its state now, the step the checkpoint used is
    at (0: none), and whether some of the steps applied were stored without their lines."""

    row: TableRow
    game: Game
    state: State
    checkpointed: int
    unstored: bool


def load_state(store: Store, table_id: str, tail: int = 0) -> Found | None:
    """The stored table (with its steps and lines from its checkpoint's last step or its last `tail`,
    whichever is earlier, or from the first when it has no checkpoint this engine reads), its game and
    its state now (the steps after the checkpoint applied); None if there is no such table."""
    row = store.load_table(table_id, tail=tail)
    if row is None:
        return None
    game = make(row.game, **row.options)
    fresh = game.new_game(row.seed)
    state = _from_checkpoint(row, fresh)
    if state is None and row.steps_from > 0:
        row = store.load_table(table_id)
        if row is None:
            return None
    checkpointed = 0 if state is None else len(state.history)
    state = state or fresh
    start = len(state.history) - row.steps_from
    unstored = any(made is None for made in row.lines[start:])
    row.lines[start:] = apply_steps(
        state, row.steps[start:], row.lines[start:], step_narrator(row.game, len(row.seats))
    )
    return Found(row=row, game=game, state=state, checkpointed=checkpointed, unstored=unstored)


def load_copy(store: Store, table_id: str) -> Loaded | None:
    """A table copy's contents (see `Loaded`), or None if there is no such table."""
    found = load_state(store, table_id, tail=LOG_KEPT)
    if found is None:
        return None
    row = found.row
    if row.steps_from == 0 and found.unstored:
        store.fill_lines(row.id, [made or [] for made in row.lines])
    elif row.log_before is None or any(made is None for made in row.lines):
        row = _narrated(store, row, found.game)
    first = max(row.steps_from, len(found.state.history) - LOG_KEPT)
    skip = first - row.steps_from
    lines = [made or [] for made in row.lines]
    before = (row.log_before or 0) + sum(len(made) for made in lines[:skip])
    window = window_of(first, before, lines[skip:], row.changes, row.seats, row.stand_in)
    return Loaded(row=row, game=found.game, state=found.state, window=window, checkpointed=found.checkpointed)


def _narrated(store: Store, row: TableRow, game: Game) -> TableRow:
    """A table stored without its lines (by an earlier highroller): every step narrated again and the
    lines stored; the table from its first step, with every step's lines."""
    if row.steps_from > 0:
        row = store.load_table(row.id) or row
    lines = apply_steps(game.new_game(row.seed), row.steps, row.lines, step_narrator(row.game, len(row.seats)))
    store.fill_lines(row.id, lines)
    row.lines, row.steps_from, row.log_before = list(lines), 0, 0
    return row


def whole_log(store: Store, table_id: str) -> tuple[TableRow, list[Line]] | None:
    """A table (from its first step) and its whole log, narrating the steps stored without their
    lines; None if there is no such table. Its cost grows with the game: for requests that ask for it."""
    row = store.load_table(table_id)
    if row is None:
        return None
    if any(made is None for made in row.lines):
        row = _narrated(store, row, make(row.game, **row.options))
    return row, list(told(0, [made or [] for made in row.lines], row.changes, row.seats, row.stand_in))


def keep_checkpoint(store: Store, table_id: str, state: State, revision: int) -> None:
    """Store the checkpoint of a table's state (a copy nobody else changes), as it was at `revision`."""
    store.put_checkpoint(table_id, dump(state), revision)
