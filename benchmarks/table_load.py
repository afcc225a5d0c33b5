"""Loading long tables: what a server process pays for a table it does not hold, and what it holds.

Fills a fresh SQLite file (or, with `--postgres`, a throwaway PostgreSQL database) with long tables
(6-player, 36-card Last Chance played by the `bidder` bots: about 3,100 steps; see long_tables.py),
then prints:

1. the cold load of a table of 3,000 steps still in play and of a finished one, as a server process
   does it (its checkpoint, the steps after it, its last log lines), beside replaying and narrating
   every step, as a table without a checkpoint or stored lines is loaded;
2. the memory a process holds after loading `--tables` finished long tables: every one held, and
   within the default bound of the table cache (`--table-memory`), beside what the cache counts;
3. a real `highroller serve` asked for cold long tables, `--cold-rate` a second for `--seconds`
   seconds, while `/healthz` is asked every 20 ms: the latency of both, and any warning of a busy
   event loop in the server's log.

    python benchmarks/table_load.py                     # 1,000 tables, SQLite
    python benchmarks/table_load.py --tables 200 --postgres

A benchmark, not a test; it touches only 127.0.0.1 and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from long_tables import fill, long_games
from postgres_server import free_port, postgres_server

from highroller.registry import make
from highroller.web.http.loopwatch import BUSY
from highroller.web.settings import Settings
from highroller.web.store.dialects import open_store
from highroller.web.tables.table_load import load_copy
from highroller.web.tables.table_log import apply_steps, step_narrator


def percentile(values: list[float], part: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * part))]


def ms(values: list[float]) -> str:
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, p99 {percentile(values, 0.99) * 1000:.1f} ms, max "
        f"{max(values) * 1000:.1f} ms"
    )


def timed(work: object, *args: object) -> float:
    started = time.perf_counter()
    work(*args)  # type: ignore[operator]
    return time.perf_counter() - started


def replayed(store: object, table_id: str) -> None:
    """A table loaded by replaying and narrating every step (no checkpoint, no stored lines)."""
    row = store.load_table(table_id)  # type: ignore[attr-defined]
    state = make(row.game, **row.options).new_game(row.seed)
    apply_steps(state, row.steps, [None] * len(row.steps), step_narrator(row.game, len(row.seats)))


def cold_loads(database: str, in_play: list[str], finished: list[str], loads: int) -> None:
    store = open_store(database)
    print("1. Cold load of one table (load_copy, as a server process does it), beside replaying it:")
    for kind, ids in (("3,000 steps, in play", in_play), ("finished (about 3,100 steps)", finished)):
        sample = ids[:loads]
        fast = [timed(load_copy, store, table_id) for table_id in sample]
        slow = [timed(replayed, store, table_id) for table_id in sample[: max(3, loads // 10)]]
        print(f"   {kind}: from its checkpoint {ms(fast)}; replayed and narrated {ms(slow)}")
    store.close()


MEMORY_CHILD = """
import asyncio, gc, json, sys
from dataclasses import replace
from highroller.web.settings import Settings
from highroller.web.store.dialects import open_store
from highroller.web.tables.held_tables import Tables
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
async def main(database, ids, bound):
    store = open_store(database)
    tables = Tables(store, replace(Settings(), table_memory=bound))
    gc.collect()
    before = rss()
    for table_id in ids:
        await tables.get(table_id)
    gc.collect()
    held = list(tables._live.values())
    print(json.dumps({"rss": rss() - before, "held": len(held), "weight": sum(t.weight for t in held)}))
database, bound = sys.argv[1], int(sys.argv[2])
asyncio.run(main(database, json.load(sys.stdin), bound))
"""


def memory(database: str, finished: list[str]) -> None:
    print(f"2. Memory a process holds after loading {len(finished):,} finished long tables (resident set growth):")
    for label, bound in (
        ("every table held", 2**40),
        (f"within the default bound ({Settings().table_memory // 2**20} MB)", Settings().table_memory),
    ):
        done = subprocess.run(
            [sys.executable, "-c", MEMORY_CHILD, database, str(bound)],
            input=json.dumps(finished),
            capture_output=True,
            text=True,
            check=True,
        )
        found = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"   {label}: {found['rss'] / 2**20:.0f} MB for {found['held']:,} tables held"
            f" ({found['rss'] / max(1, found['held']) / 1024:.0f} KB each; the cache counts "
            f"{found['weight'] / 2**20:.0f} MB)"
        )


async def hammer(base: str, ids: list[str], rate: float, seconds: float) -> tuple[list[float], list[float], int]:
    """Cold GETs of distinct tables at `rate` a second, and /healthz every 20 ms, for `seconds`."""
    health: list[float] = []
    cold: list[float] = []
    errors = 0
    deadline = time.monotonic() + seconds
    async with httpx2.AsyncClient(timeout=60) as http:

        async def check() -> None:
            while time.monotonic() < deadline:
                started = time.monotonic()
                (await http.get(f"{base}/healthz")).raise_for_status()
                health.append(time.monotonic() - started)
                await asyncio.sleep(0.02)

        async def get(table_id: str, number: int) -> None:
            nonlocal errors
            started = time.monotonic()
            answer = await http.get(
                f"{base}/api/tables/{table_id}",
                headers={"X-Forwarded-For": f"10.{number % 250}.{number // 250 % 250}.1"},
            )
            if answer.status_code != 200:
                errors += 1
            cold.append(time.monotonic() - started)

        checking = asyncio.create_task(check())
        asking: list[asyncio.Task[None]] = []
        for number, table_id in enumerate(ids):
            if time.monotonic() >= deadline:
                break
            asking.append(asyncio.create_task(get(table_id, number)))
            await asyncio.sleep(1 / rate)
        await asyncio.gather(checking, *asking)
    return health, cold, errors


def serving(database: str, finished: list[str], rate: float, seconds: float, scratch: Path) -> None:
    print(f"3. highroller serve asked for {rate:g} cold long tables a second for {seconds:g} s, /healthz every 20 ms:")
    port, log = free_port(), scratch / "serve.log"
    command = [
        sys.executable,
        "-c",
        "from highroller.cli.main import main; main()",
        "serve",
        "--port",
        str(port),
        "--db",
        database,
        "--no-warm-up",
        "--requests-per-second",
        "0",
        "--forwarded-allow-ips",
        "*",
    ]
    with log.open("wb") as errors:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            with contextlib.suppress(httpx2.HTTPError):
                if httpx2.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
        random.Random(5).shuffle(finished)
        health, cold, failed = asyncio.run(hammer(base, finished, rate, seconds))
    finally:
        server.terminate()
        server.wait(30)
    text = log.read_text()
    busy = [block.strip() for block in text.split(BUSY)[1:]]
    print(f"   /healthz: {ms(health)} ({len(health)} asked)")
    print(f"   cold tables: {ms(cold)} ({len(cold)} asked, {failed} refused or failed)")
    print(
        f"   warnings of a busy event loop in the server's log: {len(busy)}"
        + "".join(f"\n     {BUSY} {block}" for block in busy[:5])
    )


@contextlib.contextmanager
def database(postgres: bool, scratch: Path) -> Iterator[str]:
    if postgres:
        with postgres_server(durable=True) as server:
            yield server.new_database()
    else:
        yield str(scratch / "long.sqlite3")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__
    )
    parser.add_argument(
        "--tables", type=int, default=1000, help="finished long tables stored (and as many cut in play)"
    )
    parser.add_argument("--loads", type=int, default=50, help="cold loads timed of each kind")
    parser.add_argument("--cold-rate", type=float, default=8.0, help="cold long tables asked of the server a second")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the server is asked")
    parser.add_argument(
        "--postgres", action="store_true", help="a throwaway PostgreSQL database instead of a SQLite file"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, database(args.postgres, Path(folder)) as where:
        started = time.monotonic()
        store, games = open_store(where), long_games()
        finished = fill(store, args.tables, True, games)
        in_play = fill(store, max(args.loads, 10), False, games)
        store.close()
        gc.collect()
        print(
            f"{len(finished):,} finished and {len(in_play):,} in-play long tables stored in "
            f"{time.monotonic() - started:.0f} s"
            f" ({'PostgreSQL' if args.postgres else 'SQLite'})"
        )
        cold_loads(where, in_play, finished, args.loads)
        memory(where, finished)
        serving(where, finished, args.cold_rate, args.seconds, Path(folder))


if __name__ == "__main__":
    main()
