"""Several processes on one PostgreSQL database: two `highroller serve` processes with a person on
each play a game to the end; one is killed mid-game and the game goes on through the other; two
processes racing to accept the same step accept exactly one; `highroller bots` in another process
plays the bots, and the move of a bot worker killed mid-thought is taken over by another."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import psycopg
import pytest
from conftest import Server
from postgres_server import PostgresServer
from web_helpers import call, create, join, my_turn, request

import highroller as hr

pytestmark = pytest.mark.slow  # several server and bot processes

SHORT = {"players": 2, "rounds": 1, "dice_per_player": 4}


@pytest.fixture
def shared(postgres: PostgresServer) -> str:
    """A fresh PostgreSQL database for the test's processes."""
    return postgres.new_database()


@pytest.fixture
def servers(shared: str, tmp_path: Path) -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def start(*flags: str) -> Server:
        server = Server(shared, 0.0, flags, tmp_path)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()
        server.print_errors()


class BotWorker:
    """`highroller bots` as a separate process."""

    def __init__(self, database: str, errors: Path, *flags: str) -> None:
        command = [
            sys.executable,
            "-c",
            "from highroller.cli.main import main; main()",
            "bots",
            "--db",
            database,
            "--bot-processes",
            "1",
            "--no-warm-up",
            *flags,
        ]
        self.errors = errors
        with errors.open("ab") as stderr:  # a file, not a pipe nobody reads
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def print_errors(self) -> None:
        """Print what the worker wrote to stderr, if anything (pytest shows it when the test fails)."""
        if self.errors.stat().st_size:
            print(f"the bot worker wrote to stderr:\n{self.errors.read_text()}")


@pytest.fixture
def bot_workers(shared: str, tmp_path: Path) -> Iterator[Callable[..., BotWorker]]:
    started: list[BotWorker] = []

    def start(*flags: str) -> BotWorker:
        worker = BotWorker(shared, tmp_path / f"bots-{len(started)}.err", *flags)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.kill()
        worker.print_errors()


def play_through(base: str, table: str, token: str, rng: random.Random, moves: int | None = None) -> dict[str, Any]:
    """Play this seat's turns through the server at `base` (`moves` of them, or to the end)."""
    state = my_turn(base, table, token)
    while not state["finished"] and moves != 0:
        choice = rng.choice(state["legal"])["action"]
        response = request(
            base, "POST", f"/api/tables/{table}/actions", token, json={"version": state["version"], "action": choice}
        )
        assert response.status_code == 200, response.text
        moves = None if moves is None else moves - 1
        state = my_turn(base, table, token)
    return state


def test_two_processes_with_a_person_on_each_play_to_the_end(servers: Callable[..., Server]) -> None:
    first, second = servers(), servers()
    table = create(first.url, "lasvegas", SHORT, [None, None])["id"]
    seats = {first.url: join(first.url, table, "Ann"), second.url: join(second.url, table, "Bob")}
    finals: dict[str, dict[str, Any]] = {}

    def person(base: str) -> None:
        finals[base] = play_through(base, table, seats[base][1], random.Random(base))

    threads = [threading.Thread(target=person, args=(base,)) for base in seats]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert set(finals) == set(seats) and all(final["finished"] for final in finals.values())
    record = call(second.url, "GET", f"/api/tables/{table}/record")
    assert record == call(first.url, "GET", f"/api/tables/{table}/record")
    assert hr.replay(record).returns() == finals[first.url]["result"]["returns"]
    assert {s["name"] for s in record["table"]["seats"]} == {"Ann", "Bob"}


def move(bases: dict[int, str], tokens: dict[int, str], table: str, rng: random.Random) -> dict[str, Any]:
    """One random move by the seat on move, through that seat's own server; the table afterwards."""
    seat = call(next(iter(bases.values())), "GET", f"/api/tables/{table}")["current_player"]
    mine = call(bases[seat], "GET", f"/api/tables/{table}", tokens[seat])
    choice = rng.choice(mine["legal"])["action"]
    return call(
        bases[seat],
        "POST",
        f"/api/tables/{table}/actions",
        tokens[seat],
        json={"version": mine["version"], "action": choice},
    )


def test_a_process_killed_mid_game_and_the_game_goes_on_through_the_other(servers: Callable[..., Server]) -> None:
    first, second = servers(), servers()
    table = create(first.url, "luckiest", {"players": 2, "rounds": 2}, [None, None])["id"]
    tokens = dict([join(first.url, table, "Ann"), join(second.url, table, "Bob")])
    bases = {seat: (first.url, second.url)[seat] for seat in tokens}
    rng = random.Random(3)
    for _ in range(4):
        move(bases, tokens, table, rng)
    before = call(second.url, "GET", f"/api/tables/{table}", tokens[0])
    first.kill()
    assert call(second.url, "GET", f"/api/tables/{table}", tokens[0]) == before
    state = before
    while not state["finished"]:
        state = move(dict.fromkeys(tokens, second.url), tokens, table, rng)
    record = call(second.url, "GET", f"/api/tables/{table}/record")
    assert hr.replay(record).returns() == state["result"]["returns"]


def test_two_processes_racing_for_one_step_accept_exactly_one(servers: Callable[..., Server]) -> None:
    first, second = servers(), servers()
    table = create(first.url, "lasvegas", {**SHORT, "rounds": 2, "dice_per_player": 6}, [None, None])["id"]
    tokens = [join(first.url, table, "Ann")[1], join(first.url, table, "Bob")[1]]
    rng = random.Random(7)
    races = 0
    state = call(first.url, "GET", f"/api/tables/{table}")
    while not state["finished"]:
        token = tokens[state["current_player"]]
        mine = call(first.url, "GET", f"/api/tables/{table}", token)
        actions = [rng.choice(mine["legal"])["action"] for _ in range(2)]  # the same action, or two different ones
        barrier = threading.Barrier(2)
        answers: list[httpx2.Response] = []

        def send(base: str, action: Any) -> None:
            barrier.wait()
            answers.append(
                request(
                    base,
                    "POST",
                    f"/api/tables/{table}/actions",
                    token,
                    json={"version": mine["version"], "action": action},
                )
            )

        threads = [
            threading.Thread(target=send, args=(base, action)) for base, action in zip((first.url, second.url), actions)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert sorted(answer.status_code for answer in answers) == [200, 409], [a.text for a in answers]
        state = next(a for a in answers if a.status_code == 200).json()
        assert next(a for a in answers if a.status_code == 409).json()["code"] == (
            "game-over" if state["finished"] else "stale"
        )
        races += 1
    assert races >= 6
    record = call(second.url, "GET", f"/api/tables/{table}/record")
    assert len(record["steps"]) == state["version"] and hr.replay(record).is_terminal()


def test_bot_workers_in_another_process_play_the_bots(
    servers: Callable[..., Server], bot_workers: Callable[..., BotWorker]
) -> None:
    server = servers("--bot-processes", "0")
    bots_only = create(server.url, "lastchance", {"players": 2, "cards": 1, "money": 500}, ["odds", "random"])
    time.sleep(1.0)
    assert call(server.url, "GET", f"/api/tables/{bots_only['id']}")["version"] == bots_only["version"], (
        "a bot moved with no worker"
    )
    table = create(
        server.url, "lastchance", {"players": 3, "cards": 1, "money": 500}, [None, "odds", "random"], name="Ann"
    )
    bot_workers()
    final = play_through(server.url, table["id"], table["token"], random.Random(1))
    assert final["finished"] and len(final["result"]["returns"]) == 3
    state = call(server.url, "GET", f"/api/tables/{bots_only['id']}")
    while not state["finished"]:
        state = call(server.url, "GET", f"/api/tables/{bots_only['id']}", params={"after": state["version"]})


def test_a_killed_bot_workers_move_is_taken_over(
    servers: Callable[..., Server], bot_workers: Callable[..., BotWorker], shared: str
) -> None:
    server = servers("--bot-processes", "0")
    table = create(server.url, "lasvegas", {"players": 2, "rounds": 1}, ["mcts", "mcts"])["id"]
    first = bot_workers("--lease", "2")
    owner = wait_for_lease(shared, table, first.process.pid)
    first.kill()
    claimed = call(server.url, "GET", f"/api/tables/{table}")["version"]
    assert lease_owner(shared, table) == owner, "the move was not in flight when its worker died"
    bot_workers("--lease", "2")
    state = call(server.url, "GET", f"/api/tables/{table}")
    deadline = time.monotonic() + 120
    while not state["finished"] and time.monotonic() < deadline:
        state = call(server.url, "GET", f"/api/tables/{table}", params={"after": state["version"]})
    assert state["finished"] and state["version"] > claimed
    assert lease_owner(shared, table) is None


def lease_owner(database: str, table: str) -> str | None:
    with psycopg.connect(database, autocommit=True) as db:
        row = db.execute("SELECT lease_owner FROM hr_tables WHERE id = %s", (table,)).fetchone()
    return None if row is None or row[0] is None else str(row[0])


def wait_for_lease(database: str, table: str, pid: int) -> str:
    """Poll until the bot worker with this process id holds the table's lease; the lease's owner."""
    deadline = time.monotonic() + 60
    with psycopg.connect(database, autocommit=True) as db:
        while time.monotonic() < deadline:
            row = db.execute("SELECT lease_owner FROM hr_tables WHERE id = %s", (table,)).fetchone()
            if row and row[0] and row[0].split(":")[1] == str(pid):
                return str(row[0])
            time.sleep(0.001)
    raise AssertionError("the bot worker never claimed a move")
