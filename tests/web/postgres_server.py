"""A throwaway PostgreSQL server on a free loopback port, from the machine's own packages (Debian's
`postgresql`), for the web tests and the load benchmark: `with postgres_server() as server: ...`."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    return Path(found[-1]).parent


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run its programs as the `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass
class PostgresServer:
    port: int
    _names: Iterator[int] = field(default_factory=itertools.count)

    def new_database(self) -> str:
        """A fresh, empty database on the server; its URL."""
        import psycopg

        name = f"hr_test_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def url(self, database: str) -> str:
        return f"postgresql://highroller@127.0.0.1:{self.port}/{database}"


@contextmanager
def postgres_server(durable: bool = False, settings: Path | None = None) -> Iterator[PostgresServer]:
    """A PostgreSQL server for as long as the block runs, then stopped and removed. Without `durable`,
    it does not wait for the disk (fsync off): fine for tests, not for measuring commits. `settings`, a
    configuration file, is included in the server's own (and its `max_connections` then holds)."""
    bin_dir = _bin_dir()
    data = Path(tempfile.mkdtemp(prefix="highroller-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres")
    port = free_port()
    subprocess.run(
        _as_server_user(
            [str(bin_dir / "initdb"), "-D", str(data / "db"), "-U", "highroller", "--auth=trust", "-E", "UTF8"]
        ),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1"
    if settings is None:
        options += " -c max_connections=200"
    else:
        shutil.copy(settings, data / "db" / "included.conf")
        with (data / "db" / "postgresql.conf").open("a") as conf:
            conf.write("include 'included.conf'\n")
    if not durable:
        options += " -c fsync=off -c full_page_writes=off"
    subprocess.run(
        _as_server_user(
            [str(bin_dir / "pg_ctl"), "-D", str(data / "db"), "-o", options, "-l", str(data / "log"), "-w", "start"]
        ),
        check=True,
        capture_output=True,
    )
    try:
        yield PostgresServer(port)
    finally:
        subprocess.run(
            _as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data / "db"), "-m", "immediate", "stop"]),
            capture_output=True,
            check=False,
        )
        shutil.rmtree(data, ignore_errors=True)
