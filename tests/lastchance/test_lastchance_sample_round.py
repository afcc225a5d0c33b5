"""The rulebook's sample round (Katie, Jim, Michelle and Nan), move for move, with the money at every step.

Seats: Katie 0, Nan 1, Michelle 2, Jim 3, so that the turn-based auction of RULINGS §2 reproduces
the shouted one. The first card is the pictured {6,6,5,J,J} in 2 rolls for $2,500 (card 4).
"""

from __future__ import annotations

from lastchance_helpers import new_game, type_steps

from highroller.games.lastchance.steps import WAIT, Lock

KATIE, NAN, MICHELLE, JIM = range(4)


def test_the_sample_round_move_for_move() -> None:
    state = new_game(players=4, first_player=KATIE)
    start = [5000, 5000, 5000, 5000]
    assert state.money == start
    type_steps(state, "card 4")
    assert state.card is not None and state.card.dice_text() == "6 6 5 J J" and state.card.payout == 2500
    assert state.current_player == KATIE  # Katie opens the bidding

    # 1. Players bid: Katie $100, Nan $200, Michelle $500, Nan $600; Jim never bids; Katie and Michelle drop out.
    for seat, typed in [
        (KATIE, "100"),
        (NAN, "200"),
        (MICHELLE, "500"),
        (JIM, "pass"),
        (KATIE, "pass"),
        (NAN, "600"),
        (MICHELLE, "pass"),
        (JIM, "pass"),
    ]:
        assert state.current_player == seat
        type_steps(state, typed)
        assert state.money == start  # nothing is paid until the auction is won
    type_steps(state, "pass")  # Katie: three passes in a row after Nan's $600
    assert state.rolling == NAN and state.bid == 600
    assert state.money == [5000, 4400, 5000, 5000]  # Nan's $600 is in the bidding bin

    # 2. Players bet, in seat order after Nan: Michelle no $1,000, Jim no $300, Katie no $1,000.
    for seat, typed in [(MICHELLE, "no 1000"), (JIM, "no 300"), (KATIE, "no 1000")]:
        assert state.current_player == seat
        type_steps(state, typed)
    assert state.money == [5000, 4400, 5000, 5000]

    # 3. Nan rolls all 5 dice: the six and a five are placed; the other five cannot go on a joker.
    type_steps(state, "6 5 5 3 1")
    assert state.current_player == NAN
    assert state.legal_actions() == (Lock(1), Lock(3), WAIT)  # no "lock 5": 5 is pictured
    type_steps(state, "lock 3")  # she decides to match a joker with the three
    assert state.view(None)["card"]["matched"] == [6, 5, 3]
    # 2nd roll of the remaining 2 dice: the three must go on the other joker; the two cannot be placed.
    type_steps(state, "3 2")
    assert state.events[-1]["type"] == "continue" and state.events[-1]["matched"] == [6, 5, 3, 3]
    settle = [e for e in state.events if e["type"] == "settle"][-1]
    assert not settle["success"]
    # Nan loses her $600; Katie and Michelle get $1,000 each and Jim $300 from the bank.
    assert state.money == [6000, 4400, 6000, 5300]
    assert state.position is not None and state.position.dice == 1  # one die (a six) is left to match

    # The round continues: Nan opens at $200; everyone bids; Katie wins with $1,500.
    assert state.current_player == NAN and state.card.id == 4
    for seat, typed in [
        (NAN, "200"),
        (MICHELLE, "400"),
        (JIM, "500"),
        (KATIE, "700"),
        (NAN, "800"),
        (MICHELLE, "1000"),
        (JIM, "1100"),
        (KATIE, "1500"),
        (NAN, "pass"),
        (MICHELLE, "pass"),
    ]:
        assert state.current_player == seat
        type_steps(state, typed)
        assert state.money == [6000, 4400, 6000, 5300]
    type_steps(state, "pass")  # Jim
    assert state.rolling == KATIE and state.bid == 1500
    assert state.money == [4500, 4400, 6000, 5300]

    # Nan and Michelle bet yes with $1,000; Jim bets no with $500.
    type_steps(state, "yes 1000", "yes 1000", "no 500")
    assert state.rolls_left == 2  # the payout and the number of rolls stay the same

    type_steps(state, "2")  # Katie's 1st roll: she cannot place it
    assert state.money == [4500, 4400, 6000, 5300] and state.rolls_left == 1
    type_steps(state, "6")  # 2nd roll: the six she needs
    # Katie reclaims $1,500, takes the $2,500 payout and Jim's $500; Nan and Michelle get $1,000 from the bank.
    assert state.money == [9000, 5400, 7000, 4800]
    assert state.won[KATIE] == [4]
    assert [e["type"] for e in state.events[-2:]] == ["settle", "card won"]
    # The round is over: Katie draws the next card and opens the bidding.
    assert state.view(None)["phase"] == "draw" and state.opener == KATIE


def test_the_sample_settlements_are_explained_transfer_by_transfer() -> None:
    state = new_game(players=4, first_player=KATIE)
    type_steps(
        state,
        "card 4",
        "100",
        "200",
        "500",
        "pass",
        "pass",
        "600",
        "pass",
        "pass",
        "pass",
        "no 1000",
        "no 300",
        "no 1000",
        "6 5 5 3 1",
        "lock 3",
        "3 2",
    )
    settle = [e for e in state.events if e["type"] == "settle"][-1]
    assert settle["transfers"] == [
        {"from": "bin", "to": "bank", "amount": 600, "for": "bid lost"},
        {"from": "bank", "to": KATIE, "amount": 1000, "for": "no bet"},
        {"from": "bank", "to": MICHELLE, "amount": 1000, "for": "no bet"},
        {"from": "bank", "to": JIM, "amount": 300, "for": "no bet"},
    ]
