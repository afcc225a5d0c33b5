"""SIGTERM always ends `highroller serve` within 10 s, however early in a first start (a fresh database)
it comes: while the server loads its games, while it waits to create the database's schema (another
process holding the lock), while its event loop waits for the warm-up process to start, and while it
stops with another process holding SQLite's write lock. Each server runs as the one process of a
container would, the first of a PID namespace, which ignores a signal left to its default action."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import psycopg
import pytest
from conftest import UNLIMITED
from plugin_packages import Package, install_for_servers
from postgres_server import free_port
from web_helpers import create, request

LIMIT = 10.0
"""Seconds from SIGTERM to the end of the server at the latest."""

CONTAINER = ["unshare", "--user", "--map-root-user", "--pid", "--fork"]
"""Run a command as the first process of a new PID namespace, as in a container."""

HELD = Package(
    "held-dice",
    {"held": "held_dice:SPEC"},
    {
        "held_dice.py": """import os
import pathlib
import time
from dataclasses import replace

import solo_dice


def make(**options):
    pathlib.Path(os.environ["HELD_MARK"]).touch()
    time.sleep(60)
    return solo_dice.SoloGame(**options)


SPEC = replace(solo_dice.SPEC, name="held", make=make)
"""
    },
)
"""A game whose making takes a minute: the server's start is held while it loads its games."""

SLOW_FORK_SERVER = Package(
    "slow-fork-server",
    {},
    {
        "sitecustomize.py": """import os
import pathlib
import sys
import time

if any("multiprocessing.forkserver" in argument for argument in sys.orig_argv):
    pathlib.Path(os.environ["HELD_MARK"]).touch()
    time.sleep(60)
"""
    },
)
"""A module every Python process on the path runs as it starts: the fork server, which starts the
server's helper processes (the warm-up first), takes a minute to start."""

SCHEMA_LOCK = 7254831
"""The advisory lock PostgreSQL stores take while they create the schema (`PostgresStore._lock_schema`)."""


class Serving:
    """`highroller serve` started on a test's database, as the first process of a PID namespace where
    `contained`."""

    def __init__(
        self, database: str, tmp_path: Path, flags: list[str], contained: bool, command: str = "serve"
    ) -> None:
        self.errors = tmp_path / "serve.err"
        self.mark = tmp_path / "held"
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        where = ["--port", str(port)] if command == "serve" else []
        serve = [
            sys.executable,
            "-c",
            "from highroller.cli.main import main; main()",
            command,
            *where,
            "--db",
            database,
            *flags,
        ]
        environment = {**os.environ, "HELD_MARK": str(self.mark)}
        with self.errors.open("ab") as errors:
            self.launcher = subprocess.Popen(
                [*CONTAINER, *serve] if contained else serve, stdout=subprocess.DEVNULL, stderr=errors, env=environment
            )
        children = Path(f"/proc/{self.launcher.pid}/task/{self.launcher.pid}/children")
        self.pid = int(wait_for(lambda: children.read_text().split()[0])) if contained else self.launcher.pid
        """The server's process id here (1 in its namespace, where it is contained)."""

    def opened(self, path: str) -> bool:
        """Whether the server has the file `path` open."""
        return any(os.path.realpath(fd) == os.path.realpath(path) for fd in Path(f"/proc/{self.pid}/fd").iterdir())

    def answers(self) -> bool:
        try:
            return httpx2.get(self.url + "/api/games", timeout=1).status_code == 200
        except httpx2.HTTPError:
            return False

    def stopped_in(self) -> float:
        """Send the server SIGTERM; the seconds it took to end (a minute at most: then it is killed)."""
        sent = time.monotonic()
        os.kill(self.pid, signal.SIGTERM)
        try:
            self.launcher.wait(60)
        except subprocess.TimeoutExpired:
            os.kill(self.pid, signal.SIGKILL)
            self.launcher.wait(10)
        return time.monotonic() - sent


def wait_for(check: Callable[[], Any], seconds: float = 60) -> Any:
    """The first true value `check` gives (its errors count as false), within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if found := check():
                return found
        except (OSError, IndexError, ValueError):
            pass
        time.sleep(0.05)
    raise AssertionError(f"waited {seconds} s in vain")


@pytest.fixture
def start(database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Serving]]:
    """Start servers on the test's database with these packages installed and these flags."""
    started: list[Serving] = []

    def starting(
        *packages: Package, flags: tuple[str, ...] = (), contained: bool = True, command: str = "serve"
    ) -> Serving:
        install_for_servers(tmp_path / "site", packages, monkeypatch)
        started.append(
            Serving(database, tmp_path, [*UNLIMITED, *flags] if command == "serve" else list(flags), contained, command)
        )
        return started[-1]

    yield starting
    for serving in started:
        if serving.launcher.poll() is None:
            os.kill(serving.pid, signal.SIGKILL)
            serving.launcher.wait(10)
        print(f"the server wrote to stderr:\n{serving.errors.read_text()}")


@contextmanager
def schema_held(database: str) -> Iterator[Callable[[Serving], None]]:
    """Hold the lock a server takes to create the schema of this fresh database; within, a function
    that returns once a server waits for it."""
    if database.startswith("postgresql://"):
        with psycopg.connect(database, autocommit=True) as postgres:
            postgres.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
            yield lambda serving: wait_for(
                lambda: postgres.execute(
                    "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
                ).fetchone()
            )
        return
    sqlite = sqlite3.connect(database, isolation_level=None)
    sqlite.execute("PRAGMA journal_mode=WAL")
    sqlite.execute("BEGIN IMMEDIATE")

    def waiting(serving: Serving) -> None:
        wait_for(lambda: serving.opened(database))
        time.sleep(1)  # from opening the file to asking for the write lock: a few statements

    try:
        yield waiting
    finally:
        sqlite.close()


@pytest.mark.slow  # a server process held for a few seconds
@pytest.mark.parametrize("contained", [True, False])
def test_sigterm_ends_a_server_loading_its_games_by_the_signal(start: Callable[..., Serving], contained: bool) -> None:
    serving = start(HELD, contained=contained)
    wait_for(serving.mark.exists)
    assert serving.stopped_in() < LIMIT
    assert serving.launcher.returncode == (
        128 + signal.SIGTERM if contained else -signal.SIGTERM
    )  # where the signal's action is not ignored: by it


@pytest.mark.slow
def test_sigterm_ends_a_server_waiting_to_create_the_schema(start: Callable[..., Serving], database: str) -> None:
    with schema_held(database) as waiting:
        serving = start()
        waiting(serving)
        assert serving.stopped_in() < LIMIT


@pytest.mark.slow
@pytest.mark.parametrize("database", ["postgresql"], indirect=True)
def test_sigterm_ends_a_bot_worker_waiting_to_create_the_schema(start: Callable[..., Serving], database: str) -> None:
    with schema_held(database) as waiting:
        working = start(command="bots", flags=("--bot-processes", "1", "--no-warm-up"))
        waiting(working)
        assert working.stopped_in() < LIMIT


@pytest.mark.slow
def test_sigterm_ends_a_server_waiting_for_its_warm_up_process_to_start(start: Callable[..., Serving]) -> None:
    serving = start(SLOW_FORK_SERVER, flags=("--warm-up",))
    wait_for(serving.mark.exists)
    assert serving.stopped_in() < LIMIT


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_sigterm_ends_a_server_whose_stop_waits_for_sqlite(start: Callable[..., Serving], database: str) -> None:
    serving = start()
    wait_for(serving.answers)
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    time.sleep(3)  # the server's bot dispatcher asks for due moves every 2 s: it waits for the lock meanwhile
    try:
        assert serving.stopped_in() < LIMIT
    finally:
        holder.close()


@pytest.mark.slow
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_stop_cuts_a_waiting_long_poll_short_and_ends_by_the_signal(start: Callable[..., Serving]) -> None:
    serving = start(contained=False)
    wait_for(serving.answers)
    table = create(serving.url, "solo", {"players": 2}, [None, None])
    poll = {"params": {"after": table["version"]}}
    polling = threading.Thread(target=request, args=(serving.url, "GET", f"/api/tables/{table['id']}"), kwargs=poll)
    polling.start()
    time.sleep(1)  # the poll waits (up to 25 s) for a change that does not come
    assert (
        serving.stopped_in() < LIMIT and serving.launcher.returncode == -signal.SIGTERM
    )  # stopped gracefully, not by the deadline
    polling.join(10)
