"""The batch kernel plays the step engine's rules on any table, not only on the tables sampled games
reach: the casinos' bit-mask scoring and the bandit's places, what a placement would win, the greedy
bot's choices, the heuristic bot's values (compiled as a model for the `expert` bot) and the legal actions.

A table is drawn whole (`tables`): any dice per owner on each casino (the neutral owner's up to every
neutral die a game can hold, less the most a roll can add, so that a placement never takes a casino
past what a game can hold), any bills, any pips and top faces at the bandit, any faces already on
it, and any roll of any seat. It is set on a step-engine state, which then takes the roll, and copied
into a kernel row (`kernel_rows.decision_row`, as the `expert` bot makes them).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.core.dice import Counts, counts_from_faces
from highroller.core.errors import RulesError
from highroller.core.state import CHANCE
from highroller.games.lasvegas import batch_kernel as kernel
from highroller.games.lasvegas.batch import Setup
from highroller.games.lasvegas.bots import GreedyBot, best_placements
from highroller.games.lasvegas.heuristic import HeuristicBot
from highroller.games.lasvegas.heuristic_kernel import heuristic_choices
from highroller.games.lasvegas.kernel_rows import decision_row
from highroller.games.lasvegas.phases import ROLL
from highroller.games.lasvegas.roll_tables import ACTIONS
from highroller.games.lasvegas.rules import EDITIONS, MAX_DICE, resolve_rules
from highroller.games.lasvegas.scoring import pay, rank_bandit, rank_casino
from highroller.games.lasvegas.state import BANDIT_INDEX, LasVegasState
from highroller.games.lasvegas.steps import Place, Roll

MOST_BILLS = 5
"""Bills a casino may hold in these tables."""
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = st.integers(0, 3)
"""Small numbers, so that equal counts, pips and bills are common."""


def faces(most: int) -> st.SearchStrategy[Counts]:
    """Counts per face of up to `most` dice."""
    return st.lists(st.integers(1, 6), max_size=most).map(counts_from_faces)


@st.composite
def tables(draw: st.DrawFn) -> LasVegasState:
    """A state where a seat has just rolled, at any table (see the module docstring)."""
    players = draw(st.integers(2, 6))
    game = hr.make(
        "lasvegas",
        edition="biggie",
        players=players,
        bandit=draw(st.booleans()),
        stock_amount=MOST_BILLS,
        rounds=1,
        untaken="under",
        first_player=0,
    )
    state = game.new_game(0)
    assert isinstance(state, LasVegasState)
    casinos, owners = state.rules.casinos, state.rules.owners
    seat_dice = FEW | st.integers(0, MAX_DICE + 2)
    neutral_dice = FEW | st.integers(0, kernel.MOST_DICE - MAX_DICE)
    bill = st.sampled_from([10_000, 20_000, 30_000]) | st.integers(1, 10**9)
    state.dice = [[draw(seat_dice) for _ in range(players)] + [draw(neutral_dice)] for _ in range(casinos)]
    state.casino_bills = [sorted(draw(st.lists(bill, max_size=MOST_BILLS)), reverse=True) for _ in range(casinos)]
    state.pips = [draw(FEW | st.integers(0, 6 * kernel.MOST_DICE)) for _ in range(owners)]
    state.top = [draw(st.integers(0, 6)) for _ in range(owners)]
    state.bandit_faces = draw(st.integers(0, 63)) << 1
    own, biggie, neutral = draw(faces(MAX_DICE)), draw(st.integers(0, 6)), draw(faces(MAX_DICE))
    if not (sum(own) or biggie or sum(neutral)):
        own = counts_from_faces([draw(st.integers(1, 6))])
    seat = state.turn = draw(st.integers(0, players - 1))
    state.own[seat], state.biggie[seat], state.neutral[seat] = sum(own), biggie > 0, sum(neutral)
    state.phase, state.current_player = ROLL, CHANCE
    state.apply(Roll(own, biggie, neutral))
    return state


def codes(actions: tuple[Place, ...] | list[Place]) -> int:
    """Placements as a bit mask of the kernel's action codes."""
    return sum(1 << ACTIONS.index(action) for action in actions)


def at_decision(state: LasVegasState) -> tuple[np.ndarray, np.ndarray, int]:
    """The state's kernel row, the kernel's rule parameters and the legal codes of its roll."""
    row = decision_row(state)
    return row, Setup(state.rules).params, kernel.legal_mask(row, state.rules.bandit)


def column(setup: Setup, row: np.ndarray, name: str) -> list:
    return setup.column(row[None], name)[0].tolist()


@SETTINGS
@given(tables())
def test_the_kernel_scores_as_the_step_engine(state: LasVegasState) -> None:
    setup = Setup(state.rules)
    row = decision_row(state)
    players = state.rules.players
    for index, (on, bills) in enumerate(zip(state.dice, state.casino_bills)):
        ranking = rank_bandit(on, state.pips, state.top, players) if index == BANDIT_INDEX else rank_casino(on)
        paid = pay(bills, ranking)[0]
        assert [kernel._payout(row, setup.params, index, seat) for seat in range(players)] == [
            paid.get(seat, 0) for seat in range(players)
        ]
    kernel._score(row, setup.params, (kernel.RANDOM,) * players)
    state._score_round()
    assert column(setup, row, "money") == column(setup, row, "round_money")[0] == state.money
    assert column(setup, row, "won") == [len(won) for won in state.won]
    assert column(setup, row, "round_bills")[0] == sum(len(won) for won in state.won)
    assert column(setup, row, "under")[: row[kernel.UNDER_SIZE]] == state.under


@SETTINGS
@given(tables())
def test_the_kernels_greedy_bot_chooses_among_the_step_bots_best(state: LasVegasState) -> None:
    row, params, mask = at_decision(state)
    best = kernel.greedy_choices(row, params, mask)
    assert best == codes(best_placements(state))
    assert np.array_equal(row, decision_row(state)), "the placements weighed are taken back"
    assert best >> kernel._greedy(row, params, mask) & 1
    assert best >> ACTIONS.index(GreedyBot(0).choose(state)) & 1


@SETTINGS
@given(tables())
def test_the_compiled_heuristic_values_every_placement_as_the_heuristic_bot(state: LasVegasState) -> None:
    row, params, mask = at_decision(state)
    values = np.full(12, np.nan)
    best = heuristic_choices(row, params, mask, values)
    bot = HeuristicBot(0)
    expected = {ACTIONS.index(action): bot.value(state, action) for action in state.legal_actions()}
    assert {a: values[a] for a in expected} == expected, "the same terms in the same order give the same numbers"
    top = max(expected.values())
    assert best == sum(1 << a for a, value in expected.items() if value >= top - 1e-9)
    assert np.array_equal(row, decision_row(state)), "the placements weighed are taken back"
    assert best >> ACTIONS.index(bot.choose(state)) & 1


@SETTINGS
@given(tables())
def test_the_kernels_legal_mask_is_the_states_legal_actions(state: LasVegasState) -> None:
    setup = Setup(state.rules)
    legal = state.legal_actions()
    assert kernel.legal_masks(decision_row(state)[None], setup.params).tolist() == [codes(legal)]
    assert list(legal) == sorted(legal, key=ACTIONS.index), "in code order, so both engines break ties alike"


def test_no_rule_set_puts_more_dice_on_a_casino_than_the_kernel_counts() -> None:
    for edition, preset in EDITIONS.items():
        players = max(preset["neutral_dice"])
        most = {"neutral_dice": MAX_DICE, "neutral_leftover": MAX_DICE, "dice_per_player": MAX_DICE, "biggie": True}
        rules = resolve_rules(edition=edition, players=players, neutral=True, **most)
        assert rules.dice_per_player + 2 <= kernel.MOST_DICE
        assert rules.players * rules.neutral_dice + rules.neutral_leftover <= kernel.MOST_DICE
        with pytest.raises(RulesError):
            resolve_rules(edition=edition, players=players + 1, neutral=True)
    for option in ("dice_per_player", "neutral_dice", "neutral_leftover"):
        with pytest.raises(RulesError):
            resolve_rules(players=4, neutral=True, **{option: MAX_DICE + 1})
