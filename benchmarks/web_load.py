"""Load on the web server: N tables of simulated people on loopback WebSockets, concurrently.

Starts `highroller serve` on a free 127.0.0.1 port with a fresh SQLite file (or `--db`), creates the
tables over the HTTP API and connects one WebSocket client per seat; once all are connected, every
client plays its turns after a short think time until its game ends or the time is up. An action's latency is from sending
it to receiving the table's next state. Prints tables, clients, actions and p50/p99 latency.
A benchmark, not a test; it touches only 127.0.0.1 and stops by itself.

    python benchmarks/web_load.py [--tables 200] [--players 4] [--seconds 60] [--think 1.0] [--db URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def start_server(port: int, database: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from highroller.cli.main import main; main()", "serve", "--host", HOST, "--port", str(port), "--db", database]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            httpx.get(f"http://{HOST}:{port}/api/games", timeout=1).raise_for_status()
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


@dataclass
class Run:
    """What the clients share: the latencies measured, and the start once every client is connected."""

    clients: int
    think: float
    seconds: float
    latencies: list[float] = field(default_factory=list)
    greeted: int = 0
    go: asyncio.Event = field(default_factory=asyncio.Event)
    deadline: float = 0.0
    elapsed: float = 0.0

    def arrived(self) -> None:
        self.greeted += 1
        if self.greeted == self.clients:
            self.deadline = time.monotonic() + self.seconds
            self.go.set()


async def seat_client(url: str, table: str, token: str, run: Run, rng: random.Random) -> None:
    """One person: connect, wait for everyone, then play a random legal action after a think time
    whenever on move, until the game ends or the time is up."""
    async with websockets.connect(f"{url}/ws/tables/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        message = json.loads(await ws.recv())
        run.arrived()
        await run.go.wait()
        sent_at: float | None = None
        sent_version = -1
        while True:
            if message["type"] == "error":
                raise RuntimeError(message["error"])
            if message["type"] == "state":
                if sent_at is not None and message["version"] > sent_version:
                    run.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["finished"]:
                    return
                if message["legal"] and sent_at is None:
                    await asyncio.sleep(run.think * rng.uniform(0.5, 1.5))
                    if time.monotonic() >= run.deadline:
                        return
                    sent_version = message["version"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "version": sent_version, "action": rng.choice(message["legal"])["action"]}))
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, run.deadline - time.monotonic())))
            except TimeoutError:
                return


async def play(port: int, tables: int, players: int, seconds: float, think: float) -> Run:
    base = f"http://{HOST}:{port}"
    seats: list[tuple[str, str]] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for _ in range(tables):
            body = {"game": "lasvegas", "options": {"players": players}, "bots": [None] * players}
            table = (await client.post("/api/tables", json=body)).json()["id"]
            for n in range(players):
                joined = (await client.post(f"/api/tables/{table}/join", json={"name": f"P{n}"})).json()
                seats.append((table, joined["token"]))
    run = Run(len(seats), think, seconds)
    rng = random.Random(1)
    await asyncio.gather(*(seat_client(f"ws://{HOST}:{port}", table, token, run, random.Random(rng.random())) for table, token in seats))
    run.elapsed = time.monotonic() - (run.deadline - seconds)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (at most 1000)")
    parser.add_argument("--players", type=int, default=4, help="people per table (2-5)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the clients play (at most 600)")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time before an action, seconds")
    parser.add_argument("--db", default=None, help="SQLite file or postgresql:// URL (default: a fresh temporary file)")
    args = parser.parse_args()
    tables = max(1, min(args.tables, 1000))
    seconds = max(1.0, min(args.seconds, 600.0))
    with tempfile.TemporaryDirectory() as scratch:
        database = args.db or str(Path(scratch) / "load.sqlite3")
        port = free_port()
        server = start_server(port, database)
        try:
            run = asyncio.run(play(port, tables, args.players, seconds, args.think))
        finally:
            server.kill()
            server.wait()
    children = os.times()
    server_cpu = children.children_user + children.children_system
    client_cpu = children.user + children.system
    latencies, clients, elapsed = run.latencies, run.clients, run.elapsed
    if not latencies:
        raise SystemExit("no action was played")
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"tables {tables}, clients {clients}, actions {len(latencies)} in {elapsed:.0f} s ({len(latencies) / elapsed:.0f}/s)")
    print(f"server CPU: {server_cpu:.1f} s ({server_cpu / len(latencies) * 1000:.2f} ms per action, with its broadcasts); clients' CPU: {client_cpu:.1f} s")
    print(f"action latency: p50 {statistics.median(latencies) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
