"""The bots: `random` stays legal and sane, `odds` bids by the expected value, bets by the odds and
locks optimally, and both decide only from what their seat may see."""

from __future__ import annotations

import random

from lastchance_helpers import deck, new_game, type_steps

import highroller as hr
from highroller.core.dice import counts_from_faces
from highroller.games.lastchance.bots import OddsBot, RandomLastChanceBot, attempt_chance
from highroller.games.lastchance.odds import best_lock
from highroller.games.lastchance.steps import LAST_CHANCE, NO_BET, PASS, WAIT, Bet, Bid, Lock
from highroller.named_bots import play

JOKERS = ("6 6 5 J J", 2, 2500)
EASY = ("6 5 4 3 J", 10, 1000)  # 87% to complete


def test_the_spec_names_both_bots_and_they_finish_games() -> None:
    spec = hr.game_spec("lastchance")
    assert {"random", "odds"} <= set(spec.bots) and spec.default_bot == "odds"
    for bot in ("random", "odds"):
        final = play(hr.make("lastchance", players=4), [bot] * 4, seed=3)
        assert final.is_terminal()


def test_the_odds_bot_bids_the_minimum_while_under_its_share_of_the_expected_value() -> None:
    state = type_steps(new_game(players=2, first_player=0, deck=deck(JOKERS)), "card 1")
    value = float(attempt_chance(state.view(0))) * 2500  # about $210
    assert OddsBot(1).choose(state) == Bid(100)
    type_steps(state, "100", "200")
    assert value < 300
    assert OddsBot(1).choose(state) == PASS


def test_the_odds_bot_calls_last_chance_without_a_card_when_the_all_in_attempt_pays() -> None:
    state = new_game(players=2, first_player=0, money=500, deck=deck(EASY))
    type_steps(state, "card 1", "500")
    assert LAST_CHANCE in state.legal_actions()
    assert OddsBot(1).choose(state) == LAST_CHANCE


def test_the_odds_bot_bets_by_the_odds_and_keeps_three_quarters_of_its_money() -> None:
    state = type_steps(new_game(players=2, first_player=0, deck=deck(JOKERS)), "card 1", "100", "pass")
    assert OddsBot(1).choose(state) == Bet("no", 1000)  # 8% to complete: bet against
    state = type_steps(new_game(players=2, first_player=0, money=1200, deck=deck(EASY)), "card 1", "100", "pass")
    assert OddsBot(1).choose(state) == Bet("yes", 300)  # a quarter of $1,200
    state = type_steps(new_game(players=2, first_player=0, money=300, deck=deck(EASY)), "card 1", "100", "pass")
    assert OddsBot(1).choose(state) == NO_BET  # a quarter of $300 is under $100


def test_the_odds_bot_locks_jokers_optimally() -> None:
    state = type_steps(
        new_game(players=2, first_player=0, deck=deck(("J J J J J", 3, 4000))), "card 1", "pass", "pass", "none"
    )
    type_steps(state, "4 4 4 1 2")
    assert OddsBot(1).choose(state) == Lock(4)
    state = type_steps(
        new_game(players=2, first_player=0, deck=deck(("J J J J J", 3, 4000))), "card 1", "pass", "pass", "none"
    )
    type_steps(state, "1 2 3 4 6")
    assert best_lock(state.position, counts_from_faces([1, 2, 3, 4, 6]), 2) == 0
    assert OddsBot(1).choose(state) == WAIT


def test_bots_decide_only_from_what_their_seat_may_see() -> None:
    state = new_game(seed=11, players=3)
    rng = random.Random(0)
    bots = [OddsBot(5), RandomLastChanceBot(5)]
    for _ in range(300):
        if state.is_terminal():
            break
        if state.current_player < 0:
            state.apply(state.sample_chance())
            continue
        seat = state.current_player
        for make in (lambda: OddsBot(5), lambda: RandomLastChanceBot(5)):
            assert make().choose(state) == make().choose(state.resample(seat, rng))
        state.apply(bots[seat % 2].choose(state))


def test_the_random_bot_is_sane() -> None:
    rng = random.Random(1)
    for seed in range(20):
        state = new_game(seed=seed, players=4)
        bot = RandomLastChanceBot(seed)
        while not state.is_terminal():
            if state.current_player < 0:
                state.apply(state.sample_chance())
                continue
            action = bot.choose(state)
            assert action in state.legal_actions()
            if isinstance(action, Bid):
                assert action.amount <= state.card.payout
            if isinstance(action, Bet):
                assert action.wager <= min(500, state.money[state.current_player])
            if action == LAST_CHANCE:
                assert state.money[state.current_player] < 1000
            state.apply(action if rng.random() < 0.9 else state.legal_actions()[0])
