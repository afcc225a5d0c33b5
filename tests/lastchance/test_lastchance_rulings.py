"""Every rule sentence of RULINGS §2 (Last Chance), each as its own test, plus the rulings of
docs/rules/lastchance.md where both rulebook and RULINGS are silent."""

from __future__ import annotations

import pytest
from lastchance_helpers import deck, events, new_game, type_steps

from highroller.core.errors import IllegalAction
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import LAST_CHANCE, NO_BET, PASS, WAIT, Bet, Bid, Lock, Roll
from highroller.games.lastchance.typed import TYPED

# A tiny deck makes every situation easy to set up: one card with jokers, one without.
JOKERS = ("6 6 5 J J", 2, 2500)
PLAIN = ("6 5 4 3 2", 3, 2000)
TWO_DICE = ("6 6 6 J J", 2, 3000)


def auctioned(state: LastChanceState, *typed: str) -> LastChanceState:
    """Draw card 1, then apply the typed auction/bet steps."""
    return type_steps(state, "card 1", *typed)


# ---------------------------------------------------------------- players and money
def test_two_to_six_players_with_5000_each_in_whole_hundreds() -> None:
    for players in range(2, 7):
        assert new_game(players=players).money == [5000] * players
    state = new_game(players=2, money=1200)
    assert state.money == [1200, 1200]


# ---------------------------------------------------------------- the deck
def test_a_game_uses_seven_cards_drawn_at_random_or_the_agreed_number() -> None:
    assert new_game().rules.cards == 7
    assert new_game(cards=10).rules.cards == 10
    state = new_game()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and all(p == pytest.approx(1 / 36) for _, p in outcomes)


# ---------------------------------------------------------------- the auction
def test_the_opening_bidder_acts_first_then_seats_in_turn() -> None:
    state = auctioned(new_game(players=4, first_player=2, deck=deck(JOKERS)))
    seen = []
    for _ in range(4):
        seen.append(state.current_player)
        type_steps(state, "pass")
    assert seen == [2, 3, 0, 1]


def test_eliminated_players_are_skipped_in_the_auction_and_the_bets() -> None:
    state = new_game(players=3, first_player=0, money=500, deck=deck(JOKERS, PLAIN), cards=2)
    # Seat 1 calls Last Chance! and fails: out.
    auctioned(state, "pass", "lc", "none", "none", "1 1 1 1 1", "wait", "1 1 1 1 1", "wait")
    assert not state.active[1]
    # Seat 1 opened next (the failed roller); eliminated, so seat 2 (to its left) opens.
    assert state.opener == 2 and state.current_player == 2
    type_steps(state, "pass")
    assert state.current_player == 0
    type_steps(state, "100", "pass")  # seat 2 passes; seat 0 wins; only seat 2 bets
    assert state.rolling == 0 and state.current_player == 2


def test_a_bid_is_a_multiple_of_100_above_the_high_bid_and_at_most_the_players_money() -> None:
    state = auctioned(new_game(players=3, first_player=0, money=1000, deck=deck(JOKERS)), "300")
    bids = [a.amount for a in state.legal_actions() if isinstance(a, Bid)]
    assert bids == list(range(400, 1001, 100))
    before = state.view(None)
    for bad in (Bid(300), Bid(350), Bid(1100), Bid(0)):
        with pytest.raises(IllegalAction, match="legal: pass"):
            state.apply(bad)
    assert state.view(None) == before


def test_the_first_bid_is_at_least_100() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(JOKERS)))
    assert min(a.amount for a in state.legal_actions() if isinstance(a, Bid)) == 100


def test_passing_does_not_stop_a_player_bidding_on_a_later_turn() -> None:
    state = auctioned(new_game(players=3, first_player=0, deck=deck(JOKERS)), "pass", "100", "pass")
    assert state.current_player == 0
    type_steps(state, "200")
    assert state.high_bidder == 0 and state.high_bid == 200


def test_the_auction_ends_when_every_other_active_player_has_passed_in_a_row() -> None:
    state = auctioned(new_game(players=4, first_player=0, deck=deck(JOKERS)), "100", "200", "pass", "pass")
    assert state.view(None)["phase"] == "auction"  # only two passes after seat 1's bid
    type_steps(state, "pass")
    assert state.rolling == 1 and state.bid == 200


def test_if_nobody_bids_the_opening_bidder_wins_for_free() -> None:
    state = auctioned(new_game(players=3, first_player=1, deck=deck(JOKERS)), "pass", "pass", "pass")
    assert state.rolling == 1 and state.bid == 0 and state.money == [5000] * 3
    assert events(state, "auction")[-1] == {"type": "auction", "card": 1, "roller": 1, "bid": 0, "last_chance": False}


def test_last_chance_ends_the_auction_whatever_the_high_bid_and_stakes_all_the_money() -> None:
    state = new_game(players=3, first_player=0, money=800, deck=deck(JOKERS))
    state.money[2] = 300  # a poorer player (possible after earlier cards)
    auctioned(state, "800")
    assert LAST_CHANCE in state.legal_actions()
    type_steps(state, "pass", "lc")
    assert state.rolling == 2 and state.bid == 300 and state.last_chance and state.money[2] == 0


def test_last_chance_is_once_per_game() -> None:
    state = new_game(players=2, first_player=0, deck=deck(PLAIN, JOKERS), cards=2)
    auctioned(state, "lc", "none", "6 5 4 3 2")  # seat 0 completes card 1 on Last Chance!
    assert state.money[0] == 5000 + 2000 and state.lc_used == [True, False]
    type_steps(state, "card 2")
    assert state.current_player == 0 and LAST_CHANCE not in state.legal_actions()
    with pytest.raises(IllegalAction):
        TYPED.parse(state, "lc")
    type_steps(state, "pass")
    assert LAST_CHANCE in state.legal_actions()  # seat 1 still has it


def test_failing_on_last_chance_eliminates_the_caller() -> None:
    state = new_game(players=3, first_player=0, deck=deck(TWO_DICE))
    auctioned(state, "lc", "none", "none", "1 1 1 1 1", "wait", "1 1 1 1 1", "wait")
    assert state.money[0] == 0 and not state.active[0]
    assert events(state, "eliminated") == [{"type": "eliminated", "seat": 0, "cards": []}]


# ---------------------------------------------------------------- side bets
def test_every_other_active_player_bets_in_seat_order_after_the_roller() -> None:
    state = auctioned(
        new_game(players=4, first_player=0, deck=deck(JOKERS)), "pass", "pass", "100", "pass", "pass", "pass"
    )
    assert state.rolling == 2
    order = []
    for _ in range(3):
        order.append(state.current_player)
        type_steps(state, "none")
    assert order == [3, 0, 1]
    assert state.view(None)["phase"] == "roll"


def test_a_side_bet_is_none_or_yes_or_no_from_100_to_1000_in_hundreds() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(JOKERS)), "100", "pass")
    legal = state.legal_actions()
    assert legal[0] == NO_BET
    assert {a.wager for a in legal if a.side == "yes"} == set(range(100, 1001, 100))
    assert {a.wager for a in legal if a.side == "no"} == set(range(100, 1001, 100))
    before = state.view(None)
    for bad in (Bet("yes", 1100), Bet("no", 150), Bet("no", 0), Bet("maybe", 100)):
        with pytest.raises(IllegalAction, match="legal: no bet"):
            state.apply(bad)
    assert state.view(None) == before


def test_a_side_bet_is_at_most_the_bettors_money() -> None:
    state = new_game(players=2, first_player=0, deck=deck(JOKERS))
    state.money[1] = 400
    auctioned(state, "100")
    type_steps(state, "pass")
    assert max(a.wager for a in state.legal_actions()) == 400


def test_the_side_bet_limit_is_an_option() -> None:
    state = auctioned(new_game(players=2, first_player=0, bet_limit=2500, deck=deck(JOKERS)), "100", "pass")
    assert max(a.wager for a in state.legal_actions()) == 2500


# ---------------------------------------------------------------- rolling and jokers
def test_the_roller_rolls_all_unmatched_dice_at_most_the_cards_rolls() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(PLAIN)), "pass", "pass", "none")
    assert state.position.dice == 5
    type_steps(state, "6 6 1 1 1")
    assert state.position.dice == 4 and state.rolls_left == 2
    type_steps(state, "1 1 1 1", "5 1 1 1")
    assert events(state, "settle")[-1]["success"] is False and state.position.dice == 3


def test_matching_dice_on_open_specific_slots_are_placed_automatically() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(PLAIN)), "pass", "pass", "none")
    type_steps(state, "6 5 5 4 4")
    assert state.view(None)["card"]["matched"] == [6, 5, 4]
    assert state.view(None)["phase"] == "roll"  # no jokers: nothing to decide


def test_the_first_die_on_a_joker_may_not_show_a_pictured_face() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(JOKERS)), "pass", "pass", "none")
    type_steps(state, "6 6 6 5 4")  # the third 6 and nothing else pictured
    assert state.legal_actions() == (Lock(4), WAIT)
    with pytest.raises(IllegalAction):
        state.apply(Lock(6))


def test_locking_is_offered_only_when_a_lockable_face_was_rolled() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(JOKERS)), "pass", "pass", "none")
    type_steps(state, "6 6 5 5 5")  # only pictured faces: no decision
    assert state.view(None)["phase"] == "roll" and state.current_player == -1


def test_once_locked_every_die_showing_the_locked_face_goes_on_a_joker() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(JOKERS)), "pass", "pass", "none")
    type_steps(state, "6 2 1 1 1", "lock 1")  # two 1s fill both jokers (the third cannot be placed)
    assert state.view(None)["card"]["matched"] == [6, 1, 1]
    state = auctioned(new_game(players=2, first_player=0, deck=deck(JOKERS)), "pass", "pass", "none")
    type_steps(state, "6 6 4 3 2", "lock 3", "5 3")  # the later 3 goes on the joker without asking
    assert events(state, "settle")[-1]["success"] is True and state.won[0] == [1]


def test_locking_is_optional_and_can_happen_on_any_roll() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(("6 6 5 J J", 3, 2500))), "pass", "pass", "none")
    type_steps(state, "6 6 5 4 3", "wait")
    assert state.position.jokers == 2 and state.position.locked == 0
    type_steps(state, "2 1", "lock 2")
    assert state.position.locked == 2 and state.position.jokers == 1


def test_the_roller_keeps_rolling_until_the_card_is_complete_or_the_rolls_are_used_up() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(PLAIN)), "pass", "pass", "none")
    type_steps(state, "6 5 4 3 2")
    assert events(state, "settle")[-1]["success"]
    assert sum(isinstance(step, Roll) for _, step in state.history) == 1  # no roll after completing


# ---------------------------------------------------------------- settling
def test_success_returns_the_bid_pays_the_payout_and_settles_the_bets() -> None:
    state = auctioned(new_game(players=3, first_player=0, deck=deck(PLAIN)), "700", "pass", "pass", "no 400", "yes 300")
    assert state.money == [4300, 5000, 5000]
    type_steps(state, "6 5 4 3 2")
    assert state.money == [5000 + 2000 + 400, 4600, 5300]
    assert state.won[0] == [1]


def test_failure_loses_the_bid_to_the_bank_and_settles_the_bets_the_other_way() -> None:
    state = auctioned(new_game(players=3, first_player=0, deck=deck(PLAIN)), "700", "pass", "pass", "no 400", "yes 300")
    type_steps(state, "1 1 1 1 1", "1 1 1 1 1", "1 1 1 1 1")
    assert state.money == [4300, 5400, 4700]
    assert state.won == [[], [], []]


def test_a_failed_card_continues_with_its_matched_dice_and_full_rolls() -> None:
    state = auctioned(new_game(players=2, first_player=0, deck=deck(JOKERS)), "pass", "pass", "none")
    type_steps(state, "6 5 3 1 1", "lock 3", "1 1")
    assert events(state, "continue")[-1]["matched"] == [6, 5, 3]
    assert state.card.id == 1 and state.position.locked == 3 and state.position.dice == 2
    type_steps(state, "pass", "pass", "none")
    assert state.rolls_left == 2
    type_steps(state, "6 3")
    assert state.won[0] == [1]


# ---------------------------------------------------------------- elimination and openers
def test_a_player_with_0_is_eliminated_at_once_and_their_cards_leave_with_them() -> None:
    state = new_game(players=3, first_player=0, money=1000, deck=deck(PLAIN, JOKERS, TWO_DICE), cards=3)
    auctioned(state, "100", "pass", "pass", "none", "none", "6 5 4 3 2")  # seat 0 wins card 1
    assert state.won[0] == [1] and state.money[0] == 3000
    state.money[0] = 300  # poorer later on: bets the rest and loses
    type_steps(
        state, "card 2", "pass", "100", "pass", "pass", "none", "yes 300", "1 1 1 1 1", "wait", "1 1 1 1 1", "wait"
    )
    assert not state.active[0] and state.won[0] == []
    assert events(state, "eliminated")[-1] == {"type": "eliminated", "seat": 0, "cards": [1]}


def test_after_a_failure_the_failed_roller_opens_the_next_auction() -> None:
    state = auctioned(
        new_game(players=3, first_player=0, deck=deck(PLAIN)), "pass", "100", "pass", "pass", "none", "none"
    )
    type_steps(state, "1 1 1 1 1", "1 1 1 1 1", "1 1 1 1 1")
    assert state.opener == 1 and state.current_player == 1


def test_an_eliminated_roller_passes_the_opening_to_the_next_active_player_on_the_left() -> None:
    state = new_game(players=4, first_player=0, deck=deck(PLAIN))
    state.active[3] = False  # out earlier
    state.money[3] = 0
    auctioned(state, "pass", "pass", "lc", "none", "none")
    type_steps(state, "1 1 1 1 1", "1 1 1 1 1", "1 1 1 1 1")
    assert not state.active[2]
    assert state.opener == 0 and state.current_player == 0  # seat 3 is out too


def test_after_a_success_the_completer_draws_the_next_card_and_opens() -> None:
    state = auctioned(
        new_game(players=3, first_player=0, deck=deck(PLAIN, JOKERS), cards=2),
        "pass",
        "100",
        "pass",
        "pass",
        "none",
        "none",
        "6 5 4 3 2",
    )
    assert state.view(None)["phase"] == "draw" and state.opener == 1
    type_steps(state, "card 2")
    assert state.current_player == 1


# ---------------------------------------------------------------- the end
def test_the_game_ends_when_the_agreed_number_of_cards_is_completed() -> None:
    state = new_game(players=2, first_player=0, deck=deck(PLAIN, JOKERS), cards=1)
    auctioned(state, "pass", "pass", "none", "6 5 4 3 2")
    assert state.is_terminal() and events(state, "end")[0]["reason"] == "every card is completed"


def test_the_winner_holds_a_card_and_has_the_most_money_among_those_who_do() -> None:
    state = new_game(players=3, first_player=0, deck=deck(PLAIN), cards=1)
    auctioned(state, "1000", "pass", "pass", "yes 1000", "yes 1000", "6 5 4 3 2")
    assert state.money == [6000 + 1000, 6000, 6000]
    assert state.winners() == [0]
    state = new_game(players=3, first_player=0, deck=deck(PLAIN), cards=1)
    auctioned(state, "3000", "pass", "pass", "yes 1000", "yes 1000", "6 5 4 3 2")
    assert state.money == [7000, 6000, 6000] and state.winners() == [0]
    state = new_game(players=2, first_player=0, deck=deck(PLAIN), cards=1)
    auctioned(state, "pass", "pass", "yes 1000", "6 5 4 3 2")
    assert state.money == [7000, 6000] and state.winners() == [0]


def test_a_richer_player_without_a_card_does_not_win() -> None:
    state = new_game(players=2, first_player=0, deck=deck(PLAIN), cards=1)
    state.money[1] = 20000
    auctioned(state, "pass", "pass", "none", "6 5 4 3 2")
    assert state.winners() == [0]


def test_tied_card_holders_share_the_win() -> None:
    state = new_game(players=2, first_player=0, deck=deck(PLAIN, ("5 5 5 5 5", 1, 2000)), cards=2)
    auctioned(state, "pass", "pass", "none", "6 5 4 3 2")  # seat 0: 7000
    type_steps(state, "card 2", "pass", "100", "pass", "none", "5 5 5 5 5")  # seat 1: 5000 - 100 + 100 + 2000
    assert state.money == [7000, 7000] and state.winners() == [0, 1]


def test_if_no_one_qualifies_nobody_wins() -> None:
    state = new_game(players=2, first_player=0, money=100, deck=deck(PLAIN))
    auctioned(state, "lc", "yes 100", "1 1 1 1 1", "1 1 1 1 1", "1 1 1 1 1")
    assert not any(state.active) and state.is_terminal()
    assert state.winners() == [] and events(state, "end")[0]["reason"] == "nobody is left"


def test_a_lone_surviving_player_keeps_playing_the_remaining_cards() -> None:
    state = new_game(players=2, first_player=0, deck=deck(PLAIN, JOKERS), cards=2)
    auctioned(state, "pass", "lc", "none", "1 1 1 1 1", "1 1 1 1 1", "1 1 1 1 1")
    assert state.active == [True, False]
    # No one to bid against or bet with: seat 0 rolls for free, attempt after attempt.
    assert state.view(None)["phase"] == "roll" and state.rolling == 0 and state.bid == 0
    type_steps(state, "1 1 1 1 1", "1 1 1 1 1", "6 5 4 3 1")
    assert state.rolling == 0 and state.position.dice == 1
    type_steps(state, "2", "card 2", "6 6 5 4 4", "lock 4")
    assert state.is_terminal() and state.winners() == [0]
    assert state.won[0] == [1, 2] and state.money[0] == 5000 + 2000 + 2500


def test_an_eliminated_player_never_acts_again() -> None:
    state = new_game(players=3, first_player=0, deck=deck(PLAIN, JOKERS), cards=2)
    auctioned(state, "lc", "none", "none", "1 1 1 1 1", "1 1 1 1 1", "1 1 1 1 1")
    seen = set()
    while not state.is_terminal():
        if state.current_player >= 0:
            seen.add(state.current_player)
            action = PASS if PASS in state.legal_actions() else state.legal_actions()[0]
            state.apply(action)
        else:
            state.apply(state.sample_chance())
    assert 0 not in seen
