"""Pig's rules as the engine API plays them: options refused with what is allowed, a roll adding to the
turn, a 1 losing it, a hold banking it, the target ending the game; the bots, the typed input and the
encoder."""

from __future__ import annotations

import pytest

import highroller as hr
from highroller.core.errors import IllegalAction, RulesError
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.typed_input import TypedRefusal
from highroller.core.words import Words
from highroller.registry import words_of
from highroller_pig.bots import HoldAtBot
from highroller_pig.encoder import PigEncoder
from highroller_pig.sheet import score_sheet
from highroller_pig.state import PigState
from highroller_pig.steps import FACES, HOLD, ROLL
from highroller_pig.typed import TYPED


def new_state(players: int = 2, target: int = 30) -> PigState:
    state = hr.make("pig", players=players, target=target).new_game(seed=1)
    assert isinstance(state, PigState)
    return state


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "players: Pig is for 2 to 4 players, not 5"),
        ({"target": 9}, "target: the score that wins is 10 to 100 points, not 9"),
        ({"players": True}, "not True"),
    ],
)
def test_impossible_options_say_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        hr.make("pig", **options)


def test_a_roll_adds_a_one_loses_the_turn_and_a_hold_banks() -> None:
    state = new_state()
    assert state.current_player == CHANCE and state.view(None)["last_roll"] is None
    state.apply(FACES[4])
    assert (state.current_player, state.total, state.view(0)["last_roll"]) == (0, 5, 5)
    state.apply(ROLL)
    state.apply(FACES[0])
    assert (state.turn, state.total, state.scores, state.current_player) == (1, 0, [0, 0], CHANCE)
    assert state.events[-1] == {"type": "pig", "seat": 0, "lost": 5}
    state.apply(FACES[5])
    state.apply(HOLD)
    assert (
        state.scores == [0, 6]
        and state.turn == 0
        and state.events[-1] == {"type": "hold", "seat": 1, "points": 6, "score": 6}
    )
    with pytest.raises(IllegalAction):
        state.apply(HOLD)  # chance acts: the die is to be rolled


def test_holding_at_the_target_wins() -> None:
    state = new_state(target=10)
    for face in (6, 4):
        state.apply(FACES[face - 1])
        state.apply(ROLL if face == 6 else HOLD)
    assert state.current_player == TERMINAL and state.winners() == [0] and state.returns() == [10.0, 0.0]
    assert state.events[-1] == {"type": "end", "scores": [10, 0], "winners": [0]}


def test_the_hold_at_bot_holds_at_its_threshold_or_at_what_wins() -> None:
    state = new_state(target=30)
    bot = HoldAtBot(seed=0, at=8)
    state.apply(FACES[4])
    assert bot.choose(state) == ROLL
    state.apply(ROLL)
    state.apply(FACES[2])
    assert bot.choose(state) == HOLD  # 8 this turn
    near = new_state(target=10)
    near.scores[0] = 7
    near.apply(FACES[2])
    assert HoldAtBot(seed=0).choose(near) == HOLD  # 3 more wins


def test_typed_input_takes_faces_and_the_choices() -> None:
    state = new_state()
    assert TYPED.parse(state, " 4 ") == FACES[3]
    with pytest.raises(TypedRefusal, match="'7' is not a face of the die; type the face the die shows, 1 to 6"):
        TYPED.parse(state, "7")
    state.apply(FACES[3])
    assert [TYPED.parse(state, text) for text in ("roll", "H", "1", "2")] == [ROLL, HOLD, ROLL, HOLD]
    with pytest.raises(TypedRefusal, match="roll, hold"):
        TYPED.parse(state, "bank")


def test_the_encoder_sees_scores_and_the_turn_from_the_observer() -> None:
    state = new_state(players=3, target=20)
    state.apply(FACES[5])
    state.apply(HOLD)
    encoder = PigEncoder(state.game)
    # seat 0 holds 6 of 20 and seat 1 is to roll: seen from seat 2, the next seat round the table and the one after
    assert encoder.features(state.view(2), 2) == [0.0, 0.3, 0.0, 0.0, 0.0, 0.0, 1.0]
    assert encoder.action_index(HOLD) == 1 and encoder.action_names == ("roll", "hold")


def test_the_score_sheet_has_a_row_for_each_turn_held_or_lost() -> None:
    state = new_state(players=2, target=30)
    for step in (FACES[3], ROLL, FACES[4], HOLD, FACES[2], ROLL, FACES[0], FACES[0]):
        state.apply(step)
    sheet = score_sheet(state, Words("en"))
    assert sheet["rows"] == [
        {"label": "Turn 1", "step": 3, "scores": [9, 0], "detail": None},
        {"label": "Turn 2", "step": 6, "scores": [0, 0], "detail": ["", "a 1: 3 points lost"]},
        {"label": "Turn 3", "step": 7, "scores": [0, 0], "detail": ["a 1", ""]},
    ]
    assert sheet["totals"] == [9, 0] and score_sheet(state, words_of("pig", "fr"))["rows"][1]["detail"] == [
        "",
        "un 1\u202f: 3 points perdus",
    ]
