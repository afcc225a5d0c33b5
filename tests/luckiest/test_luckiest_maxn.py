"""The max-n solver of 3 players and more, checked against a brute force in exact fractions over real
dice on short games (fewer dice, one or two rounds), against the 2-player solver, compiled against
NumPy, and its tie rules on turns built to tie."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from luckiest_checks import LOPSIDED

from highroller.core.dice import multiset_table
from highroller.games.luckiest.cards import CARDS, card_masks, matching
from highroller.games.luckiest.faces import FaceTable, load_faces
from highroller.games.luckiest.maxn.solution import TieRule, solve_maxn
from highroller.games.luckiest.maxn.turn import TIE_NAMES, compiled_turns, numpy_turns, play_turn
from highroller.games.luckiest.model import BANK_CODE, turn_model
from highroller.games.luckiest.solver import solve_win

DEFAULT = load_faces("default")

Chances = tuple[Fraction, ...]


class Brute:
    """Max-n over the whole game tree in exact fractions: every card tried on every multiset of real
    dice, the mover taking the first choice best for itself (bank, then the cards class by class)."""

    def __init__(self, faces: FaceTable, players: int, rounds: int, dice: int) -> None:
        self.players, self.turns, self.dice = players, players * rounds, dice
        self.masks = card_masks(faces)
        model = turn_model(faces, dice)
        self.order = sorted(CARDS, key=lambda card: model.class_of[card.index])
        self.start = cache(self._start)
        self.inside = cache(self._inside)

    def _start(self, turn: int, scores: tuple[int, ...]) -> Chances:
        if turn == self.turns:
            top = [seat for seat, score in enumerate(scores) if score == max(scores)]
            return tuple(Fraction(1, len(top)) if seat in top else Fraction(0) for seat in range(self.players))
        return self.inside(turn, scores, self.dice, 0, 0)

    def banked(self, turn: int, scores: tuple[int, ...], points: int) -> Chances:
        after = list(scores)
        after[turn % self.players] += points
        return self.start(turn + 1, tuple(after))

    def _inside(self, turn: int, scores: tuple[int, ...], left: int, used: int, points: int) -> Chances:
        if not left:
            return self.banked(turn, scores, points)
        options = [self.banked(turn, scores, points)] if used else []
        options += [
            self.bet(turn, scores, left, used, points, card.index) for card in self.order if not used >> card.index & 1
        ]
        mover = turn % self.players
        best = max(option[mover] for option in options)
        return next(option for option in options if option[mover] == best)

    def bet(self, turn: int, scores: tuple[int, ...], left: int, used: int, points: int, card: int) -> Chances:
        table = multiset_table(left)
        total = [Fraction(0)] * self.players
        for counts, weight in zip(table.outcomes, table.weights):
            matched = matching(self.masks[card], counts)
            if matched:
                after = self.inside(
                    turn, scores, left - matched, used | 1 << card, points + matched * CARDS[card].points
                )
            else:
                after = self.banked(turn, scores, 0)
            total = [t + weight * a for t, a in zip(total, after)]
        return tuple(t / table.total for t in total)


@pytest.mark.parametrize(
    ("faces", "players", "rounds", "dice"),
    [
        pytest.param(DEFAULT, 3, 1, 3, marks=pytest.mark.slow),  # a minute or more each, by brute force
        pytest.param(DEFAULT, 3, 2, 2, marks=pytest.mark.slow),
        (LOPSIDED, 3, 1, 2),
        pytest.param(DEFAULT, 4, 1, 2, marks=pytest.mark.slow),
    ],
)
def test_every_turn_start_matches_brute_force(faces: FaceTable, players: int, rounds: int, dice: int) -> None:
    solution = solve_maxn(faces, players, rounds, dice=dice)
    brute = Brute(faces, players, rounds, dice)
    grid = solution.grid
    checked = 0
    for turn in range(grid.turns):
        table = solution.start[turn]
        assert table is not None
        for column in grid.columns(turn):
            diffs = np.unravel_index(column, grid.shape)
            scores = (grid.span, *(grid.span + int(d) - grid.span for d in diffs))
            exact = brute.start(turn, scores)
            assert table[:, column] == pytest.approx([float(x) for x in exact], abs=1e-12)
            checked += 1
    assert checked > 100


def test_chances_inside_a_turn_match_brute_force() -> None:
    solution = solve_maxn(DEFAULT, 3, 1, dice=3)
    brute = Brute(DEFAULT, 3, 1, 3)
    model = turn_model(DEFAULT, 3)
    for turn, scores in [(1, [6, 0, 0]), (2, [3, 5, 0]), (2, [9, 0, 0])]:
        for dice, used in model.states:
            for points in model.reachable_points(dice, used)[:3]:
                if dice == 3:
                    continue
                mask = 0
                for j, count in enumerate(used):
                    for card in model.classes[j].cards[:count]:
                        mask |= 1 << card
                exact = brute.inside(turn, tuple(scores), dice, mask, points)
                assert solution.chances(turn, scores, (dice, used, points)) == pytest.approx(
                    [float(x) for x in exact], abs=1e-12
                )


def test_two_players_agree_with_the_two_player_solver() -> None:
    two = solve_win(DEFAULT, 2, against_score=False)
    many = solve_maxn(DEFAULT, 2, 2)
    assert many.chances(0, [0, 0])[0] == pytest.approx(two.first_player, abs=1e-12)
    for turn in range(4):
        table = many.start[turn]
        assert table is not None
        for column in many.grid.columns(turn):
            lead = int(column) - many.grid.span  # seat 1 minus seat 0
            mover_lead = -lead if turn % 2 == 0 else lead
            assert table[turn % 2, column] == pytest.approx(two.start[turn, mover_lead + two.span], abs=1e-12)


def test_compiled_and_numpy_solve_alike() -> None:
    compiled = solve_maxn(DEFAULT, 3, 1, compiled=True)
    plain = solve_maxn(DEFAULT, 3, 1, compiled=False)
    for turn in range(3):
        assert np.allclose(compiled.start[turn], plain.start[turn], atol=1e-13, equal_nan=True)


def test_compiled_and_numpy_choose_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    solution = solve_maxn(DEFAULT, 3, 1)
    situations = solution.grid.differences(solution.grid.columns(2)[::7])
    compiled = solution.choices(2, situations)
    monkeypatch.setattr("highroller.games.luckiest.maxn.turn.compiled_available", lambda: False)
    assert (solution.choices(2, situations) == compiled).all()
    assert {int(code) for code in np.unique(compiled)} >= {BANK_CODE, 0, 2}


@pytest.mark.parametrize("compiled", [True, False])
def test_tie_rules_on_a_turn_where_every_choice_ties(monkeypatch: pytest.MonkeyPatch, compiled: bool) -> None:
    """A mover whose chance is the same whatever it does: the first rule banks at once, the others
    take what is best or worst for the root, whose utility here is the turn's points."""
    monkeypatch.setattr("highroller.games.luckiest.maxn.turn.compiled_available", lambda: compiled)
    model = turn_model(DEFAULT)
    size = model.points_cap(0) + 1
    flat = np.zeros((1, size))
    points = np.arange(size, dtype=float)[None, :] / 36
    turns = compiled_turns if compiled else numpy_turns

    def expected(rule: str) -> float:
        return float(turns(DEFAULT, 12, flat, None if rule == "first" else points, rule).gains[0] @ np.arange(size))

    assert expected("for") == pytest.approx(15.731852, abs=1e-6)  # the expected-score policy
    assert expected("first") == pytest.approx(6.0)  # bet on odd/even (6 dice match on average), then bank
    assert expected("against") < 0.5  # bet on until the dice bust
    first = play_turn(model, flat.T).solved
    assert all(
        int(codes[points_row, 0]) == BANK_CODE
        for (dice, used), codes in first.codes.items()
        if any(used)
        for points_row in range(codes.shape[0])
    )


def test_tie_rules_change_nothing_and_paranoia_costs_the_root() -> None:
    """Ties in Luckiest Dice come where the mover's chance is 0 or 1 whatever it does, and then no
    one else's chance depends on its choice: every tie rule gives the same tables. In the paranoid
    game a seat can make sure of less than max-n gives it."""
    base = solve_maxn(DEFAULT, 3, 1)
    for name in TIE_NAMES[1:3]:
        for root in range(3):
            other = solve_maxn(DEFAULT, 3, 1, TieRule(name, root))
            assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(base.start, other.start))
    for root in range(3):
        paranoid = solve_maxn(DEFAULT, 3, 1, TieRule("paranoid", root)).chances(0, [0, 0, 0])[root]
        assert paranoid < base.chances(0, [0, 0, 0])[root]


def test_chances_add_up_and_seats_after_the_first_do_better() -> None:
    solution = solve_maxn(DEFAULT, 3, 2)
    for turn in range(6):
        table = solution.start[turn]
        assert table is not None
        columns = solution.grid.columns(turn)
        assert np.allclose(table[:, columns].sum(axis=0), 1.0, atol=1e-12)
    first, second, third = solution.chances(0, [0, 0, 0])
    assert first < second < third
