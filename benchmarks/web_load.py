"""Load on the web server: people playing on loopback WebSockets while tables of bots play beside them.

Starts `highroller serve` processes on 127.0.0.1 (one on a fresh SQLite file, or one or more sharing
a PostgreSQL database: a throwaway server from Debian's packages unless `--db` names one), creates
the people's tables (one WebSocket client per seat, connected to a server picked at random: no sticky
sessions) and tables of four `hard` Las Vegas bots kept running beside them. Once all clients are
connected, each plays a random legal action after a think time whenever on move. An action's latency
is from sending it to receiving the table's next state. Prints, per configuration, the people's
actions with p50/p99/max latency and the bot moves made. A benchmark, not a test; it touches only
127.0.0.1 and stops by itself.

Each person comes from an address of their own, in a /24 of its own (the server believes the
loopback proxy's X-Forwarded-For), so the server's request rates per address, network and seat token
stay at their defaults: an action they refuse stops that person and counts as a client error. Only
the quotas on creating tables and taking seats are lifted, for the setup, which seats everyone at
once.

    python benchmarks/web_load.py                                   # 200 tables / 800 clients, 1 server, SQLite
    python benchmarks/web_load.py --bot-tables 50 --servers 2       # beside 50 bot tables, 2 servers on PostgreSQL
    python benchmarks/web_load.py --matrix --seconds 60             # 0/20/50 bot tables x 1/2 servers, one table
    python benchmarks/web_load.py --soak 3600 --restart-every 300   # the soak run (see --help)
    python benchmarks/web_load.py --bot-tables 20 --cold-gets 8     # beside 8 GETs a second of cold long tables
    python benchmarks/web_load.py --tables 50 --chat-every 5        # each table's first seat chats every 5 s
    python benchmarks/web_load.py --observe compare                 # without metrics and logs, then with them

With `--cold-gets`, the database is filled beforehand with long finished tables (6-player, 36-card
Last Chance, about 3,100 steps each; see long_tables.py), and a client asks for a different one
`--cold-gets` times a second, each time from another address, so every GET makes a server load a
table it does not hold. Their latency is printed too, and so is every warning of a busy event loop in
the servers' logs (`highroller.web.http.loopwatch`).

With `--chat-every`, every people's table's first seat sends a chat message that often over its
WebSocket, and a spectator of each table reads it; the chat's figures are printed beside the moves':
the messages sent, those the spectators heard (a rematch's are not), and their latency from sending to
hearing.

`--observe` says what the servers keep for their host: `default` (serve's defaults: metrics counted
in a private directory, no listener, a text log line per request), `off` (`--no-metrics --log-level
warning`: nothing counted, no line per request), `on` (metrics in one shared directory, each server
with a `--metrics-port` that is scraped every `SCRAPE_EVERY` seconds as Prometheus would, and a JSON
log line per request and event) or `compare` (`off`, then `on`, the same load, one row each: the cost
of metrics and logs per person's action).

The soak run plays on two servers sharing PostgreSQL, with bot tables, for `--soak` seconds, killing
(SIGKILL) and restarting one server every `--restart-every` seconds; clients reconnect to a live
server, and note each action of theirs the table moved past (only the seat on move can act, so it was
theirs). Afterwards every table's stored steps are replayed through the engine and every accepted
action is looked for at its step number. People go on to the rematch when a game ends.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from long_tables import fill, long_games
from postgres_server import free_port, postgres_server

from highroller.web.http.loopwatch import BUSY
from highroller.web.store.dialects import open_store

HOST = "127.0.0.1"
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
]
"""The setup's quotas lifted; the request rates and connection caps stay as a server has them."""
OBSERVED = {
    "default": [],
    "off": ["--no-metrics", "--log-level", "warning"],
    "on": ["--log-format", "json", "--log-level", "info"],
}
"""What each `--observe` adds to the servers' command line (`on` also gives each a metrics port)."""
RECORD = re.compile(r"^(?:\{|\d{4}-\d\d-\d\dT)", re.MULTILINE)
"""How a log record's first line begins, in JSON or in text (the lines after it are its own)."""
SCRAPE_EVERY = 15.0
"""Seconds between two scrapes of each server's /metrics with `--observe on`."""
BOTS_ADDRESS = {"X-Forwarded-For": "10.255.0.1"}
"""Where the bot tables are made and watched from."""
BOTS = ["hard"] * 4


class Cluster:
    """Server processes on one database, each on its own port; any may be killed and restarted."""

    def __init__(self, database: str, count: int, bot_processes: int, logs: Path, observe: str = "default") -> None:
        self.database = database
        self.observe = observe
        """What the servers keep for their host (`OBSERVED`)."""
        self.metrics_ports = [free_port() for _ in range(count)] if observe == "on" else []
        self.logs = logs
        """Where each server writes its log (stderr)."""
        self.ports = [free_port() for _ in range(count)]
        self.bot_processes = bot_processes
        self.processes: list[subprocess.Popen[bytes] | None] = [None] * count
        self.cpu = 0.0
        self.bot_cpu = 0.0

    def urls(self) -> list[str]:
        return [
            f"http://{HOST}:{port}"
            for port, process in zip(self.ports, self.processes, strict=True)
            if process is not None
        ]

    def start(self, index: int) -> None:
        command = [
            sys.executable,
            "-c",
            "from highroller.cli.main import main; main()",
            "serve",
            "--host",
            HOST,
            "--port",
            str(self.ports[index]),
            "--db",
            self.database,
            "--bot-processes",
            str(self.bot_processes),
            *UNLIMITED,
            *OBSERVED[self.observe],
        ]
        if self.metrics_ports:
            command += ["--metrics-dir", str(self.logs / "metrics"), "--metrics-port", str(self.metrics_ports[index])]
        with (self.logs / f"serve-{self.ports[index]}.log").open("ab") as log:
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, start_new_session=True)
        for _ in range(300):
            try:
                httpx2.get(f"http://{HOST}:{self.ports[index]}/api/games", timeout=1).raise_for_status()
                self.processes[index] = process
                return
            except httpx2.HTTPError:
                time.sleep(0.1)
        process.kill()
        raise SystemExit("a server did not start")

    def kill(self, index: int) -> None:
        """SIGKILL a server and its bot workers (no shutdown handlers run)."""
        process = self.processes[index]
        if process is not None:
            own, others = _group_cpu(process.pid)
            self.cpu += own
            self.bot_cpu += others
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            self.processes[index] = None

    def __enter__(self) -> Cluster:
        for index in range(len(self.ports)):
            self.start(index)
        return self

    def __exit__(self, *exc: object) -> None:
        for index in range(len(self.ports)):
            self.kill(index)

    def busy_loops(self) -> list[str]:
        """The warnings of a busy event loop in the servers' logs (each with where the loop was), in
        either log format."""
        found = []
        for path in sorted(self.logs.glob("serve-*.log")):
            text = path.read_text()
            starts = [0, *(match.start() for match in RECORD.finditer(text)), len(text)]
            for begin, end in itertools.pairwise(starts):
                record = text[begin:end]
                if record.startswith("{"):
                    with contextlib.suppress(ValueError, KeyError, TypeError):
                        record = json.loads(record)["message"]
                if BUSY in record:
                    found.append(record[record.index(BUSY) :].strip())
        return found


def _group_cpu(pid: int) -> tuple[float, float]:
    """CPU seconds used so far by a server and by the rest of its process group (its bot workers)."""
    own = others = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == pid:  # the process group
                    seconds = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
                    own, others = (own + seconds, others) if int(entry.name) == pid else (own, others + seconds)
    return own, others


@dataclass
class Run:
    """What the clients share: latencies, accepted actions, and the start once every client is connected."""

    clients: int
    think: float
    seconds: float
    latencies: list[float] = field(default_factory=list)
    accepted: list[tuple[str, int, int, Any]] = field(default_factory=list)
    reconnects: int = 0
    errors: list[str] = field(default_factory=list)
    greeted: int = 0
    go: asyncio.Event = field(default_factory=asyncio.Event)
    deadline: float = 0.0
    chat_every: float = 0.0
    chat_sent: dict[str, float] = field(default_factory=dict)
    """Each chat message sent (its text, unique) and when."""
    chat_latencies: list[float] = field(default_factory=list)
    """From sending a chat message to a spectator of its table hearing it."""

    def arrived(self) -> None:
        self.greeted += 1
        if self.greeted == self.clients:
            self.deadline = time.monotonic() + self.seconds
            self.go.set()

    def left(self) -> float:
        return self.deadline - time.monotonic() if self.go.is_set() else 3600.0


@dataclass
class Place:
    """A person's seat at a table (a rematch moves them to a new one), and the action they sent and
    have not yet seen the table move past: (the version it was sent at, the action)."""

    table: str
    seat: int
    token: str
    address: str
    pending: tuple[int, Any] | None = None

    @property
    def forwarded(self) -> dict[str, str]:
        """The headers that say, through the loopback proxy, where this person is."""
        return {"X-Forwarded-For": self.address}


def address_of_person(number: int) -> str:
    """An address of its own, in a /24 network of its own, for each person."""
    return f"10.{number % 250}.{number // 250}.1"


async def person(cluster: Cluster, place: Place, run: Run, rng: random.Random, http: httpx2.AsyncClient) -> None:
    """One person: connect to a random server, wait for everyone, then play a random legal action after
    a think time whenever on move until the time is up, going on to the rematch when a game ends;
    reconnect (to a random live server) when dropped."""
    greeted = False
    while run.left() > 0:
        url = rng.choice(cluster.urls()).replace("http", "ws")
        try:
            async with websockets.connect(
                f"{url}/ws/tables/{place.table}", max_size=2**22, open_timeout=10, additional_headers=place.forwarded
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "token": place.token}))
                message = json.loads(await ws.recv())
                if not greeted:
                    greeted = True
                    run.arrived()
                    await run.go.wait()
                chatting = (
                    asyncio.create_task(chat(ws, place, run, rng)) if run.chat_every and place.seat == 0 else None
                )
                try:
                    if not await play_on(ws, message, place, run, rng):
                        return
                finally:
                    if chatting is not None:
                        chatting.cancel()
                place = await rematch(cluster, place, rng, http)
        except (
            OSError,
            websockets.WebSocketException,
            TimeoutError,
            httpx2.HTTPError,
        ):  # a server went away: try another
            run.reconnects += 1
            await asyncio.sleep(0.2)


async def chat(ws: Any, place: Place, run: Run, rng: random.Random) -> None:
    """The first seat of a table says something in the chat every `run.chat_every` seconds (a random
    start, so the tables' messages spread out)."""
    await asyncio.sleep(run.chat_every * rng.random())
    while run.left() > 0:
        text = f"{place.table} {len(run.chat_sent)} good luck"
        run.chat_sent[text] = time.perf_counter()
        await ws.send(json.dumps({"type": "chat", "text": text}))
        await asyncio.sleep(run.chat_every)


async def chat_reader(cluster: Cluster, table: str, number: int, run: Run, rng: random.Random) -> None:
    """A spectator of the table reading its chat (the players read theirs only between their think
    times): when each message sent is heard."""
    url = rng.choice(cluster.urls()).replace("http", "ws")
    forwarded = {"X-Forwarded-For": address_of_person(100_000 + number)}
    async with websockets.connect(f"{url}/ws/tables/{table}", open_timeout=10, additional_headers=forwarded) as ws:
        await ws.send(json.dumps({"type": "hello", "token": None}))
        await run.go.wait()
        while run.left() > 0:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, run.left())))
            except TimeoutError:
                return
            for said in message.get("messages", []) if message["type"] == "chat" else []:
                if said["text"] in run.chat_sent:
                    run.chat_latencies.append(time.perf_counter() - run.chat_sent[said["text"]])


async def rematch(cluster: Cluster, place: Place, rng: random.Random, http: httpx2.AsyncClient) -> Place:
    """The same seat at the finished table's rematch (whoever asks first makes it)."""
    headers = {"Authorization": f"Bearer {place.token}", **place.forwarded}
    made = (
        (await http.post(f"{rng.choice(cluster.urls())}/api/tables/{place.table}/rematch", headers=headers))
        .raise_for_status()
        .json()
    )
    joined = await http.post(
        f"{rng.choice(cluster.urls())}/api/tables/{made['id']}/join",
        json={"name": f"P{place.seat}", "seat": place.seat},
        headers=place.forwarded,
    )
    if joined.status_code != 200:
        raise RuntimeError(f"joining the rematch of {place.table}: {joined.text}")
    return Place(made["id"], joined.json()["seat"], joined.json()["token"], place.address)


async def play_on(ws: Any, message: dict[str, Any], place: Place, run: Run, rng: random.Random) -> bool:
    """Play over one connection until the game ends (True) or the time is up (False). An action is
    known to be accepted when the table moves past the version it was sent at: only the seat on move
    can act, no stand-in plays without a timer, and the first state after a (re)connection is the
    stored one. It is noted with the table, seat and version; one sent over a connection that broke is
    judged by the first state of the next."""
    sent_at: float | None = None
    fresh = True  # the first state of a connection is the stored table
    while True:
        if message["type"] == "error":
            if message["code"] not in ("stale", "not-your-turn"):
                raise RuntimeError(f"{message['code']}: {message['error']}")
            place.pending = sent_at = None
        if message["type"] == "state":
            if place.pending is not None and message["version"] > place.pending[0]:
                run.accepted.append((place.table, place.seat, *place.pending))
                if sent_at is not None:
                    run.latencies.append(time.perf_counter() - sent_at)
                place.pending = sent_at = None
            elif place.pending is not None and fresh:
                place.pending = None  # sent over a connection that broke, and never stored
            fresh = False
            if message["finished"]:
                return True
            if message["legal"] and place.pending is None:
                await asyncio.sleep(run.think * rng.uniform(0.5, 1.5))
                if run.left() <= 0:
                    return False
                place.pending = (message["version"], rng.choice(message["legal"])["action"])
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "version": place.pending[0], "action": place.pending[1]}))
        try:
            message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, run.left())))
        except TimeoutError:
            return False  # the time is up while waiting


async def keep_bots_playing(cluster: Cluster, count: int, http: httpx2.AsyncClient, until: asyncio.Event) -> int:
    """Keep `count` tables of four hard bots running (a finished one is replaced); the bot moves made."""
    if not count:
        await until.wait()
        return 0
    base = cluster.urls()[0]
    tables = {}
    for _ in range(count):
        made = (
            await http.post(
                f"{base}/api/tables",
                json={"game": "lasvegas", "options": {"players": 4}, "bots": BOTS},
                headers=BOTS_ADDRESS,
            )
        ).json()
        tables[made["id"]] = made["version"]
    moves = 0
    while not until.is_set():
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(until.wait(), 2.0)
        for table, seen in list(tables.items()):
            with contextlib.suppress(httpx2.HTTPError):
                state = (
                    await http.get(f"{random.choice(cluster.urls())}/api/tables/{table}", headers=BOTS_ADDRESS)
                ).json()
                moves += state["version"] - seen
                tables[table] = state["version"]
                if state["finished"]:
                    del tables[table]
                    made = (
                        await http.post(
                            f"{random.choice(cluster.urls())}/api/tables",
                            json={"game": "lasvegas", "options": {"players": 4}, "bots": BOTS},
                            headers=BOTS_ADDRESS,
                        )
                    ).json()
                    tables[made["id"]] = made["version"]
    return moves


async def seat_people(cluster: Cluster, tables: int, players: int, http: httpx2.AsyncClient) -> list[Place]:
    seats: list[Place] = []
    for _ in range(tables):
        base = random.choice(cluster.urls())
        creator = {"X-Forwarded-For": address_of_person(len(seats))}
        made = {"game": "lasvegas", "options": {"players": players}, "bots": [None] * players}
        table = (await http.post(f"{base}/api/tables", json=made, headers=creator)).raise_for_status().json()["id"]
        for n in range(players):
            address = address_of_person(len(seats))
            joined = (
                (
                    await http.post(
                        f"{base}/api/tables/{table}/join", json={"name": f"P{n}"}, headers={"X-Forwarded-For": address}
                    )
                )
                .raise_for_status()
                .json()
            )
            seats.append(Place(table, joined["seat"], joined["token"], address))
    return seats


async def ask_cold(
    cluster: Cluster, long_tables: list[str], rate: float, run: Run, http: httpx2.AsyncClient, latencies: list[float]
) -> None:
    """Once everyone plays: GET a different long table `rate` times a second, each from another address."""
    await run.go.wait()
    asking: list[asyncio.Task[None]] = []

    async def get(number: int, table_id: str) -> None:
        base = random.choice(cluster.urls())
        started = time.monotonic()
        try:
            answer = await http.get(
                f"{base}/api/tables/{table_id}",
                headers={"X-Forwarded-For": f"10.{200 + number % 50}.{number // 50 % 250}.9"},
            )
        except httpx2.TransportError as error:  # counted, not fatal: the run's table says how many
            run.errors.append(f"a cold GET failed: {type(error).__name__}: {error}")
            return
        if answer.status_code == 200:
            latencies.append(time.monotonic() - started)
        else:
            run.errors.append(f"a cold GET was answered {answer.status_code}: {answer.text[:200]}")

    for number, table_id in enumerate(long_tables):
        if time.monotonic() >= run.deadline:
            break
        asking.append(asyncio.create_task(get(number, table_id)))
        await asyncio.sleep(1 / rate)
    await asyncio.gather(*asking)


async def play(
    cluster: Cluster,
    args: argparse.Namespace,
    bot_tables: int,
    seconds: float,
    restart_every: float = 0.0,
    long_tables: list[str] | None = None,
) -> tuple[Run, int, float, list[float]]:
    async with httpx2.AsyncClient(timeout=30, limits=httpx2.Limits(max_connections=100)) as http:
        stop = asyncio.Event()
        bots = asyncio.create_task(keep_bots_playing(cluster, bot_tables, http, stop))
        seats = await seat_people(cluster, args.tables, args.players, http)
        run = Run(len(seats), args.think, seconds, chat_every=args.chat_every)
        rng = random.Random(1)
        people = [person(cluster, place, run, random.Random(rng.random()), http) for place in seats]
        if args.chat_every:
            tables = sorted({place.table for place in seats})
            people += [chat_reader(cluster, table, n, run, random.Random(n)) for n, table in enumerate(tables)]
        cold: list[float] = []
        asking = (
            asyncio.create_task(ask_cold(cluster, long_tables or [], args.cold_gets, run, http, cold))
            if long_tables
            else None
        )
        restarts = asyncio.create_task(restart_servers(cluster, restart_every)) if restart_every else None
        for outcome in await asyncio.gather(*people, return_exceptions=True):
            if isinstance(outcome, BaseException):  # a client that could not go on: told, not fatal
                run.errors.append(f"{type(outcome).__name__}: {outcome}")
        elapsed = time.monotonic() - (run.deadline - seconds)
        if asking is not None:
            await asking
        stop.set()
        if restarts is not None:
            restarts.cancel()
            await asyncio.gather(restarts, return_exceptions=True)
        bot_moves = await bots
    return run, bot_moves, elapsed, cold


async def restart_servers(cluster: Cluster, every: float) -> None:
    """Kill -9 one server and start it again every `every` seconds, taking turns."""
    index = 0
    while True:
        await asyncio.sleep(every)
        cluster.kill(index)
        await asyncio.sleep(1.0)
        await asyncio.to_thread(cluster.start, index)
        print(f"  {time.strftime('%H:%M:%S')} restarted server {index + 1}", flush=True)
        index = (index + 1) % len(cluster.ports)


@contextlib.contextmanager
def database(kind: str, given: str | None, scratch: Path) -> Iterator[str]:
    """A database for one configuration: the given one, a fresh SQLite file, or a throwaway PostgreSQL."""
    if given:
        yield given
    elif kind == "sqlite":
        yield str(scratch / f"load-{time.monotonic_ns()}.sqlite3")
    else:
        with postgres_server(durable=True) as server:
            yield server.new_database()


def _cpu_of_user(name: str) -> float:
    """CPU seconds used so far by the live processes of a system user (the database server's)."""
    import pwd

    uid = pwd.getpwnam(name).pw_uid
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                if entry.stat().st_uid == uid:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def filled(db: str, count: int) -> list[str]:
    """Long finished tables stored in the database before the servers start; their ids."""
    if not count:
        return []
    store = open_store(db)
    try:
        return fill(store, count, True, long_games())
    finally:
        store.close()


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] if ordered else 0.0


@contextlib.contextmanager
def scraping(ports: list[int]) -> Iterator[list[float]]:
    """Scrape each metrics port every `SCRAPE_EVERY` seconds in a thread while the block runs; the scrapes' times."""
    import threading

    times: list[float] = []
    done = threading.Event()

    def scrape() -> None:
        while not done.wait(SCRAPE_EVERY):
            for port in ports:
                started = time.perf_counter()
                httpx2.get(f"http://{HOST}:{port}/metrics", timeout=10).raise_for_status()
                times.append(time.perf_counter() - started)

    thread = threading.Thread(target=scrape, daemon=True)
    thread.start()
    try:
        yield times
    finally:
        done.set()
        thread.join()


def measure(
    args: argparse.Namespace, servers: int, bot_tables: int, scratch: Path, observe: str = "default"
) -> dict[str, Any]:
    kind = "postgresql" if servers > 1 or args.postgres else "sqlite"
    cores = len(os.sched_getaffinity(0))
    logs = Path(tempfile.mkdtemp(dir=scratch))
    with database(kind, args.db, scratch) as db:
        long_tables = filled(db, int(args.cold_gets * args.seconds) + 20 if args.cold_gets else 0)
        with Cluster(db, servers, max(1, cores // servers), logs, observe) as cluster:
            clients_before = sum(os.times()[:2])
            database_before = _cpu_of_user("postgres") if kind == "postgresql" else 0.0
            with scraping(cluster.metrics_ports) as scrapes:
                run, bot_moves, elapsed, cold = asyncio.run(
                    play(cluster, args, bot_tables, args.seconds, long_tables=long_tables)
                )
            clients_cpu = sum(os.times()[:2]) - clients_before
            database_cpu = _cpu_of_user("postgres") - database_before if kind == "postgresql" else 0.0
        busy = cluster.busy_loops()
    for warning in busy[:5]:
        print(warning)
    latencies = sorted(run.latencies)
    if not latencies:
        raise SystemExit("no action was played")
    return {
        "observe": observe,
        "servers": servers,
        "database": kind,
        "bot tables": bot_tables,
        "clients": run.clients,
        "actions": len(latencies),
        "per second": len(latencies) / elapsed,
        "p50 ms": statistics.median(latencies) * 1000,
        "p99 ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "max ms": latencies[-1] * 1000,
        "bot moves/s": bot_moves / elapsed,
        **(
            {
                "chat sent": len(run.chat_sent),
                "chat heard": len(run.chat_latencies),
                "chat p50 ms": statistics.median(run.chat_latencies) * 1000 if run.chat_latencies else 0.0,
                "chat p99 ms": p99(run.chat_latencies) * 1000,
            }
            if args.chat_every
            else {}
        ),
        "server CPU s": cluster.cpu,
        "bot CPU s": cluster.bot_cpu,
        "database CPU s": database_cpu,
        "clients CPU s": clients_cpu,
        "wall s": elapsed,
        "client errors": len(run.errors),
        **(
            {
                "cold GETs": len(cold),
                "cold p50 ms": statistics.median(cold) * 1000 if cold else 0.0,
                "cold p99 ms": p99(cold) * 1000,
            }
            if args.cold_gets
            else {}
        ),
        "busy loops": len(busy),
        "scrapes": len(scrapes),
        "scrape max ms": max(scrapes, default=0.0) * 1000,
        "log MB": sum(path.stat().st_size for path in logs.glob("serve-*.log")) / 2**20,
    }


def compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def print_rows(rows: list[dict[str, Any]]) -> None:
    names = list(rows[0])
    print(" | ".join(names))
    for row in rows:
        print(" | ".join(f"{row[name]:.1f}" if isinstance(row[name], float) else str(row[name]) for name in names))


def soak(args: argparse.Namespace) -> None:
    """Two servers on PostgreSQL, bot tables, a restart every few minutes; then check every table."""
    import psycopg

    import highroller as hr
    from highroller.core.record_format import apply_recorded_step
    from highroller.web.store.dialects import open_store

    with database("postgresql", args.db, Path(tempfile.gettempdir())) as db:
        with Cluster(db, 2, 1, Path(tempfile.mkdtemp()), args.observe) as cluster:
            run, bot_moves, elapsed, _ = asyncio.run(
                play(cluster, args, args.bot_tables, args.soak, restart_every=args.restart_every)
            )
        store = open_store(db)
        with psycopg.connect(db) as connection:
            ids = [row[0] for row in connection.execute("SELECT id FROM hr_tables").fetchall()]
        replayed = steps = 0
        for table_id in ids:
            row = store.load_table(table_id)
            if row is None:
                continue
            state = hr.make(row.game, **row.options).new_game(row.seed)
            for index, entry in enumerate(row.steps):
                apply_recorded_step(state, entry, index)
            replayed += 1
            steps += len(row.steps)
        missing = []
        for table_id, seat, version, action in run.accepted:
            row = store.load_table(table_id, steps_from=version)
            if row is None or not row.steps or row.steps[0] != {"seat": seat, "action": action}:
                missing.append(
                    f"table {table_id} step {version}: seat {seat} played {compact(action)}, stored "
                    f"{compact(row.steps[:3] if row else None)}"
                )
    latencies = sorted(run.latencies)
    print(
        f"soak: {elapsed / 60:.0f} min, 2 servers on PostgreSQL, one killed (SIGKILL) and restarted every "
        f"{args.restart_every:.0f} s"
    )
    print(
        f"  {run.clients} people over {args.tables} tables, {args.bot_tables} tables of four hard bots kept running "
        f"({bot_moves} bot moves)"
    )
    print(f"  accepted actions: {len(run.accepted)}; reconnections: {run.reconnects}")
    print(
        f"  clients that stopped on an error: {len(run.errors)}"
        + "".join(f"\n    {error}" for error in run.errors[:10])
    )
    print(
        f"  action latency: p50 {statistics.median(latencies) * 1000:.1f} ms, p99 "
        f"{latencies[int(len(latencies) * 0.99)] * 1000:.1f} ms"
    )
    print(
        f"  tables replayed from their stored steps: {replayed} of {len(ids)} ({steps} steps); accepted actions "
        f"missing: {len(missing)}"
    )
    print("".join(f"    {line}\n" for line in missing[:10]), end="")
    if missing or replayed != len(ids) or run.errors:
        raise SystemExit("the soak run lost something")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__
    )
    parser.add_argument("--tables", type=int, default=200, help="people's tables (at most 1000)")
    parser.add_argument("--players", type=int, default=4, help="people per table (2-5)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the clients play (at most 600)")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time before an action, seconds")
    parser.add_argument(
        "--bot-tables", type=int, default=0, help="tables of four hard bots kept running beside the people"
    )
    parser.add_argument("--servers", type=int, default=1, help="server processes (2 or more share PostgreSQL)")
    parser.add_argument("--postgres", action="store_true", help="use PostgreSQL with one server too")
    parser.add_argument(
        "--db", default=None, help="a postgresql:// URL to use instead of a throwaway server (or a SQLite file)"
    )
    parser.add_argument("--matrix", action="store_true", help="measure 0, 20 and 50 bot tables with 1 and 2 servers")
    parser.add_argument("--soak", type=float, default=0.0, help="soak run of this many seconds (see below)")
    parser.add_argument("--restart-every", type=float, default=300.0, help="soak: seconds between two server restarts")
    parser.add_argument(
        "--cold-gets", type=float, default=0.0, help="GETs a second of long tables no server holds (see below)"
    )
    parser.add_argument(
        "--chat-every",
        type=float,
        default=0.0,
        help="seconds between two chat messages of each people's table (its first seat's, over the WebSocket); "
        "0: no chat",
    )
    parser.add_argument(
        "--observe",
        choices=[*OBSERVED, "compare"],
        default="default",
        help="what the servers keep for their host: metrics and logs (see below); compare: off, then on",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit 1 if a client stopped on an error or a server's event loop was busy past its bound",
    )
    args = parser.parse_args()
    args.tables = max(1, min(args.tables, 1000))
    args.seconds = max(1.0, min(args.seconds, 600.0))
    if args.soak:
        soak(args)
        return
    with tempfile.TemporaryDirectory() as scratch:
        shapes = [(s, b) for s in (1, 2) for b in (0, 20, 50)] if args.matrix else [(args.servers, args.bot_tables)]
        observed = ["off", "on"] if args.observe == "compare" else [args.observe]
        configs = [(servers, bot_tables, observe) for servers, bot_tables in shapes for observe in observed]
        rows = []
        for servers, bot_tables, observe in configs:
            rows.append(measure(args, servers, bot_tables, Path(scratch), observe))
            print_rows(rows[-1:]) if len(configs) == 1 else print(
                f"  measured {servers} server(s), {bot_tables} bot tables, observe {observe}", flush=True
            )
        if len(configs) > 1:
            print_rows(rows)
        if args.check and any(
            row["client errors"] or row["busy loops"] or (args.cold_gets and not row["cold GETs"]) for row in rows
        ):
            raise SystemExit(
                "a client stopped on an error, a server's event loop was busy past its bound, or no cold table was "
                "asked for"
            )


if __name__ == "__main__":
    main()
