"""What a bot worker process does with one claimed table: load it, play its automatic move, store it;
asked for a hint, the game's advice on a person's move (each choice valued, in their language) and
the move it or the game's strongest bot suggests; asked for the
table's advice, each seat's chance of winning and the game's note on the position, where it has them.

Runs in the worker processes of a process pool (never in the web server's own process), so bots
think beside the server instead of inside it. Each worker keeps its own database connections and the
latest state of the tables it played recently, so a move loads only the steps played since (and a
table it has not seen lately loads from its checkpoint). The move is stored, with its log lines, only
if the table is still at the revision it was claimed at; a stale claim does nothing. The worker
checkpoints the tables it plays as a server process does (`highroller.web.tables.checkpoints`).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from highroller.core import firsttime
from highroller.core.botspec import level_bot
from highroller.core.game import game_of
from highroller.core.narration import step_label
from highroller.core.record_format import apply_recorded_step
from highroller.core.spec_parts import move_advice, table_note, win_chances
from highroller.core.state import CHANCE, State
from highroller.core.words import LANGUAGES
from highroller.registry import game_spec, narration_of, words_of
from highroller.web import clock
from highroller.web.http.checks import TURN_BASED
from highroller.web.http.log_context import log_event
from highroller.web.http.logs import LogSetup, configure
from highroller.web.store.database import Store
from highroller.web.store.dialects import open_store
from highroller.web.store.rows import TIMED_OUT, Claim, Conflict, TableRow
from highroller.web.tables.checkpoints import EVERY, due
from highroller.web.tables.table_load import keep_checkpoint, load_state
from highroller.web.tables.table_log import Line, by_step, step_narrator
from highroller.web.tables.turns import advance, bot_move, next_turn, player_of, record_step, server_draws

log = logging.getLogger(__name__)

WATCH_EVERY = 1.0
"""Seconds between two looks at whether the process that started a bot worker is still there."""

RETRY_AFTER_FAILURE = 60.0
"""Seconds before a bot whose move raised an error is asked again (the error is logged)."""

STRONGEST = "hard"
"""The level whose bot suggests a move where the game's advice prefers none: never weaker than a table's bots."""

_STATES = 256
_STORES = 4
_stores: OrderedDict[str, Store] = OrderedDict()
_states: OrderedDict[tuple[str, str], State] = OrderedDict()


@dataclass(frozen=True)
class Job:
    """A claimed table to play the automatic move of."""

    database: str
    claim: Claim
    owner: str


@dataclass(frozen=True)
class HintJob:
    """A person's request for a hint: the table, their seat, the step they are at and their language."""

    database: str
    table_id: str
    seat: int
    version: int
    lang: str


@dataclass(frozen=True)
class AdviceJob:
    """A request for the advice everyone at a table sees at one of its steps."""

    database: str
    table_id: str
    version: int


def start_worker(nice: int, idle: bool, server: int, defer: bool = False, logs: LogSetup | None = None) -> None:
    """Pool initializer: lower this process's priority so people's requests always come first (with
    `idle`, Linux's idle scheduling class: it then runs only on CPU nobody else wants), with `defer`
    leave first-time work (compiling) to the warm-up process and play or advise without it meanwhile,
    and end this process when the process that started the pool (`server`, a pid) is gone — killed,
    even with SIGKILL — rather than wait for work that will never come; with `logs`, its log lines are
    written as the server's."""
    firsttime.defer(defer)
    if logs is not None:
        configure(logs)
    if nice:
        os.nice(nice)
    if idle and hasattr(os, "SCHED_IDLE"):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    threading.Thread(target=_outlive_not, args=(server,), name="watch-server", daemon=True).start()


def _outlive_not(server: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            os._exit(0)


def _store(database: str) -> Store:
    store = _stores.pop(database, None) or open_store(database, connections=1)
    _stores[database] = store
    while len(_stores) > _STORES:
        _stores.popitem(last=False)[1].close()
    return store


def _state(key: tuple[str, str], store: Store, table_id: str) -> tuple[State, TableRow] | None:
    """The table's state now: the cached state plus the steps played since (or the table loaded from
    its checkpoint). The cached state's last step is read again too: a companion table's undo may have
    replaced it."""
    cached = _states.pop(key, None)
    if cached is not None and cached.history:
        start = len(cached.history)
        row = store.load_table(table_id, steps_from=start - 1)
        if row is not None and (
            cached.seed == row.seed
            and start + len(row.steps) - 1 == row.version
            and row.steps
            and row.steps[0] == json.loads(json.dumps(record_step(*cached.history[-1])))
        ):
            for entry in row.steps[1:]:
                apply_recorded_step(cached, entry, len(cached.history))
            return cached, row
    found = load_state(store, table_id)
    return None if found is None else (found.state, found.row)


def play_move(job: Job) -> tuple[str, str]:
    """Play the claimed table's automatic move if it is still due: "played", "stale" or "nothing", and
    the level of the bot that moved (its description's name: "hard", "greedy"; "chance" for a die)."""
    store = _store(job.database)
    table_id = job.claim.table_id
    key = (job.database, table_id)
    found = _state(key, store, table_id)
    if found is None:
        return "nothing", ""
    state, row = found
    _states[key] = state
    while len(_states) > _STATES:
        _states.popitem(last=False)
    if row.revision != job.claim.revision:
        return "stale", ""
    mover = state.current_player
    now = clock.now()
    timed_out = False
    level = "chance"
    if mover == CHANCE and server_draws(row.real_dice, row.seats):
        step = (
            state.sample_chance()
        )  # a chance step a paced table left waiting: the table's own stream, as if drawn at once
    else:
        if mover < 0:
            store.release(job.claim, job.owner, None)
            return "nothing", ""
        seat = row.seats[mover]
        # Claimed while a person plays this seat: their turn timer ran out (the claim is still current).
        timed_out = seat.bot is None and seat.control is None and bool(row.timer)
        description = row.stand_in if timed_out else player_of(seat, row.stand_in)
        if description is None:
            store.release(job.claim, job.owner, None)
            return "nothing", ""
        level = description.partition(":")[0]
        try:
            step = bot_move(game_of(state), description, state)
        except Exception:
            log.exception("the %s bot failed at table %s", description, table_id)
            store.release(job.claim, job.owner, now + RETRY_AFTER_FAILURE)
            return "nothing", ""
    after, told = state.clone(), list[Line]()
    narrator = step_narrator(row.game, len(row.seats))
    steps = advance(
        after,
        step,
        lambda s, played: narrator.apply(s, played, told),
        draw=server_draws(row.real_dice, row.seats),
        paced=row.bot_delay > 0,
    )
    # At a turn-based table the stand-in makes only the move whose time ran out (the seat and the next
    # move stay the person's); at a real-time table it plays for them until they are back.
    change = (TIMED_OUT if row.timer and row.timer >= TURN_BASED else "away") if timed_out else None
    spent = timed_out and row.seats[mover].bank is not None  # their time bank ran out with the move's own time
    seats = [
        replace(other, control="away" if change == "away" else other.control, bank=0.0 if spent else other.bank)
        if timed_out and other.seat == mover
        else other
        for other in row.seats
    ]
    turn = next_turn(after, seats, row.timer, row.bot_delay, clock.now(), draws=server_draws(row.real_dice, seats))
    try:
        revision = store.commit_steps(
            table_id,
            row.version,
            steps,
            finished=after.is_terminal(),
            turn=turn,
            revision=row.revision,
            changes=[(mover, change)] if change else (),
            banks=[(mover, 0.0)] if spent else (),
            lines=by_step(told, row.version, len(steps)),
            returns=after.returns() if after.is_terminal() else (),
        )
    except Conflict:
        return "stale", ""
    if after.is_terminal():
        log_event("game-finished", table_id)
    _states[key] = after
    if due(
        len(after.history), row.version // EVERY * EVERY, after.is_terminal()
    ):  # as if checkpointed at the last multiple of EVERY
        keep_checkpoint(store, table_id, after, revision)
    return "played", level


def _state_at(database: str, table_id: str, version: int) -> State | None:
    """The table's state if it is still at step `version` (kept for the next look), else None."""
    store = _store(database)
    key = (database, table_id)
    found = _state(key, store, table_id)
    if found is None:
        return None
    state, row = found
    _states[key] = state
    return state if row.version == version else None


def give_hint(job: HintJob) -> dict[str, Any] | None:
    """The move suggested to the seat now, in `job.lang`: {"action", "label", "bot", "advice",
    "version"}. "advice" is the game's `move_advice` (each choice's value by its strongest estimate)
    or None, and the move is the one it prefers; where it has none or prefers none, the move of the
    game's strongest bot level, named in "bot" (null when the advice chose). None if the table moved
    on (it is not that seat's decision at that step any more)."""
    state = _state_at(job.database, job.table_id, job.version)
    if state is None or state.current_player != job.seat:
        return None
    game = state.game.name
    spec = game_spec(game)
    advise = move_advice(spec)
    advice = advise(state.clone(), job.seat, words_of(game, job.lang)) if advise else None
    bot: str | None = None
    if advice is not None and advice["best"] is not None:
        step = state.decode_step(advice["best"])
    else:
        bot = level_bot(spec, STRONGEST) if STRONGEST in spec.levels else spec.default_bot
        step = bot_move(game_of(state), bot, state)
    label = step_label(narration_of(game, job.lang), step)
    return {"action": step.to_json(), "label": label, "bot": bot, "advice": advice, "version": job.version}


def give_advice(job: AdviceJob) -> dict[str, Any] | None:
    """At the table's step `job.version`: {"chances": each seat's chance of winning (the game's
    `win_chances`) or None, "note": the game's `table_note` in every language ({lang: text}) or None};
    None if the table moved on."""
    state = _state_at(job.database, job.table_id, job.version)
    if state is None:
        return None
    spec = game_spec(state.game.name)
    chance_of = win_chances(spec)
    chances = chance_of(state.clone()) if chance_of else None
    note = table_note(spec)
    texts = {lang: note(state.clone(), words_of(state.game.name, lang)) for lang in LANGUAGES} if note else {}
    return {
        "chances": None if chances is None else [round(float(chance), 4) for chance in chances],
        "note": texts if any(texts.values()) else None,
    }
