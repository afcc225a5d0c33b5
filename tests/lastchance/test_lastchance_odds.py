"""The exact odds: hand-computed values, an independent brute force over ordered rolls, and simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from highroller.core.dice import counts_from_faces
from highroller.games.lastchance.bench import solve_deck
from highroller.games.lastchance.cards import Card, load_deck, parse_dice
from highroller.games.lastchance.odds import (
    best_lock,
    card_probability,
    deck_odds,
    lock_values,
    probability,
    reachable_positions,
)
from highroller.games.lastchance.position import Position, lock, lockable, matched_position, place, start


def card(dice: str, rolls: int, payout: int = 1000) -> Card:
    faces, jokers = parse_dice(dice)
    return Card(0, faces, jokers, rolls, payout)


# ---------------------------------------------------------------- values by hand
def test_five_jokers_in_one_roll_is_any_five_of_a_kind() -> None:
    assert card_probability(card("J J J J J", 1)) == Fraction(6, 6**5) == Fraction(1, 1296)


def test_a_full_specific_card_in_one_roll_is_its_arrangements_over_6_to_the_5() -> None:
    assert card_probability(card("6 6 5 5 4", 1)) == Fraction(30, 6**5)  # 5!/(2!2!1!) orders
    assert card_probability(card("5 4 3 2 1", 1)) == Fraction(120, 6**5)


def test_a_straight_with_a_joker_in_one_roll_lets_the_joker_be_either_missing_end() -> None:
    assert card_probability(card("5 4 3 2 J", 1)) == Fraction(2 * 120, 6**5)  # the joker shows 1 or 6


def test_one_die_left_with_k_rolls_is_one_minus_five_sixths_to_the_k() -> None:
    sample = card("6 6 5 J J", 2)
    position = matched_position(sample, [6, 5, 3, 3])
    for k in range(5):
        assert probability(position, k) == 1 - Fraction(5, 6) ** k
    assert probability(position, 2) == Fraction(11, 36)  # Katie's chance in the sample round


def test_an_open_joker_alone_takes_any_unpictured_face() -> None:
    sample = card("6 6 5 5 J", 1)
    assert probability(matched_position(sample, [6, 6, 5, 5]), 1) == Fraction(4, 6)


def test_nan_after_her_first_roll_locking_3s_or_waiting_is_a_tie() -> None:
    sample = card("6 6 5 J J", 2)
    after, left = place(start(sample), counts_from_faces([6, 5, 5, 3, 1]))
    values = dict(lock_values(after, left, 1))
    assert values == {0: Fraction(1, 18), 1: Fraction(1, 18), 3: Fraction(1, 18)}
    assert best_lock(after, left, 1) == 0  # ties go to waiting


def test_the_best_lock_depends_on_the_roll() -> None:
    five = card("J J J J J", 3)
    after, left = place(start(five), counts_from_faces([1, 2, 3, 4, 6]))
    values = dict(lock_values(after, left, 2))
    assert best_lock(after, left, 2) == 0 and values[0] > max(v for f, v in values.items() if f)  # all different: wait
    after, left = place(start(five), counts_from_faces([4, 4, 4, 1, 2]))
    assert best_lock(after, left, 2) == 4  # three of a kind: lock them


def test_a_lone_joker_is_best_left_open_while_sixes_are_still_needed() -> None:
    sixes = card("6 6 6 6 J", 6)
    after, left = place(start(sixes), counts_from_faces([6, 5, 2, 2, 1]))
    values = dict(lock_values(after, left, 5))
    assert best_lock(after, left, 5) == 0 and values[0] > 2 * values[5]  # the open joker's die can still roll a 6


# ---------------------------------------------------------------- an independent brute force
def brute(dice: str, matched: list[int], rolls: int) -> Fraction:
    """Expectimax over ordered rolls and explicit slot lists, written without the DP's helpers."""
    faces, jokers = parse_dice(dice)
    pictured = set(faces)
    slots = list(faces)
    for face in matched:
        if face in slots:
            slots.remove(face)
    on_jokers = [f for f in matched if f not in pictured]

    @cache
    def value(open_faces: tuple[int, ...], open_jokers: int, locked: int, k: int) -> Fraction:
        n = len(open_faces) + open_jokers
        if n == 0:
            return Fraction(1)
        if k == 0:
            return Fraction(0)
        total = Fraction(0)
        for roll in product(range(1, 7), repeat=n):
            still = list(open_faces)
            unplaced = []
            for die in roll:
                if die in still:
                    still.remove(die)
                else:
                    unplaced.append(die)
            jokers_left = open_jokers
            if locked:
                jokers_left -= min(jokers_left, unplaced.count(locked))
            key = tuple(sorted(still))
            options = [value(key, jokers_left, locked, k - 1)]
            if not locked and jokers_left:
                for face in set(unplaced) - pictured:
                    options.append(value(key, jokers_left - min(jokers_left, unplaced.count(face)), face, k - 1))
            total += max(options)
        return total / 6**n

    return value(tuple(sorted(slots)), jokers - len(on_jokers), on_jokers[0] if on_jokers else 0, rolls)


CASES = [
    ("6 6 5 J J", [6, 5], 2),
    ("6 6 5 J J", [6, 6, 5], 3),
    ("6 6 5 J J", [6, 5, 3], 3),
    ("J J J J J", [2, 2], 3),
    ("J J J J J", [4, 4, 4], 2),
    ("1 1 1 1 J", [1, 1], 3),
    ("6 5 4 3 2", [6, 5], 3),
    ("6 6 5 5 4", [6, 5, 5], 4),
    ("5 J J J J", [5, 1], 2),
    ("6 3 J J J", [], 1),
    ("J J J J J", [1], 2),
    ("4 4 J J J", [4, 4], 3),
    ("2 2 1 1 J", [2, 1], 2),
]


@pytest.mark.parametrize(("dice", "matched", "rolls"), CASES)
def test_the_dp_equals_a_brute_force_over_ordered_rolls(dice: str, matched: list[int], rolls: int) -> None:
    sample = card(dice, rolls)
    assert probability(matched_position(sample, matched), rolls) == brute(dice, matched, rolls)


@pytest.mark.slow
def test_the_dp_equals_the_brute_force_on_a_fresh_five_dice_card() -> None:
    assert card_probability(card("6 6 5 J J", 2)) == brute("6 6 5 J J", [], 2)


# ---------------------------------------------------------------- simulation
def simulate(sample: Card, trials: int, rng: random.Random) -> float:
    """Play the optimal lock policy with real random dice; the share of attempts that complete."""
    wins = 0
    for _ in range(trials):
        position = start(sample)
        for used in range(1, sample.rolls + 1):
            roll = counts_from_faces([rng.randint(1, 6) for _ in range(position.dice)])
            position, left = place(position, roll)
            if lockable(position, left):
                face = best_lock(position, left, sample.rolls - used)
                if face:
                    position = lock(position, left, face)[0]
            if position.complete:
                wins += 1
                break
    return wins / trials


@pytest.mark.parametrize(("dice", "rolls"), [("J J J J J", 3), ("6 6 5 J J", 2), ("1 1 1 1 J", 4), ("6 6 5 5 4", 5)])
def test_simulated_play_agrees_with_the_exact_odds(dice: str, rolls: int) -> None:
    sample = card(dice, rolls)
    exact = float(card_probability(sample))
    trials = 6000
    seen = simulate(sample, trials, random.Random(dice))
    sigma = (exact * (1 - exact) / trials) ** 0.5
    assert abs(seen - exact) < 4 * sigma


# ---------------------------------------------------------------- the whole deck
def test_every_reachable_position_of_the_deck_is_solved_in_under_2_seconds() -> None:
    cards, positions, seconds = solve_deck()
    assert cards == 36 and positions > 1000
    assert seconds < 2.0


def test_reachable_positions_include_fresh_partial_and_locked_ones() -> None:
    sample = card("6 6 5 J J", 2)
    positions = reachable_positions(sample)
    assert start(sample) in positions
    assert matched_position(sample, [6, 5, 3, 3]) in positions
    assert all(not p.locked or p.jokers < 2 for p in positions)
    assert len(positions) == len(set(positions)) == 3 * 2 * (1 + 2 * 4)


def test_deck_odds_are_probabilities_with_expected_values() -> None:
    for row in deck_odds(load_deck()):
        assert 0 < row.probability < 1
        assert row.expected_value == row.probability * row.card.payout


def test_probability_refuses_negative_rolls() -> None:
    with pytest.raises(ValueError):
        probability(Position((0,) * 6, 1, 0, 0), -1)
