"""HTTP at the edges: request heads over the limit answered 431 by the protocol layer (uvicorn's
httptools and h11 protocols, and a real `highroller serve`), bodies over the limit answered 413
whether declared or chunked, HEAD answered like GET, OPTIONS and 405 listing every method of the
path, and the health check."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient
from uvicorn.config import Config
from uvicorn.server import ServerState

from highroller.web.api.messages import MAX_MESSAGE
from highroller.web.http import protocol
from highroller.web.http.headers import CSP
from highroller.web.http.protocol import MAX_HEAD, HeadLimitedH11

SECURITY = {"content-security-policy": CSP, "x-frame-options": "DENY", "x-content-type-options": "nosniff"}

PROTOCOLS = [HeadLimitedH11, *([protocol.HeadLimitedHttpTools] if hasattr(protocol, "HeadLimitedHttpTools") else [])]

PAGES = ["/", "/table/x", "/replay/x", "/static/style.css", "/api/games", "/healthz"]


def assert_secured(headers: httpx2.Headers) -> None:
    for name, value in SECURITY.items():
        assert headers.get_list(name) == [value], name


def head_of(size: int, method: str = "GET", extra: str = "") -> bytes:
    """A request head of exactly `size` bytes (an X-Pad header makes up the difference)."""
    start = f"{method} / HTTP/1.1\r\nHost: example\r\n{extra}X-Pad: ".encode()
    end = b"\r\n\r\n"
    return start + b"a" * (size - len(start) - len(end)) + end


class Transport(asyncio.Transport):
    """What a protocol writes, and whether it closed, as a socket's transport would take it."""

    def __init__(self, protocol: asyncio.Protocol) -> None:
        super().__init__()
        self.protocol = protocol
        self.written = bytearray()
        self.eof = False
        self.closed = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written += data

    def can_write_eof(self) -> bool:
        return True

    def write_eof(self) -> None:
        self.eof = True

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(name, default)

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self.protocol

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        assert isinstance(protocol, asyncio.Protocol)
        self.protocol = protocol


async def answer_ok(scope: Any, receive: Any, send: Any) -> None:
    while (await receive())["more_body"]:
        pass
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


def exchange(protocol_class: type[asyncio.Protocol], chunks: Iterator[bytes]) -> tuple[Transport, int]:
    """Feed `chunks` to a connection of `protocol_class` (an app answering "ok") until it answers
    431; what it wrote, and how many bytes it was fed."""

    async def run() -> tuple[Transport, int]:
        config = Config(app=answer_ok, log_config=None, proxy_headers=False)
        connection = protocol_class(config, ServerState(), {}, _loop=asyncio.get_running_loop())  # type: ignore[call-arg]
        transport = Transport(connection)
        connection.connection_made(transport)
        fed = 0
        for chunk in chunks:
            connection.data_received(chunk)
            fed += len(chunk)
            await asyncio.sleep(0)
            if transport.written.startswith(b"HTTP/1.1 431"):
                break
        await asyncio.sleep(0.05)  # the app's task answers
        return transport, fed

    return asyncio.run(run())


def pieces(data: bytes, size: int) -> Iterator[bytes]:
    return (data[i : i + size] for i in range(0, len(data), size))


@pytest.mark.parametrize("protocol_class", PROTOCOLS)
def test_a_head_over_the_limit_is_refused_before_it_is_buffered(protocol_class: type[asyncio.Protocol]) -> None:
    endless = (b"a" * 65536 for _ in range(128))  # an 8 MiB header value, as the socket would hand it over
    transport, fed = exchange(protocol_class, iter([b"GET / HTTP/1.1\r\nHost: example\r\nX-Big: ", *endless]))
    assert fed <= MAX_HEAD + 65536 + 100  # refused within one read past the limit
    head, _, body = bytes(transport.written).partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    assert lines[0] == "HTTP/1.1 431 Request Header Fields Too Large"
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    assert headers["content-type"] == "application/json" and headers["connection"] == "close"
    assert headers["content-length"] == str(len(body))
    assert headers["x-frame-options"] == "deny" and headers["content-security-policy"] == CSP.lower()
    assert json.loads(body) == {
        "error": f"the request line and headers are over {MAX_HEAD} bytes",
        "code": "headers-too-large",
    }
    assert transport.eof and not transport.closed  # half closed: what the client still sends is read and dropped


@pytest.mark.parametrize("protocol_class", PROTOCOLS)
@pytest.mark.parametrize("piece", [MAX_HEAD, 1000, 7])
def test_heads_up_to_the_limit_are_served(protocol_class: type[asyncio.Protocol], piece: int) -> None:
    body = b"b" * 20_000
    streams = [
        head_of(MAX_HEAD),
        head_of(MAX_HEAD - 100, "POST", f"Content-Length: {len(body)}\r\n") + body,  # the body does not count
        head_of(MAX_HEAD - 10) + head_of(MAX_HEAD - 10),  # two heads on one connection: each has the whole limit
    ]
    for stream in streams:
        transport, _ = exchange(protocol_class, pieces(stream, piece))
        answers = bytes(transport.written).count(b"HTTP/1.1 200 OK")
        assert answers == stream.count(b"X-Pad"), transport.written[:200]
    transport, _ = exchange(
        protocol_class, pieces(head_of(MAX_HEAD + piece + 1), piece)
    )  # past the limit by more than a read
    assert transport.written.startswith(b"HTTP/1.1 431")


def chunked(total: int) -> Iterator[bytes]:
    """A body of `total` bytes as a generator: sent chunked, with no Content-Length."""
    for start in range(0, total, 1000):
        yield b"x" * min(1000, total - start)


def test_a_body_over_the_limit_is_413_declared_or_chunked(client: TestClient) -> None:
    declared = client.post(
        "/api/tables", content=b"x" * (MAX_MESSAGE + 1), headers={"Content-Type": "application/json"}
    )
    streamed = client.post(
        "/api/tables", content=chunked(MAX_MESSAGE + 1), headers={"Content-Type": "application/json"}
    )
    assert (
        streamed.request.headers["transfer-encoding"] == "chunked" and "content-length" not in streamed.request.headers
    )
    for response in (declared, streamed):
        assert response.status_code == 413
        assert response.json() == {"error": f"the request body is over {MAX_MESSAGE} bytes", "code": "too-large"}
        assert_secured(response.headers)
    body = json.dumps({"game": "lasvegas", "options": {"players": 2}, "bots": [None, None]}).encode()
    created = client.post(
        "/api/tables", content=iter([body[:10], body[10:]]), headers={"Content-Type": "application/json"}
    )
    assert created.status_code == 201, created.text  # a chunked body within the limit reaches the route whole


@pytest.mark.parametrize("path", PAGES)
def test_head_answers_like_get_without_the_body(client: TestClient, path: str) -> None:
    got = client.get(path)
    head = client.head(path)
    assert got.status_code == head.status_code == 200
    assert head.content == b""
    assert head.headers["content-length"] == str(len(got.content))
    assert head.headers["content-type"] == got.headers["content-type"]
    assert_secured(head.headers)


def test_options_lists_every_method_of_the_path(client: TestClient) -> None:
    expected = {
        "/api/tables": "GET, HEAD, OPTIONS, POST",
        "/api/games": "GET, HEAD, OPTIONS",
        "/api/tables/any/join": "OPTIONS, POST",
        "/": "GET, HEAD, OPTIONS",
        "/static/style.css": "GET, HEAD, OPTIONS",
        "/healthz": "GET, HEAD, OPTIONS",
    }
    for path, allow in expected.items():
        response = client.options(path)
        assert response.status_code == 204, path
        assert response.headers["allow"] == allow, path
        assert response.content == b""
        assert_secured(response.headers)
        assert "access-control-allow-origin" not in response.headers
    unknown = client.options("/no/such/page")
    assert unknown.status_code == 404
    assert unknown.json() == {"error": "there is nothing at /no/such/page", "code": "not-found"}


def test_a_wrong_method_gets_405_with_the_full_allow_list(client: TestClient) -> None:
    cases = [
        ("PUT", "/api/tables", "GET, HEAD, OPTIONS, POST"),
        ("DELETE", "/api/tables/any/join", "OPTIONS, POST"),
        ("HEAD", "/api/tables/any/join", "OPTIONS, POST"),
        ("POST", "/static/style.css", "GET, HEAD, OPTIONS"),
        ("POST", "/", "GET, HEAD, OPTIONS"),
    ]
    for method, path, allow in cases:
        response = client.request(method, path)
        assert response.status_code == 405, (method, path)
        assert response.headers.get_list("allow") == [allow], (method, path)
        if method != "HEAD":
            assert response.json() == {"error": f"{path} does not accept {method}", "code": "method-not-allowed"}
        assert_secured(response.headers)


def test_healthz_reads_the_database(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "ok"}
    assert response.headers["cache-control"] == "no-store"
    assert "/healthz" not in client.get("/openapi.json").json()["paths"]
    app: Any = client.app

    def down() -> None:
        raise OSError("connection refused")

    monkeypatch.setattr(app.state.services.store, "ping", down)
    with caplog.at_level(logging.ERROR, logger="highroller.web.app"):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"error": "the database does not answer", "code": "unhealthy"}
    assert_secured(response.headers)
    assert any(record.exc_info and "connection refused" in str(record.exc_info[1]) for record in caplog.records)
    assert client.head("/healthz").status_code == 503


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
@pytest.mark.slow  # a server process
def test_the_server_refuses_huge_heads_and_bodies_and_answers_checks(serve: Callable[..., Any]) -> None:
    server = serve()
    huge = httpx2.get(server.url + "/api/games", headers={"X-Big": "a" * 8_000_000}, timeout=30)
    assert huge.status_code == 431
    assert huge.json() == {
        "error": f"the request line and headers are over {MAX_HEAD} bytes",
        "code": "headers-too-large",
    }
    assert huge.headers["content-type"] == "application/json" and huge.headers["connection"] == "close"
    assert_secured(huge.headers)
    assert httpx2.get(server.url + "/api/games", timeout=30).status_code == 200  # a new connection is served
    near = httpx2.get(server.url + "/api/games", headers={"X-Big": "a" * (MAX_HEAD - 1000)}, timeout=30)
    assert near.status_code == 200
    over = httpx2.get(server.url + "/api/games", headers={"X-Big": "a" * MAX_HEAD}, timeout=30)
    assert over.status_code == 431
    streamed = httpx2.post(
        server.url + "/api/tables",
        content=chunked(MAX_MESSAGE * 4),
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert streamed.status_code == 413 and streamed.json()["code"] == "too-large"
    assert httpx2.head(server.url + "/", timeout=30).status_code == 200
    assert httpx2.get(server.url + "/healthz", timeout=30).json() == {"status": "ok"}
    assert (
        httpx2.request("OPTIONS", server.url + "/api/tables", timeout=30).headers["allow"] == "GET, HEAD, OPTIONS, POST"
    )


def slow_exchange(protocol_class: type[asyncio.Protocol], chunks: list[bytes], pause: float) -> Transport:
    """Feed `chunks` to a connection of `protocol_class`, `pause` seconds apart, then wait a pause more."""

    async def run() -> Transport:
        config = Config(app=answer_ok, log_config=None, proxy_headers=False)
        connection = protocol_class(config, ServerState(), {}, _loop=asyncio.get_running_loop())  # type: ignore[call-arg]
        transport = Transport(connection)
        connection.connection_made(transport)
        for chunk in chunks:
            await asyncio.sleep(pause)
            if transport.closed or transport.eof:
                break
            connection.data_received(chunk)
        await asyncio.sleep(pause)
        return transport

    return asyncio.run(run())


@pytest.mark.parametrize("protocol_class", PROTOCOLS)
def test_a_head_that_trickles_in_or_never_comes_is_refused_408(
    protocol_class: type[asyncio.Protocol], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "HEAD_SECONDS", 0.3)
    nothing = slow_exchange(protocol_class, [], 0.5)  # a connection that sends nothing
    trickle = slow_exchange(
        protocol_class, list(pieces(head_of(400), 40)), 0.1
    )  # 40 bytes every 0.1 s: 1 s for the head
    for transport in (nothing, trickle):
        assert transport.written.startswith(b"HTTP/1.1 408 Request Timeout\r\n") and transport.eof
        assert json.loads(transport.written.split(b"\r\n\r\n", 1)[1])["code"] == "request-timeout"
    quick = slow_exchange(protocol_class, [head_of(400), head_of(400)], 0.2)  # each head at once, two on one connection
    assert quick.written.count(b"HTTP/1.1 200") == 2 and b"408" not in quick.written
