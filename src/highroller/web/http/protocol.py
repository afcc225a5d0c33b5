"""The HTTP/1.1 protocol `highroller serve` runs: uvicorn's, with limits on the size of a request's
head and on the time it may take to arrive.

uvicorn's httptools protocol buffers a request line and headers of any size, and waits for them as
long as a client cares to trickle them in (a connection held open with a few bytes every few seconds
holds a file descriptor for ever). `HeadLimitedHttpTools` counts the bytes of each head before the
parser sees them and, past `MAX_HEAD`, answers `431 Request Header Fields Too Large`
(`{"error": ..., "code": "headers-too-large"}`, with the security headers) and closes the connection;
at most one read of the socket more than the limit is ever buffered. A head (or a new connection's
first one) that is not complete `HEAD_SECONDS` after it began is answered `408 Request Timeout`
(`request-timeout`) and the connection closed. Where httptools is not installed, `HeadLimitedH11`
gives uvicorn's h11 protocol the same limits (h11's own bound on an incomplete event for the size) and
the same answers. `HTTP_PROTOCOL` is the one this host runs."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from highroller.web.http.headers import security_headers

MAX_HEAD = 64 * 1024
"""Bytes a request line and its headers may take in all."""

HEAD_SECONDS = 10.0
"""Seconds a request line and its headers may take to arrive, from the connection or the head's first byte."""

LINGER = 5.0
"""Seconds a refused connection goes on reading (and dropping) what the client still sends before it
closes: a client is most likely still writing its head, and closing a socket with unread bytes makes
the kernel reset the connection, which may lose the answer on its way."""

log = logging.getLogger(__name__)


def head_too_large(default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """The whole 431 answer, `default_headers` (the server's Date and Server) included."""
    return refusal(
        b"431 Request Header Fields Too Large",
        f"the request line and headers are over {MAX_HEAD} bytes",
        "headers-too-large",
        default_headers,
    )


def head_too_slow(default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """The whole 408 answer to a head that took too long to arrive."""
    return refusal(
        b"408 Request Timeout",
        f"the request line and headers took over {HEAD_SECONDS:.0f} seconds to arrive",
        "request-timeout",
        default_headers,
    )


def refusal(status: bytes, message: str, code: str, default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """A whole answer refusing a request before the app sees it, closing the connection."""
    body = json.dumps({"error": message, "code": code}).encode()
    headers = [
        *default_headers,
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *((name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in security_headers("/").items()),
    ]
    head = b"".join(name + b": " + value + b"\r\n" for name, value in headers)
    return b"HTTP/1.1 " + status + b"\r\n" + head + b"\r\n" + body


class _RefusesHeads(asyncio.Protocol):
    """What both protocols share: the clock of the head being read, the 431 and 408 answers, then
    reading and dropping until the client is done."""

    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    server_state: ServerState
    refused = False
    head_clock: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.start_head_clock()  # the first head's clock runs from the connection

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_head_clock()
        super().connection_lost(exc)

    def start_head_clock(self) -> None:
        """A head began (or a connection opened): it has `HEAD_SECONDS` to be complete."""
        if self.head_clock is None and not self.refused:
            self.head_clock = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def stop_head_clock(self) -> None:
        if self.head_clock is not None:
            self.head_clock.cancel()
            self.head_clock = None

    def _head_too_slow(self) -> None:
        self.head_clock = None
        if not self.transport.is_closing():
            log.info("a request head not complete after %.0f s refused", HEAD_SECONDS)
            self._refuse(head_too_slow(self.server_state.default_headers))

    def refuse_head(self) -> None:
        log.info("a request head over %d bytes refused", MAX_HEAD)
        self._refuse(head_too_large(self.server_state.default_headers))

    def _refuse(self, answer: bytes) -> None:
        self.stop_head_clock()
        self.refused = True
        self.transport.write(answer)
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER, self.transport.close)


class HeadLimitedH11(_RefusesHeads, H11Protocol):
    """uvicorn's h11 protocol with h11's bound on an incomplete event (the head) at `MAX_HEAD` bytes,
    answering 431 when it is crossed (uvicorn answers every h11 error with a plain 400)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        super().data_received(data)
        if self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]:
            self.start_head_clock()  # part of a head has come
        elif self.conn.their_state is not h11.IDLE:
            self.stop_head_clock()  # the head is in

    def send_400_response(self, msg: str) -> None:
        if len(self.conn.trailing_data[0]) > MAX_HEAD:  # h11 stopped at the bound, still inside a head
            self.refuse_head()
        else:
            super().send_400_response(msg)


try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is not installed (it comes with uvicorn[standard])
    HTTP_PROTOCOL: type[asyncio.Protocol] = HeadLimitedH11
else:

    class HeadLimitedHttpTools(_RefusesHeads, HttpToolsProtocol):
        """uvicorn's httptools protocol, answering 431 to a request head over `MAX_HEAD` bytes."""

        def __init__(
            self,
            config: Config,
            server_state: ServerState,
            app_state: dict[str, Any],
            _loop: asyncio.AbstractEventLoop | None = None,
        ) -> None:
            super().__init__(config, server_state, app_state, _loop)
            self.head_left: int | None = MAX_HEAD
            """Bytes the head being read may still take; None while a body is read."""

        def data_received(self, data: bytes) -> None:
            if self.refused:
                return
            if self.head_left is not None and data:
                self.start_head_clock()
            if self.head_left is None or len(data) <= self.head_left:
                if self.head_left is not None:
                    self.head_left -= len(data)
                super().data_received(data)
                return
            allowed, rest = data[: self.head_left], data[self.head_left :]
            self.head_left = 0
            if allowed:
                super().data_received(allowed)
            if (
                self.transport.is_closing() or self.transport.get_protocol() is not self
            ):  # refused as malformed, or a WebSocket now
                return
            if self.head_left == 0:  # the head goes on past the limit
                self.refuse_head()
            else:
                self.data_received(rest)

        def on_headers_complete(self) -> None:
            self.head_left = None
            self.stop_head_clock()
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self.head_left = MAX_HEAD

    HTTP_PROTOCOL = HeadLimitedHttpTools
