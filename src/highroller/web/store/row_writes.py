"""The writes a change to a table is made of, in its transaction: the compare-and-set of the table's
row (its revision bumped, a bot worker's lease dropped), a seat's change noted, a seat taken counted
against its address and network, and steps appended with their log lines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from highroller.web import clock
from highroller.web.store.rows import CLOSED, IDLE, TIMED_OUT, Conflict, Origin, StepLines
from highroller.web.store.transaction import Transactions


class RowWrites(Transactions):
    """The writes the queries of tables, seats and steps share."""

    def _bump(self, cursor: Any, table_id: str, condition: str, args: Sequence[Any], values: dict[str, Any]) -> int:
        """Compare-and-set the table row: raise `Conflict` unless it meets `condition`; otherwise bump
        its revision, set `values`, and drop any bot worker's lease (what it was thinking about is
        stale). Returns the new revision."""
        values = {**values, "touched": clock.now(), "lease_owner": None, "lease_until": None}
        sets = ", ".join(f"{name} = ?" for name in values)
        updated = self.run(
            cursor,
            f"UPDATE hr_tables SET revision = revision + 1, {sets} WHERE id = ? AND {condition} RETURNING revision",
            [*values.values(), table_id, *args],
        ).fetchone()
        if updated is None:
            raise Conflict(f"table {table_id} changed meanwhile")
        return int(updated[0])

    def _seat_change(
        self, cursor: Any, table_id: str, revision: int, step: int, seat: int, change: str, at: float
    ) -> None:
        if change != TIMED_OUT:
            control = {"away": "away", "left": "left", IDLE: "left", CLOSED: "left", "back": None}[change]
            self.run(
                cursor, "UPDATE hr_seats SET control = ? WHERE table_id = ? AND seat = ?", (control, table_id, seat)
            )
        self.run(
            cursor,
            "INSERT INTO hr_seat_changes (table_id, revision, n, seat, change, at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, revision, step, seat, change, at),
        )

    def _count_join(self, cursor: Any, joiner: Origin | None, at: float) -> None:
        if joiner is not None:
            self.run(
                cursor,
                "INSERT INTO hr_joins (address, network, at) VALUES (?, ?, ?)",
                (joiner.address, joiner.network, at),
            )

    def _insert_steps(
        self, cursor: Any, table_id: str, first: int, steps: Sequence[Any], lines: Sequence[StepLines | None] | None
    ) -> None:
        """Insert steps `first`, … with their log lines and the count of lines through each (none where
        the lines, or the count before `first`, are unknown)."""
        end: int | None = None
        if lines:
            before = (
                None
                if first == 0
                else self.run(
                    cursor, "SELECT log_end FROM hr_steps WHERE table_id = ? AND n = ?", (table_id, first - 1)
                ).fetchone()
            )
            end = 0 if first == 0 else None if before is None or before[0] is None else int(before[0])
        rows = []
        for offset, step in enumerate(steps):
            step_lines = lines[offset] if lines and offset < len(lines) else None
            end = None if end is None or step_lines is None else end + len(step_lines)
            text = None if step_lines is None else json.dumps(step_lines, ensure_ascii=False)
            rows.append((table_id, first + offset, json.dumps(step), text, end))
        cursor.executemany(
            self._sql("INSERT INTO hr_steps (table_id, n, step, lines, log_end) VALUES (?, ?, ?, ?, ?)"), rows
        )


def last_line(lines: Sequence[StepLines | None] | None) -> str | None:
    """The last of these steps' log lines as stored (JSON), if they made any."""
    for step_lines in reversed(lines or ()):
        if step_lines:
            return json.dumps(step_lines[-1], ensure_ascii=False)
    return None
