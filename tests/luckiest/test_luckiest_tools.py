"""The `solve` and `odds` commands, the renderer, the bots and the benchmark rows' solver figures."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from rich.console import Console

import highroller as hr
from highroller.games.luckiest.bench import solve_cost
from highroller.games.luckiest.bots import CautiousBot
from highroller.games.luckiest.cli import odds, solve
from highroller.games.luckiest.faces import load_faces
from highroller.games.luckiest.narrate import NARRATION
from highroller.games.luckiest.policy import score_advice, score_choice, win_advice, win_choice, win_solution
from highroller.games.luckiest.render import RENDERER
from highroller.games.luckiest.state import LuckiestState
from highroller.games.luckiest.typed import TYPED

NAMES = ["Ann", "Bob"]


def run(command: click.Command, args: list[str]) -> str:
    result = CliRunner().invoke(command, args)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_commands_are_named_for_the_game() -> None:
    assert solve.name == odds.name == "luckiest"
    assert set(hr.game_spec("luckiest").tools) == {"solve", "odds"} and hr.game_spec("luckiest").analysis


def test_solve_prints_the_headline_as_json_and_writes_the_tables(tmp_path: Path) -> None:
    out = tmp_path / "policy.csv"
    headline = json.loads(run(solve, ["--players", "2", "--rounds", "2", "--json", "--out", str(out)]))
    assert headline["score"]["expected_turn_score"] == pytest.approx(15.7318519725)
    assert headline["win"]["shared_win_counts_as"] == 0.5
    assert 0 < headline["win"]["first_player_win_probability"] < 1
    with (tmp_path / "policy-score.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    start = next(r for r in rows if r["dice_left"] == "12")
    assert float(start["value"]) == pytest.approx(15.7318519725) and start["best"].startswith("bet")
    assert (tmp_path / "policy-win.csv").read_text().startswith("turn,round,mover,lead,win_probability")


def test_solve_score_only_to_json(tmp_path: Path) -> None:
    out = tmp_path / "policy.json"
    text = run(solve, ["--players", "4", "--objective", "score", "--out", str(out)])
    assert "15.731852" in text and "62.9274" not in text  # 4 players play 3 rounds
    data = json.loads(out.read_text())
    assert data["headline"]["rounds"] == 3 and "score" in data and "win" not in data


def test_odds_for_franks_position() -> None:
    answer = json.loads(
        run(odds, ["--dice", "3", "--used", "number2,cross", "--points", "24", "--objective", "both", "--json"])
    )
    score, win = answer["advice"]
    assert score["best"] == "bank" and score["values"][0]["value"] == 24
    assert win["objective"] == "win" and len(win["values"]) == 13
    table = run(odds, ["--dice", "3", "--used", "2,cross", "--points", "24"])
    assert "bank" in table and "◀ best" in table
    assert run(odds, ["--state", "3:number2,cross:24"]) == table


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--used", "odd"], "just started"),
        (["--dice", "5", "--points", "7"], "at least one card"),
        (["--dice", "3", "--used", "number2,cross", "--points", "27"], "the points can be"),
        (["--dice", "3", "--used", "purple", "--points", "9"], "not a card"),
        (["--objective", "win", "--scores", "1"], "two banked totals"),
        (["--state", "3:number2"], "DICE:USED:POINTS"),
        (["--state", "13::0"], "1 to 12 dice"),
    ],
)
def test_odds_refuses_impossible_positions(args: list[str], words: str) -> None:
    result = CliRunner().invoke(odds, args)
    assert result.exit_code != 0 and words in result.output


def test_the_renderer_draws_and_explains() -> None:
    state = hr.make("luckiest", players=2).new_game(seed=4)
    assert isinstance(state, LuckiestState)
    console = Console(width=120, record=True)
    step = TYPED.parse(state, "number 2")
    assert NARRATION.describe_step(state, 0, step, NAMES) == "Ann bets on number 2 and rolls twelve dice."
    state.apply(step)
    roll = TYPED.parse(state, "2 2 2 1 1 1 3 3 3 4 4 5")
    assert (
        NARRATION.describe_step(state, -1, roll, NAMES)
        == "Rolled 1 1 1 2 2 2 3 3 3 4 4 5: three on number 2 (+9 points)."
    )
    state.apply(roll)
    console.print(RENDERER.board(state.view(0), NAMES))
    console.print(RENDERER.advice(state, 0))
    text = console.export_text()
    assert "number 2" in text and "used" in text and "Points at risk: 9" in text and "Dice left: 9" in text
    assert "Expected points this turn" in text and "Win probability" in text
    assert RENDERER.advice(state, 1) is None
    state.apply(TYPED.parse(state, "bank"))
    assert str(NARRATION.describe_event(state.events[-1], NAMES)) == "Ann banks 9 points (total 9)."
    assert "Bust!" in str(
        NARRATION.describe_event({"type": "bust", "seat": 1, "lost": 5, "round": 1, "card": "odd", "roll": []}, NAMES)
    )
    shared = NARRATION.describe_event({"type": "end", "totals": [5, 5], "winners": [0, 1]}, NAMES)
    assert "Ann and Bob share the win" in str(shared)


def test_the_bots_play() -> None:
    for bots in (["optimal-win", "optimal"], ["cautious", "random"]):
        assert hr.play(hr.make("luckiest", players=2, rounds=2), bots, seed=1).is_terminal()
    # with three players the win bot plays max-n, with five max-n on a coarse grid of scores
    assert hr.play(hr.make("luckiest", players=3, rounds=1), ["optimal-win"] * 3, seed=2).is_terminal()
    assert hr.play(hr.make("luckiest", players=5, rounds=1), ["optimal-win"] * 5, seed=2).is_terminal()


def test_the_cautious_bot_banks_at_its_threshold() -> None:
    state = hr.make("luckiest", players=1).new_game(seed=1)
    bot = CautiousBot(seed=0, threshold=5)
    assert str(bot.choose(state)) in ("bet on odd", "bet on even")  # the likeliest cards first
    state.apply(TYPED.parse(state, "odd"))
    state.apply(TYPED.parse(state, "1 1 1 1 1 2 2 2 2 2 2 2"))
    assert str(bot.choose(state)) == "bank"


def test_solver_cost_is_measured_in_a_fresh_process() -> None:
    cost = solve_cost("score")
    assert 0 < cost["seconds"] < 30 and 0 < cost["peak_mb"] < 2048


def test_win_advice_from_a_view_agrees_with_the_solution() -> None:
    state = hr.make("luckiest", players=2, rounds=2).new_game(seed=5)
    for text in ("odd", "1 1 1 1 1 1 1 1 1 2 2 2", "bank"):  # seat 0 banks 9
        state.apply(TYPED.parse(state, text))
    solution = win_solution(load_faces("default"), 2)
    advice = win_advice(state.view(1))
    assert advice.values[0][1] == pytest.approx(solution.start[1, -9 + solution.span], abs=1e-12)


def test_the_bots_fast_paths_agree_with_the_advice() -> None:
    state = hr.make("luckiest", players=2, rounds=2).new_game(seed=8)
    checked = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        view = state.view(state.current_player)
        assert score_choice(view) == score_advice(view).best
        assert win_choice(view) == win_advice(view).best
        state.apply(win_choice(view))
        checked += 1
    assert checked >= 4
