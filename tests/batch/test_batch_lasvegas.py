"""The Las Vegas batch engine plays the step engine's game: same outcome distributions for every
checked option set, traced games that the step engine replays exactly, the greedy bot's choices,
outside policies, and results that do not depend on chunks or processes."""

from __future__ import annotations

import sys
from collections import namedtuple

import numpy as np
import pytest
from batch_stats import assert_same_means, replayed_games

import highroller as hr
from highroller.batch import ranges, runner
from highroller.batch.record_export import export_records
from highroller.batch.seeds import game_seeds
from highroller.core.errors import IllegalAction
from highroller.core.state import CHANCE
from highroller.games.lasvegas.batch import ENGINE
from highroller.games.lasvegas.bots import placement_gain
from highroller.games.lasvegas.spec import SPEC

CONFIGS = [dict(c) for c in SPEC.checker_configs]
DiskUsage = namedtuple("DiskUsage", "total used free")
STEP_GAMES = 1000
BATCH_GAMES = 20_000


def _label(config: dict) -> str:
    return "-".join(f"{k}={v}" for k, v in config.items())


def _step_sample(game: hr.Game, games: int) -> dict[str, np.ndarray]:
    money, wins, round_bills = [], [], []
    players = game.num_players
    for seed in range(games):
        final = hr.play(game, ["random"] * players, seed=seed)
        money.append(final.returns())
        winners = final.winners()
        wins.append([1 / len(winners) if s in winners else 0.0 for s in range(players)])
        per_round = [0] * game.options["rounds"]
        for event in final.events:
            if event["type"] == "payout":
                per_round[event["round"] - 1] += sum(1 for owner in event["paid"] if owner != "neutral")
        round_bills.append(per_round)
    return {"money": np.array(money), "wins": np.array(wins), "round_bills": np.array(round_bills)}


@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=_label)
def test_outcome_distributions_agree(config: dict) -> None:
    game = hr.make("lasvegas", **config)
    step = _step_sample(game, STEP_GAMES)
    batch = ENGINE.run(game, ["random"] * game.num_players, game_seeds(11, 0, BATCH_GAMES))
    assert_same_means("mean money per seat", step["money"], batch.extra["money"])
    assert_same_means("win rate per seat", step["wins"], batch.wins)
    assert_same_means("bills per round", step["round_bills"], batch.extra["round_bills"])
    assert np.allclose(batch.wins.sum(axis=1), 1.0)


@pytest.mark.parametrize(
    "config", [CONFIGS[0], *(pytest.param(c, marks=pytest.mark.slow) for c in CONFIGS[1:])], ids=_label
)
def test_exported_records_replay_exactly(config: dict) -> None:
    game = hr.make("lasvegas", **config)
    bots = ["greedy", "random"] * 3
    bots = bots[: game.num_players]
    seeds = game_seeds(5, 0, 12)
    for number, replayed, result in replayed_games(ENGINE, game, bots, seeds):
        assert [len(w) for w in replayed.won] == result.extra["bills"][number].tolist()
        winners = replayed.winners()
        assert [1 / len(winners) if s in winners else 0.0 for s in range(game.num_players)] == result.wins[
            number
        ].tolist()


@pytest.mark.parametrize("config", [CONFIGS[2], CONFIGS[-1], CONFIGS[-3]], ids=_label)
def test_greedy_choices_are_the_step_bots_best(config: dict) -> None:
    game = hr.make("lasvegas", **config)
    seeds = game_seeds(8, 0, 6)
    for seed, steps in zip(seeds, ENGINE.trace(game, ["greedy"] * game.num_players, seeds)):
        state = game.new_game(int(seed))
        for entry in steps:
            if state.current_player != CHANCE:
                roll = state.roll
                keys = {a: (placement_gain(state, a), -roll.face_total(a.face)) for a in state.legal_actions()}
                chosen = state.decode_step(entry["action"])
                assert keys[chosen] == max(keys.values())
                state.apply(chosen)
            else:
                state.apply(state.decode_step(entry["chance"]))


def test_outside_policy_hook() -> None:
    game = hr.make("lasvegas", players=3, edition="biggie", bandit=True)
    seen: list[int] = []

    def lowest(view: dict[str, np.ndarray]) -> np.ndarray:
        legal = view["legal"]
        seen.append(int(legal.size))
        assert view["dice"].shape[1:] == (7, 4) and view["roll_own"].shape[1:] == (6,)
        return np.array([(int(m) & -int(m)).bit_length() - 1 for m in legal])

    bots = [lowest, "random", "greedy"]
    seeds = game_seeds(3, 0, 40)
    result = ENGINE.run(game, bots, seeds)
    assert seen and result.returns.shape == (40, 3)
    for number, record in enumerate(export_records(ENGINE, game, bots, seeds[:5])):
        assert record["returns"] == result.returns[number].tolist()
        first = next(s["action"] for s in record["steps"] if s.get("seat") == 0)
        assert first in ({"place": f} for f in range(1, 7))

    def illegal(view: dict[str, np.ndarray]) -> np.ndarray:
        return np.full(view["legal"].shape, 11)

    with pytest.raises(IllegalAction):
        ENGINE.run(hr.make("lasvegas", players=2), [illegal, "random"], seeds)


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 3, "edition": "biggie", "bandit": True, "neutral": True}], ids=str
)
def test_outside_policy_views_show_the_step_engines_table(options: dict) -> None:
    """Every view an outside policy gets matches the step engine's state at that decision, in every round."""
    game = hr.make("lasvegas", **options)
    views: dict[int, list[dict[str, np.ndarray]]] = {}

    def lowest(view: dict[str, np.ndarray]) -> np.ndarray:
        for row, number in enumerate(view["game"]):
            views.setdefault(int(number), []).append({name: value[row] for name, value in view.items()})
        return np.array([(int(m) & -int(m)).bit_length() - 1 for m in view["legal"]])

    seeds = game_seeds(4, 0, 25)
    records = export_records(ENGINE, game, [lowest] + ["random"] * (game.num_players - 1), seeds)
    for number, record in enumerate(records):
        state = game.new_game(record["seed"])
        seen = iter(views[number])
        rounds = set()
        for entry in record["steps"]:
            if state.current_player == 0:
                view = next(seen)
                rounds.add(int(view["round"]))
                assert int(view["round"]) == state.round
                assert view["dice"][: len(state.dice)].tolist() == state.dice
                assert view["money"].tolist() == state.money
                assert [[int(b) for b in row if b] for row in view["bills"][: len(state.dice)]] == state.casino_bills
                assert int(view["legal"]) == sum(
                    1 << ((a.face - 1) + (6 if a.bandit else 0)) for a in state.legal_actions()
                )
            step = entry["chance"] if "chance" in entry else entry["action"]
            state.apply(state.decode_step(step))
        assert next(seen, None) is None and rounds == set(range(game.options["rounds"]))


@pytest.mark.slow  # several processes
def test_results_do_not_depend_on_chunks_or_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    game = hr.make("lasvegas", players=4, neutral=True)
    whole = ENGINE.run(game, ["random", "greedy", "random", "greedy"], game_seeds(9, 0, 150))
    monkeypatch.setattr(runner, "CHUNK", 40)  # the series split in ranges of 40 games
    monkeypatch.setattr(ranges, "CHUNK", 40)  # each played 40 at a time
    path = SPEC.batch
    split = runner.run_series(path, game, ["random", "greedy", "random", "greedy"], 9, 150, processes=2)
    assert np.array_equal(whole.seeds, split.seeds)
    assert np.array_equal(whole.returns, split.returns)
    assert np.array_equal(whole.extra["round_money"], split.extra["round_money"])


def test_first_player_follows_the_seed_or_the_option() -> None:
    seeds = game_seeds(2, 0, 30)
    for options in ({"players": 5}, {"players": 3, "first_player": 2}):
        game = hr.make("lasvegas", **options)
        result = ENGINE.run(game, ["random"] * game.num_players, seeds)
        expected = [game.new_game(int(seed)).first for seed in seeds]
        assert result.extra["first_player"].tolist() == expected


def test_memory_per_game_is_small() -> None:
    assert ENGINE.bytes_per_game(hr.make("lasvegas", players=4)) < 4096


FAKE_PEER = """
import sys
print("ready", flush=True)
for line in sys.stdin:
    print(50, 0.1, flush=True)
"""
"""A peer process that says it played 50 games in 0.1 s at every turn (500 games/s)."""


def test_the_peer_and_ours_take_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    from highroller.games.lasvegas import bench

    monkeypatch.setattr(bench, "PEER_SCRIPT", FAKE_PEER)
    monkeypatch.setenv("HIGHROLLER_PEER_PYTHON", sys.executable)
    turns = []

    def ours(seconds: float) -> tuple[int, float]:
        turns.append(seconds)
        return 30, 0.02

    assert bench.side_by_side(ours, "{}", 1.0) == (1500.0, 500.0)
    assert turns == [bench.SLICE] * round(1.0 / bench.SLICE)


def test_the_step_api_is_timed_in_a_fresh_process_of_its_own_as_the_peer_is() -> None:
    from highroller.games.lasvegas import bench

    with bench.step_api({"edition": "classic", "players": 2}) as play_for:
        turns = [play_for(0.1) for _ in range(2)]
    assert all(games > 0 and seconds >= 0.1 for games, seconds in turns)


FAKE_STEP_API = """
import os, sys
games = 100 if os.environ.get("HIGHROLLER_COMPILED") == "0" else 150
print("ready", flush=True)
for line in sys.stdin:
    print(games, 0.1, flush=True)
"""
"""A step-API process that plays 1,000 games/s as Python (HIGHROLLER_COMPILED=0), 1,500 otherwise."""


@pytest.mark.parametrize("built", [True, False])
def test_the_step_api_is_compared_with_the_peer_on_each_engine_in_use(
    built: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from highroller.games.lasvegas import bench

    monkeypatch.setattr(bench, "PEER_SCRIPT", FAKE_PEER)
    monkeypatch.setattr(bench, "STEP_API_SCRIPT", FAKE_STEP_API)
    monkeypatch.setenv("HIGHROLLER_PEER_PYTHON", sys.executable)
    monkeypatch.setattr(bench, "SECONDS", 0.1)
    monkeypatch.setattr(bench.compiled, "in_use", lambda module: built)
    rows = dict(bench.rows())
    for label, _, _ in bench.CONFIGS:
        assert rows[f"{label}: ratio, Python step engine"] == "2.00×"
        assert rows.get(f"{label}: ratio, compiled step engine") == ("3.00×" if built else None)
    assert ("compiled step engine" in rows) is not built


def test_peer_comparison_gives_the_median_ratio_of_three_side_by_side_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    from highroller.games.lasvegas import bench

    monkeypatch.setattr(bench, "PEER_SCRIPT", FAKE_PEER)
    monkeypatch.setenv("HIGHROLLER_PEER_PYTHON", sys.executable)
    monkeypatch.setattr(bench, "SLICE", 0.02)
    rows = dict(ENGINE.comparisons({}, 0.05))
    ours = [
        float(x.replace(",", ""))
        for x in rows["4p classic, no neutral dice: batch games/s, side by side with each"].split(", ")
    ]
    assert rows["4p classic, no neutral dice: lasvegas 0.2.0 games/s, 3 runs"] == "500, 500, 500"
    ratios = sorted(o / 500 for o in ours)
    assert rows["4p classic, no neutral dice: batch / lasvegas 0.2.0"].startswith(f"{ratios[1]:,.0f}× (median")
    monkeypatch.setenv("HIGHROLLER_PEER_PYTHON", "/nonexistent/python")
    assert "not installed" in dict(ENGINE.comparisons({}, 0.05))["4p classic, no neutral dice: lasvegas 0.2.0"]


def test_a_series_of_worker_processes_whose_results_fit_nowhere_is_refused_up_front(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        runner.shutil, "disk_usage", lambda folder: DiskUsage(total=10**6, used=10**6 - 1000, free=1000)
    )
    with pytest.raises(ValueError, match=r"need .* GB and no temporary folder has room"):
        runner.run_series(
            hr.game_spec("luckiest").batch,
            hr.make("luckiest", players=2),
            ["random", "random"],
            1,
            3 * runner.CHUNK,
            processes=2,
        )
