"""The Las Vegas search and heuristic bots and the Last Chance bidder: small facts that hold exactly."""

from __future__ import annotations

from fractions import Fraction

import highroller as hr
from highroller.core.state import CHANCE
from highroller.games.lastchance.bidding import failure_chance
from highroller.games.lastchance.odds import probability
from highroller.games.lastchance.position import start
from highroller.games.lastchance.rules import resolve_rules
from highroller.games.lasvegas.heuristic import HeuristicBot, dice_left
from highroller.games.lasvegas.search import SearchBot
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
