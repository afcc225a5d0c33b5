"""Win rates with Wilson intervals, head to head, seats and OpenSkill ratings on known results."""

from __future__ import annotations

import pytest

from highroller.tournament.intervals import wilson
from highroller.tournament.match import MatchResult
from highroller.tournament.ratings import ranks
from highroller.tournament.stats import summarise


def test_wilson_interval_matches_known_values() -> None:
    assert wilson(50, 100) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.27753, abs=1e-5)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_ranks_share_ties() -> None:
    assert ranks([10, 30, 30, 5]) == [3, 1, 1, 4]


def _result(deal: int, seating: int, bots: tuple[str, ...], returns: tuple[float, ...]) -> MatchResult:
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best]
    wins = tuple(1 / len(winners) if s in winners else 0.0 for s in range(len(bots)))
    return MatchResult(deal, seating, deal, bots, returns, wins)


def test_summary_of_a_known_tournament() -> None:
    results = [
        _result(0, 0, ("a", "b"), (3.0, 1.0)),
        _result(0, 1, ("b", "a"), (2.0, 2.0)),
        _result(1, 0, ("a", "b"), (0.0, 4.0)),
        _result(1, 1, ("b", "a"), (1.0, 5.0)),
    ]
    summary = summarise(results)
    a, b = summary.bots
    assert (a.bot, a.seat_games, a.wins, a.win_rate, a.mean_return) == ("a", 4, 2.5, 0.625, 2.5)
    assert (b.wins, b.mean_return) == (1.5, 2.0)
    assert (a.low, a.high) == wilson(2.5, 4)
    assert summary.head_to_head["a"]["b"] == 0.625 and summary.head_to_head["b"]["a"] == 0.375
    assert summary.seats["a"] == [0.5, 0.75]
    assert a.rating.mu > b.rating.mu
    assert len(summary.rating_history) == 4


def test_a_bot_in_several_seats_is_rated_once() -> None:
    results = [
        _result(0, s, bots, (4.0, 3.0, 2.0, 1.0)) for s, bots in enumerate([("x", "g", "g", "g"), ("g", "x", "g", "g")])
    ]
    summary = summarise(results)
    assert [f.bot for f in summary.bots] == ["x", "g"]
    assert summary.bots[1].seat_games == 6
    assert summary.seats["x"] == [1.0, 0.0, None, None]
