"""Fixtures of the web tests: stores on both backends (a real PostgreSQL server started from Debian's
packages), an in-process client, and `highroller serve` run as a real process on a free port."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright

from highroller.web.app import create_app
from highroller.web.store import Store, open_store


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (for a module's tests)."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is not installed (Debian: apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        pytest.fail("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    return Path(found[-1]).parent


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its programs as the `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass
class PostgresServer:
    port: int
    _names: Iterator[int]

    def new_database(self) -> str:
        """A fresh, empty database on the server; its URL."""
        import psycopg

        name = f"hr_test_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def url(self, database: str) -> str:
        return f"postgresql://highroller@127.0.0.1:{self.port}/{database}"


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server on a free loopback port, for the whole session."""
    bin_dir = _postgres_bin()
    data = Path(tempfile.mkdtemp(prefix="highroller-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres")
    port = free_port()
    subprocess.run(
        _as_server_user([str(bin_dir / "initdb"), "-D", str(data / "db"), "-U", "highroller", "--auth=trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
    subprocess.run(
        _as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data / "db"), "-o", options, "-l", str(data / "log"), "-w", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield PostgresServer(port, itertools.count())
    finally:
        subprocess.run(_as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data / "db"), "-m", "immediate", "stop"]), capture_output=True, check=False)
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's tables live: a SQLite file, or a fresh database on the PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "tables.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def make_client(database: str) -> Iterator[Callable[[], TestClient]]:
    """Clients of in-process apps on the test's database (a second one is a restarted server)."""
    opened: list[TestClient] = []

    def make() -> TestClient:
        store: Store = open_store(database)
        client = TestClient(create_app(store, bot_delay=0.0))
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

    def __init__(self, database: str, bot_delay: float) -> None:
        self.database = database
        self.bot_delay = bot_delay
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-c", "from highroller.cli.main import main; main()", "serve", "--port", str(self.port), "--db", self.database, "--bot-delay", str(self.bot_delay)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.process.stderr.read().decode() if self.process.stderr else ''}")
            try:
                httpx.get(self.url + "/api/games", timeout=1).raise_for_status()
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """Kill -9: no shutdown handlers run."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self.process = None


@pytest.fixture
def serve(database: str) -> Iterator[Callable[[float], Server]]:
    servers: list[Server] = []

    def start(bot_delay: float = 0.0) -> Server:
        server = Server(database, bot_delay)
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.kill()
