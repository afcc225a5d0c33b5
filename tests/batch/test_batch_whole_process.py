"""`bench`'s whole-process rows: `highroller simulate` run as a user runs it, on a small and a large
series, gives the fixed cost and the marginal rate; its command line is the simulate a user types."""

from __future__ import annotations

import json
import subprocess

import pytest

import highroller as hr
from highroller.batch.engine_speed import SIMULATE_SERIES, WholeProcess, simulate_arguments, whole_process_rows


def test_the_fixed_cost_and_the_marginal_rate_come_from_the_two_series() -> None:
    small, large = SIMULATE_SERIES
    measured = WholeProcess(small=1.0 + small / 500_000, large=1.0 + large / 500_000)
    assert measured.marginal == pytest.approx(500_000)
    assert measured.fixed == pytest.approx(1.0)
    assert measured.rate == pytest.approx(large / (1.0 + large / 500_000))
    rows = dict(whole_process_rows("4p", measured))
    assert rows["4p: simulate's fixed cost, and its rate past it"] == "1.00 s, 500,000 games/s"


def test_the_command_is_a_simulate_of_random_bots_with_the_options() -> None:
    arguments = simulate_arguments(
        hr.game_spec("lasvegas"), {"players": 2, "edition": "classic", "neutral": False, "rounds": 1}, 20
    )
    assert arguments[arguments.index("simulate") :] == [
        "simulate",
        "lasvegas",
        "--players",
        "2",
        "--edition",
        "classic",
        "--no-neutral",
        "--rounds",
        "1",
        "--games",
        "20",
        "--bots",
        "random",
        "--json",
    ]
    summary = json.loads(subprocess.run(arguments, check=True, capture_output=True, text=True).stdout)
    assert summary["games"] == 20 and [seat["bot"] for seat in summary["seats"]] == ["random", "random"]
