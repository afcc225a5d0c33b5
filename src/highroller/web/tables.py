"""Live tables: the server-side authority that checks, stores and announces every step.

A `Table` holds the engine state of one game, rebuilt from the stored steps when first needed. A
person's action is accepted only with the right seat token, at the seat on move, at the version the
person saw and when legal; it and the chance steps that follow (sampled from the state's own stream)
are written to the store before anyone is told. Bots think in a worker thread after a short delay.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from highroller.core.bots import Bot
from highroller.core.errors import HighrollerError
from highroller.core.game import Game
from highroller.core.play import make_bot
from highroller.core.rng import fresh_seed
from highroller.core.state import CHANCE, State, Step
from highroller.registry import available_games, game_spec, make
from highroller.web.narrate import Narrator
from highroller.web.store import SeatRow, Store, TableRow

log = logging.getLogger(__name__)

NAME_PATTERN = re.compile(r"^[^\x00-\x1f\x7f]{1,40}$")
TEXT_OPTION_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
"""Text options from the web name built-in presets only, never files on the server."""


class Refused(Exception):
    """A request turned down with a reason; nothing changed. `status` is the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400, code: str = "refused") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def record_step(player: int, step: Step) -> dict[str, Any]:
    """One step in the record's JSON form."""
    return {"chance": step.to_json()} if player == CHANCE else {"seat": player, "action": step.to_json()}


def seat_name(row: SeatRow) -> str:
    """How the log and the page call a seat."""
    if row.bot is not None:
        return f"{row.bot.capitalize()} bot {row.seat + 1}"
    return row.name or f"Seat {row.seat + 1}"


class Subscriber:
    """One open connection watching a table: its seat (None: spectator) and what it still has to hear."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
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
        self.outbox.append(message)
        self.wake.set()


class Table:
    """One table: seats, the engine state, the log in words, and who is watching."""

    def __init__(self, row: TableRow, store: Store, bot_delay: float) -> None:
        self.id = row.id
        self.game = make(row.game, **row.options)
        self.spec = game_spec(row.game)
        self.seed = row.seed
        self.seats = row.seats
        self.rematch = row.rematch
        self.created = row.created
        self._header = {"id": self.id, "game": self.game.name, "title": self.spec.title}
        self._store = store
        self._bot_delay = bot_delay
        self._bots: dict[int, Bot] = {
            r.seat: make_bot(self.game, r.bot, self.seed, r.seat) for r in self.seats if r.bot is not None
        }
        self._bot_task: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self._changed = asyncio.Event()
        self._waiters = 0
        self.log_epoch = 0
        self.state, self.log = self._replay(row.steps)

    # ------------------------------------------------------------------ rebuilding
    def names(self) -> list[str]:
        return [seat_name(row) for row in self.seats]

    def _replay(self, steps: Sequence[Any]) -> tuple[State, list[dict[str, Any]]]:
        """The state after the stored `steps` and its log, in record form as `highroller.replay` reads."""
        state = self.game.new_game(self.seed)
        narrator = Narrator(self.game.name, self.names())
        lines: list[dict[str, Any]] = []
        for number, entry in enumerate(steps):
            if state.current_player == CHANCE:
                step = state.decode_step(entry["chance"])
            else:
                if entry.get("seat") != state.current_player:
                    raise HighrollerError(f"table {self.id}, step {number}: seat {state.current_player} is on move")
                step = state.decode_step(entry["action"])
            narrator.apply(state, step, lines)
        return state, lines

    def _reload(self) -> None:
        """Go back to exactly what the store holds (when it refused a change, e.g. a seat just taken)."""
        row = self._store.load_table(self.id)
        assert row is not None
        self.seats = row.seats
        self.state, self.log = self._replay(row.steps)
        self.log_epoch += 1

    def steps(self) -> list[dict[str, Any]]:
        return [record_step(player, step) for player, step in self.state.history]

    # ------------------------------------------------------------------ reading
    @property
    def version(self) -> int:
        """The number of steps played: a client's action must name the version it saw."""
        return len(self.state.history)

    @property
    def started(self) -> bool:
        """Play starts once every seat has a person or a bot."""
        return all(row.bot is not None or row.token_hash is not None for row in self.seats)

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def open_seats(self) -> list[int]:
        return [row.seat for row in self.seats if row.bot is None and row.token_hash is None]

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token belongs to, compared in constant time; None for no token (a spectator)."""
        if not token:
            return None
        digest = hash_token(token)
        found = None
        for row in self.seats:
            if row.token_hash is not None and hmac.compare_digest(row.token_hash, digest):
                found = row.seat
        if found is None:
            raise Refused("this seat token does not belong to this table", 403, "bad-token")
        return found

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it: the state messages' header plus the resolved options."""
        return {**self._status(), "options": self.game.options}

    def _status(self) -> dict[str, Any]:
        return {
            **self._header,
            "seats": [{"seat": r.seat, "name": seat_name(r), "bot": r.bot, "taken": r.bot is not None or r.token_hash is not None} for r in self.seats],
            "open_seats": self.open_seats(),
            "started": self.started,
            "finished": self.finished,
            "version": self.version,
            "created": self.created,
        }

    def snapshot(self, seat: int | None, log_from: int = 0) -> dict[str, Any]:
        """Everything `seat` may see now: its view, its legal actions if on move, and the log."""
        state = self.state
        on_move = self.started and seat is not None and state.current_player == seat
        last_chance = next((n for n in range(len(state.history) - 1, -1, -1) if state.history[n][0] == CHANCE), None)
        payload: dict[str, Any] = {
            "type": "state",
            **self._status(),
            "seat": seat,
            "current_player": state.current_player,
            "view": state.view(seat),
            "legal": [{"label": str(a), "action": a.to_json()} for a in state.legal_actions()] if on_move else [],
            "last_chance": last_chance,
            "log_from": log_from,
            "log": self.log[log_from:],
            "rematch": self.rematch,
            "result": {"returns": state.returns(), "winners": state.winners()} if self.finished else None,
        }
        return payload

    def snapshot_for(self, subscriber: Subscriber) -> dict[str, Any]:
        """The next message for a connection: only the log lines it has not had yet."""
        start = subscriber.log_seen if subscriber.log_epoch == self.log_epoch else 0
        subscriber.log_seen, subscriber.log_epoch = len(self.log), self.log_epoch
        return self.snapshot(subscriber.seat, start)

    async def wait_change(self, version: int, timeout: float) -> None:
        """Return when the version differs from `version`, or after `timeout` seconds."""
        if self.version != version:
            return
        self._waiters += 1
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            pass
        finally:
            self._waiters -= 1

    # ------------------------------------------------------------------ changing
    async def _commit(self, step: Step) -> None:
        """Apply a decision and the chance steps after it to a copy, store them, then make the copy
        current: nobody sees a step before it is stored, and a failed write changes nothing."""
        first = self.version
        state, lines = self.state.clone(), list(self.log)
        narrator = Narrator(self.game.name, self.names())
        narrator.apply(state, step, lines)
        while state.current_player == CHANCE:
            narrator.apply(state, state.sample_chance(), lines)
        new = [record_step(player, played) for player, played in state.history[first:]]
        try:
            await asyncio.to_thread(self._store.append_steps, self.id, first, new, state.is_terminal())
        except Exception as error:  # whatever the database says, the step is not taken
            raise Refused(f"the step was not saved: {error}", 503, "not-saved") from error
        self.state, self.log = state, lines

    def _announce(self) -> None:
        for subscriber in self.subscribers:
            subscriber.changed()
        self._changed.set()
        self._changed = asyncio.Event()
        self._schedule_bot()

    async def act(self, token: str | None, version: int, action: Any) -> int:
        """A person's action; returns their seat. Raises `Refused` (and changes nothing) if not accepted."""
        seat = self.seat_of(token)
        await self.act_as(seat, version, action)
        assert seat is not None
        return seat

    async def act_as(self, seat: int | None, version: int, action: Any) -> None:
        """An action from a connection already known to hold `seat` (None: a spectator)."""
        async with self.lock:
            if seat is None:
                raise Refused("spectators cannot act: join a seat first", 403, "spectator")
            if not self.started:
                raise Refused(f"the game starts when every seat is taken (open: {self.open_seats()})", 409, "not-started")
            if self.finished:
                raise Refused("the game is over", 409, "game-over")
            if version != self.version:
                raise Refused(f"stale action: the table is at version {self.version}, you saw {version}", 409, "stale")
            if self.state.current_player != seat:
                raise Refused(f"it is not your turn: {seat_name(self.seats[self.state.current_player])} is on move", 409, "not-your-turn")
            legal = self.state.legal_actions()
            try:
                step = self.state.decode_step(action)
            except Exception as error:  # a game's decoder meets untrusted JSON: any failure is a refusal
                raise Refused(f"not an action of this game here: {error}", 422, "illegal") from error
            if step not in legal:
                raise Refused(f"{step} is not legal now; legal: {', '.join(map(str, legal))}", 422, "illegal")
            await self._commit(step)
            self._announce()

    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        """Give a person an empty seat (the first, or `seat`); returns (seat, secret token)."""
        name = name.strip()
        if not NAME_PATTERN.match(name):
            raise Refused("a display name has 1 to 40 printable characters", 422, "bad-name")
        async with self.lock:
            free = self.open_seats()
            if seat is None:
                if not free:
                    raise Refused("every seat is taken; you can watch", 409, "full")
                seat = free[0]
            elif seat not in free:
                raise Refused(f"seat {seat} is not free; free seats: {free}", 409, "seat-taken")
            token = secrets.token_urlsafe(32)
            digest = hash_token(token)
            if not await asyncio.to_thread(self._store.claim_seat, self.id, seat, name, digest):
                self._reload()
                raise Refused(f"seat {seat} was just taken", 409, "seat-taken")
            self.seats[seat].name, self.seats[seat].token_hash = name, digest
            self.state, self.log = self._replay(self.steps())
            self.log_epoch += 1
            self._announce()
            return seat, token

    def link_rematch(self, rematch_id: str) -> str:
        """Record the rematch of this finished table (the first one made wins)."""
        if not self._store.set_rematch(self.id, rematch_id):
            row = self._store.load_table(self.id)
            assert row is not None and row.rematch is not None
            rematch_id = row.rematch
        self.rematch = rematch_id
        self._announce()
        return rematch_id

    # ------------------------------------------------------------------ bots
    def _schedule_bot(self) -> None:
        if not self.started or self.finished or self.state.current_player not in self._bots:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn(self.version))

    async def _bot_turn(self, version: int) -> None:
        await asyncio.sleep(self._bot_delay)
        try:
            async with self.lock:
                if self.version != version or self.state.current_player not in self._bots:
                    return
                bot = self._bots[self.state.current_player]
                step = await asyncio.to_thread(bot.choose, self.state.clone())
                await self._commit(step)
        except Exception:
            log.exception("bot move failed at table %s", self.id)
            return
        finally:
            self._bot_task = None
        self._announce()

    def wake(self) -> None:
        """Let a bot on move play (after the table was made or loaded from the store)."""
        self._schedule_bot()

    @property
    def idle(self) -> bool:
        """Nobody is watching and no bot is about to move: safe to drop from memory."""
        return not self.subscribers and not self._waiters and (self._bot_task is None or self._bot_task.done()) and not self.lock.locked()


def check_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options a web client asked for, checked against the game's option specs."""
    specs = {spec.name: spec for spec in game_spec(game).options}
    checked: dict[str, Any] = {}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            raise Refused(f"{game} has no option {name!r}; options: {', '.join(specs)}", 422, "bad-option")
        if spec.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise Refused(f"{name} is a whole number", 422, "bad-option")
            if (spec.minimum is not None and value < spec.minimum) or (spec.maximum is not None and value > spec.maximum):
                raise Refused(f"{name} is between {spec.minimum} and {spec.maximum}", 422, "bad-option")
        elif spec.kind == "bool" and not isinstance(value, bool):
            raise Refused(f"{name} is true or false", 422, "bad-option")
        elif spec.kind == "choice" and value not in spec.choices:
            raise Refused(f"{name} is one of {', '.join(spec.choices)}", 422, "bad-option")
        elif spec.kind == "text" and not (isinstance(value, str) and TEXT_OPTION_PATTERN.match(value)):
            raise Refused(f"{name} names a built-in preset (letters, digits, - and _)", 422, "bad-option")
        checked[name] = value
    return checked


class Tables:
    """Every table the server knows: made here, loaded from the store on first use, kept live."""

    def __init__(self, store: Store, bot_delay: float = 0.6, capacity: int = 5000) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.capacity = capacity
        self._live: OrderedDict[str, Table] = OrderedDict()

    async def create(self, game: str, options: dict[str, Any], bots: Sequence[str | None]) -> Table:
        if game not in available_games():
            raise Refused(f"no game {game!r}; games: {', '.join(available_games())}", 404, "no-game")
        try:
            made = make(game, **check_options(game, options))
        except HighrollerError as error:
            raise Refused(str(error), 422, "bad-option") from error
        return await self._open(made, bots)

    async def _open(self, made: Game, bots: Sequence[str | None]) -> Table:
        """Store a new table with its opening chance steps (stocking, first rolls) already drawn."""
        spec = game_spec(made.name)
        if len(bots) != made.num_players:
            raise Refused(f"give one entry per seat ({made.num_players}): a bot name or null for a person", 422, "bad-seats")
        for bot in bots:
            if bot is not None and bot not in spec.levels and bot not in spec.bots:
                known = ", ".join([*spec.levels, *spec.bots])
                raise Refused(f"{made.name} has no bot {bot!r}; a level or a bot: {known}", 422, "bad-seats")
        table_id = secrets.token_urlsafe(9)
        seed = fresh_seed()
        state = made.new_game(seed)
        while state.current_player == CHANCE:
            state.apply(state.sample_chance())
        steps = [record_step(player, step) for player, step in state.history]
        seats = [SeatRow(seat=n, bot=bot) for n, bot in enumerate(bots)]
        await asyncio.to_thread(self.store.create_table, table_id, made.name, made.options, seed, seats, steps)
        return self.get(table_id)

    def get(self, table_id: str) -> Table:
        table = self._live.get(table_id)
        if table is not None:
            self._live.move_to_end(table_id)
            return table
        row = self.store.load_table(table_id)
        if row is None:
            raise Refused(f"no table {table_id!r}", 404, "no-table")
        table = self._live[table_id] = Table(row, self.store, self.bot_delay)
        self._forget_idle()
        table.wake()
        return table

    def _forget_idle(self) -> None:
        """Keep at most `capacity` tables in memory, dropping the least recently used idle ones."""
        surplus = len(self._live) - self.capacity
        for table_id in [t.id for t in self._live.values() if t.idle][: max(0, surplus)]:
            del self._live[table_id]

    async def rematch(self, table: Table, token: str | None) -> Table:
        """A new table with the same game, options and bots; its human seats are open."""
        if table.seat_of(token) is None:
            raise Refused("only a seated player can ask for a rematch", 403, "spectator")
        if not table.finished:
            raise Refused("the game is not over yet", 409, "not-finished")
        if table.rematch is not None:
            return self.get(table.rematch)
        fresh = await self._open(table.game, [row.bot for row in table.seats])
        return self.get(table.link_rematch(fresh.id))

    def open_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        return [self.get(table_id).summary() for table_id in self.store.open_tables(limit)]
