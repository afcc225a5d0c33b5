"""A table copy and the people at it: the seats a seat token holds and the seat it acts as, what each
seat sees of the table (its snapshot, the log lines it has not had yet), the table as the lobby lists
it, the game's record, and the step a companion table's undo would take back."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Sequence
from typing import Any

from highroller.core.state import CHANCE, State
from highroller.web.http.errors import Refused
from highroller.web.http.log_context import note_seat
from highroller.web.store.database import Store
from highroller.web.store.rows import UNDO, SeatChange, SeatRow, TableRow
from highroller.web.tables.presence import Seen
from highroller.web.tables.snapshots import Snapshots
from highroller.web.tables.table_copy import Expect, Subscriber, TableCopy
from highroller.web.tables.table_load import Loaded
from highroller.web.tables.table_summary import summary_of
from highroller.web.tables.turns import seat_name


def game_record(
    state: State,
    table_id: str,
    seats: Sequence[SeatRow],
    timer: int | None,
    stand_in: str | None,
    changes: Sequence[SeatChange],
) -> dict[str, Any]:
    """A table's game's record, with the table's seats, timer and seat changes under "table"."""
    return {
        **state.record(),
        "table": {
            "id": table_id,
            "seats": [{"seat": r.seat, "name": seat_name(r), "bot": r.bot} for r in seats],
            "timer": timer,
            "stand_in": stand_in,
            "changes": [
                {"step": c.step, "seat": c.seat, "change": c.change} for c in changes if c.change != UNDO
            ],  # undone steps are not the game's
        },
    }


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


class SeatedCopy(TableCopy):
    """One table as this process holds it, and as the people at it and the lobby see it."""

    def __init__(
        self,
        loaded: Loaded,
        store: Store,
        expect: Expect,
        warming: Callable[[], bool] = lambda: False,
        seen: Callable[[str], Seen] | None = None,
    ) -> None:
        """`seen(table_id)` says who is at the table (`highroller.web.tables.presence`); `warming()` says
        whether this process's warm-up still runs (see `TableCopy` for the rest)."""
        super().__init__(loaded, store, expect)
        self._snapshots = Snapshots(self, seen or (lambda _: Seen({}, 0)), warming)

    def held_by(self, token: str | None) -> tuple[int, ...]:
        """The seats a token holds, compared in constant time: none for no token (a spectator), one,
        or every person's seat of a hot-seat table."""
        if not token:
            return ()
        digest = hash_token(token)
        held = tuple(
            row.seat for row in self.seats if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest)
        )
        if not held:
            raise Refused("this seat token does not belong to this table", 403, "bad-token")
        return held

    def acting_seat(self, held: tuple[int, ...]) -> int | None:
        """The seat a holder of `held` acts and sees as now: the seat on move (or rolling, at a chance
        step) when it holds it (a hot-seat device passes from person to person), else its first; None
        for a spectator."""
        if not held:
            return None
        mover = self.state.current_player if self.state.current_player >= 0 else self.state.roller()
        return mover if mover in held else held[0]

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token acts as now (see `acting_seat`); None for no token (a spectator)."""
        return self.acting_seat(self.held_by(token))

    async def held_by_fresh(self, token: str | None) -> tuple[int, ...]:
        """`held_by`, catching up once first if the token is unknown (it may be a seat just taken
        through another server process); the request's log lines name the table and the seat it acts as."""
        try:
            held = self.held_by(token)
        except Refused:
            if not self._store.shared:
                raise
            await self.fresh()
            held = self.held_by(token)
        note_seat(self.id, self.acting_seat(held))
        return held

    async def seat_of_fresh(self, token: str | None) -> int | None:
        """`seat_of`, catching up once first if the token is unknown."""
        return self.acting_seat(await self.held_by_fresh(token))

    def summary(self, lang: str = "en") -> dict[str, Any]:
        """The table as the lobby lists it, from this copy (seats named in `lang`)."""
        row = TableRow(
            id=self.id,
            game=self.game.name,
            options=self.game.options,
            seed=0,
            created=self.created,
            finished=self.finished,
            rematch=self.rematch,
            seats=self.seats,
            steps=[],
            timer=self.timer,
            stand_in=self.stand_in,
            hints=self.hints,
            real_dice=self.real_dice,
            bank=self.bank,
            rated=self.rated,
        )
        return summary_of(row, self.version, lang)

    def snapshot(self, seat: int | None, log_from: int = 0, lang: str = "en") -> dict[str, Any]:
        """Everything `seat` may see now: its view, its legal actions if on move, and the log (in `lang`)."""
        return self._snapshots.snapshot(seat, log_from, lang)

    def log_since(self, version: int) -> int:
        """The place of the first log line of step `version` or later (what a client who saw the
        table at that version has not read yet)."""
        return self.window.since(version)

    def snapshot_for(self, subscriber: Subscriber) -> dict[str, Any]:
        """The next message for a connection: only the log lines it has not had yet."""
        start = subscriber.log_seen if subscriber.log_epoch == self.log_epoch else 0
        subscriber.log_seen, subscriber.log_epoch = self.window.end, self.log_epoch
        return self.snapshot(self.acting_seat(subscriber.held), start, subscriber.lang)

    def record(self) -> dict[str, Any]:
        """The game's record, with the table's seats, timer and seat changes under "table"."""
        return game_record(self.state, self.id, self.seats, self.timer, self.stand_in, self.changes)

    def undoable(self) -> int | None:
        """At a companion table in play, the number of the last step a person made (typed dice, bills
        or a card, or a decision of a seat its person played), which an undo takes back with the
        automatic steps after it; None when there is none."""
        if not self.real_dice or not self.started or self.finished:
            return None
        for number in range(len(self.state.history) - 1, -1, -1):
            player = self.state.history[number][0]
            if player == CHANCE or (self.seats[player].bot is None and self._control_at(player, number) is None):
                return number
        return None

    def _control_at(self, seat: int, number: int) -> str | None:
        """Who played `seat` at step `number`: None for its person, else the stand-in's "away" or "left"."""
        control: str | None = None
        for change in sorted(self.changes, key=lambda c: c.revision):
            if change.seat == seat and change.step <= number and change.change != UNDO:
                control = None if change.change == "back" else change.change
        return control
