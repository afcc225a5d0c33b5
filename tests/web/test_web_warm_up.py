"""A server does every game's slow first-time work (compiling the expert's playouts) when it starts,
in a low-priority process of its own, so the first expert move or advice need not wait for it; a
warm-up that fails never stops the others or the server."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from conftest import TEST_SETTINGS
from fastapi.testclient import TestClient

from highroller.core.spec import load_object
from highroller.web.app import create_app
from highroller.web.store import open_store
from highroller.web.warmup import start_warm_up, warm_ups


def test_every_warm_up_is_a_function_and_las_vegas_has_one() -> None:
    paths = warm_ups()
    assert "highroller.games.lasvegas.expert:warm_up" in paths
    assert all(callable(load_object(path)) for path in paths)


def test_a_failing_warm_up_does_not_stop_the_next() -> None:
    process = start_warm_up(0, False, ["highroller.nowhere:warm_up", "os:getcwd", "json:loads"])
    assert process is not None
    process.join(60)
    assert process.exitcode == 2  # the missing module and loads() without its argument; getcwd ran between


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
