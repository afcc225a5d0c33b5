"""Fixtures of the web tests: stores on both backends (a real PostgreSQL server started from Debian's
packages), an in-process client, and `highroller serve` run as a real process on a free port."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright
from postgres_server import PostgresServer, free_port, postgres_server
from push_receiver import PushReceiver

from highroller.web import clock
from highroller.web.app import create_app
from highroller.web.settings import Settings
from highroller.web.store.database import Store
from highroller.web.store.dialects import open_store

TEST_SETTINGS = Settings(
    bot_delay=0.0,
    bot_processes=1,
    bot_nice=0,
    bot_idle=False,
    lease=5.0,
    max_tables=0,
    max_bot_tables=0,
    tables_per_address=0,
    bot_tables_per_address=0,
    creates_per_minute=0,
    joins_per_minute=0,
    sockets_per_address=0,
    requests_per_second=0,
    token_requests_per_second=0,
    min_timer=1,
    housekeeping_every=3600,
    warm_up=False,
)
"""The tests' host: no quotas (every test client has one address), bots at once, one bot process at
the normal priority (in the idle class a bot would wait for as long as other work holds every core,
and a test's timer would run out first), no warm-up process (tests/web/test_web_warm_up.py has its own)."""

UNLIMITED = [
    "--max-tables",
    "0",
    "--max-bot-tables",
    "0",
    "--tables-per-address",
    "0",
    "--bot-tables-per-address",
    "0",
    "--creates-per-minute",
    "0",
    "--joins-per-minute",
    "0",
    "--sockets-per-address",
    "0",
    "--requests-per-second",
    "0",
    "--token-requests-per-second",
    "0",
    "--min-timer",
    "1",
    "--no-warm-up",
]
"""The same for `highroller serve` run as a process."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def receiver() -> Iterator[PushReceiver]:
    """A push service stand-in on a loopback port (`push_receiver.PushReceiver`)."""
    made = PushReceiver()
    yield made
    made.close()


CLOCK = Path(tempfile.mkdtemp(prefix="highroller-clock-")) / "offset"
"""The test clock's file (`highroller.web.clock`), named in the environment before anything starts, so
that every server process, bot worker and the bot workers' fork server read it; 0 but while
`move_clock` moves it."""
CLOCK.write_text("0")
os.environ[clock.TEST_CLOCK] = str(CLOCK)


def _set_clock(seconds: float) -> None:
    CLOCK.write_text(str(seconds))
    stamp = time.time_ns()
    os.utime(CLOCK, ns=(stamp, stamp))  # a new modification time: every process reads the file again


@pytest.fixture
def move_clock() -> Iterator[Callable[[float], None]]:
    """Move the clock of this process and of every server process and bot worker on by so many seconds
    (back to the real time after the test)."""
    moved = [0.0]

    def move(seconds: float) -> None:
        moved[0] += seconds
        _set_clock(moved[0])

    yield move
    _set_clock(0.0)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (for a module's tests)."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed (Debian: apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server on a free loopback port, for the whole session."""
    try:
        with postgres_server() as server:
            yield server
    except RuntimeError as error:
        pytest.fail(str(error))


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's tables live: a SQLite file, or a fresh database on the PostgreSQL server (the whole
    suite's lane: the quick lane runs the web on the embedded default)."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def make_client(database: str) -> Iterator[Callable[..., TestClient]]:
    """Clients of in-process apps on the test's database (a second one is a restarted server);
    `address`: where the client's requests come from; keyword arguments change the host's settings."""
    opened: list[TestClient] = []

    def make(address: str = "testclient", **changes: Any) -> TestClient:
        store: Store = open_store(database)
        client = TestClient(create_app(store, replace(TEST_SETTINGS, **changes)), client=(address, 50000))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[[], TestClient]) -> TestClient:
    return make_client()


class Server:
    """`highroller serve` as a separate process on a loopback port."""

    def __init__(self, database: str, bot_delay: float, flags: Sequence[str], scratch: Path) -> None:
        self.database = database
        self.bot_delay = bot_delay
        self.flags = [*UNLIMITED, *flags]
        self.port = free_port()
        self.errors = scratch / f"serve-{self.port}.err"
        """What the server writes to stderr (printed after a test, so a failure shows it)."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable,
            "-c",
            "from highroller.cli.main import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.database,
            "--bot-delay",
            str(self.bot_delay),
            *self.flags,
        ]
        with self.errors.open(
            "ab"
        ) as errors:  # a file, not a pipe nobody reads: a server that logs much must not block
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.errors.read_text()}")
            try:
                httpx2.get(self.url + "/api/games", timeout=1).raise_for_status()
                return
            except httpx2.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """Kill -9: no shutdown handlers run."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self.process = None

    def print_errors(self) -> None:
        """Print what the server wrote to stderr, if anything (pytest shows it when the test fails)."""
        if self.errors.exists() and self.errors.stat().st_size:
            print(f"{self.url} wrote to stderr:\n{self.errors.read_text()}")


@pytest.fixture
def serve(database: str, tmp_path: Path) -> Iterator[Callable[..., Server]]:
    servers: list[Server] = []

    def start(bot_delay: float = 0.0, flags: Sequence[str] = ()) -> Server:
        server = Server(database, bot_delay, flags, tmp_path)
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.kill()
        server.print_errors()
