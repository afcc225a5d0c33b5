"""Long tables for the benchmarks: 6-player, 36-card Last Chance games played by the `bidder` bots
(about 3,100 steps each), stored as a server stores them (each step with its log lines, checkpoints),
with six people seated, finished or cut after 3,000 steps (waiting for a person's move, its last
checkpoint 99 steps back, as far back as a table's can be)."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

import highroller as hr
from highroller.core.state import State
from highroller.named_bots import make_bot
from highroller.web import clock
from highroller.web.store.database import Store
from highroller.web.store.rows import SeatRow, StepLines, TableRow, Turn
from highroller.web.tables.checkpoints import EVERY
from highroller.web.tables.table_load import keep_checkpoint
from highroller.web.tables.table_log import Line, by_step, step_narrator
from highroller.web.tables.turns import record_step

OPTIONS = {"players": 6, "cards": 36}
IN_PLAY = 3000
"""Steps of a table cut in play."""


@dataclass(frozen=True)
class Game:
    """A game played once and stored as many times as asked: its steps, their lines, and its states at
    the checkpoints a stored copy needs."""

    seed: int
    steps: list[dict[str, object]]
    lines: list[StepLines]
    states: dict[int, State]


def played(seed: int) -> Game:
    """A long game played by the bidder bots, with every step's log lines."""
    game = hr.make("lastchance", **OPTIONS)
    bots = [make_bot(game, "bidder", seed + seat, seat) for seat in range(6)]
    state, told, narrator = game.new_game(seed), list[Line](), step_narrator("lastchance", 6)
    states: dict[int, State] = {}
    while not state.is_terminal():
        if len(state.history) in (IN_PLAY - IN_PLAY % EVERY + 1 - EVERY, IN_PLAY):
            states[len(state.history)] = state.clone()
        step = state.sample_chance() if state.is_chance() else bots[state.current_player].choose(state.clone())
        narrator.apply(state, step, told)
    states[len(state.history)] = state
    return Game(seed, [record_step(*each) for each in state.history], by_step(told, 0, len(state.history)), states)


def store_copy(store: Store, game: Game, finished: bool) -> str:
    """Store the game as a new table with six people seated (finished, or cut in play); its id."""
    table_id = secrets.token_urlsafe(9)
    count = len(game.steps) if finished else IN_PLAY
    end = game.states[count] if finished else game.states[IN_PLAY]
    seats = [
        SeatRow(seat=n, name=f"Player {n + 1}", token_hash=hashlib.sha256(secrets.token_bytes(16)).hexdigest())
        for n in range(6)
    ]
    row = TableRow(
        id=table_id,
        game="lastchance",
        options=hr.make("lastchance", **OPTIONS).options,
        seed=game.seed,
        created=clock.now(),
        finished=False,
        rematch=None,
        seats=seats,
        steps=game.steps[:1],
        started=True,
        timer=None,
        stand_in="medium",
        lines=game.lines[:1],
        mover=-1,
    )
    store.create_table(row, None, False)
    person = None if finished or end.current_player < 0 else end.current_player
    turn = Turn(mover=end.current_player, waiting=person, since=None if person is None else clock.now())
    revision = store.commit_steps(
        table_id, 1, game.steps[1:count], finished=finished, turn=turn, lines=game.lines[1:count]
    )
    kept = count if finished else IN_PLAY - IN_PLAY % EVERY + 1 - EVERY
    keep_checkpoint(store, table_id, game.states[kept], revision)
    return table_id


def long_games(count: int = 3) -> list[Game]:
    """`count` games that last beyond `IN_PLAY` steps."""
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = played(seed)
        if IN_PLAY in game.states:
            found.append(game)
    return found


def fill(store: Store, count: int, finished: bool, games: list[Game]) -> list[str]:
    """Store `count` long tables (copies of `games`); their ids."""
    return [store_copy(store, games[number % len(games)], finished) for number in range(count)]
