"""The host's commands against two `highroller serve` processes on one PostgreSQL database, the CLI run
as a process of its own: an address banned is refused by both processes (through a trusted proxy's
forwarded address) while another address is served, and let back when the ban is lifted; a table one
process holds, closed by the host, is seen closed there."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from conftest import Server
from web_helpers import call, create, join

pytestmark = pytest.mark.slow  # two server processes

BANNED, OTHER = "203.0.113.9", "198.51.100.4"


@pytest.fixture(params=["postgresql"])
def database(request: pytest.FixtureRequest, postgres: Any) -> str:
    return str(postgres.new_database())


def admin(database: str, *args: str) -> None:
    command = [sys.executable, "-c", "from highroller.cli.main import main; main()", "admin", "--db", database]
    done = subprocess.run(
        [*command, "--as", "host", *args], capture_output=True, text=True, timeout=60, env=os.environ.copy()
    )
    assert done.returncode == 0, done.stdout + done.stderr


def status(server: Server, address: str) -> int:
    return httpx2.get(server.url + "/api/games", headers={"X-Forwarded-For": address}, timeout=10).status_code


def until(check: Callable[[], bool]) -> None:
    """Wait until `check` holds, at most 5 s (the processes read the bans every second)."""
    deadline = time.monotonic() + 5
    while not check():
        assert time.monotonic() < deadline, "not within 5 s"
        time.sleep(0.1)


def test_a_ban_reaches_both_processes_and_its_lifting_too(serve: Callable[..., Server], database: str) -> None:
    first, second = serve(), serve(flags=["--bot-processes", "0"])
    admin(database, "ban", "--address", BANNED)
    until(lambda: status(first, BANNED) == 403 and status(second, BANNED) == 403)
    assert status(first, OTHER) == 200 and status(second, OTHER) == 200
    admin(database, "unban", "--address", BANNED)
    until(lambda: status(first, BANNED) == 200 and status(second, BANNED) == 200)


def test_a_table_the_host_closes_is_closed_in_the_process_holding_it(
    serve: Callable[..., Server], database: str
) -> None:
    server = serve()
    made = create(server.url, "lasvegas", {"players": 2, "rounds": 1}, [None, None], name="Ann")
    join(server.url, made["id"], "Bob")
    assert not any(seat["left"] for seat in call(server.url, "GET", f"/api/tables/{made['id']}")["seats"])
    admin(database, "close", made["id"])
    state = call(server.url, "GET", f"/api/tables/{made['id']}", made["token"])
    assert all(seat["left"] for seat in state["seats"])
    assert any("The host closed this table" in line["text"] for line in state["log"])
