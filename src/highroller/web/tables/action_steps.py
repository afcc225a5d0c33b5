"""A person's action at a table, checked before anything changes: whether they may act now, and the step
it stands for, from what the page sent (untrusted JSON): the legal decision it names or, at a companion
table, the chance step its people typed (the real dice, bills or card at their table). Anything else is
refused, changing nothing."""

from __future__ import annotations

from typing import Any

from highroller.core.state import CHANCE, State, Step
from highroller.core.typed_input import IN_THE_GAMES_WORDS, explained, typed_input_of
from highroller.core.words import LANGUAGES
from highroller.registry import game_spec, words_of
from highroller.web.http.errors import Refused
from highroller.web.tables.seated_copy import SeatedCopy
from highroller.web.tables.table_summary import seat_list
from highroller.web.tables.turns import seat_name_texts

MAX_TYPED = 500
"""Characters of typed dice, bills or a card that a companion table reads."""


def check_action(table: SeatedCopy, seat: int | None, version: int) -> None:
    """Refuse an action from `seat` at the version the person saw unless they may act at `table` now: seated,
    the game started and not over, the version the table is at, their seat theirs (not left, not away) and on
    move (at a companion table's chance step, any of its people types the dice)."""
    if seat is None:
        raise Refused("spectators cannot act: join a seat first", 403, "spectator")
    if not table.started:
        raise Refused(
            "the game starts when every seat is taken (open: {open})",
            409,
            "not-started",
            open=seat_list(table.open_seats()),
        )
    if table.finished:
        raise Refused("the game is over", 409, "game-over")
    if version != table.version:
        raise Refused(
            "stale action: the table is at version {version}, you saw {seen}",
            409,
            "stale",
            version=table.version,
            seen=version,
        )
    if table.seats[seat].control == "left":
        raise Refused("you left this table: a bot plays your seat to the end", 409, "left")
    if table.seats[seat].control == "away":
        raise Refused("a bot is playing for you while you are away: take your seat back first", 409, "away")
    if table.state.current_player == CHANCE and table.real_dice:
        return  # the real dice at the table: any of its people types them
    if table.state.current_player != seat:
        raise Refused(
            "it is not your turn: {name} is on move",
            409,
            "not-your-turn",
            name=seat_name_texts(table.seats[table.state.current_player]),
        )


def decision(state: State, action: Any) -> Step:
    """The legal decision `action` stands for in `state`, or `Refused`."""
    legal = state.legal_actions()
    try:
        step = state.decode_step(action)
    except Exception as error:  # a game's decoder meets untrusted JSON: any failure is a refusal
        raise Refused("not an action of this game here: {error}", 422, "illegal", error=str(error)) from error
    if step not in legal:
        raise Refused(
            "{step} is not legal now; legal: {legal}", 422, "illegal", step=str(step), legal=", ".join(map(str, legal))
        )
    return step


def typed_chance(state: State, game: str, action: Any) -> Step:
    """At a companion table of `game`, the chance step its people entered: `{"typed": "1 1 3 5"}` as the
    terminal's manual dice take it, or the outcome's JSON; only outcomes that can occur now."""
    typed = typed_input_of(game_spec(game))
    try:
        if isinstance(action, dict) and set(action) == {"typed"} and isinstance(action["typed"], str):
            step = typed.parse(state, action["typed"][:MAX_TYPED])
        else:
            step = state.decode_step(action)
        state.clone().apply(step)
    except Exception as error:  # typed text and JSON from the page are untrusted: any failure is a refusal
        reasons = {lang: explained(error, state, typed, words_of(game, lang)) for lang in LANGUAGES}
        raise Refused(IN_THE_GAMES_WORDS, 422, "illegal", reason=reasons) from error
    return step
