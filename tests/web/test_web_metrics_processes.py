"""/metrics over several processes sharing one `--metrics-dir`: two `highroller serve` processes on one
PostgreSQL database (the bots played by a `highroller bots` worker) and a whole game with a bot played
in Chromium on one of them; either process's metrics listener then shows every process's requests, the
person's actions, the bot's moves and think time, the finished table, and the open WebSocket while the
game was played."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from conftest import Server
from playwright.sync_api import Browser
from postgres_server import free_port
from test_web_processes import BotWorker
from web_helpers import create, seated_page

pytestmark = pytest.mark.slow  # server, bot worker and browser processes


@pytest.fixture(params=["postgresql"])
def database(request: pytest.FixtureRequest, postgres: Any) -> str:
    return str(postgres.new_database())


SAMPLE = re.compile(r"^(\w+)(?:\{(.*)\})? (\S+)$")


def sample(text: str, name: str, **labels: str) -> float:
    """The sum of the samples of `name` having these labels (0 when there is none)."""
    total = 0.0
    for line in text.splitlines():
        found = SAMPLE.match(line)
        if found is None or found[1] != name:
            continue
        have = dict(re.findall(r'(\w+)="([^"]*)"', found[2] or ""))
        if all(have.get(key) == value for key, value in labels.items()):
            total += float(found[3])
    return total


def test_two_servers_and_a_bot_worker_are_counted_together(
    serve: Callable[..., Server], database: str, browser: Browser, tmp_path: Path
) -> None:
    shared = tmp_path / "metrics"
    ports = [free_port(), free_port(), free_port()]
    first = serve(0.05, ["--bot-processes", "0", "--metrics-dir", str(shared), "--metrics-port", str(ports[0])])
    second = serve(0.05, ["--bot-processes", "0", "--metrics-dir", str(shared), "--metrics-port", str(ports[1])])
    worker = BotWorker(database, tmp_path / "bots.err", "--metrics-dir", str(shared), "--metrics-port", str(ports[2]))
    try:
        table = create(first.url, "luckiest", {"players": 2, "rounds": 1}, [None, "easy"], name="Ann")
        httpx2.get(second.url + "/api/games", timeout=10).raise_for_status()
        page = seated_page(browser, first.url, table)
        while_playing = httpx2.get(f"http://127.0.0.1:{ports[1]}/metrics", timeout=10).text
        assert sample(while_playing, "highroller_open_connections", kind="websocket") >= 1
        actions, rng = 0, random.Random(5)
        deadline = time.monotonic() + 120
        while not page.locator("#result:not([hidden])").count():
            assert time.monotonic() < deadline, "the game did not end in the browser"
            buttons = page.locator("#actions button.action:not([disabled])")
            if not buttons.count():
                page.wait_for_timeout(50)
                continue
            before = page.get_attribute("#board", "data-version")
            buttons.nth(rng.randrange(buttons.count())).click()
            page.wait_for_function(f"() => document.querySelector('#board').dataset.version !== {before!r}")
            actions += 1
        page.context.close()
        assert actions > 0
        for port in ports:
            text = httpx2.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
            assert sample(text, "highroller_http_requests_total", route="/api/tables", method="POST") >= 1
            assert sample(text, "highroller_http_requests_total", route="/api/games", method="GET") >= 2
            assert sample(text, "highroller_action_duration_seconds_count", game="luckiest") >= actions
            assert sample(text, "highroller_bot_moves_total", level="easy") > 0
            assert sample(text, "highroller_bot_think_seconds_count", level="easy") > 0
            assert sample(text, "highroller_bot_think_seconds_bucket", level="easy", le="+Inf") > 0
            assert sample(text, "highroller_tables", game="luckiest", state="finished") == 1
        assert httpx2.get(f"http://127.0.0.1:{ports[0]}/", timeout=10).status_code == 404
    finally:
        worker.kill()
        worker.print_errors()
