"""Live tables: each server process's copy of the tables its clients watch, kept true to the store.

The store is the only truth. A `Table` holds the engine state of one game and its log in words,
rebuilt from the stored steps and caught up with the steps other processes (or bot workers) store.
A person's action is accepted only with the right seat token, at the seat on move, at the version the
person saw and when legal; it and the chance steps that follow are committed to the store (only if
they are the table's next steps) before anyone is told. Bots do not think here: their moves are
played by bot workers (`highroller.web.botwork`) and arrive like anybody else's.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import math
import re
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from highroller.core.botspec import ready
from highroller.core.game import Game
from highroller.core.record import follow
from highroller.core.rng import fresh_seed
from highroller.core.sheet import ScoreSheet
from highroller.core.spec import load_object
from highroller.core.state import CHANCE, State, Step
from highroller.core.words import LANGUAGES
from highroller.registry import game_spec, make, narration_of, words_of
from highroller.web import clock
from highroller.web.checks import TURN_BASED, checked_name, default_stand_in
from highroller.web.errors import Refused
from highroller.web.labels import bot_word
from highroller.web.narrate import Narrator, in_language, web_words
from highroller.web.offer import offered as offer
from highroller.web.presence import Presence, Seen
from highroller.web.profiles import seat_token
from highroller.web.settings import Settings
from highroller.web.store import (
    GONE,
    TIMED_OUT,
    UNDO,
    Change,
    Conflict,
    Origin,
    SeatChange,
    SeatRow,
    Store,
    TableRow,
    Turn,
)
from highroller.web.turns import (
    advance,
    automatic,
    bank_after,
    next_turn,
    record_step,
    seat_name,
    seat_name_texts,
    seat_names,
    waiting_seat,
)

log = logging.getLogger(__name__)

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,24}$")
OUTBOX = 64
"""Direct replies a connection may have waiting to be sent."""
RETRIES = 5
"""How often a change is tried again on a fresh copy when another process changed the table first."""
MAX_TYPED = 500
"""Characters of typed dice, bills or a card that a companion table reads."""


def change_texts(change: str, row: SeatRow, stand_in: str | None) -> dict[str, str]:
    """A seat change in the log's words, in every language."""
    texts = {}
    for lang in LANGUAGES:
        w, name, bot = web_words(lang), seat_name(row, lang), bot_word(stand_in or "", lang)
        if change == "away":
            texts[lang] = w("{name}'s time ran out: the {bot} bot plays for {name} until {name} is back.", name=name, bot=bot)
        elif change == "back":
            texts[lang] = w("{name} is back.", name=name)
        elif change == TIMED_OUT:
            texts[lang] = w("{name}'s time ran out: the {bot} bot made this move for {name}.", name=name, bot=bot)
        else:
            texts[lang] = w("{name} left the table: the {bot} bot plays that seat to the end.", name=name, bot=bot)
    return texts


def took_back_texts(row: SeatRow, detail: str | None) -> dict[str, str]:
    """A companion table's undo in the log's words, in every language: who took back what (`detail`:
    the step taken back in each language's words, JSON)."""
    what: dict[str, str] = json.loads(detail) if detail else {}
    texts = {}
    for lang in LANGUAGES:
        w = web_words(lang)
        texts[lang] = w("{name} took back: {what}", name=seat_name(row, lang), what=what.get(lang) or what.get("en", ""))
    return texts


Expect = Callable[[float | None], None]


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def seats_status(seats: Sequence[SeatRow], lang: str = "en") -> list[dict[str, Any]]:
    """The seats as every client sees them, named in `lang`."""
    return [
        {
            "seat": r.seat,
            "name": seat_name(r, lang),
            "bot": r.bot,
            "taken": r.bot is not None or r.token_hash is not None,
            "away": r.control is not None,
            "left": r.control == "left",
            "bank": None if r.bank is None else round(r.bank),
        }
        for r in seats
    ]


def open_seats(seats: Sequence[SeatRow]) -> list[int]:
    return [row.seat for row in seats if row.bot is None and row.token_hash is None]


def seat_list(seats: Sequence[int]) -> str:
    """Seats as people read them, numbered from 1 as on the page: "2, 3"."""
    return ", ".join(str(seat + 1) for seat in seats)


def summary_of(row: TableRow, version: int | None = None, lang: str = "en") -> dict[str, Any]:
    """A table as the lobby lists it (from the stored header, without replaying it), its seats named in `lang`."""
    return {
        "id": row.id,
        "game": row.game,
        "title": game_spec(row.game).title,
        "seats": seats_status(row.seats, lang),
        "open_seats": open_seats(row.seats),
        "started": not open_seats(row.seats),
        "finished": row.finished,
        "version": row.version if version is None else version,
        "created": row.created,
        "timer": {"seconds": row.timer, "stand_in": row.stand_in, "bank": row.bank, "turn_based": row.timer >= TURN_BASED} if row.timer else None,
        "rated": row.rated,
        "hints": row.hints,
        "real_dice": row.real_dice,
        "stand_in": row.stand_in,
        "options": row.options,
    }


class Subscriber:
    """One open connection watching a table: the seats its token holds (none: a spectator; several: a
    hot-seat table's one device) and what it still has to hear."""

    def __init__(self, held: tuple[int, ...], lang: str = "en") -> None:
        self.held = held
        self.lang = lang
        self.log_seen = 0
        self.log_epoch = -1
        self.dirty = True
        self.outbox: list[dict[str, Any]] = []
        self.wake = asyncio.Event()
        self.wake.set()

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    def say(self, message: dict[str, Any]) -> None:
        """Queue a direct reply (dropped if the client has not read the last `OUTBOX` ones)."""
        if len(self.outbox) < OUTBOX:
            self.outbox.append(message)
        self.wake.set()


class Table:
    """One table: the stored header and seats, the engine state, the log in words, and who watches."""

    def __init__(
        self, row: TableRow, store: Store, expect: Expect, warming: Callable[[], bool] = lambda: False, seen: Callable[[str], Seen] | None = None,
    ) -> None:
        """`seen(table_id)` says who is at the table (`highroller.web.presence`)."""
        self.id = row.id
        self._seen = seen or (lambda _: Seen({}, 0))
        self.game = make(row.game, **row.options)
        self.seed = row.seed
        self.created = row.created
        self._store = store
        self._expect = expect
        self._warming = warming
        self._offered: dict[str, tuple[tuple[int, int, int], list[dict[str, Any]]]] = {}
        """The choices last offered in each language, with the (version, revision, seat) they are for."""
        self._sheets: dict[str, tuple[tuple[int, int], ScoreSheet | None]] = {}
        """The score sheet last worked out in each language, with the (version, revision) it is for."""
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self._changed = asyncio.Event()
        self._waiters = 0
        self._refreshing = False
        self._asked = 0
        self.behind = False
        """Another process changed the table while nobody watched it here: catch up before use."""
        self.log_epoch = 0
        self.gone = False
        self._rebuild(row)

    # ------------------------------------------------------------------ following the store
    def _header(self, row: TableRow) -> None:
        self.seats = row.seats
        self.rematch = row.rematch
        self.revision = row.revision
        self.timer = row.timer
        self.stand_in = row.stand_in
        self.hints = row.hints
        self.real_dice = row.real_dice
        self.bot_delay = row.bot_delay
        self.due = row.due
        self.waiting_since = row.waiting_since
        self.bank = row.bank
        self.rated = row.rated

    def _rebuild(self, row: TableRow) -> None:
        """Everything from a whole stored table (its steps from the first)."""
        self._header(row)
        self.changes: list[SeatChange] = []
        self.state = self.game.new_game(self.seed)
        self.log: list[dict[str, Any]] = []
        self._follow(row.steps, row.changes)
        self.log_epoch += 1

    def _absorb(self, row: TableRow) -> None:
        """What the store holds beyond this copy: the steps from this copy's version on, new seat changes."""
        self._header(row)
        known = {(c.revision, c.seat) for c in self.changes}
        self._follow(row.steps, [c for c in row.changes if (c.revision, c.seat) not in known])

    def _follow(self, steps: Sequence[Any], changes: Sequence[SeatChange]) -> None:
        """Apply stored steps with their log lines, the seat changes logged where they happened."""
        narrator = Narrator(self.game.name, seat_names(self.seats))
        waiting = sorted(changes, key=lambda c: (c.step, c.revision, c.seat))
        for _, step in follow(self.state, steps):
            waiting = self._log_changes(waiting, len(self.state.history))
            narrator.apply(self.state, step, self.log)
        self._log_changes(waiting, len(self.state.history))

    def _log_changes(self, waiting: list[SeatChange], upto: int) -> list[SeatChange]:
        """Log the waiting changes made by step `upto`; the ones still waiting."""
        while waiting and waiting[0].step <= upto:
            change = waiting.pop(0)
            self.changes.append(change)
            row = self.seats[change.seat]
            texts = took_back_texts(row, change.detail) if change.change == UNDO else change_texts(change.change, row, self.stand_in)
            self.log.append({"n": change.step, "text": texts})
        return waiting

    async def catch_up(self) -> None:
        """Take in what other processes stored since this copy was made (call with the lock held), and
        tell the watchers if there was any: whatever made this copy look (a refused action, a long poll
        past it, a request from another process's client), the notification that follows finds nothing
        new and tells nobody."""
        names, before = self.names(), self.revision
        row = await asyncio.to_thread(self._store.load_table, self.id, self.version)
        if row is None:
            self.gone = True
            raise Refused("this table no longer exists", 404, "no-table")
        known = {(c.revision, c.seat) for c in self.changes}
        undone = any(c.change == UNDO and (c.revision, c.seat) not in known for c in row.changes)
        if [seat_name(r) for r in row.seats] != names or row.version < self.version or undone:  # a new name, or steps taken back: start again
            full = await asyncio.to_thread(self._store.load_table, self.id)
            if full is None:
                self.gone = True
                raise Refused("this table no longer exists", 404, "no-table")
            self._rebuild(full)
        else:
            self._absorb(row)
        if self.revision != before:
            self._announce()

    async def refresh(self, change: Change | None = None) -> None:
        """Catch up if the store is ahead of this copy (past `change`, or look), then tell the
        watchers. Calls made while one runs make it look once more rather than run beside it."""
        self._asked += 1
        if self._refreshing:
            return
        self._refreshing = True
        try:
            while True:
                asked = self._asked
                async with self.lock:
                    if change is not None and change.steps and change.revision == self.revision + 1 and change.first == self.version:
                        self._follow(change.steps, [])  # the notification carried the steps: no need to read them
                        self.revision, self.due = change.revision, change.due
                        self._announce()
                    elif change is None or change.revision > self.revision:
                        await self.catch_up()
                if self._asked == asked:
                    return
                change = None
        except Refused:
            self._announce()
        except Exception:
            log.exception("catching up table %s failed", self.id)
        finally:
            self._refreshing = False

    async def follow_if_behind(self) -> None:
        """Catch up if the store changed while nobody here watched this copy (see `Tables.changed`)."""
        if self.behind:
            self.behind = False
            await self.refresh()

    async def watch(self, subscriber: Subscriber) -> None:
        """Let a connection watch this table: from now on it hears every change. A change told while
        the connection was still greeting found the table unwatched and only marked it behind: catch
        up with it now, or the connection would be sent a state the table has left."""
        self.subscribers.add(subscriber)
        try:
            await self.follow_if_behind()
        except BaseException:
            self.subscribers.discard(subscriber)
            raise

    async def fresh(self) -> None:
        """Make sure this copy is current when another process may have changed the table (a cheap
        revision check; used before answering a request, as clients need no sticky sessions)."""
        if self._store.shared and await asyncio.to_thread(self._store.revision, self.id) != self.revision:
            async with self.lock:
                await self.catch_up()

    # ------------------------------------------------------------------ reading
    def names(self) -> list[str]:
        return [seat_name(row) for row in self.seats]

    @property
    def version(self) -> int:
        """The number of steps played: a client's action must name the version it saw."""
        return len(self.state.history)

    @property
    def started(self) -> bool:
        """Play starts once every seat has a person or a bot."""
        return not open_seats(self.seats)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def has_bots(self) -> bool:
        """Whether a bot plays one of the seats (what the bot quotas count)."""
        return any(row.bot is not None for row in self.seats)

    def open_seats(self) -> list[int]:
        return open_seats(self.seats)

    def held_by(self, token: str | None) -> tuple[int, ...]:
        """The seats a token holds, compared in constant time: none for no token (a spectator), one,
        or every person's seat of a hot-seat table."""
        if not token:
            return ()
        digest = hash_token(token)
        held = tuple(row.seat for row in self.seats if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest))
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
        through another server process)."""
        try:
            return self.held_by(token)
        except Refused:
            if not self._store.shared:
                raise
        await self.fresh()
        return self.held_by(token)

    async def seat_of_fresh(self, token: str | None) -> int | None:
        """`seat_of`, catching up once first if the token is unknown."""
        return self.acting_seat(await self.held_by_fresh(token))

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it, from this copy."""
        row = TableRow(
            id=self.id, game=self.game.name, options=self.game.options, seed=0, created=self.created, finished=self.finished,
            rematch=self.rematch, seats=self.seats, steps=[], timer=self.timer, stand_in=self.stand_in, hints=self.hints,
            real_dice=self.real_dice, bank=self.bank, rated=self.rated,
        )
        return summary_of(row, self.version)

    def _clock(self) -> float | None:
        """Seconds left on the turn timer of the person on move, if one runs."""
        mover = self.state.current_player
        if not self.timer or not self.started or mover < 0 or automatic(self.seats[mover]) or self.due is None:
            return None
        return round(max(0.0, self.due - clock.now()), 1)

    def snapshot(self, seat: int | None, log_from: int = 0, lang: str = "en") -> dict[str, Any]:
        """Everything `seat` may see now: its view, its legal actions if on move, and the log (in `lang`)."""
        state = self.state
        mover = state.current_player
        on_move = self.started and seat is not None and mover == seat and not automatic(self.seats[seat])
        last_chance = next((n for n in range(len(state.history) - 1, -1, -1) if state.history[n][0] == CHANCE), None)
        return {
            "type": "state",
            **{k: v for k, v in self.summary().items() if k not in ("options", "stand_in")},
            "seats": self._seats_present(lang),
            "watchers": self._seen(self.id).watchers,
            "seat": seat,
            "current_player": mover,
            "view": state.view(seat),
            "legal": self._choices(mover, lang) if on_move else [],
            "clock": self._clock(),
            "last_chance": last_chance,
            "log_from": log_from,
            "log": in_language(self.log[log_from:], lang),
            "rematch": self.rematch,
            "advice": self.hints and bool(game_spec(self.game.name).win_chances or game_spec(self.game.name).table_note),
            "typing": self._typing_help(lang) if self.real_dice and self.started and mover == CHANCE and seat is not None else None,
            "undo": self.real_dice and seat is not None and self._undoable() is not None,
            "result": {"returns": state.returns(), "winners": state.winners(), "unit": game_spec(self.game.name).returns_unit} if self.finished else None,
            "warming": self._bots_warming(),
            "sheet": self._sheet(lang),
        }

    def _seats_present(self, lang: str) -> list[dict[str, Any]]:
        """The seats, each with its `presence`: "bot" for a bot's seat, else its person's online, away or offline."""
        seen = self._seen(self.id)
        return [
            {**status, "presence": "bot" if row.bot is not None else seen.status(row.seat)}
            for status, row in zip(seats_status(self.seats, lang), self.seats, strict=True)
        ]

    def presence_changed(self) -> None:
        """Who is at the table changed: tell the connections watching it (a long poll waits for moves only)."""
        for subscriber in self.subscribers:
            subscriber.changed()

    def _bots_warming(self) -> bool:
        """Whether a bot playing here waits on this process's warm-up, and plays as a cheaper bot meanwhile."""
        if self.finished or not self._warming():
            return False
        spec = game_spec(self.game.name)
        playing = {row.bot for row in self.seats if row.bot is not None}
        if self.stand_in is not None and any(row.control is not None for row in self.seats):
            playing.add(self.stand_in)
        return any(not ready(spec, bot, self.game) for bot in playing)

    def _typing_help(self, lang: str) -> str:
        """What the people at a companion table type now, in `lang`: the narration's `typing_help` where
        the game's narration has one, else the state's own (English) `input_help`."""
        words = getattr(narration_of(self.game.name, lang), "typing_help", None)
        return str(words(self.state)) if words is not None else self.state.input_help()

    def _choices(self, seat: int, lang: str) -> list[dict[str, Any]]:
        """The legal actions of the seat on move (at most `offer.MAX_OFFERED` of them), each with its
        label, JSON and what it would do in the log's words (the help a page shows on hover or tap), in
        `lang`; worked out once per step and language, however often asked."""
        key = (self.version, self.revision, seat)
        offered = self._offered.get(lang)
        if offered is None or offered[0] != key:
            narrator = Narrator(self.game.name, seat_names(self.seats))
            offered = self._offered[lang] = (key, [narrator.choice(self.state, seat, action, lang) for action in offer(self.state.legal_actions())])
        return offered[1]

    def _sheet(self, lang: str) -> ScoreSheet | None:
        """The game's score sheet in `lang` (None for a game without one, or whose sheet fails: that is
        logged, and the table goes on); worked out once per step and language, however often asked.
        It holds nothing hidden from anyone, so every seat and spectator gets the same."""
        path = game_spec(self.game.name).score_sheet
        if not path:
            return None
        key = (self.version, self.revision)
        kept = self._sheets.get(lang)
        if kept is None or kept[0] != key:
            try:
                sheet: ScoreSheet | None = load_object(path)(self.state, words_of(self.game.name, lang))
            except Exception:  # a sheet's bug must not stop the table
                log.exception("the score sheet of table %s failed at step %d", self.id, self.version)
                sheet = None
            kept = self._sheets[lang] = (key, sheet)
        return kept[1]

    def log_since(self, version: int) -> int:
        """The index of the first log line of step `version` or later (what a client who saw the
        table at that version has not read yet)."""
        index = len(self.log)
        while index and self.log[index - 1]["n"] >= version:
            index -= 1
        return index

    def snapshot_for(self, subscriber: Subscriber) -> dict[str, Any]:
        """The next message for a connection: only the log lines it has not had yet."""
        start = subscriber.log_seen if subscriber.log_epoch == self.log_epoch else 0
        subscriber.log_seen, subscriber.log_epoch = len(self.log), self.log_epoch
        return self.snapshot(self.acting_seat(subscriber.held), start, subscriber.lang)

    def record(self) -> dict[str, Any]:
        """The game's record, with the table's seats, timer and seat changes under "table"."""
        return {
            **self.state.record(),
            "table": {
                "id": self.id,
                "seats": [{"seat": r.seat, "name": seat_name(r), "bot": r.bot} for r in self.seats],
                "timer": self.timer,
                "stand_in": self.stand_in,
                "changes": [{"step": c.step, "seat": c.seat, "change": c.change} for c in self.changes if c.change != UNDO],  # undone steps are not the game's
            },
        }

    async def wait_change(self, version: int, timeout: float) -> None:
        """Return when the version differs from `version`, or after `timeout` seconds."""
        if version > self.version:
            async with self.lock:
                await self.catch_up()
        if self.version != version:
            return
        self._waiters += 1
        try:
            await self.follow_if_behind()  # a change told before this wait counted as watching
            if self.version == version:
                await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            pass
        finally:
            self._waiters -= 1

    # ------------------------------------------------------------------ changing
    def _announce(self) -> None:
        for subscriber in self.subscribers:
            if self.gone:
                subscriber.say({"type": "error", "error": "this table no longer exists", "code": "no-table"})
            else:
                subscriber.changed()
        self._changed.set()
        self._changed = asyncio.Event()

    async def act(self, seat: int | None, version: int, action: Any) -> None:
        """A person's action at the version they saw. Raises `Refused` (and changes nothing) if not accepted."""
        async with self.lock:
            if version > self.version:
                await self.catch_up()
            self._check_action(seat, version)
            assert seat is not None
            step = self._typed_chance(action) if self.state.current_player == CHANCE else self._decision(action)
            state, lines = self.state.clone(), list(self.log)
            narrator = Narrator(self.game.name, seat_names(self.seats))
            steps = advance(state, step, lambda s, played: narrator.apply(s, played, lines), draw=not self.real_dice, paced=self.bot_delay > 0)
            now = clock.now()
            mover = self.state.current_player
            banks: list[tuple[int, float]] = []
            seats = self.seats
            if mover >= 0 and self.seats[mover].bank is not None:
                left = bank_after(self.seats[mover], self.timer, self.waiting_since, now)
                assert left is not None
                banks.append((mover, left))
                seats = [replace(r, bank=left) if r.seat == mover else r for r in self.seats]
            turn = next_turn(state, seats, self.timer, self.bot_delay, now, draws=not self.real_dice)
            try:
                revision = await asyncio.to_thread(
                    self._store.commit_steps, self.id, self.version, steps, finished=state.is_terminal(), turn=turn, seat=seat, banks=banks
                )
            except Conflict:  # another process stored a step first: refuse for the reason that holds now
                await self.catch_up()
                self._check_action(seat, version)
                raise Refused("stale action: the table is at version {version}, you saw {seen}", 409, "stale", version=self.version, seen=version) from None
            except Exception as error:  # whatever the database says, the step is not taken
                log.exception("storing a step of table %s failed", self.id)
                raise Refused("the step was not saved; try again", 503, "not-saved") from error
            self.state, self.log, self.revision, self.seats = state, lines, revision, seats
            self.due, self.waiting_since = turn.due, turn.since
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
            raise Refused("{step} is not legal now; legal: {legal}", 422, "illegal", step=str(step), legal=", ".join(map(str, legal)))
        return step

    def _typed_chance(self, action: Any) -> Step:
        """At a companion table, the chance step its people entered: `{"typed": "1 1 3 5"}` as the
        terminal's manual dice take it, or the outcome's JSON; only outcomes that can occur now."""
        try:
            if isinstance(action, dict) and set(action) == {"typed"} and isinstance(action["typed"], str):
                step = self.state.parse_input(action["typed"][:MAX_TYPED])
            else:
                step = self.state.decode_step(action)
            self.state.clone().apply(step)
        except Exception as error:  # typed text and JSON from the page are untrusted: any failure is a refusal
            said, expected = str(error), self.state.input_help()
            reason = said if expected in said else f"{said} ({expected})"  # the game's own words
            raise Refused(reason, 422, "illegal") from error
        return step

    def _undoable(self) -> int | None:
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

    def _replayed(self, number: int) -> State:
        """The game as it was after its first `number` steps."""
        state = self.game.new_game(self.seed)
        for _, step in self.state.history[:number]:
            state.apply(step)
        return state

    def _step_words(self, before: State) -> dict[str, str]:
        """What the step played after `before` did, in every language (its log line; the step as
        written where it has none)."""
        player, step = self.state.history[len(before.history)]
        texts = Narrator(self.game.name, seat_names(self.seats)).step_texts(before, player, step)
        return texts or {lang: str(step) for lang in LANGUAGES}

    async def undo(self, seat: int | None) -> None:
        """At a companion table, take back the last step a person made (typed dice, a placement, a bid…)
        and the automatic steps that followed it; the log says who took back what."""

        async def attempt() -> None:
            if seat is None:
                raise Refused("spectators cannot undo: join a seat first", 403, "spectator")
            if not self.real_dice:
                raise Refused("only a companion table (real dice) takes steps back", 409, "no-undo")
            first = self._undoable()
            if first is None:
                raise Refused("nothing to take back: no person's step to undo", 409, "no-undo")
            before = self._replayed(first)
            turn = next_turn(before, self.seats, self.timer, self.bot_delay, clock.now(), draws=False)
            detail = json.dumps(self._step_words(before), ensure_ascii=False)
            player = self.state.history[first][0]
            same_device = player >= 0 and self.seats[player].token_hash == self.seats[seat].token_hash
            who = player if same_device else seat  # a hot seat's device: the person whose step it was
            self.revision = await asyncio.to_thread(
                self._store.take_back, self.id, first, self.revision, seat=who, detail=detail, turn=turn
            )
            self._expect(turn.due)
            full = await asyncio.to_thread(self._store.load_table, self.id)
            if full is None:
                self.gone = True
                raise Refused("this table no longer exists", 404, "no-table")
            self._rebuild(full)

        await self._change(attempt)

    def _check_action(self, seat: int | None, version: int) -> None:
        if seat is None:
            raise Refused("spectators cannot act: join a seat first", 403, "spectator")
        if not self.started:
            raise Refused("the game starts when every seat is taken (open: {open})", 409, "not-started", open=seat_list(self.open_seats()))
        if self.finished:
            raise Refused("the game is over", 409, "game-over")
        if version != self.version:
            raise Refused("stale action: the table is at version {version}, you saw {seen}", 409, "stale", version=self.version, seen=version)
        if self.seats[seat].control == "left":
            raise Refused("you left this table: a bot plays your seat to the end", 409, "left")
        if self.seats[seat].control == "away":
            raise Refused("a bot is playing for you while you are away: take your seat back first", 409, "away")
        if self.state.current_player == CHANCE and self.real_dice:
            return  # the real dice at the table: any of its people types them
        if self.state.current_player != seat:
            raise Refused("it is not your turn: {name} is on move", 409, "not-your-turn", name=seat_name_texts(self.seats[self.state.current_player]))

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

    async def join(self, raw_name: str, wanted: int | None, joiner: Origin | None, profile: str | None = None) -> tuple[int, str]:
        """Give a person an open seat (the first, or `wanted`), as `profile`'s if they have one; returns
        (seat, secret token)."""
        taken: list[tuple[int, str]] = []

        async def attempt() -> None:
            if self.rated and profile is None:
                raise Refused("a rated table seats only players with a profile: send its key in the X-Profile header", 403, "rated-needs-profile")
            if self.rated and any(r.profile == profile for r in self.seats):
                raise Refused("your profile already sits at this rated table", 409, "seated")
            name = checked_name(raw_name, [seat_name(r) for r in self.seats if r.bot is None and r.token_hash is not None])
            free = self.open_seats()
            seat = wanted
            if seat is None:
                if not free:
                    raise Refused("every seat is taken; you can watch", 409, "full")
                seat = free[0]
            elif seat not in free:
                raise Refused("seat {seat} is not free; free seats: {free}", 409, "seat-taken", seat=seat + 1, free=seat_list(free) or "-")
            token = secrets.token_urlsafe(32) if profile is None else seat_token(self._store, profile, self.id, seat)
            seats = [replace(r, name=name, token_hash=hash_token(token), profile=profile, bank=self.bank) if r.seat == seat else r for r in self.seats]
            started = not open_seats(seats)
            turn = next_turn(self.state, seats, self.timer, self.bot_delay, clock.now(), draws=not self.real_dice) if started else Turn()
            revision = await asyncio.to_thread(
                self._store.claim_seat, self.id, self.revision, seat, name, hash_token(token), joiner, started=started, turn=turn,
                profile=profile, bank=self.bank,
            )
            self.seats, self.revision, self.due, self.waiting_since = seats, revision, turn.due, turn.since
            self._rebuild_log()
            self._expect(turn.due)
            taken.append((seat, token))

        await self._change(attempt)
        return taken[0]

    def _rebuild_log(self) -> None:
        """Word the log again (a seat has a new name)."""
        history = [record_step(player, step) for player, step in self.state.history]
        self._rebuild(TableRow(
            id=self.id, game=self.game.name, options=self.game.options, seed=self.seed, created=self.created, finished=self.finished,
            rematch=self.rematch, seats=self.seats, steps=history, revision=self.revision, timer=self.timer, stand_in=self.stand_in,
            bot_delay=self.bot_delay, due=self.due, changes=list(self.changes), hints=self.hints, real_dice=self.real_dice,
            waiting_since=self.waiting_since, bank=self.bank, rated=self.rated,
        ))

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
                self.seats = [replace(r, name=None, token_hash=None, control=None, profile=None, bank=None) if r.seat == seat else r for r in self.seats]
                self._rebuild_log()
                return
            if self.seats[seat].control == "left":
                raise Refused("you already left this table", 409, "left")
            await self._set_control(seat, "left", "left")

        await self._change(attempt)

    async def _set_control(self, seat: int, change: str, control: str | None) -> None:
        seats = [replace(r, control=control) if r.seat == seat else r for r in self.seats]
        mover = self.state.current_player
        now = clock.now()
        if mover == seat:
            turn = next_turn(self.state, seats, self.timer, self.bot_delay, now, draws=not self.real_dice)
        else:
            turn = Turn(due=self.due, waiting=waiting_seat(self.state, seats), since=self.waiting_since)
        revision = await asyncio.to_thread(self._store.set_control, self.id, self.revision, seat, change, self.version, turn)
        self.seats, self.revision, self.due, self.waiting_since = seats, revision, turn.due, turn.since
        self._log_changes([SeatChange(revision=revision, step=self.version, seat=seat, change=change, at=now)], self.version)
        self._expect(turn.due)

    async def link_rematch(self, rematch_id: str, replacing: str | None) -> str:
        """Record the rematch of this finished table (the first one made wins); the rematch's id."""
        linked = await asyncio.to_thread(self._store.set_rematch, self.id, rematch_id, replacing)
        async with self.lock:
            await self.catch_up()
        self._announce()
        return linked

    @property
    def idle(self) -> bool:
        """Nobody is watching and nothing is under way: safe to drop from memory."""
        return not self.subscribers and not self._waiters and not self.lock.locked() and not self._refreshing


class Tables:
    """Every table this process holds: made here, loaded from the store on first use, kept current."""

    def __init__(
        self, store: Store, settings: Settings, expect: Expect = lambda due: None, capacity: int = 5000, warming: Callable[[], bool] = lambda: False,
    ) -> None:
        """`expect(due)` is told when an automatic move falls due; `warming()` says whether this
        process's warm-up (compiling what bots need) still runs."""
        self.store = store
        self.settings = settings
        self.capacity = capacity
        self._expect = expect
        self._warming = warming
        self._live: OrderedDict[str, Table] = OrderedDict()
        self.presence = Presence(store, self._presence_changed)
        """Who is at each table: the connections of this process and, on a shared store, of the others."""

    def _presence_changed(self, table_id: str) -> None:
        table = self._live.get(table_id)
        if table is not None:
            table.presence_changed()

    async def open(
        self, made: Game, bots: Sequence[str | None], timer: int | None, stand_in: str, creator: Origin | None, name: str | None,
        hints: bool = True, *, real_dice: bool = False, hot_seat: Sequence[str] = (), bot_delay: float | None = None,
        profile: str | None = None, bank: float | None = None, rated: str | None = None,
    ) -> tuple[Table, tuple[int, str] | None]:
        """Store a new table with its opening chance steps drawn (none at a companion table, `real_dice`:
        its people type them); with `name`, its creator takes the first person's seat in the same
        transaction (as `profile`'s seat, if they have one); with `hot_seat`, the people's names in seat
        order, the creator's one device holds every person's seat. `hints`: whether its players may ask
        for hints; `bot_delay`: seconds between bot moves (default: the server's); `bank`: each person's
        time bank; `rated`: "people", "all" or None. Returns the table and (seat, token) if seated."""
        if rated and (hot_seat or real_dice):
            raise Refused("a rated table is played online, each person on their own device: not with hot_seat or real_dice", 422, "bad-rated")
        if rated and name is not None and profile is None:
            raise Refused("a rated table seats only players with a profile: send its key in the X-Profile header", 403, "rated-needs-profile")
        table_id = secrets.token_urlsafe(9)
        bot_delay = self.settings.bot_delay if bot_delay is None else bot_delay
        seed = fresh_seed()
        state = made.new_game(seed)
        paced = bot_delay > 0
        while state.current_player == CHANCE and not real_dice and not (paced and state.history and state.history[-1][0] == CHANCE):
            state.apply(state.sample_chance())  # a paced table draws the next chance step when it is due
        seats = [SeatRow(seat=n, bot=bot) for n, bot in enumerate(bots)]
        seated: tuple[int, str] | None = None
        if hot_seat:
            people = open_seats(seats)
            if len(hot_seat) != len(people):
                raise Refused("a hot-seat table names each of its {people} people; {given} names given", 422, "bad-names", people=len(people), given=len(hot_seat))
            token = secrets.token_urlsafe(32)
            taken: list[str] = []
            for seat, raw in zip(people, hot_seat, strict=True):
                seats[seat] = SeatRow(seat=seat, name=checked_name(raw, taken), token_hash=hash_token(token))
                taken.append(seats[seat].name or "")
            seated = (people[0], token)
        elif name is not None and open_seats(seats):
            seat = open_seats(seats)[0]
            token = secrets.token_urlsafe(32) if profile is None else seat_token(self.store, profile, table_id, seat)
            seats[seat] = SeatRow(seat=seat, name=checked_name(name, []), token_hash=hash_token(token), profile=profile, bank=bank)
            seated = (seat, token)
        started = not open_seats(seats)
        now = clock.now()
        turn = next_turn(state, seats, timer, bot_delay, now, draws=not real_dice) if started else Turn()
        row = TableRow(
            id=table_id, game=made.name, options=made.options, seed=seed, created=now, finished=False,
            rematch=None, seats=seats, steps=[record_step(player, step) for player, step in state.history], started=started,
            timer=timer, stand_in=stand_in, bot_delay=bot_delay, due=turn.due, hints=hints, real_dice=real_dice,
            waiting=turn.waiting, waiting_since=turn.since, bank=bank, rated=rated,
        )
        await asyncio.to_thread(self.store.create_table, row, creator, any(bot is not None for bot in bots))
        self._expect(turn.due)
        return await self.get(row.id), seated

    async def get(self, table_id: str) -> Table:
        """The live table (loaded from the store on first use), or `Refused` (404)."""
        table = self._live.get(table_id)
        if table is not None:
            self._live.move_to_end(table_id)
            await table.follow_if_behind()
            return table
        if not TABLE_ID.match(table_id):
            raise Refused("there is no table with this id", 404, "no-table")
        row = await asyncio.to_thread(self.store.load_table, table_id)
        if row is None:
            raise Refused("there is no table with this id", 404, "no-table")
        table = self._live.get(table_id)  # loaded meanwhile by another request
        if table is None:
            try:
                await self.presence.load(table_id)
                table = Table(row, self.store, self._expect, self._warming, self.presence.seen)
            except Exception as error:  # a stored step this version of the game refuses: say so, keep serving the others
                log.exception("table %s cannot be replayed from its stored steps", table_id)
                raise Refused("this table's stored steps can no longer be replayed by this server (its log says why)", 410, "unreadable") from error
            self._live[table_id] = table
            self._forget_idle()
        return table

    async def leave_all(self, profile_id: str) -> None:
        """The profile leaves every unfinished table it sits at (it is being deleted)."""
        rows = await asyncio.to_thread(self.store.profile_tables, profile_id, math.inf, 10_000)
        for row in rows:
            table = await self.get(row.id)
            for seat in (r.seat for r in row.seats if r.profile == profile_id):
                with contextlib.suppress(Refused):
                    await table.leave(seat)

    async def watch(self, table_id: str, subscriber: Subscriber) -> Table:
        """The live table, watched by `subscriber` from now on: loaded again if it was dropped from
        memory while the connection greeted (a dropped copy hears no more changes), or `Refused`."""
        table = await self.get(table_id)
        await table.watch(subscriber)
        return table

    def _forget_idle(self) -> None:
        """Keep at most `capacity` tables in memory, dropping the least recently used idle ones."""
        surplus = len(self._live) - self.capacity
        for table_id in [t.id for t in self._live.values() if t.idle][: max(0, surplus)]:
            del self._live[table_id]
            self.presence.forget(table_id)

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
        """A new table with the same game, options, bots, timer, time bank, stand-in, hints, bot speed and rating; its people's seats are open."""
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
            table.game, [row.bot for row in table.seats], table.timer, stand_in, creator, None, table.hints, real_dice=table.real_dice,
            bot_delay=table.bot_delay, bank=table.bank, rated=table.rated,
        )
        return await self.get(await table.link_rematch(fresh.id, table.rematch))

    async def lobby(self, limit: int = 50, lang: str = "en") -> list[dict[str, Any]]:
        """Unfinished tables: those waiting for players first, newest first (seats named in `lang`)."""
        return [summary_of(row, lang=lang) for row in await asyncio.to_thread(self.store.lobby, limit)]
