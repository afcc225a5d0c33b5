"""Luckiest Dice move by move with typed actions and typed dice: Frank's example and every rule sentence."""

from __future__ import annotations

import json

import pytest

import highroller as hr
from highroller.core.errors import IllegalAction
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.words import Words
from highroller.games.luckiest.cards import CARD_BY_ID
from highroller.games.luckiest.state import LuckiestState
from highroller.games.luckiest.steps import BANK, BETS, Roll
from highroller.games.luckiest.typed import TYPED

TWELVE_ODD = "1 1 1 1 3 3 3 3 5 5 5 5"


def new(players: int = 2, **options: object) -> LuckiestState:
    state = hr.make("luckiest", players=players, **options).new_game(seed=11)
    assert isinstance(state, LuckiestState)
    return state


def typed(state: LuckiestState, text: str) -> None:
    state.apply(TYPED.parse(state, text))


def snapshot(state: LuckiestState) -> str:
    return json.dumps([state.record(), state.view(None), state.current_player], sort_keys=True)


def test_franks_example() -> None:
    state = new()
    typed(state, "number 2")
    assert state.current_player == CHANCE and state.bet == CARD_BY_ID["number2"].index
    typed(state, "2 2 2 2 2 2 1 3 4 5 1 6")
    assert (state.dice_left, state.points) == (6, 18)
    assert state.view(0)["cards"][CARD_BY_ID["number2"].index]["dice"] == [2] * 6
    assert state.current_player == 0 and BANK in state.legal_actions()
    typed(state, "cross")
    typed(state, "3 6 6 1 2 4")
    assert (state.dice_left, state.points) == (3, 24)
    assert state.view(0)["cards"][CARD_BY_ID["cross"].index]["dice"] == [3, 6, 6]
    typed(state, "bank")
    assert state.scores == [[24], []]
    assert state.events[-1] == {"type": "bank", "round": 1, "seat": 0, "points": 24, "total": 24, "automatic": False}
    assert state.current_player == 1 and state.dice_left == 12 and state.used == 0


def test_a_bust_forfeits_the_whole_turn() -> None:
    state = new()
    typed(state, "2")
    typed(state, "2 2 2 2 2 2 1 3 4 5 1 6")
    typed(state, "number 4")
    typed(state, "1 1 3 5 5 6")
    assert state.scores == [[0], []]
    assert state.events[-1]["type"] == "bust" and state.events[-1]["lost"] == 18
    assert state.current_player == 1 and state.points == 0


def test_each_card_once_per_turn_and_the_refusal_changes_nothing() -> None:
    state = new()
    typed(state, "odd")
    typed(state, "1 2 2 2 2 2 2 2 2 2 2 2")
    assert BETS[CARD_BY_ID["odd"].index] not in state.legal_actions()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="legal: bank, bet on even"):
        state.apply(BETS[CARD_BY_ID["odd"].index])
    with pytest.raises(IllegalAction, match="already used"):
        TYPED.parse(state, "odd")
    assert snapshot(state) == before


def test_banking_before_any_roll_is_refused() -> None:
    state = new()
    assert BANK not in state.legal_actions() and len(state.legal_actions()) == 14
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="legal: bet on odd"):
        state.apply(BANK)
    with pytest.raises(IllegalAction, match="before your first roll"):
        TYPED.parse(state, "bank")
    assert snapshot(state) == before


def test_bare_tuples_equal_to_steps_are_refused_and_change_nothing() -> None:
    state = new()
    typed(state, "odd")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="a roll of 12 dice"):
        state.apply(((4, 0, 4, 0, 4, 0),))  # the shape of a roll, not a Roll
    assert snapshot(state) == before
    typed(state, "1 2 2 2 2 2 2 2 2 2 2 2")
    before = snapshot(state)
    for bare in ((), (CARD_BY_ID["even"].index,)):  # equal to bank and to a legal bet: steps are named tuples
        assert bare in state.legal_actions()
        with pytest.raises(IllegalAction, match=r"is not legal for seat 0; legal: "):
            state.apply(bare)
    assert snapshot(state) == before


def test_placed_dice_never_roll_again() -> None:
    state = new()
    typed(state, "even")
    typed(state, "2 4 6 6 1 1 1 1 3 3 5 5")
    typed(state, "circle")
    assert all(sum(roll.counts) == 8 for roll, _ in state.chance_outcomes())
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="8 dice"):
        state.apply(Roll((12, 0, 0, 0, 0, 0)))
    with pytest.raises(IllegalAction, match="12 faces typed"):
        TYPED.parse(state, TWELVE_ODD)
    assert snapshot(state) == before
    typed(state, "1 1 1 3 3 5 5 4")  # 1, 1, 1 and 4 are circles
    assert state.dice_left == 4 and state.points == 4 + 8


def test_no_dice_left_banks_by_itself() -> None:
    state = new()
    typed(state, "odd")
    typed(state, TWELVE_ODD)
    assert state.scores == [[12], []]
    assert state.events[-1]["automatic"] is True and state.current_player == 1


def test_ties_share_the_win() -> None:
    state = new(rounds=1)
    for _ in range(2):
        typed(state, "odd")
        typed(state, TWELVE_ODD)
    assert state.current_player == TERMINAL
    assert state.winners() == [0, 1] and state.returns() == [12.0, 12.0]
    assert state.events[-1] == {"type": "end", "totals": [12, 12], "winners": [0, 1]}


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_rounds_and_turn_order(players: int) -> None:
    final = hr.play(hr.make("luckiest", players=players), ["random"] * players, seed=players)
    rounds = final.game.options["rounds"]
    assert all(len(scores) == rounds for scores in final.scores)
    assert [e["round"] for e in final.events if e["type"] == "round"] == list(range(1, rounds + 1))
    seats = [e["seat"] for e in final.events if e["type"] in ("bank", "bust")]
    assert seats == list(range(players)) * rounds


def test_practice_with_one_player() -> None:
    final = hr.play(hr.make("luckiest", players=1), ["optimal"], seed=3)
    assert final.winners() == [0] and len(final.scores[0]) == 4


def test_typed_input_forms() -> None:
    state = new()
    assert TYPED.parse(state, "bet on cross") == BETS[CARD_BY_ID["cross"].index]
    assert TYPED.parse(state, "n6") == BETS[CARD_BY_ID["number6"].index]
    with pytest.raises(IllegalAction, match="not a card"):
        TYPED.parse(state, "purple")
    typed(state, "3")
    assert TYPED.parse(state, "333333,666666") == Roll((0, 0, 6, 0, 0, 6))
    with pytest.raises(IllegalAction, match="'7' is not a face"):
        TYPED.parse(state, "7 1 1 1 1 1 1 1 1 1 1 1")
    assert "12 dice" in TYPED.help(state, Words("en"))


def test_decoding_refuses_wrong_shapes() -> None:
    state = new()
    assert state.decode_step({"bet": "number2"}) == BETS[CARD_BY_ID["number2"].index]
    with pytest.raises(IllegalAction, match='"bank" or'):
        state.decode_step({"bet": "number7"})
    typed(state, "odd")
    assert state.decode_step({"roll": [1] * 12}) == Roll((12, 0, 0, 0, 0, 0))
    with pytest.raises(IllegalAction, match="faces 1-6"):
        state.decode_step({"roll": [0] * 12})


def test_json_true_is_never_a_face_and_a_bet_is_a_card_id() -> None:
    state = new()
    for bad in ({"bet": True}, {"bet": 0}, {"bet": ["odd"]}, {"bet": {"id": "odd"}}):
        with pytest.raises(IllegalAction, match=r'an action is "bank" or \{"bet": card\} with a card of odd, even'):
            state.decode_step(bad)
    typed(state, "odd")
    with pytest.raises(IllegalAction, match="a roll lists faces 1-6: a die shows 1 to 6, not True"):
        state.decode_step({"roll": [True] * 12})


def test_a_record_replays_with_typed_dice() -> None:
    state = new()
    typed(state, "number 2")
    typed(state, "2 2 2 2 2 2 1 3 4 5 1 6")
    typed(state, "bank")
    again = hr.replay(json.loads(json.dumps(state.record())))
    assert again == state and again.view(1) == state.view(1)
