"""The queries of a table's steps: committing the next ones with the table's new turn (and, with the last,
the game's finish), a companion table's undo taking them back, their log lines filled in where an earlier
highroller stored none, and the state kept after some step (the checkpoint)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from highroller.web import clock
from highroller.web.store.finish_queries import FinishQueries
from highroller.web.store.row_writes import RowWrites, last_line
from highroller.web.store.rows import UNDO, Checkpoint, Conflict, StepLines, Texts, Turn


class StepQueries(RowWrites, FinishQueries):
    """A table's steps, appended (or, by an undo alone, taken back)."""

    def commit_steps(
        self,
        table_id: str,
        first: int,
        steps: Sequence[Any],
        *,
        finished: bool,
        turn: Turn,
        revision: int | None = None,
        seat: int | None = None,
        changes: Sequence[tuple[int, str]] = (),
        banks: Sequence[tuple[int, float]] = (),
        lines: Sequence[StepLines] | None = None,
        returns: Sequence[float] = (),
    ) -> int:
        """Store steps number `first`, `first + 1`, … (and the log `lines` each made) with the table's new
        `turn`; the new revision.

        Accepted only if `first` is the table's step count and, when given, the table is still at
        `revision` (a bot worker's move) or `seat` still plays for itself (a person's action); else
        `Conflict`. `changes` are (seat, "away") marks stored with the steps, `banks` (seat, seconds)
        what is left of seats' time banks; a finished game's `returns` (each seat's) note its finish
        (`FinishQueries.note_finish`) in the same transaction."""
        now = clock.now()
        condition, args = "version = ?", list[Any]([first])
        if revision is not None:
            condition, args = "revision = ?", [revision]
        if seat is not None:
            condition += (
                " AND NOT EXISTS (SELECT 1 FROM hr_seats WHERE table_id = ? AND seat = ? AND control IS NOT NULL)"
            )
            args += [table_id, seat]
        last = last_line(lines)
        with self.transaction(write=True) as cursor:
            new = self._bump(
                cursor,
                table_id,
                condition,
                args,
                {
                    "version": first + len(steps),
                    "finished": int(finished),
                    "finished_at": now if finished else None,
                    **turn.columns(),
                    **({"last_line": last} if last is not None else {}),
                },
            )
            for banked, left in banks:
                self.run(
                    cursor, "UPDATE hr_seats SET bank = ? WHERE table_id = ? AND seat = ?", (left, table_id, banked)
                )
            try:
                self._insert_steps(cursor, table_id, first, steps, lines)
            except self.integrity_errors as error:
                raise Conflict(f"step {first} of table {table_id} is already stored") from error
            for changed_seat, change in changes:
                self._seat_change(cursor, table_id, new, first, changed_seat, change, now)
            if finished and returns:
                self.note_finish(cursor, table_id, returns, now)
            self.notify(cursor, table_id, new, turn.due, () if changes or banks else steps, first, lines)
        return new

    def take_back(
        self, table_id: str, first: int, revision: int, *, seat: int, detail: str, turn: Turn, line: Texts
    ) -> int:
        """Remove steps `first`, `first + 1`, … (a companion table's person's step and the automatic
        steps after it), the table still at `revision` and unfinished, noting who took them back (`seat`)
        and what (`detail`, see `SeatChange`; `line`: the log's line saying so); the new revision. Only this
        undo removes steps. Seat changes made after step `first` are kept, told from step `first` on (the
        steps they followed are gone)."""
        with self.transaction(write=True) as cursor:
            new = self._bump(
                cursor,
                table_id,
                "revision = ? AND real_dice = 1 AND finished = 0 AND version > ?",
                [revision, first],
                {"version": first, **turn.columns(), "last_line": json.dumps(line, ensure_ascii=False)},
            )
            self.run(cursor, "DELETE FROM hr_steps WHERE table_id = ? AND n >= ?", (table_id, first))
            self.run(cursor, "DELETE FROM hr_checkpoints WHERE table_id = ? AND version > ?", (table_id, first))
            self.run(cursor, "UPDATE hr_seat_changes SET n = ? WHERE table_id = ? AND n > ?", (first, table_id, first))
            self.run(
                cursor,
                "INSERT INTO hr_seat_changes (table_id, revision, n, seat, change, at, detail) VALUES (?, ?, ?, ?, ?, "
                "?, ?)",
                (table_id, new, first, seat, UNDO, clock.now(), detail),
            )
            self.notify(cursor, table_id, new, turn.due)
        return new

    def put_checkpoint(self, table_id: str, checkpoint: Checkpoint, revision: int) -> None:
        """Keep the table's state after `checkpoint.version` steps, unless a later one is kept already or
        the steps may have changed since `revision` (a companion table's undo takes steps back)."""
        with self.transaction(write=True) as cursor:
            self.run(
                cursor,
                "INSERT INTO hr_checkpoints (table_id, version, engine, state) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT "
                "1 FROM hr_tables"
                " WHERE id = ? AND version >= ? AND (real_dice = 0 OR revision = ?)) ON CONFLICT (table_id) DO UPDATE "
                "SET version = excluded.version,"
                " engine = excluded.engine, state = excluded.state WHERE hr_checkpoints.version < excluded.version OR "
                "hr_checkpoints.engine <> excluded.engine",
                (
                    table_id,
                    checkpoint.version,
                    checkpoint.engine,
                    checkpoint.state,
                    table_id,
                    checkpoint.version,
                    revision,
                ),
            )

    def fill_lines(self, table_id: str, lines: Sequence[StepLines]) -> None:
        """Store the log lines of a table's steps, and how many the steps make up to each, where an
        earlier highroller stored a step without them (`lines`: every step's, from the first)."""
        rows, end = [], 0
        for number, step_lines in enumerate(lines):
            end += len(step_lines)
            rows.append((json.dumps(step_lines, ensure_ascii=False), end, table_id, number))
        with self.transaction(write=True) as cursor:
            cursor.executemany(
                self._sql(
                    "UPDATE hr_steps SET lines = COALESCE(lines, ?), log_end = ? WHERE table_id = ? AND n = ? AND "
                    "log_end IS NULL"
                ),
                rows,
            )
