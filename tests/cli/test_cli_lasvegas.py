"""The command line driven end to end: scripted games through `play` (bad input included),
leaving and resuming, manual dice, `replay`, `simulate` and `bench`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import highroller as hr
from highroller.cli.main import cli
from highroller.cli.simulate import _print_summary

ANSWERS = "x\n9\nb1\n" + "1\n2\n3\n4\n5\n6\n" * 400


def run(*args: str, text: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=text, catch_exceptions=False)
    return result.exit_code, result.output


def test_games_lists_las_vegas() -> None:
    code, out = run("games")
    assert code == 0 and "lasvegas" in out and "Las Vegas" in out


def test_a_scripted_game_with_bad_input_plays_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run(
        "play", "lasvegas", "--players", "3", "--bots", "2", "--seed", "7", "--save", str(path), text=ANSWERS
    )
    assert code == 0
    assert "type one of:" in out  # 'x', '9' and 'b1' were refused with what is legal
    assert "Final standings" in out and "Round 4" in out
    record = json.loads(path.read_text())
    final = hr.replay(record)
    assert final.is_terminal() and record["seed"] == 7
    human = [step for seat, step in final.history if seat == 0]
    assert human and len(record["steps"]) == len(final.history)


def test_end_of_input_leaves_and_saves_then_resume_continues(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    code, out = run(
        "play",
        "lasvegas",
        "--players",
        "2",
        "--bots",
        "1",
        "--seed",
        "3",
        "--save",
        str(path),
        text="1\n2\n3\n4\n5\n6\n" * 3,
    )
    assert code == 1, "the input ran out before the game ended"
    assert "Left the game. Saved to" in out and "--resume" in out
    saved = path.read_text()
    partial = hr.replay(json.loads(saved))
    assert not partial.is_terminal()
    refused = CliRunner().invoke(cli, ["play", "lasvegas", "--resume", str(path), "--save", str(path)], input=ANSWERS)
    assert refused.exit_code == 2 and "exists" in refused.output, "a record is never overwritten"
    more = tmp_path / "more.json"
    code, out = run("play", "lasvegas", "--resume", str(path), "--save", str(more), text=ANSWERS)
    words = " ".join(out.split())  # the terminal wraps long paths wherever their length puts the edge
    assert code == 0 and "Final standings" in words and "Resumed from" in words and "kept as it is" in words
    assert path.read_text() == saved, "the resumed record is kept as it was"
    final = hr.replay(json.loads(more.read_text()))
    assert final.is_terminal() and final.history[: len(partial.history)] == partial.history


def test_quit_saves_too(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    code, out = run("play", "lasvegas", "--players", "2", "--bots", "1", "--save", str(path), text="q\n")
    assert code == 0 and "Left the game" in out and path.exists()


def test_manual_dice_from_a_real_table(tmp_path: Path) -> None:
    path = tmp_path / "manual.json"
    stock = "10k 20k\n10k 20k\n80k 30k\n40k 50k\n60k 70k\n90k 100k\n"
    text = stock + "7\n3\n" + "4\n"
    code, out = run(
        "play",
        "lasvegas",
        "--edition",
        "biggie",
        "--players",
        "2",
        "--no-biggie",
        "--dice-per-player",
        "1",
        "--rounds",
        "1",
        "--first-player",
        "0",
        "--bots",
        "2",
        "--dice",
        "manual",
        "--save",
        str(path),
        text=text,
    )
    assert code == 0, out
    assert "'7' is not a face" in out  # the '7' was refused, with what to type
    final = hr.replay(json.loads(path.read_text()))
    assert final.is_terminal()
    assert final.money == [80000, 50000]  # seat 0 alone on casino 3, seat 1 alone on casino 4


def test_impossible_options_are_usage_errors() -> None:
    code, out = run("play", "lasvegas", "--players", "6")
    assert code == 2 and "classic edition takes 2 to 5 players, not 6" in out
    code, out = run("play", "lasvegas", "--players", "5", "--neutral")
    assert code == 2 and "neutral" in out
    code, out = run("play", "lasvegas", "--players", "3", "--bots", "4")
    assert code == 2 and "between 0 and 3 bots" in out
    code, out = run("play", "lasvegas", "--bot", "genius")
    assert code == 2 and "no bot 'genius'" in out and "--bot:" in out
    code, out = run("play", "lasvegas", "--bot", "expert:playouts=1.5")
    assert code == 2 and "--bot: bot 'expert:playouts=1.5': playouts is a whole number, not 1.5" in out
    code, out = run("play", "chess")
    assert code == 2


def test_play_help_lists_the_game_options() -> None:
    code, out = run("play", "lasvegas", "--help")
    assert code == 0
    for flag in ("--edition", "--neutral", "--bandit", "--dice-per-player", "--stock-rule", "--dice", "--save"):
        assert flag in out


def test_replay_prints_the_game(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(hr.play(hr.make("lasvegas", players=3), ["greedy"] * 3, seed=2).record()))
    code, out = run("replay", str(path), "--all")
    assert code == 0 and "Final standings" in out and "takes $" in out
    record = json.loads(path.read_text())
    record["table"] = {
        "seats": [
            {"seat": 0, "name": "Anna"},
            {"seat": 1, "name": "[red]Bo"},
            {"seat": 2, "name": "Céline"},
            {"seat": 7, "name": "X"},
        ]
    }
    path.write_text(json.dumps(record))
    code, out = run("replay", str(path), "--all")
    assert (
        code == 0
        and "Anna" in out
        and "Céline" in out
        and "Player 2" in out
        and "Player 1" not in out
        and "[red]" not in out
    )
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    code, out = run("replay", str(bad))
    assert code == 2 and "not JSON" in out


def test_simulate_summarises_and_writes_records(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    code, out = run(
        "simulate",
        "lasvegas",
        "--games",
        "12",
        "--players",
        "3",
        "--bots",
        "greedy,random",
        "--seed",
        "5",
        "--records",
        str(records),
        "--json",
    )
    assert code == 0
    summary = json.loads(out)
    assert summary["games"] == 12 and [s["bot"] for s in summary["seats"]] == ["greedy", "random", "greedy"]
    assert abs(sum(s["wins"] for s in summary["seats"]) - 12) < 1e-9
    assert summary["bots"]["greedy"]["seat_games"] == 24
    lines = records.read_text().splitlines()
    assert len(lines) == 12 and all(hr.replay(json.loads(line)).is_terminal() for line in lines)
    code, again = run(
        "simulate", "lasvegas", "--games", "12", "--players", "3", "--bots", "greedy,random", "--seed", "5", "--json"
    )
    assert json.loads(again)["seats"] == summary["seats"]


def test_simulate_table_output() -> None:
    code, out = run("simulate", "lasvegas", "--games", "5", "--players", "2", "--edition", "biggie", "--seed", "1")
    assert code == 0 and "By seat" in out and "By bot" in out


def test_simulate_writes_counts_whole(capsys: pytest.CaptureFixture[str]) -> None:
    seat = {"bot": "greedy", "wins": 1_000_000.0, "win_rate": 0.5, "mean_return": 12.5}
    summary = {
        "games": 2_000_000,
        "game": "lasvegas",
        "elapsed_s": 10,
        "games_per_s": 200_000,
        "engine": "batch",
        "seed": 1,
        "seats": [{"seat": 0, **seat}, {"seat": 1, **seat, "wins": 999_999.5}],
        "bots": {"greedy": {"seat_games": 4_000_000, **seat, "wins": 1_999_999.5}},
    }
    _print_summary(summary)
    out = capsys.readouterr().out
    assert "1,000,000" in out and "999,999.5" in out and "1,999,999.5" in out and "e+06" not in out


@pytest.mark.slow  # benchmarks
def test_bench_runs() -> None:
    code, out = run("bench", "lasvegas", "--seconds", "0.01", "--no-extras")
    assert code == 0 and "classic 4p" in out and "Games/s" in out
