"""Live tables: each server process's copy of the tables its clients watch, kept true to the store
(`highroller.web.tables.table_copy`), and the changes people make to them.

The store is the only truth. A person's action is accepted only with the right seat token, at the seat
on move, at the version the person saw and when legal; it and the chance steps that follow are
committed to the store (only if they are the table's next steps) before anyone is told. Bots do not
think here: their moves are played by bot workers (`highroller.web.botwork`) and arrive like anybody
else's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from highroller.core.game import Game
from highroller.core.rng import fresh_seed
from highroller.core.state import CHANCE, State, Step
from highroller.core.typed_input import IN_THE_GAMES_WORDS, explained, typed_input_of
from highroller.core.words import LANGUAGES
from highroller.registry import game_spec, words_of
from highroller.web import clock
from highroller.web.http.checks import checked_name, default_stand_in
from highroller.web.http.errors import Refused
from highroller.web.profiles import seat_token
from highroller.web.rated_seats import check_rated_seat, check_rated_table
from highroller.web.settings import Settings
from highroller.web.store.changes import GONE, Change
from highroller.web.store.database import Store
from highroller.web.store.rows import IDLE, Conflict, Origin, SeatChange, SeatRow, TableRow, Turn
from highroller.web.tables.presence import Presence
from highroller.web.tables.seated_copy import SeatedCopy, hash_token
from highroller.web.tables.table_copy import Expect, Subscriber
from highroller.web.tables.table_load import Loaded, load_copy
from highroller.web.tables.table_log import Line, by_step, change_texts, step_narrator, took_back_texts, window_of
from highroller.web.tables.table_summary import open_seats, summary_of
from highroller.web.tables.turns import (
    advance,
    bank_after,
    next_turn,
    record_step,
    seat_name,
    seat_name_texts,
    server_draws,
    waiting_seat,
)

log = logging.getLogger(__name__)

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,24}$")
RETRIES = 5
"""How often a change is tried again on a fresh copy when another process changed the table first."""
MAX_TYPED = 500
"""Characters of typed dice, bills or a card that a companion table reads."""


def seat_list(seats: Sequence[int]) -> str:
    """Seats as people read them, numbered from 1 as on the page: "2, 3"."""
    return ", ".join(str(seat + 1) for seat in seats)


class Table(SeatedCopy):
    """One table and the changes people make to it: an action, a seat taken, a step taken back, a seat
    left or taken back from its bot, a rematch linked. Each is committed to the store first (compare
    and set: tried again on a fresh copy when another process was first), then told to the watchers."""

    async def act(self, seat: int | None, version: int, action: Any) -> None:
        """A person's action at the version they saw. Raises `Refused` (and changes nothing) if not accepted."""
        async with self.lock:
            if version > self.version:
                await self.catch_up()
            self._check_action(seat, version)
            assert seat is not None
            step = self._typed_chance(action) if self.state.current_player == CHANCE else self._decision(action)
            state, told, first = self.state.clone(), list[Line](), self.version
            narrator = step_narrator(self.game.name, len(self.seats))
            steps = advance(
                state,
                step,
                lambda s, played: narrator.apply(s, played, told),
                draw=not self.real_dice,
                paced=self.bot_delay > 0,
            )
            made = by_step(told, first, len(steps))
            now = clock.now()
            mover = self.state.current_player
            banks: list[tuple[int, float]] = []
            seats = self.seats
            if mover >= 0 and self.seats[mover].bank is not None:
                left = bank_after(self.seats[mover], self.timer, self.waiting_since, now)
                assert left is not None
                banks.append((mover, left))
                seats = [replace(r, bank=left) if r.seat == mover else r for r in self.seats]
            turn = next_turn(state, seats, self.timer, self.bot_delay, now, draws=server_draws(self.real_dice, seats))
            try:
                revision = await asyncio.to_thread(
                    self._store.commit_steps,
                    self.id,
                    first,
                    steps,
                    finished=state.is_terminal(),
                    turn=turn,
                    seat=seat,
                    banks=banks,
                    lines=made,
                )
            except Conflict:  # another process stored a step first: refuse for the reason that holds now
                await self.catch_up()
                self._check_action(seat, version)
                raise Refused(
                    "stale action: the table is at version {version}, you saw {seen}",
                    409,
                    "stale",
                    version=self.version,
                    seen=version,
                ) from None
            except Exception as error:  # whatever the database says, the step is not taken
                log.exception("storing a step of table %s failed", self.id)
                raise Refused("the step was not saved; try again", 503, "not-saved") from error
            self.revision, self.seats, self.due, self.waiting_since = revision, seats, turn.due, turn.since
            self._follow(first, state, made, [])
        self._expect(turn.due)
        self._announce()

    def _decision(self, action: Any) -> Step:
        """The legal decision `action` stands for, or `Refused`."""
        legal = self.state.legal_actions()
        try:
            step = self.state.decode_step(action)
        except Exception as error:  # a game's decoder meets untrusted JSON: any failure is a refusal
            raise Refused("not an action of this game here: {error}", 422, "illegal", error=str(error)) from error
        if step not in legal:
            raise Refused(
                "{step} is not legal now; legal: {legal}",
                422,
                "illegal",
                step=str(step),
                legal=", ".join(map(str, legal)),
            )
        return step

    def _typed_chance(self, action: Any) -> Step:
        """At a companion table, the chance step its people entered: `{"typed": "1 1 3 5"}` as the
        terminal's manual dice take it, or the outcome's JSON; only outcomes that can occur now."""
        typed = typed_input_of(game_spec(self.game.name))
        try:
            if isinstance(action, dict) and set(action) == {"typed"} and isinstance(action["typed"], str):
                step = typed.parse(self.state, action["typed"][:MAX_TYPED])
            else:
                step = self.state.decode_step(action)
            self.state.clone().apply(step)
        except Exception as error:  # typed text and JSON from the page are untrusted: any failure is a refusal
            reasons = {lang: explained(error, self.state, typed, words_of(self.game.name, lang)) for lang in LANGUAGES}
            raise Refused(IN_THE_GAMES_WORDS, 422, "illegal", reason=reasons) from error
        return step

    def _replayed(self, steps: list[tuple[int, Step]]) -> State:
        """(In a thread.) The game after these first steps of its history."""
        state = self.game.new_game(self.seed)
        for _, step in steps:
            state.apply(step)
        return state

    def _step_words(self, before: State) -> dict[str, str]:
        """What the step played after `before` did, in every language (its log line, the seats marked;
        the step as written where it has none)."""
        player, step = self.state.history[len(before.history)]
        texts = step_narrator(self.game.name, len(self.seats)).step_texts(before, player, step)
        return texts or {lang: str(step) for lang in LANGUAGES}

    async def undo(self, seat: int | None) -> None:
        """At a companion table, take back the last step a person made (typed dice, a placement, a bid…)
        and the automatic steps that followed it; the log says who took back what."""

        async def attempt() -> None:
            if seat is None:
                raise Refused("spectators cannot undo: join a seat first", 403, "spectator")
            if not self.real_dice:
                raise Refused("only a companion table (real dice) takes steps back", 409, "no-undo")
            first = self.undoable()
            if first is None:
                raise Refused("nothing to take back: no person's step to undo", 409, "no-undo")
            before = await asyncio.to_thread(self._replayed, self.state.history[:first])
            turn = next_turn(before, self.seats, self.timer, self.bot_delay, clock.now(), draws=False)
            detail = json.dumps(self._step_words(before), ensure_ascii=False)
            player = self.state.history[first][0]
            same_device = player >= 0 and self.seats[player].token_hash == self.seats[seat].token_hash
            who = player if same_device else seat  # a hot seat's device: the person whose step it was
            self.revision = await asyncio.to_thread(
                self._store.take_back,
                self.id,
                first,
                self.revision,
                seat=who,
                detail=detail,
                turn=turn,
                line=took_back_texts(self.seats[who], detail),
            )
            self._expect(turn.due)
            loaded = await asyncio.to_thread(load_copy, self._store, self.id)
            if loaded is None:
                self.gone = True
                raise Refused("this table no longer exists", 404, "no-table")
            self._rebuild(loaded)

        await self._change(attempt)

    def _check_action(self, seat: int | None, version: int) -> None:
        if seat is None:
            raise Refused("spectators cannot act: join a seat first", 403, "spectator")
        if not self.started:
            raise Refused(
                "the game starts when every seat is taken (open: {open})",
                409,
                "not-started",
                open=seat_list(self.open_seats()),
            )
        if self.finished:
            raise Refused("the game is over", 409, "game-over")
        if version != self.version:
            raise Refused(
                "stale action: the table is at version {version}, you saw {seen}",
                409,
                "stale",
                version=self.version,
                seen=version,
            )
        if self.seats[seat].control == "left":
            raise Refused("you left this table: a bot plays your seat to the end", 409, "left")
        if self.seats[seat].control == "away":
            raise Refused("a bot is playing for you while you are away: take your seat back first", 409, "away")
        if self.state.current_player == CHANCE and self.real_dice:
            return  # the real dice at the table: any of its people types them
        if self.state.current_player != seat:
            raise Refused(
                "it is not your turn: {name} is on move",
                409,
                "not-your-turn",
                name=seat_name_texts(self.seats[self.state.current_player]),
            )

    async def _change(self, attempt: Callable[[], Any]) -> None:
        """Run a compare-and-set change, catching up and trying again when another process was first."""
        for _ in range(RETRIES):
            async with self.lock:
                try:
                    await attempt()
                except Conflict:
                    await self.catch_up()
                    continue
            self._announce()
            return
        raise Refused("the table is busy; try again", 409, "busy")

    async def join(
        self, raw_name: str, wanted: int | None, joiner: Origin | None, profile: str | None = None
    ) -> tuple[int, str]:
        """Give a person an open seat (the first, or `wanted`), as `profile`'s if they have one; returns
        (seat, secret token)."""
        taken: list[tuple[int, str]] = []

        async def attempt() -> None:
            if self.rated:
                await asyncio.to_thread(check_rated_seat, self._store, self.seats, profile, joiner)
            name = checked_name(
                raw_name, [seat_name(r) for r in self.seats if r.bot is None and r.token_hash is not None]
            )
            free = self.open_seats()
            seat = wanted
            if seat is None:
                if not free:
                    raise Refused("every seat is taken; you can watch", 409, "full")
                seat = free[0]
            elif seat not in free:
                raise Refused(
                    "seat {seat} is not free; free seats: {free}",
                    409,
                    "seat-taken",
                    seat=seat + 1,
                    free=seat_list(free) or "-",
                )
            token = secrets.token_urlsafe(32) if profile is None else seat_token(self._store, profile, self.id, seat)
            network = joiner.network if joiner else None
            seats = [
                replace(
                    r,
                    name=name,
                    token_hash=hash_token(token),
                    profile=profile,
                    bank=self.bank,
                    network=network,
                    taken_by=joiner.address if joiner else None,
                )
                if r.seat == seat
                else r
                for r in self.seats
            ]
            started = not open_seats(seats)
            draws = server_draws(self.real_dice, seats)
            turn = (
                next_turn(self.state, seats, self.timer, self.bot_delay, clock.now(), draws=draws)
                if started
                else Turn()
            )
            revision = await asyncio.to_thread(
                self._store.claim_seat,
                self.id,
                self.revision,
                seat,
                name,
                hash_token(token),
                joiner,
                started=started,
                turn=turn,
                profile=profile,
                bank=self.bank,
            )
            self.seats, self.revision, self.due, self.waiting_since = seats, revision, turn.due, turn.since
            self.log_epoch += 1  # the lines told so far name the seat otherwise now
            self._expect(turn.due)
            taken.append((seat, token))

        await self._change(attempt)
        return taken[0]

    async def back(self, seat: int | None) -> None:
        """A person whose turn timer ran out takes their seat back from the stand-in bot."""

        async def attempt() -> None:
            if seat is None:
                raise Refused("spectators hold no seat to come back to", 403, "spectator")
            if self.seats[seat].control != "away":
                raise Refused("only a person marked away can come back", 409, "not-away")
            await self._set_control(seat, "back", None)

        await self._change(attempt)

    async def leave(self, seat: int | None) -> None:
        """A person leaves: before the game starts the seat opens again; during it, the stand-in bot
        plays the seat to the end."""

        async def attempt() -> None:
            if seat is None:
                raise Refused("spectators hold no seat to leave", 403, "spectator")
            if self.finished:
                raise Refused("the game is over", 409, "game-over")
            if not self.started:
                self.revision = await asyncio.to_thread(self._store.free_seat, self.id, self.revision, seat)
                self.seats = [
                    replace(r, name=None, token_hash=None, control=None, profile=None, bank=None, taken_by=None)
                    if r.seat == seat
                    else r
                    for r in self.seats
                ]
                self.log_epoch += 1
                return
            if self.seats[seat].control == "left":
                raise Refused("you already left this table", 409, "left")
            await self._set_control(seat, "left", "left")

        await self._change(attempt)

    def others(self, mine: Sequence[int]) -> list[int]:
        """The seats other than `mine` whose people still play here (not left, not open, not bots)."""
        return [
            r.seat
            for r in self.seats
            if r.bot is None and r.token_hash is not None and r.control != "left" and r.seat not in mine
        ]

    async def close(self, mine: Sequence[int]) -> bool:
        """Its maker closes the table, where `mine` are their seats and nobody else plays: a table not
        started yet is deleted (True) if one of `mine` was taken from the address that made it; in a
        game in progress the stand-in takes each of their seats and plays the game to its end, whose
        record and replay are kept as every game's are (False)."""
        deleted: list[bool] = []

        async def attempt() -> None:
            if self.finished:
                raise Refused("the game is over", 409, "game-over")
            others = self.others(mine)
            if others:
                raise Refused(
                    "{names} still play at this table: only a table nobody else plays at can be closed (you can leave "
                    "your seat)",
                    409,
                    "others-playing",
                    names=", ".join(seat_name(self.seats[seat]) for seat in others),
                )
            if not self.started:
                makers = [maker for seat in mine if (maker := self.seats[seat].taken_by)]
                if not await asyncio.to_thread(self._store.delete_unstarted, self.id, self.revision, makers):
                    raise Refused(
                        "only the person who made this table can close it before it starts; you can leave your seat",
                        403,
                        "not-maker",
                    )
                self.gone = True
                deleted.append(True)
                return
            await self._give_up(mine, "left")

        await self._change(attempt)
        return bool(deleted)

    async def play_out_idle(self) -> None:
        """Nothing happened here for too long: the stand-in takes every person's seat (`IDLE`)."""
        await self._change(lambda: self._give_up(range(len(self.seats)), IDLE))

    async def _give_up(self, seats: Sequence[int], change: str) -> None:
        """The stand-in takes each of these seats whose person still plays it, for the rest of the game
        (`change`: "left", or `IDLE` when nothing happened at the table for too long)."""
        for seat in seats:
            if (
                self.seats[seat].bot is None
                and self.seats[seat].token_hash is not None
                and self.seats[seat].control != "left"
            ):
                await self._set_control(seat, change, "left")

    async def _set_control(self, seat: int, change: str, control: str | None) -> None:
        seats = [replace(r, control=control) if r.seat == seat else r for r in self.seats]
        mover = self.state.current_player
        now = clock.now()
        if mover in (
            seat,
            CHANCE,
        ):  # the seat's move, or a draw that may now be the server's to make (no person left to roll)
            turn = next_turn(
                self.state, seats, self.timer, self.bot_delay, now, draws=server_draws(self.real_dice, seats)
            )
        else:
            turn = Turn(due=self.due, waiting=waiting_seat(self.state, seats), since=self.waiting_since, mover=mover)
        line = change_texts(change, seats[seat], self.stand_in)
        revision = await asyncio.to_thread(
            self._store.set_control, self.id, self.revision, seat, change, self.version, turn, line
        )
        self.seats, self.revision, self.due, self.waiting_since = seats, revision, turn.due, turn.since
        self._follow(
            self.version,
            self.state,
            [],
            [SeatChange(revision=revision, step=self.version, seat=seat, change=change, at=now)],
        )
        self._expect(turn.due)

    async def link_rematch(self, rematch_id: str, replacing: str | None) -> str:
        """Record the rematch of this finished table (the first one made wins); the rematch's id."""
        linked = await asyncio.to_thread(self._store.set_rematch, self.id, rematch_id, replacing)
        async with self.lock:
            await self.catch_up()
        self._announce()
        return linked


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
        return await self.get(await table.link_rematch(fresh.id, table.rematch))

    async def lobby(self, limit: int = 50, lang: str = "en") -> list[dict[str, Any]]:
        """Unfinished tables: those waiting for players first, newest first (seats named in `lang`)."""
        return [summary_of(row, lang=lang) for row in await asyncio.to_thread(self.store.lobby, limit)]
