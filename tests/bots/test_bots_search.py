"""The Las Vegas search and heuristic bots and the Last Chance bidder: small facts that hold exactly."""

from __future__ import annotations

from fractions import Fraction

import pytest

import highroller as hr
from highroller.core.state import CHANCE
from highroller.games.lastchance.bidding import failure_chance
from highroller.games.lastchance.odds import probability
from highroller.games.lastchance.position import start
from highroller.games.lastchance.rules import resolve_rules
from highroller.games.lasvegas.bots import GreedyBot
from highroller.games.lasvegas.heuristic import HeuristicBot, dice_left
from highroller.games.lasvegas.search import SearchBot, reward_of
from highroller.games.lasvegas.state import LasVegasState


def _first_decision(seed: int, **options: object) -> LasVegasState:
    state = hr.make("lasvegas", first_player=0, **options).new_game(seed)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    assert isinstance(state, LasVegasState)
    return state


def _same_position_other_future(state: LasVegasState, seed: int) -> LasVegasState:
    """The same table reached by the same steps, but with another seed: another future."""
    other = state.game.new_game(seed)
    for _, step in state.history:
        other.apply(step)
    assert isinstance(other, LasVegasState) and other.view(0) == state.view(0) and other.seed != state.seed
    return other


def test_search_does_not_depend_on_the_real_future() -> None:
    for seed in range(4):
        state = _first_decision(seed, players=3)
        other = _same_position_other_future(state, seed + 1000)
        assert SearchBot(7, iterations=30).choose(state) == SearchBot(7, iterations=30).choose(other)


def test_search_returns_the_only_legal_move_at_once() -> None:
    state = _first_decision(0, players=2)
    only = state.legal_actions()[0]
    state.legal = (only,)
    assert SearchBot(1, iterations=10**9).choose(state) == only


def _after_round(state: LasVegasState, rounds_played: int) -> LasVegasState:
    """The game played on by `greedy` choices and sampled dice until `rounds_played` rounds are scored."""
    bots = [GreedyBot(seat) for seat in range(state.rules.players)]
    while state.round < rounds_played and not state.is_terminal():
        seat = state.current_player
        state.apply(state.sample_chance() if seat == CHANCE else bots[seat].choose(state))
    return state


def test_standing_reward_is_a_chance_of_winning() -> None:
    state = _after_round(_first_decision(3, players=4), 1)
    shares = [reward_of(state, seat, "standing") for seat in range(4)]
    assert sum(shares) == pytest.approx(1.0) and all(0 < share < 1 for share in shares)
    richest = max(range(4), key=lambda seat: state.money[seat])
    assert max(shares) == shares[richest]
    sharper = [reward_of(state, seat, "standing", spread=0.25) for seat in range(4)]
    assert sharper[richest] > shares[richest]
    field = reward_of(state, 0, "field")
    assert field == pytest.approx((state.money[0] - sum(state.money[1:]) / 3) / 100_000)


def test_standing_reward_after_the_last_round_is_the_win_share() -> None:
    state = _after_round(_first_decision(5, players=3), 4)
    assert state.is_terminal()
    winners = state.winners()
    assert [reward_of(state, seat, "standing") for seat in range(3)] == [
        1 / len(winners) if s in winners else 0.0 for s in range(3)
    ]


def test_search_refuses_a_bad_reward_or_spread() -> None:
    with pytest.raises(ValueError, match="standing"):
        SearchBot(1, reward="win")
    with pytest.raises(ValueError, match="spread"):
        SearchBot(1, spread=0)


def test_heuristic_counts_the_biggie_as_two_dice() -> None:
    state = _first_decision(1, players=2, edition="biggie")
    assert dice_left(state, 1) == 6 + 2
    assert HeuristicBot(2).choose(state) in state.legal_actions()


def test_what_a_failure_leaves_is_at_most_the_chance_of_failing() -> None:
    for card in resolve_rules().deck[:12]:
        position = start(card)
        for rolls in range(card.rolls + 1):
            leaves = failure_chance(position, rolls, card.rolls)
            assert 0 <= leaves <= 1 - probability(position, rolls)
        assert failure_chance(position, 0, card.rolls) == probability(position, card.rolls)


def test_a_complete_card_leaves_nothing() -> None:
    card = resolve_rules().deck[0]
    done = start(card)
    done = type(done)((0,) * 6, 0, done.locked, done.pictured)
    assert failure_chance(done, 2, card.rolls) == Fraction(0)
