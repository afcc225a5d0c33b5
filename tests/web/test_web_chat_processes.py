"""The chat across two `highroller serve` processes on one PostgreSQL database: a message sent to one
process reaches, at once, a reader connected to the other (over its WebSocket), a long poll waiting
on the other wakes for it, and a message the host hides (`highroller admin hide`) vanishes from
the readers of both."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from click.testing import CliRunner
from conftest import Server
from web_helpers import call, create, join
from websockets.sync.client import ClientConnection, connect

from highroller.cli.main import cli

pytestmark = pytest.mark.slow  # two server processes


@pytest.fixture(params=["postgresql"])
def database(request: pytest.FixtureRequest, postgres: Any) -> str:
    return str(postgres.new_database())


def _chat(socket: ClientConnection, timeout: float = 10.0) -> dict[str, Any]:
    """The next chat message the connection is sent."""
    deadline = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == "chat":
            return message


def test_a_message_sent_to_one_process_reaches_a_reader_of_the_other(serve: Callable[..., Server]) -> None:
    first = serve()
    second = serve(flags=["--bot-processes", "0"])
    made = create(first.url, "lasvegas", {"players": 2}, [None, None], name="Ann")
    table = made["id"]
    _, bob = join(first.url, table, "Bob")
    with connect(second.url.replace("http", "ws") + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"type": "hello", "token": bob}))
        assert json.loads(socket.recv(timeout=10))["type"] == "state"
        version = call(second.url, "GET", f"/api/tables/{table}")["version"]
        woken: list[float] = []

        def long_poll() -> None:
            started = time.monotonic()
            httpx2.get(f"{second.url}/api/tables/{table}?after={version}&chat_after=0", timeout=30)
            woken.append(time.monotonic() - started)

        poller = threading.Thread(target=long_poll)
        poller.start()
        time.sleep(0.5)
        call(first.url, "POST", f"/api/tables/{table}/chat", made["token"], json={"phrase": "good-luck"})
        heard = _chat(socket)
        assert [(m["author"], m["phrase"]) for m in heard["messages"]] == [("Ann", "good-luck")]
        poller.join(30)
        assert woken and woken[0] < 10, "the long poll on the other process woke for the message"
        call(first.url, "POST", f"/api/tables/{table}/chat", made["token"], json={"text": "rude words"})
        assert _chat(socket)["messages"][0]["text"] == "rude words"
        report = call(second.url, "POST", f"/api/tables/{table}/chat/2/report", bob, json={"reason": "abuse"})["report"]
        hidden = CliRunner().invoke(cli, ["admin", "--db", first.database, "--as", "host", "hide", report])
        assert hidden.exit_code == 0, hidden.output
        assert _chat(socket)["hidden"] == [2], "the readers are told the host hid it"
    assert [m["id"] for m in call(first.url, "GET", f"/api/tables/{table}/chat")["messages"]] == [1]
