"""The solver checked by hand on tiny positions and against a brute force over real dice outcomes."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from luckiest_checks import LOPSIDED

from highroller.core.dice import multiset_table
from highroller.games.luckiest.cards import CARD_BY_ID, CARDS, card_masks, matching
from highroller.games.luckiest.faces import FaceTable, load_faces
from highroller.games.luckiest.model import turn_model
from highroller.games.luckiest.policy import Position, advise
from highroller.games.luckiest.solver import TIE, score_gains, score_values, solve_win, terminal
from highroller.games.luckiest.steps import BANK, BETS

DEFAULT = load_faces("default")


def mask(*cards: str) -> int:
    return sum(1 << CARD_BY_ID[c].index for c in cards)


def brute(faces: FaceTable, position: Position, bank: Callable[[int], Fraction], bust: Fraction) -> dict[str, Fraction]:
    """Each action's exact value, by trying every card on every multiset of real dice."""
    masks = card_masks(faces)

    @cache
    def bet(dice: int, used: int, points: int, card: int) -> Fraction:
        table = multiset_table(dice)
        total = Fraction(0)
        for counts, weight in zip(table.outcomes, table.weights):
            matched = matching(masks[card], counts)
            after = best(dice - matched, used | 1 << card, points + matched * CARDS[card].points) if matched else bust
            total += weight * after
        return total / table.total

    @cache
    def best(dice: int, used: int, points: int) -> Fraction:
        if not dice:
            return bank(points)
        options = [bet(dice, used, points, c.index) for c in CARDS if not used >> c.index & 1]
        return max(options + ([bank(points)] if used else []))

    values = {
        str(BETS[c.index]): bet(position.dice, position.used, position.points, c.index)
        for c in CARDS
        if not position.used >> c.index & 1
    }
    values["bank"] = bank(position.points)
    return values


POSITIONS = [
    (DEFAULT, Position(3, mask("number2", "cross"), 24)),  # Frank before he banks
    (DEFAULT, Position(3, mask("odd"), 9)),
    (DEFAULT, Position(2, mask("number1", "red", "even"), 17)),
    (LOPSIDED, Position(3, mask("number6"), 27)),
    (LOPSIDED, Position(2, mask("even", "cross"), 16)),
]


@pytest.mark.parametrize(("faces", "position"), POSITIONS)
def test_expected_score_matches_brute_force(faces: FaceTable, position: Position) -> None:
    exact = brute(faces, position, Fraction, Fraction(0))
    advice = advise(score_values(faces), 0, position, "score")
    for action, value in advice.values:
        assert value == pytest.approx(float(exact[str(action)]), abs=1e-12)
    assert advice.values[0][1] == pytest.approx(float(max(exact.values())), abs=1e-12)
    assert float(exact[str(advice.best)]) == pytest.approx(float(max(exact.values())), abs=1e-12)


@pytest.mark.parametrize(("faces", "position"), POSITIONS[:3])
@pytest.mark.parametrize("lead", [-30, -25, -24, -10, 0])
def test_last_turn_win_probability_matches_brute_force(faces: FaceTable, position: Position, lead: int) -> None:
    solution = solve_win(faces, 1, against_score=False)
    solved = solution.turn(1, np.array([lead]))
    exact = brute(
        faces,
        position,
        lambda p: Fraction(terminal(np.array(lead + p)).item()),
        Fraction(terminal(np.array(lead)).item()),
    )
    for action, value in advise(solved, 0, position, "win").values:
        assert value == pytest.approx(float(exact[str(action)]), abs=1e-12)


def test_one_die_left_by_hand() -> None:
    advice = advise(score_values(DEFAULT), 0, Position(1, mask("number1", "odd"), 19), "score")
    values = {str(a): v for a, v in advice.values}
    assert advice.best == BANK and values["bank"] == 19
    assert values["bet on even"] == pytest.approx(20 / 2)
    assert values["bet on cross"] == pytest.approx(21 / 3)
    assert values["bet on number 4"] == pytest.approx(22 / 6)


def test_two_dice_on_a_number_by_hand() -> None:
    # k = 0 busts (25/36); k = 1 leaves one die and 13 points, which banks (10/36); k = 2 gives 16 (1/36)
    values = dict(advise(score_values(DEFAULT), 0, Position(2, mask("odd"), 10), "score").values)
    assert values[BETS[CARD_BY_ID["number3"].index]] == pytest.approx((10 * 13 + 16) / 36)


def test_the_win_objective_takes_a_long_shot_when_behind() -> None:
    # the last turn, 20 behind, 19 points on the cards, one die: banking loses, a shape or colour wins 1/3
    solution = solve_win(DEFAULT, 1, against_score=False)
    advice = advise(solution.turn(1, np.array([-20])), 0, Position(1, mask("number1", "odd"), 19), "win")
    values = {str(a): v for a, v in advice.values}
    assert values["bank"] == 0 and values["bet on even"] == pytest.approx(TIE / 2)
    assert str(advice.best) == "bet on circle" and values["bet on circle"] == pytest.approx(1 / 3)
    assert values["bet on number 2"] == pytest.approx(1 / 6)


def test_headline_numbers() -> None:
    solved = score_values(DEFAULT)
    assert solved.start[0] == pytest.approx(15.731851972532, abs=1e-9)
    gains = score_gains(DEFAULT)
    assert gains.sum() == pytest.approx(1.0) and gains @ np.arange(gains.size) == pytest.approx(solved.start[0])
    solution = solve_win(DEFAULT, 4)
    assert solution.first_player == pytest.approx(0.401301098, abs=1e-8)
    assert solution.score_vs_score == pytest.approx(0.5, abs=1e-12)  # same policy, same gains: a fair game
    assert solution.edge is not None and solution.edge > 0


def test_the_model_groups_alike_cards() -> None:
    model = turn_model(DEFAULT)
    assert [(k.faces, k.points, len(k.cards)) for k in model.classes] == [(3, 1, 2), (2, 2, 6), (1, 3, 6)]
    lopsided = turn_model(LOPSIDED)
    # crosses and circles on three faces each, squares and orange on none
    assert sorted((k.faces, k.points, len(k.cards)) for k in lopsided.classes) == [
        (0, 2, 2),
        (1, 3, 6),
        (3, 1, 2),
        (3, 2, 4),
    ]
