"""The schedule: every deal at every table in every seating, all from the deal's seed."""

from __future__ import annotations

from collections import Counter

import highroller as hr
from highroller.core.state import CHANCE
from highroller.tournament import run_tournament, schedule
from highroller.tournament.match import play_match
from highroller.tournament.schedule import seatings, tables


def test_two_bots_two_seats_swap_seats_on_the_same_seed() -> None:
    matches = schedule(["a", "b"], 2, 3, series=1)
    assert [(m.deal, m.seating, m.bots) for m in matches[:2]] == [(0, 0, ("a", "b")), (0, 1, ("b", "a"))]
    assert len(matches) == 6
    for deal in range(3):
        assert len({m.seed for m in matches if m.deal == deal}) == 1
    assert len({m.seed for m in matches}) == 3


def test_one_against_three_sits_once_in_every_seat() -> None:
    matches = schedule(["mcts", "greedy", "greedy", "greedy"], 4, 1, series=5)
    assert len(matches) == 4
    assert sorted(m.bots.index("mcts") for m in matches) == [0, 1, 2, 3]


def test_distinct_bots_play_every_permutation() -> None:
    assert len(seatings(("a", "b", "c"))) == 6
    assert Counter(s[0] for s in seatings(("a", "b", "c", "d"))) == {"a": 6, "b": 6, "c": 6, "d": 6}


def test_large_tables_rotate_and_more_bots_than_seats_meet_at_every_table() -> None:
    assert seatings(("a", "b", "c", "d", "e")) == [
        ("a", "b", "c", "d", "e"),
        ("b", "c", "d", "e", "a"),
        ("c", "d", "e", "a", "b"),
        ("d", "e", "a", "b", "c"),
        ("e", "a", "b", "c", "d"),
    ]
    assert tables(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert tables(["a", "b"], 4) == [("a", "b", "a", "b")]
    round_robin = schedule(["a", "b", "c"], 2, 2, series=0)
    assert [m.bots for m in round_robin[:6]] == [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    assert len(round_robin) == 12 and len({m.seed for m in round_robin[:6]}) == 1


def test_every_seating_meets_the_same_dice_until_the_bots_differ() -> None:
    first, second = schedule(["greedy", "random"], 2, 1, series=9)
    options = {"players": 2}
    assert play_match("lasvegas", options, first).seed == play_match("lasvegas", options, second).seed
    opening = []
    for match in (first, second):
        state = hr.make("lasvegas", **options).new_game(match.seed)
        while state.current_player == CHANCE:
            state.apply(state.sample_chance())
        opening.append(state.history)
    assert opening[0] == opening[1]


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    matches = schedule(["greedy", "heuristic", "random"], 3, 3, series=4)
    alone = run_tournament("lasvegas", {"players": 3}, matches, workers=1)
    pooled = run_tournament("lasvegas", {"players": 3}, matches, workers=2)
    assert alone == pooled
    assert [(r.deal, r.seating) for r in alone] == [(m.deal, m.seating) for m in matches]
