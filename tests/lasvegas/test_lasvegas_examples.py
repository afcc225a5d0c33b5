"""Every worked example of the two Las Vegas rulebooks, played through the engine API."""

from __future__ import annotations

import pytest
from conftest import payouts, type_steps

import highroller as hr
from highroller.core.words import Words
from highroller.games.lasvegas.scoring import cancelled, pay, rank_bandit, rank_casino
from highroller.games.lasvegas.steps import PLACE, Place
from highroller.games.lasvegas.typed import TYPED

ANNA, BEN, CARLA, DENNY = range(4)
NEUTRAL = 4  # the imaginary owner in a 4-player game
BIGGIE_STOCK = ("10k 20k", "10k 20k", "80k 30k", "40k 50k", "60k 70k", "90k 100k")


def test_biggie_example_anna_four_with_biggie_ben_and_carla_cancel(new_state) -> None:
    """Anna 3 dice incl. her Biggie (= 4), Ben 3, Carla 3, Denny 1: Ben and Carla take their dice back;
    Anna takes $80,000 and Denny $30,000 (payout example 1)."""
    state = new_state(players=4, edition="biggie", dice_per_player=3)
    type_steps(state, *BIGGIE_STOCK)
    type_steps(state, "3 3 1 b3", "3", "3 3 3 b6", "3", "3 3 3 b5", "3", "3 1 2 b4", "3")
    assert state.dice[2] == [4, 3, 3, 1, 0]
    type_steps(state, "1", "1", "b6", "6", "b5", "5", "1 2 b4", "4", "1 2", "1", "2", "2")
    casino3 = payouts(state, 1)[3]
    assert casino3 == {
        "type": "payout",
        "round": 1,
        "casino": 3,
        "bills": [80000, 30000],
        "dice": {"0": 4, "1": 3, "2": 3, "3": 1},
        "paid": {"0": 80000, "3": 30000},
    }
    assert cancelled([4, 3, 3, 1]) == [BEN, CARLA]
    # Anna and Denny each have one die on casino 1: they cancel, and its bills leave the game (box).
    assert payouts(state, 1)[1]["paid"] == {}
    assert 10000 in state.box and 20000 in state.box


def test_biggie_example_everyone_cancels() -> None:
    """Anna and Carla 2 dice each, Ben and Denny 1 each: all take their dice back."""
    assert rank_casino([2, 1, 2, 1]) == ()
    assert cancelled([2, 1, 2, 1]) == [ANNA, BEN, CARLA, DENNY]


def test_biggie_payout_examples() -> None:
    # Example 2: Ben alone is paid; the second bill goes back to the box.
    assert pay([40000, 10000], rank_casino([2, 3, 2, 0])) == ({BEN: 40000}, [10000])
    # Example 3: Carla most, Ben second, Denny empty-handed.
    assert pay([70000, 20000], rank_casino([0, 3, 4, 1])) == ({CARLA: 70000, BEN: 20000}, [])


def test_valentin_places_all_four_threes_then_rolls_his_last_die(new_state) -> None:
    """Valentin has five dice, rolls four 3s and a 5; he must place all four 3s (or the 5)."""
    state = new_state(players=2, edition="biggie", biggie=False, dice_per_player=5)
    type_steps(state, *BIGGIE_STOCK, "3 3 3 3 5")
    assert state.legal_actions() == (PLACE[3], PLACE[5])
    type_steps(state, "3")
    assert state.dice[2][0] == 4 and state.own[0] == 1
    type_steps(state, "1 1 1 1 1", "1")  # the other player
    assert state.current_player == hr.CHANCE and state.turn == 0
    assert "1 own die" in TYPED.help(state, Words("en"))


def test_carla_may_place_her_ones_her_five_or_the_neutral_six(new_state) -> None:
    """Carla rolls 1 1 (own) + 1 (neutral), 6 (neutral) and 5 (own): she may place the three 1s,
    the 5, or the neutral 6."""
    state = new_state(players=3, edition="biggie", neutral=True, biggie=False, dice_per_player=3)
    type_steps(state, *BIGGIE_STOCK, "1 1 5 n1 n6")
    assert [a.face for a in state.legal_actions()] == [1, 5, 6]
    six = state.clone()
    type_steps(six, "6")
    assert six.dice[5] == [0, 0, 0, 1] and six.own[0] == 3 and six.neutral[0] == 1
    type_steps(state, "1")
    assert state.dice[0] == [2, 0, 0, 1]
    assert state.own[0] == 1 and state.neutral[0] == 1


def test_neutral_payout_examples() -> None:
    # Example 1: neutral white takes $80,000 (it leaves the game), Ben $30,000.
    assert pay([80000, 30000], rank_casino([0, 2, 0, 0, 3])) == ({NEUTRAL: 80000, BEN: 30000}, [])
    # Example 2: Carla $70,000, neutral $40,000, Anna empty-handed.
    assert pay([70000, 40000], rank_casino([1, 0, 4, 0, 2])) == ({CARLA: 70000, NEUTRAL: 40000}, [])


def test_bandit_example_denny_ben_carla(new_state) -> None:
    """Denny puts three 3s on the bandit: nobody (Denny included) may put 3s there again. Ben puts two
    6s, Carla two 4s, later a single 1. Carla (3 dice, 9 pips, top face 4) beats Denny (3 dice, 9
    pips, top face 3); Ben is third."""
    state = new_state(players=5, edition="biggie", biggie=False, bandit=True, dice_per_player=3)
    type_steps(state, *BIGGIE_STOCK, "60k 20k")
    type_steps(state, "5 5 5", "5")  # Anna
    type_steps(state, "6 6 2", "b6")  # Ben: two 6s on the bandit
    type_steps(state, "4 4 1", "b4")  # Carla: two 4s
    type_steps(state, "3 3 3", "b3")  # Denny: three 3s
    type_steps(state, "2 2 2", "2")  # Emil
    type_steps(state, "3")  # Ben rolls his last die: a 3 ...
    assert state.legal_actions() == (PLACE[3],)  # ... which may not go on the bandit now
    type_steps(state, "3")
    type_steps(state, "1", "b1")  # Carla adds a single 1
    assert state.legal_actions() == ()
    bandit = payouts(state, 1)[7]
    assert bandit["dice"] == {"1": 2, "2": 3, "3": 3}
    assert bandit["pips"] == {"1": 12, "2": 9, "3": 9}
    assert bandit["paid"] == {"2": 60000, "3": 20000}
    assert rank_bandit([0, 2, 3, 3, 0, 0], [0, 12, 9, 9, 0, 0], [0, 6, 4, 3, 0, 0], 5) == [CARLA, DENNY, BEN]


def test_a_face_already_on_the_bandit_cannot_go_there_again_even_for_its_owner(new_state) -> None:
    state = new_state(players=5, edition="biggie", biggie=False, bandit=True, dice_per_player=2)
    type_steps(state, *BIGGIE_STOCK, "60k 20k", "3 1", "b3")
    for _ in range(4):
        type_steps(state, "2 2", "2")
    type_steps(state, "3")
    assert Place(3, bandit=True) not in state.legal_actions()
    assert Place(3) in state.legal_actions()


def test_classic_palazzo_and_gold_rush() -> None:
    """Palazzo: Anna 5, Benno 3, Carla 3, Denny 1 — Benno and Carla take their dice back; Anna gets
    $80,000, Denny $30,000, and the $10,000 goes under the pile. Gold Rush: Anna and Carla 2 each,
    Benno and Denny 1 each — everyone takes their dice back."""
    assert cancelled([5, 3, 3, 1]) == [BEN, CARLA]
    assert pay([10000, 80000, 30000], rank_casino([5, 3, 3, 1])) == ({ANNA: 80000, DENNY: 30000}, [10000])
    assert rank_casino([2, 1, 2, 1]) == ()
    # Payout example 3: Carla $70,000, Benno $20,000, Denny nothing.
    assert pay([20000, 70000], rank_casino([1, 3, 5, 2])) == ({CARLA: 70000, BEN: 20000}, [])


def test_classic_untaken_bills_go_under_the_pile_in_play(new_state) -> None:
    state = new_state(players=2, edition="classic", dice_per_player=1, rounds=2)
    type_steps(state, "10k 80k", "60k", "60k", "60k", "60k", "60k", "5", "5", "5", "5")
    # Both players put one die on casino 5: they cancel; casino 1 had no dice: its two bills go under.
    assert state.under == [80000, 10000, 60000, 60000, 60000, 60000, 60000]
    assert state.view(0)["pile"]["count"] == 54 - 7 + 7


@pytest.mark.parametrize("players", [3])
def test_classic_three_players_leftover_neutral_dice(new_state, players: int) -> None:
    """With 3 players the 2 neutral dice left over are rolled by the first player at the start of
    each round and placed on their casinos."""
    state = new_state(players=players, edition="classic", neutral=True)
    assert state.game.options["neutral_dice"] == 2 and state.game.options["neutral_leftover"] == 2
    type_steps(state, "60k", "60k", "60k", "60k", "60k", "70k")
    assert state.current_player == hr.CHANCE and "2 neutral dice" in TYPED.help(state, Words("en"))
    type_steps(state, "2 6")
    assert state.dice[1][3] == 1 and state.dice[5][3] == 1
    assert state.history[-1][0] == hr.CHANCE
    assert state.turn == 0 and state.phase == 2  # the first player now rolls own + neutral dice
