"""A server does every game's slow first-time work (compiling the expert's playouts) when it starts,
in a low-priority process of its own, so the first expert move or advice need not wait for it; a
warm-up that fails never stops the others or the server. Meanwhile its bot and advice workers do no
first-time work: a bot that needs it plays as its level's next choice, advice leaves that part out,
and the table says its bots are warming up; hints think in a pool of their own."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx2
import pytest
from conftest import TEST_SETTINGS, Server
from fastapi.testclient import TestClient

import highroller as hr
from highroller.core import firsttime
from highroller.core.botspec import ready, while_warming
from highroller.core.firsttime import NotWarm
from highroller.core.spec import load_object
from highroller.core.state import CHANCE
from highroller.games.lasvegas import expert
from highroller.games.lasvegas.expert import ExpertBot
from highroller.registry import game_spec
from highroller.web.app import create_app
from highroller.web.bots.botwork import Dispatcher, Workers
from highroller.web.bots.hints import Hints
from highroller.web.bots.warmup import start_warm_up, warm_ups
from highroller.web.store.dialects import open_store
from highroller.web.tables.turns import bot_move


def test_every_warm_up_is_a_function_and_las_vegas_has_one() -> None:
    paths = warm_ups()
    assert "highroller.games.lasvegas.expert:warm_up" in paths
    assert all(callable(load_object(path)) for path in paths)


def test_a_failing_warm_up_does_not_stop_the_next() -> None:
    process = start_warm_up(0, False, ["highroller.nowhere:warm_up", "os:getcwd", "json:loads"])
    assert process is not None
    process.join(60)
    assert process.exitcode == 2  # the missing module and loads() without its argument; getcwd ran between


@pytest.mark.slow  # a server process
def test_a_server_starts_its_warm_up_and_ends_it_when_it_stops(tmp_path: Path) -> None:
    assert start_warm_up(0, False, []) is None
    settings = replace(TEST_SETTINGS, warm_up=True)
    app = create_app(open_store(str(tmp_path / "tables.db")), settings)
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        warming = app.state.services.warming
        assert warming is not None and warming.name == "highroller-warm-up"
    warming.join(10)
    assert not warming.is_alive()
    without = create_app(open_store(str(tmp_path / "other.db")), TEST_SETTINGS)
    with TestClient(without):
        assert without.state.services.warming is None


@pytest.fixture
def cold_expert(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The expert's playouts as on a fresh machine: not compiled (no ready mark)."""
    monkeypatch.setattr(expert, "_warm", False)
    monkeypatch.setattr(expert, "_ready_mark", lambda: tmp_path / "ready" / "expert")


def test_a_process_that_defers_first_time_work_plays_a_cheaper_bot_meanwhile(
    cold_expert: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = hr.make("lasvegas", players=4)
    state = game.new_game(seed=5)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    assert not ExpertBot.ready(game)
    monkeypatch.setattr(firsttime, "_deferring", True)
    with pytest.raises(NotWarm, match="being prepared"):
        ExpertBot(0).chances(state)
    for description in ("hard", "expert", "expert:playouts=50"):
        assert bot_move(game, description, state) == bot_move(game, "mcts", state)
    expert._ready_mark().parent.mkdir(parents=True)
    expert._ready_mark().touch()
    assert ExpertBot.ready(game) and ExpertBot.ready(
        hr.make("lasvegas", players=3)
    )  # one compilation plays every player count


def test_the_bot_that_stands_in_while_warming_is_the_levels_next_choice() -> None:
    spec = game_spec("lasvegas")
    assert [while_warming(spec, bot) for bot in ("hard", "expert", "expert:playouts=9", "mcts", "easy")] == [
        "mcts",
        "mcts",
        "mcts",
        "greedy",
        "greedy",
    ]
    assert ready(spec, "easy", hr.make("lasvegas")) and ready(spec, "mcts", hr.make("lasvegas"))


def test_hints_think_apart_from_the_bot_workers() -> None:
    settings = replace(TEST_SETTINGS, bot_processes=2, advice_processes=1, warm_up=True)
    bots = Dispatcher(
        None, "unused", settings.bot_processes, nice=settings.bot_nice, idle=settings.bot_idle, defer=settings.warm_up
    )  # type: ignore[arg-type]
    advice = Hints("unused", settings)
    assert bots.workers == Workers("bots", 2, 0, False, True) and advice.workers == Workers("advice", 1, 0, False, True)
    assert bots.workers != advice.workers  # two pools: a hint never waits for a bot's move, nor a bot's move for a hint


def test_a_table_says_when_its_bots_are_warming_up(make_client: Any, cold_expert: None) -> None:
    client = make_client()
    services = client.app.state.services
    hard = client.post(
        "/api/tables", json={"game": "lasvegas", "options": {"players": 2}, "bots": [None, "hard"]}
    ).json()["id"]
    easy = client.post(
        "/api/tables", json={"game": "lasvegas", "options": {"players": 2}, "bots": [None, "easy"]}
    ).json()["id"]
    assert not client.get(f"/api/tables/{hard}").json()["warming"]  # no warm-up runs here
    services.warming = SimpleNamespace(is_alive=lambda: True)
    try:
        assert client.get(f"/api/tables/{hard}").json()["warming"]
        assert not client.get(f"/api/tables/{easy}").json()["warming"]
    finally:
        services.warming = None


@pytest.mark.slow
def test_a_fresh_server_plays_hard_bots_and_hints_at_once_while_it_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a fresh machine (an empty compiled-code cache) the warm-up compiles the expert's playouts for
    tens of seconds; meanwhile a table of three hard bots plays at once (as mcts) and says so, and a hint
    answers at once (its advice without the expert's chances)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cold-cache"))
    server = Server(str(tmp_path / "tables.sqlite3"), 0.0, ["--warm-up", "--bot-processes", "1"], tmp_path)
    server.start()
    try:
        table = httpx2.post(
            f"{server.url}/api/tables",
            json={
                "game": "lasvegas",
                "options": {"players": 4, "rounds": 1},
                "bots": [None, "hard", "hard", "hard"],
                "name": "Ann",
            },
        ).json()
        me = {"Authorization": f"Bearer {table['token']}"}
        started = time.monotonic()
        turns = 0
        state = httpx2.get(f"{server.url}/api/tables/{table['id']}", headers=me).json()
        assert state["warming"]
        while turns < 3:
            assert time.monotonic() - started < 60, "the bots kept a person waiting"
            if state["legal"]:
                if turns == 0:
                    asked = time.monotonic()
                    hint = httpx2.post(f"{server.url}/api/tables/{table['id']}/hint", headers=me, timeout=60)
                    assert hint.status_code == 200 and time.monotonic() - asked < 15, hint.text
                    assert "Win chance" not in (hint.json()["advice"] or "")
                turns += 1
                answer = httpx2.post(
                    f"{server.url}/api/tables/{table['id']}/actions",
                    headers=me,
                    json={"version": state["version"], "action": state["legal"][0]["action"]},
                )
                assert answer.status_code == 200, answer.text
                state = answer.json()
            else:
                state = httpx2.get(
                    f"{server.url}/api/tables/{table['id']}", params={"after": state["version"]}, headers=me, timeout=30
                ).json()
    finally:
        server.kill()
        server.print_errors()
