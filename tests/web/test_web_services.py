"""A stopping server waits for its own tasks a bounded time: one that does not end when cancelled is
named in the log and left behind, so shutting down never hangs."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
from conftest import TEST_SETTINGS

from highroller.web import services as services_module
from highroller.web.services import Services
from highroller.web.store.dialects import open_store


def test_a_task_that_will_not_stop_does_not_hold_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(services_module, "STOP_WAIT", 0.2)
    store = open_store(str(tmp_path / "tables.sqlite3"))
    services = Services(store, TEST_SETTINGS)

    async def stubborn(release: asyncio.Event) -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            await release.wait()  # being cancelled, goes on waiting for something else

    async def failing() -> None:
        raise RuntimeError("ended badly")

    async def run() -> float:
        release = asyncio.Event()
        services.start()
        services._tasks += [asyncio.create_task(stubborn(release)), asyncio.create_task(failing())]
        await asyncio.sleep(0)
        started = asyncio.get_running_loop().time()
        await services.stop()
        took = asyncio.get_running_loop().time() - started
        release.set()  # lets the stubborn task end with the test
        return took

    with caplog.at_level(logging.WARNING, logger="highroller.web.services"):
        took = asyncio.run(asyncio.wait_for(run(), 30))
    assert took < 5
    assert [record.getMessage() for record in caplog.records if "did not stop" in record.getMessage()] != []
    assert services._tasks == []
    store.close()
