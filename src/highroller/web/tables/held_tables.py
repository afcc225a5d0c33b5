"""Every table a server process holds (`Tables`): made here, loaded from the store on first use, kept
current as other processes change them, and dropped from memory again; the lobby's list and rematches.
The tables themselves, and the changes people make to them, are `highroller.web.tables.live_table`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from highroller.core.game import Game
from highroller.core.rng import fresh_seed
from highroller.core.state import CHANCE
from highroller.web import clock
from highroller.web.chat.chat_room import Chat
from highroller.web.http.checks import checked_name, default_stand_in
from highroller.web.http.errors import Refused
from highroller.web.http.log_context import log_event
from highroller.web.people.profiles import seat_token
from highroller.web.ratings.rated_seats import check_rated_seat, check_rated_table
from highroller.web.settings import Settings
from highroller.web.store.changes import GONE, Change
from highroller.web.store.database import Store
from highroller.web.store.rows import Origin, SeatRow, TableRow, Turn
from highroller.web.tables.live_table import Table
from highroller.web.tables.presence import Presence
from highroller.web.tables.seated_copy import hash_token
from highroller.web.tables.table_copy import Expect, Subscriber
from highroller.web.tables.table_load import Loaded, load_copy
from highroller.web.tables.table_log import Line, by_step, step_narrator, window_of
from highroller.web.tables.table_summary import open_seats, summary_of
from highroller.web.tables.turns import next_turn, record_step

log = logging.getLogger(__name__)

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,24}$")

Done = TypeVar("Done")

COLD_LOADS = 2
"""Tables one process loads from the store at once (each in a thread): more wait their turn, so loads
never take every thread the requests' database work needs."""


class Tables:
    """Every table this process holds: made here, loaded from the store on first use (in a thread,
    without replaying its game), kept current, and dropped again, the least recently used first, when
    the copies not in use would hold more than `settings.table_memory` bytes."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        expect: Expect = lambda due: None,
        warming: Callable[[], bool] = lambda: False,
    ) -> None:
        """`expect(due)` is told when an automatic move falls due; `warming()` says whether this
        process's warm-up (compiling what bots need) still runs."""
        self.store = store
        self.settings = settings
        self._expect = expect
        self._warming = warming
        self._live: OrderedDict[str, Table] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self._cold = asyncio.Semaphore(COLD_LOADS)
        self.presence = Presence(store, self._presence_changed)
        """Who is at each table: the connections of this process and, on a shared store, of the others."""
        self.chat = Chat(store, settings)
        """The tables' chat."""
        self.opening: Callable[[], None] = lambda: None
        """Called before a table is made: raises `Refused` while the host lets none be made (maintenance)."""

    def _presence_changed(self, table_id: str) -> None:
        table = self._live.get(table_id)
        if table is not None:
            table.presence_changed()

    async def open(
        self,
        made: Game,
        bots: Sequence[str | None],
        timer: int | None,
        stand_in: str,
        creator: Origin | None,
        name: str | None,
        hints: bool = True,
        *,
        real_dice: bool = False,
        hot_seat: Sequence[str] = (),
        bot_delay: float | None = None,
        profile: str | None = None,
        bank: float | None = None,
        rated: str | None = None,
    ) -> tuple[Table, tuple[int, str] | None]:
        """Store a new table with its opening chance steps drawn (none at a companion table, `real_dice`:
        its people type them); with `name`, its creator takes the first person's seat in the same
        transaction (as `profile`'s seat, if they have one); with `hot_seat`, the people's names in seat
        order, the creator's one device holds every person's seat. `hints`: whether its players may ask
        for hints; `bot_delay`: seconds between bot moves (default: the server's); `bank`: each person's
        time bank; `rated`: "people", "all" or None. Returns the table and (seat, token) if seated."""
        self.opening()
        if rated:
            check_rated_table(rated, bots, hot_seat, real_dice)
            if name is not None:
                await asyncio.to_thread(check_rated_seat, self.store, [], profile, creator)
        table_id = secrets.token_urlsafe(9)
        bot_delay = self.settings.bot_delay if bot_delay is None else bot_delay
        seed = fresh_seed()
        state = made.new_game(seed)
        paced = bot_delay > 0
        narrator, told = step_narrator(made.name, made.num_players), list[Line]()
        while (
            state.current_player == CHANCE
            and not real_dice
            and not (paced and state.history and state.history[-1][0] == CHANCE)
        ):
            narrator.apply(
                state, state.sample_chance(), told
            )  # a paced table draws the next chance step when it is due
        seats = [SeatRow(seat=n, bot=bot) for n, bot in enumerate(bots)]
        seated: tuple[int, str] | None = None
        if hot_seat:
            people = open_seats(seats)
            if len(hot_seat) != len(people):
                raise Refused(
                    "a hot-seat table names each of its {people} people; {given} names given",
                    422,
                    "bad-names",
                    people=len(people),
                    given=len(hot_seat),
                )
            token = secrets.token_urlsafe(32)
            taken: list[str] = []
            for seat, raw in zip(people, hot_seat, strict=True):
                seats[seat] = SeatRow(
                    seat=seat,
                    name=checked_name(raw, taken),
                    token_hash=hash_token(token),
                    taken_by=creator.address if creator else None,
                )
                taken.append(seats[seat].name or "")
            seated = (people[0], token)
        elif name is not None and open_seats(seats):
            seat = open_seats(seats)[0]
            token = secrets.token_urlsafe(32) if profile is None else seat_token(self.store, profile, table_id, seat)
            network = creator.network if creator else None
            seats[seat] = SeatRow(
                seat=seat,
                name=checked_name(name, []),
                token_hash=hash_token(token),
                profile=profile,
                bank=bank,
                network=network,
                taken_by=creator.address if creator else None,
            )
            seated = (seat, token)
        started = not open_seats(seats)
        now = clock.now()
        turn = next_turn(state, seats, timer, bot_delay, now, draws=not real_dice) if started else Turn()
        made_lines = by_step(told, 0, len(state.history))
        row = TableRow(
            id=table_id,
            game=made.name,
            options=made.options,
            seed=seed,
            created=now,
            finished=False,
            rematch=None,
            seats=seats,
            steps=[record_step(player, step) for player, step in state.history],
            started=started,
            timer=timer,
            stand_in=stand_in,
            bot_delay=bot_delay,
            due=turn.due,
            hints=hints,
            real_dice=real_dice,
            waiting=turn.waiting,
            waiting_since=turn.since,
            bank=bank,
            rated=rated,
            lines=list(made_lines),
            mover=state.current_player,
        )
        await asyncio.to_thread(self.store.create_table, row, creator, any(bot is not None for bot in bots))
        log_event("table-created", table_id, seated[0] if seated else None)
        self._expect(turn.due)
        window = window_of(0, 0, made_lines, [], seats, stand_in)
        await self.presence.load(table_id)
        table = Table(
            Loaded(row=row, game=made, state=state, window=window, checkpointed=0),
            self.store,
            self._expect,
            self._warming,
            self.presence.seen,
        )
        self._keep(table)
        return table, seated

    async def get(self, table_id: str) -> Table:
        """The live table (loaded from the store on first use, in a thread), or `Refused` (404, or 410
        for a table whose stored steps this server cannot replay)."""
        table = self._live.get(table_id)
        if table is not None:
            self._live.move_to_end(table_id)
            await table.follow_if_behind()
            return table
        if not TABLE_ID.match(table_id):
            raise Refused("there is no table with this id", 404, "no-table")
        loading = self._loading.get(table_id)
        if loading is None:  # the first request loads it; those that come meanwhile wait for the same
            loading = self._loading[table_id] = asyncio.get_running_loop().create_task(self._load(table_id))
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        return await asyncio.shield(loading)

    async def cold(self, work: Callable[..., Done], *args: Any) -> Done:
        """Database work whose cost is a table's (a load, a whole log), in a thread: at most
        `COLD_LOADS` at once."""
        async with self._cold:
            return await asyncio.to_thread(work, *args)

    async def _load(self, table_id: str) -> Table:
        try:
            loaded = await self.cold(load_copy, self.store, table_id)
        except Exception as error:  # a stored step this version of the game refuses: say so, keep serving the others
            log.exception("table %s cannot be loaded from its stored steps", table_id)
            raise Refused(
                "this table's stored steps can no longer be replayed by this server (its log says why)",
                410,
                "unreadable",
            ) from error
        if loaded is None:
            raise Refused("there is no table with this id", 404, "no-table")
        await self.presence.load(table_id)
        table = self._live.get(table_id)  # made here meanwhile
        if table is None:
            table = Table(loaded, self.store, self._expect, self._warming, self.presence.seen)
            self._keep(table)
        return table

    def _keep(self, table: Table) -> None:
        self._live[table.id] = table
        self._forget_idle()

    async def leave_all(self, profile_id: str) -> None:
        """The profile leaves every unfinished table it sits at (it is being deleted)."""
        rows = await asyncio.to_thread(self.store.profile_tables, profile_id, math.inf, 10_000)
        for row in rows:
            table = await self.get(row.id)
            for seat in (r.seat for r in row.seats if r.profile == profile_id):
                with contextlib.suppress(Refused):
                    await table.leave(seat)

    async def close(self, table: Table, mine: Sequence[int]) -> bool:
        """`Table.close`, the table forgotten here once it is deleted (True)."""
        deleted = await table.close(mine)
        log_event("table-closed", table.id, min(mine, default=None))
        if deleted:
            self._live.pop(table.id, None)
            self.presence.forget(table.id)
        return deleted

    async def play_out_idle(self, untouched_before: float) -> list[str]:
        """The games without a turn timer in which nothing happened since `untouched_before`: the
        stand-in takes every person's seat and plays them to their end. Their ids."""
        idle = await asyncio.to_thread(self.store.abandoned, untouched_before)
        for table_id in idle:
            with contextlib.suppress(Refused):  # another process was first, or the table cannot be loaded
                await (await self.get(table_id)).play_out_idle()
        return idle

    async def watch(self, table_id: str, subscriber: Subscriber) -> Table:
        """The live table, watched by `subscriber` from now on: loaded again if it was dropped from
        memory while the connection greeted (a dropped copy hears no more changes), or `Refused`."""
        table = await self.get(table_id)
        await table.watch(subscriber)
        return table

    def _forget_idle(self) -> None:
        """Drop the least recently used idle tables while the copies held weigh more than
        `settings.table_memory` bytes (a table in use, or the one used last, is never dropped)."""
        held = sum(table.weight for table in self._live.values())
        for table in list(self._live.values())[:-1]:
            if held <= self.settings.table_memory:
                return
            if table.idle:
                held -= table.weight
                del self._live[table.id]
                self.presence.forget(table.id)

    @property
    def held(self) -> int:
        """How many tables this process holds in memory."""
        return len(self._live)

    def changed(self, change: Change) -> None:
        """Another process (or a bot worker) changed a table, or who is at it: follow it if it is held here."""
        if change.chat is not None:
            self.chat.heard(change.table_id, dict(change.chat))
            return
        if change.presence is not None:
            if change.table_id in self._live and change.presence != self.presence.process:
                asyncio.get_running_loop().create_task(self.presence.load(change.table_id))
            return
        self._expect(change.due)
        table = self._live.get(change.table_id)
        if table is None:
            return
        if change.revision == GONE:
            table.gone = True
            del self._live[change.table_id]
            table._announce()
        elif table.idle:
            table.behind = True  # nobody watches here: catch up when somebody asks
        else:
            asyncio.get_running_loop().create_task(table.refresh(change))

    def look(self, table_id: str) -> None:
        """A table changed in a way this process was not told about in detail: check it again."""
        table = self._live.get(table_id)
        if table is not None:
            if table.idle:
                table.behind = True
            else:
                asyncio.get_running_loop().create_task(table.refresh())

    def resync(self) -> None:
        """Check every held table, and who is at it, again (after notifications may have been missed)."""
        for table in list(self._live.values()):
            asyncio.get_running_loop().create_task(table.refresh())
            asyncio.get_running_loop().create_task(self.presence.load(table.id))

    async def resync_watched(self) -> None:
        """Catch up the tables somebody watches here whose revision the store has moved past (a
        change whose notification was lost, e.g. to a process killed between storing and telling)."""
        watched = {table.id: table for table in self._live.values() if not table.idle}
        for table_id, revision in (await asyncio.to_thread(self.store.revisions, list(watched))).items():
            if revision > watched[table_id].revision:
                asyncio.get_running_loop().create_task(watched[table_id].refresh())

    async def rematch(self, table: Table, seat: int | None, creator: Origin | None) -> Table:
        """A new table with the same game, options, bots, timer, time bank, stand-in, hints, bot speed and rating; its
        people's seats are open."""
        if seat is None:
            raise Refused("only a seated player can ask for a rematch", 403, "spectator")
        if not table.finished:
            raise Refused("the game is not over yet", 409, "not-finished")
        if table.rematch is not None:
            try:
                return await self.get(table.rematch)
            except Refused:
                pass  # the rematch expired unplayed: make another
        stand_in = table.stand_in or default_stand_in(table.game.name)
        fresh, _ = await self.open(
            table.game,
            [row.bot for row in table.seats],
            table.timer,
            stand_in,
            creator,
            None,
            table.hints,
            real_dice=table.real_dice,
            bot_delay=table.bot_delay,
            bank=table.bank,
            rated=table.rated,
        )
        linked = await table.link_rematch(fresh.id, table.rematch)
        log_event("rematch", table.id, seat, rematch=linked)
        return await self.get(linked)

    async def lobby(self, limit: int = 50, lang: str = "en") -> list[dict[str, Any]]:
        """Unfinished tables: those waiting for players first, newest first (seats named in `lang`)."""
        return [summary_of(row, lang=lang) for row in await asyncio.to_thread(self.store.lobby, limit)]
