"""The queries of a table as a whole: storing a new one with its seats and first steps, loading it (from
a step on, or from its checkpoint), its revision, the lobby's and a profile's lists, and its rematch."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from highroller.web import clock
from highroller.web.store.row_writes import RowWrites, last_line
from highroller.web.store.rows import Checkpoint, Origin, SeatChange, SeatRow, TableRow

ABANDONED_AFTER = 30 * 60.0
"""Seconds without a move or a seat change after which a game in progress leaves the lobby's list
(it is still played and watched by its link)."""


_HEAD = (
    "id, game, options, seed, created, finished, rematch, revision, version, started, timer, stand_in, bot_delay, due, "
    "hints, real_dice,"
    " waiting, waiting_since, bank, rated, mover, last_line"
)


class TableQueries(RowWrites):
    """A table's row, read and written whole."""

    def create_table(self, row: TableRow, creator: Origin | None, has_bots: bool) -> None:
        """Store a new table (made at `row.created`) with its seats and first steps, in one transaction;
        the seats its creator took count as seats taken by `creator`, the profile of its first seat
        taken with one is the table's `creator_profile`."""
        now = row.created
        with self.transaction(write=True) as cursor:
            self.run(
                cursor,
                "INSERT INTO hr_tables (id, game, options, seed, created, finished, revision, version, started, "
                "has_bots,"
                " timer, stand_in, bot_delay, due, creator, creator_net, touched, hints, real_dice, waiting, "
                "waiting_since, bank, rated, mover, last_line, creator_profile)"
                " VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.game,
                    json.dumps(row.options),
                    row.seed,
                    now,
                    len(row.steps),
                    int(row.started),
                    int(has_bots),
                    row.timer,
                    row.stand_in,
                    row.bot_delay,
                    row.due,
                    creator and creator.address,
                    creator and creator.network,
                    now,
                    int(row.hints),
                    int(row.real_dice),
                    row.waiting,
                    row.waiting_since,
                    row.bank,
                    row.rated,
                    row.mover,
                    last_line(row.lines),
                    next((seat.profile for seat in row.seats if seat.profile), None),
                ),
            )
            for seat in row.seats:
                self.run(
                    cursor,
                    "INSERT INTO hr_seats (table_id, seat, name, bot, token_hash, profile_id, bank, network, "
                    "joined_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        row.id,
                        seat.seat,
                        seat.name,
                        seat.bot,
                        seat.token_hash,
                        seat.profile,
                        seat.bank,
                        seat.network,
                        seat.taken_by,
                    ),
                )
                if seat.token_hash is not None:
                    self._count_join(cursor, creator, now)
            self._insert_steps(cursor, row.id, 0, row.steps, row.lines)

    def load_table(self, table_id: str, steps_from: int = 0, *, tail: int | None = None) -> TableRow | None:
        """The table with its steps (and their log lines) from number `steps_from` on; None if there is
        no such table. With `tail`, also its checkpoint, and its steps from the checkpoint's last or from
        its last `tail`, whichever comes first: what a table copy is made of without replaying the game."""
        with self.transaction() as cursor:
            head = self.run(cursor, f"SELECT {_HEAD} FROM hr_tables WHERE id = ?", (table_id,)).fetchone()
            if head is None:
                return None
            seats = self._seats(cursor, [table_id])[table_id]
            checkpoint = None
            if tail is not None:
                kept = self.run(
                    cursor, "SELECT version, engine, state FROM hr_checkpoints WHERE table_id = ?", (table_id,)
                ).fetchone()
                checkpoint = None if kept is None else Checkpoint(int(kept[0]), str(kept[1]), bytes(kept[2]))
                steps_from = 0 if checkpoint is None else max(0, min(int(head[8]) - tail, checkpoint.version - 1))
            steps = self.run(
                cursor,
                "SELECT n, step, lines, log_end FROM hr_steps WHERE table_id = ? AND n >= ? ORDER BY n",
                (table_id, max(0, steps_from - 1)),
            ).fetchall()
            changes = self.run(
                cursor,
                "SELECT revision, n, seat, change, at, detail FROM hr_seat_changes WHERE table_id = ? ORDER BY "
                "revision, seat",
                (table_id,),
            ).fetchall()
        row = _table_row(head, seats)
        before = steps[0] if steps and int(steps[0][0]) < steps_from else None
        ours = steps[1:] if before is not None else steps
        row.steps = [json.loads(s[1]) for s in ours]
        row.lines = [None if s[2] is None else json.loads(s[2]) for s in ours]
        row.steps_from = steps_from
        row.log_before = 0 if steps_from == 0 else None if before is None or before[3] is None else int(before[3])
        row.checkpoint = checkpoint
        row.changes = [
            SeatChange(revision=c[0], step=c[1], seat=c[2], change=c[3], at=float(c[4]), detail=c[5]) for c in changes
        ]
        return row

    def revision(self, table_id: str) -> int | None:
        """The table's current revision (None if it does not exist): a cheap freshness check."""
        with self.transaction() as cursor:
            row = self.run(cursor, "SELECT revision FROM hr_tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else int(row[0])

    def revisions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The current revision of each of these tables that still exists."""
        if not table_ids:
            return {}
        with self.transaction() as cursor:
            rows = self.run(
                cursor, f"SELECT id, revision FROM hr_tables WHERE id IN ({', '.join('?' * len(table_ids))})", table_ids
            ).fetchall()
        return {row[0]: int(row[1]) for row in rows}

    def lobby(self, limit: int) -> list[TableRow]:
        """Tables to list in the lobby, without their steps: those waiting for players first, newest
        first, then the games in play; finished games and abandoned ones (started, and unchanged for
        `ABANDONED_AFTER` seconds) are left out."""
        with self.transaction() as cursor:
            heads = self.run(
                cursor,
                f"SELECT {_HEAD} FROM hr_tables WHERE finished = 0 AND (started = 0 OR COALESCE(touched, created) >= ?)"
                " ORDER BY started, created DESC LIMIT ?",
                (clock.now() - ABANDONED_AFTER, limit),
            ).fetchall()
            seats = self._seats(cursor, [head[0] for head in heads])
        return [_table_row(head, seats[head[0]]) for head in heads]

    def friend_tables(self, profile_id: str, limit: int) -> list[TableRow]:
        """The unfinished tables the profiles `profile_id` follows sit at or made, but those it sits at
        itself, as the lobby lists them (those still filling first, newest first; abandoned games left
        out), without their steps."""
        with self.transaction() as cursor:
            heads = self.run(
                cursor,
                f"SELECT {_HEAD} FROM hr_tables WHERE finished = 0 AND (started = 0 OR COALESCE(touched, created) >= ?)"
                " AND (id IN (SELECT s.table_id FROM hr_seats s JOIN hr_follows f ON f.followed = s.profile_id"
                " WHERE f.follower = ?) OR creator_profile IN (SELECT followed FROM hr_follows WHERE follower = ?))"
                " AND id NOT IN (SELECT table_id FROM hr_seats WHERE profile_id = ?)"
                " ORDER BY started, created DESC LIMIT ?",
                (clock.now() - ABANDONED_AFTER, profile_id, profile_id, profile_id, limit),
            ).fetchall()
            seats = self._seats(cursor, [head[0] for head in heads])
        return [_table_row(head, seats[head[0]]) for head in heads]

    def profile_tables(self, profile_id: str, finished_since: float, limit: int) -> list[TableRow]:
        """The tables where a profile holds a seat, without their steps: every unfinished one and those
        finished since `finished_since`, the most recently changed first, at most `limit`."""
        with self.transaction() as cursor:
            heads = self.run(
                cursor,
                f"SELECT {_HEAD} FROM hr_tables WHERE id IN (SELECT table_id FROM hr_seats WHERE profile_id = ?)"
                " AND (finished = 0 OR finished_at >= ?) ORDER BY COALESCE(touched, created) DESC LIMIT ?",
                (profile_id, finished_since, limit),
            ).fetchall()
            seats = self._seats(cursor, [head[0] for head in heads])
        return [_table_row(head, seats[head[0]]) for head in heads]

    def _seats(self, cursor: Any, table_ids: list[str]) -> dict[str, list[SeatRow]]:
        found: dict[str, list[SeatRow]] = {table_id: [] for table_id in table_ids}
        if table_ids:
            marks = ", ".join("?" * len(table_ids))
            rows = self.run(
                cursor,
                f"SELECT table_id, seat, name, bot, token_hash, control, profile_id, bank, network, joined_by FROM "
                f"hr_seats WHERE table_id IN ({marks})"
                " ORDER BY table_id, seat",
                table_ids,
            ).fetchall()
            for r in rows:
                found[r[0]].append(
                    SeatRow(
                        seat=r[1],
                        name=r[2],
                        bot=r[3],
                        token_hash=r[4],
                        control=r[5],
                        profile=r[6],
                        bank=None if r[7] is None else float(r[7]),
                        network=r[8],
                        taken_by=r[9],
                    )
                )
        return found

    def set_rematch(self, table_id: str, rematch_id: str, replacing: str | None) -> str:
        """Link a finished table to its rematch, unless it was linked meanwhile (to something other
        than `replacing`, an expired rematch); the link now stored."""
        with self.transaction(write=True) as cursor:
            same = "rematch IS NULL" if replacing is None else "rematch = ?"
            self.run(
                cursor,
                f"UPDATE hr_tables SET rematch = ?, revision = revision + 1 WHERE id = ? AND {same}",
                (rematch_id, table_id, *(() if replacing is None else (replacing,))),
            )
            linked, revision = self.run(
                cursor, "SELECT rematch, revision FROM hr_tables WHERE id = ?", (table_id,)
            ).fetchone()
            self.notify(cursor, table_id, int(revision))
            return str(linked)


def _table_row(head: Sequence[Any], seats: list[SeatRow]) -> TableRow:
    return TableRow(
        id=head[0],
        game=head[1],
        options=json.loads(head[2]),
        seed=int(head[3]),
        created=float(head[4]),
        finished=bool(head[5]),
        rematch=head[6],
        seats=seats,
        steps=[],
        revision=int(head[7]),
        version=int(head[8]),
        started=bool(head[9]),
        timer=head[10],
        stand_in=head[11],
        bot_delay=float(head[12]),
        due=None if head[13] is None else float(head[13]),
        hints=bool(head[14]),
        real_dice=bool(head[15]),
        waiting=None if head[16] is None else int(head[16]),
        waiting_since=None if head[17] is None else float(head[17]),
        bank=None if head[18] is None else float(head[18]),
        rated=head[19],
        mover=None if head[20] is None else int(head[20]),
        last_line=None if head[21] is None else json.loads(head[21]),
    )
