"""Whose turn, and how it is played: the rules every server process and bot worker share.

A table advances by one decision and the chance steps that follow it (sampled from the state's own
seeded stream, so any process draws the same dice), or at a companion table by one step its people
typed (the dice, bills or card at their real table). A seat is played by its person, by its bot, or by
the table's stand-in bot while its person is away or after they left. The next automatic move is
due `bot_delay` seconds after a change when a bot or stand-in is on move or, at a paced table, a
chance step waits to be drawn after another, or when a person's turn timer runs out — and, at a table
with a time bank, what is left of their bank after it: time a move takes past its timer comes out of
the person's bank, for the rest of the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from highroller.core.botspec import while_warming
from highroller.core.firsttime import NotWarm
from highroller.core.game import Game
from highroller.core.rng import derive_seed
from highroller.core.state import CHANCE, State, Step
from highroller.core.words import LANGUAGES
from highroller.named_bots import make_bot
from highroller.registry import game_spec
from highroller.web.http.labels import seat_label
from highroller.web.store.rows import SeatRow, Turn

Apply = Callable[[State, Step], None]


def record_step(player: int, step: Step) -> dict[str, Any]:
    """One step in the record's JSON form."""
    return {"chance": step.to_json()} if player == CHANCE else {"seat": player, "action": step.to_json()}


def _apply(state: State, step: Step) -> None:
    state.apply(step)


def advance(
    state: State, decision: Step, apply: Apply = _apply, *, draw: bool = True, paced: bool = False
) -> list[dict[str, Any]]:
    """Apply a step and, with `draw`, the chance steps after it to `state`; the new steps in record
    form. `apply` applies one step (the server narrates as it goes). A companion table (the real dice
    typed by its people) does not `draw`. A `paced` table (its bots play `bot_delay` seconds apart)
    draws one chance step at a time: it stops after a chance step when the next is chance too, and
    that one is played when due (`next_due`), so people see each roll."""
    first = len(state.history)
    apply(state, decision)
    while draw and state.current_player == CHANCE and not (paced and state.history[-1][0] == CHANCE):
        apply(state, state.sample_chance())
    return [record_step(player, played) for player, played in state.history[first:]]


def seat_name(row: SeatRow, lang: str = "en") -> str:
    """How the log and the page call a seat in `lang`: its person's name, or its label (records keep
    the English one)."""
    if row.bot is None and row.name:
        return row.name
    return seat_label(row.bot, row.seat, lang)


def seat_name_texts(row: SeatRow) -> dict[str, str]:
    """The seat's name in each language: `{lang: name}`."""
    return {lang: seat_name(row, lang) for lang in LANGUAGES}


def seat_names(rows: Sequence[SeatRow]) -> dict[str, list[str]]:
    """The seats' names in each language, as the log's narration needs them."""
    return {lang: [seat_name(row, lang) for row in rows] for lang in LANGUAGES}


def automatic(row: SeatRow) -> bool:
    """Whether a bot plays this seat now (its own bot, or the stand-in for an absent person)."""
    return row.bot is not None or row.control is not None


def server_draws(real_dice: bool, seats: Sequence[SeatRow]) -> bool:
    """Whether the server draws the chance steps: always, but at a companion table (`real_dice`) while
    a person still plays there to roll its real dice (once every seat is a bot's or a stand-in's, it
    draws them from the table's seeded stream, so the game plays to its end)."""
    return not real_dice or all(automatic(row) for row in seats)


def player_of(row: SeatRow, stand_in: str | None) -> str | None:
    """The bot description that plays this seat now; None while a person plays it."""
    if row.bot is not None:
        return row.bot
    return stand_in if row.control is not None else None


def next_due(
    state: State, seats: Sequence[SeatRow], timer: int | None, bot_delay: float, now: float, *, draws: bool
) -> float | None:
    """When the next automatic move is due: a bot (or stand-in) on move plays after `bot_delay`, and
    so does a chance step left waiting by a paced `advance` at a table that `draws` (not a companion
    table); a person on move with a turn timer is played for when it runs out; otherwise nothing is due."""
    mover = state.current_player
    if mover == CHANCE and draws:
        return now + bot_delay
    if mover < 0:
        return None
    if automatic(seats[mover]):
        return now + bot_delay
    return now + timer + (seats[mover].bank or 0.0) if timer else None


def waiting_seat(state: State, seats: Sequence[SeatRow]) -> int | None:
    """The seat of the person whose move it is (not a bot's, nor a stand-in's); None if there is none."""
    mover = state.current_player
    return mover if mover >= 0 and not automatic(seats[mover]) else None


def next_turn(
    state: State,
    seats: Sequence[SeatRow],
    timer: int | None,
    bot_delay: float,
    now: float,
    *,
    draws: bool,
    since: float | None = None,
) -> Turn:
    """The table's clock after a change at `now`: `next_due`, the person on move since `now` (or
    since `since`, when the change left their move running), and who is on move."""
    waiting = waiting_seat(state, seats)
    return Turn(
        due=next_due(state, seats, timer, bot_delay, now, draws=draws),
        waiting=waiting,
        since=None if waiting is None else since or now,
        mover=state.current_player,
    )


def bank_after(seat: SeatRow, timer: int | None, since: float | None, now: float) -> float | None:
    """What is left of a person's time bank after their move from `since` to `now`: the time past the
    move's own `timer` comes out of it. None for a seat without a bank."""
    if seat.bank is None or not timer or since is None:
        return seat.bank
    return max(0.0, seat.bank - max(0.0, now - since - timer))


def bot_move(game: Game, description: str, state: State) -> Step:
    """The move of the bot `description` for the seat on move; while that bot's first-time work is not
    done in a process that defers it, the move of the bot that stands in for it meanwhile
    (`botspec.while_warming`). The bot is seeded from the table's seed, the seat and the step number,
    so the move is the same whichever process makes it."""
    seat = state.current_player
    seed = derive_seed(state.seed, "move", len(state.history))
    try:
        step: Step = make_bot(game, description, seed, seat).choose(state.clone())
    except NotWarm:
        step = make_bot(game, while_warming(game_spec(game.name), description), seed, seat).choose(state.clone())
    return step
