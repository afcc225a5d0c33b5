"""A live table: one table as a server process holds it (`highroller.web.tables.seated_copy`), and the
changes people make to it.

The store is the only truth. A person's action is accepted only with the right seat token, at the seat
on move, at the version the person saw and when legal (`highroller.web.tables.action_steps`); it and the
chance steps that follow are committed to the store (only if they are the table's next steps) before anyone
is told. Bots do not think here: their moves are played by bot workers (`highroller.web.bots.botwork`) and
arrive like anybody else's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from highroller.core.state import CHANCE, State, Step
from highroller.core.words import LANGUAGES
from highroller.web import clock
from highroller.web.http.checks import checked_name
from highroller.web.http.errors import Refused
from highroller.web.http.log_context import log_event
from highroller.web.people.profiles import seat_token
from highroller.web.ratings.rated_seats import check_rated_seat
from highroller.web.store.rows import CLOSED, IDLE, Conflict, Origin, SeatChange, Turn
from highroller.web.tables.action_steps import check_action, decision, typed_chance
from highroller.web.tables.seated_copy import SeatedCopy, hash_token
from highroller.web.tables.table_load import load_copy
from highroller.web.tables.table_log import Line, by_step, change_texts, step_narrator, took_back_texts
from highroller.web.tables.table_summary import open_seats, seat_list
from highroller.web.tables.turns import advance, bank_after, next_turn, seat_name, server_draws, waiting_seat

log = logging.getLogger(__name__)

RETRIES = 5
"""How often a change is tried again on a fresh copy when another process changed the table first."""


class Table(SeatedCopy):
    """One table and the changes people make to it: an action, a seat taken, a step taken back, a seat
    left or taken back from its bot, a rematch linked. Each is committed to the store first (compare
    and set: tried again on a fresh copy when another process was first), then told to the watchers."""

    async def act(self, seat: int | None, version: int, action: Any) -> None:
        """A person's action at the version they saw. Raises `Refused` (and changes nothing) if not accepted."""
        async with self.lock:
            if version > self.version:
                await self.catch_up()
            check_action(self, seat, version)
            assert seat is not None
            step = (
                typed_chance(self.state, self.game.name, action)
                if self.state.current_player == CHANCE
                else decision(self.state, action)
            )
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
                    returns=state.returns() if state.is_terminal() else (),
                )
            except Conflict:  # another process stored a step first: refuse for the reason that holds now
                await self.catch_up()
                check_action(self, seat, version)
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
        if state.is_terminal():
            log_event("game-finished", self.id, seat)
        self._expect(turn.due)
        self._announce()

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
        """Give a person an open seat (the first, or `wanted`), as `profile`'s if they have one (never to a
        profile the table's maker blocked); returns (seat, secret token)."""
        taken: list[tuple[int, str]] = []

        async def attempt() -> None:
            if profile is not None and await asyncio.to_thread(self._store.blocked_at_table, self.id, profile):
                raise Refused("you cannot take a seat at this table", 403, "blocked")
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
        log_event("seat-taken", self.id, taken[0][0])
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
        log_event("seat-left", self.id, seat)

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

    async def close_as_host(self) -> bool:
        """The host closes the table (`highroller admin close`): one nobody started is deleted (True); in a
        game in progress the stand-in takes every person's seat and plays the game to its end, whose record
        and replay are kept as every game's are (False)."""
        deleted: list[bool] = []

        async def attempt() -> None:
            if self.finished:
                raise Refused("the game is over", 409, "game-over")
            if not self.started:
                await asyncio.to_thread(self._store.delete_unstarted, self.id, self.revision, None)
                self.gone = True
                deleted.append(True)
                return
            await self._give_up(range(len(self.seats)), CLOSED)

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
