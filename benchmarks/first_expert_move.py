"""How long a person waits for the first move of Las Vegas's `hard` bot (the `expert`) on a fresh server.

Starts `highroller serve` on a free loopback port (SQLite in a temporary directory, the table quotas
lifted, every other setting the server's default: its warm-up on, its bot workers in the idle
class), creates through the HTTP API a 4-player Las Vegas table with a person in the first seat and
three `hard` bots, and plays the person's moves at once, until the expert itself has moved. Prints
the seconds from starting the server to that move as the person sees it, first with an empty
compiled-code cache (`NUMBA_CACHE_DIR`, a fresh temporary directory: the warm-up compiles the
playouts while the bots play their stand-in, `mcts`), then with that cache warm (a second server).

Which bot made a move is told apart, after the run, from the table's stored steps: a bot worker
plays the expert once the warm-up's mark says the playouts are compiled (`expert._ready_mark`, whose
time is read as it appears), and its stand-in before. A move seen before the mark was made is the
stand-in's; a move started after it (after the server started, or the person's move before it, once
the mark was there) is the expert's; in between, the move is replayed with each bot's seed (both are
deterministic): a move the stand-in would not have made is the expert's, and one the expert would
not have made the stand-in's.

    python benchmarks/first_expert_move.py                      # one run: fresh cache, then warm
    python benchmarks/first_expert_move.py --runs 3             # three runs, each with a cache of its own
    python benchmarks/first_expert_move.py --serve-flags=--no-bot-idle
    python benchmarks/first_expert_move.py --as-installed --runs 3   # the cache the install compiled

A benchmark, not a test; it touches only 127.0.0.1 and its temporary directories.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx2

import highroller as hr
from highroller.batch.kernelcache import cache_directory
from highroller.core.record_format import apply_recorded_step
from highroller.games.lasvegas import expert
from highroller.web.store.dialects import open_store
from highroller.web.tables.turns import bot_move

HOST = "127.0.0.1"
QUOTAS_OFF = [
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
]
"""The quotas lifted as tests/web/conftest.py's UNLIMITED lifts them (the warm-up stays on)."""
TABLE = {"game": "lasvegas", "options": {"players": 4}, "bots": [None, "hard", "hard", "hard"], "name": "Ann"}
STAND_IN = "mcts"
"""The bot that plays for `hard` while the expert's playouts are not compiled (`botspec.while_warming`)."""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Mark:
    """The warm-up's ready mark, watched from a thread: the time it was made, read as it appears (a
    bot worker touches it again after its own first expert move)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.made: float | None = path.stat().st_mtime if path.exists() else None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while self.made is None and not self._stop.wait(0.02):
            with contextlib.suppress(FileNotFoundError):
                self.made = self.path.stat().st_mtime

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


@dataclass
class Table:
    """A table played by the benchmark's person: when each step was first seen, and when each of the
    person's moves was sent (by step number)."""

    id: str
    token: str
    seen: dict[int, float] = field(default_factory=dict)
    sent: dict[int, float] = field(default_factory=dict)

    def saw(self, version: int) -> None:
        """The table is seen at `version` (its steps played): the steps not seen before are seen now."""
        now = time.time()
        for step in range(len(self.seen), version):
            self.seen[step] = now


@dataclass
class Verdict:
    """The first bot move that is the expert's for sure: its time after the server started, the moves
    the stand-in made before it, and those either bot would have made just before it (ambiguous)."""

    seconds: float
    stand_in_moves: int
    ambiguous: list[float]
    answering: float = 0.0
    """Seconds from the start to the server's first answer."""
    mark: float = 0.0
    """Seconds from the start to the mark (negative: made before the server started)."""


def play_until_expert(url: str, mark: Mark, deadline: float) -> list[Table]:
    """Play the person's moves at once (on a new table whenever one ends) until two of them were sent
    with the mark there and the person is on move again: the bots have moved after them."""
    tables: list[Table] = []
    while time.time() < deadline:
        made = httpx2.post(f"{url}/api/tables", json=TABLE, timeout=30).json()
        table = Table(made["id"], made["token"])
        tables.append(table)
        me = {"Authorization": f"Bearer {table.token}"}
        state = httpx2.get(f"{url}/api/tables/{table.id}", headers=me, timeout=30).json()
        table.saw(state["version"])
        while time.time() < deadline and not state["result"]:
            if state["legal"]:
                if (
                    mark.made is not None
                    and sum(sent >= mark.made for played in tables for sent in played.sent.values()) >= 2
                ):
                    return tables
                table.sent[state["version"]] = time.time()
                state = httpx2.post(
                    f"{url}/api/tables/{table.id}/actions",
                    headers=me,
                    timeout=60,
                    json={"version": state["version"], "action": state["legal"][0]["action"]},
                ).json()
            else:
                state = httpx2.get(
                    f"{url}/api/tables/{table.id}", params={"after": state["version"]}, headers=me, timeout=60
                ).json()
            table.saw(state["version"])
    raise SystemExit("no move of the expert before the time limit")


def first_expert_move(database: str, tables: list[Table], started: float, mark_made: float) -> Verdict:
    """Which bot made each bot move (see the module docstring), from the tables' stored steps."""
    store = open_store(database)
    stand_in_moves = 0
    ambiguous: list[float] = []
    for table in tables:
        row = store.load_table(table.id)
        assert row is not None
        state = hr.make(row.game, **row.options).new_game(row.seed)
        person_since = started
        for index, entry in enumerate(row.steps):
            seen = table.seen.get(index)
            if index in table.sent:
                person_since = table.sent[index]
            elif "seat" in entry and row.seats[entry["seat"]].bot is not None and seen is not None:
                if seen < mark_made:
                    stand_in_moves += 1
                elif person_since >= mark_made or bot_move(state.game, STAND_IN, state).to_json() != entry["action"]:
                    return Verdict(seen - started, stand_in_moves, ambiguous)
                elif bot_move(state.game, "hard", state).to_json() != entry["action"]:
                    stand_in_moves += 1
                    ambiguous.clear()
                else:
                    ambiguous.append(seen - started)
            apply_recorded_step(state, entry, index)
    raise SystemExit("the tables played hold no move that is the expert's for sure")


def run(scratch: Path, flags: list[str], limit: float) -> Verdict:
    """One server (on the cache `NUMBA_CACHE_DIR` names) until the expert's first move."""
    database = str(scratch / f"tables-{time.time_ns()}.sqlite3")
    port = free_port()
    url = f"http://{HOST}:{port}"
    mark = Mark(expert._ready_mark())
    command = [
        sys.executable,
        "-c",
        "from highroller.cli.main import main; main()",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--db",
        database,
        *QUOTAS_OFF,
        *flags,
    ]
    started = time.time()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        while True:
            try:
                httpx2.get(f"{url}/api/games", timeout=1).raise_for_status()
                answering = time.time() - started
                break
            except httpx2.HTTPError:
                if server.poll() is not None or time.time() > started + 60:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.05)
        tables = play_until_expert(url, mark, started + limit)
    finally:
        os.killpg(server.pid, signal.SIGKILL)  # the server, its bot workers and warm-up
        server.wait()
        mark.stop()
    assert mark.made is not None
    verdict = first_expert_move(database, tables, started, mark.made)
    verdict.answering, verdict.mark = answering, mark.made - started
    return verdict


def report(name: str, verdict: Verdict) -> None:
    ready = (
        f"the playouts ready at {verdict.mark:.1f} s" if verdict.mark >= 0 else "the playouts ready before the start"
    )
    either = (
        f"; either bot would have made the {len(verdict.ambiguous)} before it, from {verdict.ambiguous[0]:.1f} s"
        if verdict.ambiguous
        else ""
    )
    print(
        f"{name}: the expert's first move {verdict.seconds:.1f} s after the server started (the server answering at "
        f"{verdict.answering:.1f} s, {ready}; {verdict.stand_in_moves} moves by its stand-in before{either})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--runs", type=int, default=1, help="runs, each a fresh cache then the same cache warm (default 1)"
    )
    parser.add_argument(
        "--serve-flags", default="", help="more flags for highroller serve, e.g. --no-bot-idle or '--bot-delay 0'"
    )
    parser.add_argument(
        "--limit", type=float, default=900, help="seconds a server may take to its first expert move (default 900)"
    )
    parser.add_argument(
        "--as-installed",
        action="store_true",
        help="only the cache as the install left it (the user's, which an editable install fills), each run a new "
        "server",
    )
    args = parser.parse_args()
    flags = shlex.split(args.serve_flags)
    if args.as_installed:
        with tempfile.TemporaryDirectory(prefix="first-expert-move-") as scratch:
            times = []
            for number in range(args.runs):
                verdict = run(Path(scratch), flags, args.limit)
                report(f"run {number + 1}, as installed", verdict)
                times.append(verdict.seconds)
        print(f"as installed: {min(times):.1f}–{max(times):.1f} s")
        return
    fresh: list[float] = []
    warm: list[float] = []
    with tempfile.TemporaryDirectory(prefix="first-expert-move-") as scratch:
        for number in range(args.runs):
            os.environ["NUMBA_CACHE_DIR"] = str(Path(scratch) / f"cache-{number}")  # the servers', and the mark's here
            assert not cache_directory().exists()
            verdict = run(Path(scratch), flags, args.limit)
            report(f"run {number + 1}, fresh cache", verdict)
            fresh.append(verdict.seconds)
            verdict = run(Path(scratch), flags, args.limit)
            report(f"run {number + 1}, warm cache ", verdict)
            warm.append(verdict.seconds)
    if args.runs > 1:
        print(f"fresh cache: {min(fresh):.1f}–{max(fresh):.1f} s; warm cache: {min(warm):.1f}–{max(warm):.1f} s")


if __name__ == "__main__":
    main()
