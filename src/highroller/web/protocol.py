"""The HTTP/1.1 protocol `highroller serve` runs: uvicorn's, with a limit on the size of a request's head.

uvicorn's httptools protocol buffers a request line and headers of any size. `HeadLimitedHttpTools`
counts the bytes of each head before the parser sees them and, past `MAX_HEAD`, answers `431 Request
Header Fields Too Large` (`{"error": ..., "code": "headers-too-large"}`, with the security headers)
and closes the connection; at most one read of the socket more than the limit is ever buffered.
Where httptools is not installed, `HeadLimitedH11` gives uvicorn's h11 protocol the same limit (h11's
own bound on an incomplete event) and the same answer. `HTTP_PROTOCOL` is the one this host runs."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from highroller.web.headers import security_headers

MAX_HEAD = 64 * 1024
"""Bytes a request line and its headers may take in all."""

LINGER = 5.0
"""Seconds a refused connection goes on reading (and dropping) what the client still sends before it
closes: a client is most likely still writing its head, and closing a socket with unread bytes makes
the kernel reset the connection, which may lose the answer on its way."""

log = logging.getLogger(__name__)


def head_too_large(default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """The whole 431 answer, `default_headers` (the server's Date and Server) included."""
    body = json.dumps({"error": f"the request line and headers are over {MAX_HEAD} bytes", "code": "headers-too-large"}).encode()
    headers = [
        *default_headers,
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *((name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in security_headers("/").items()),
    ]
    head = b"".join(name + b": " + value + b"\r\n" for name, value in headers)
    return b"HTTP/1.1 431 Request Header Fields Too Large\r\n" + head + b"\r\n" + body


class _RefusesHeads(asyncio.Protocol):
    """What both protocols share: the 431 answer, then reading and dropping until the client is done."""

    transport: asyncio.Transport
    loop: asyncio.AbstractEventLoop
    server_state: ServerState
    refused = False

    def refuse_head(self) -> None:
        log.info("a request head over %d bytes refused", MAX_HEAD)
        self.refused = True
        self.transport.write(head_too_large(self.server_state.default_headers))
        if self.transport.can_write_eof():
            self.transport.write_eof()
        self.loop.call_later(LINGER, self.transport.close)


class HeadLimitedH11(_RefusesHeads, H11Protocol):
    """uvicorn's h11 protocol with h11's bound on an incomplete event (the head) at `MAX_HEAD` bytes,
    answering 431 when it is crossed (uvicorn answers every h11 error with a plain 400)."""

    def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=MAX_HEAD)

    def data_received(self, data: bytes) -> None:
        if not self.refused:
            super().data_received(data)

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

        def __init__(self, config: Config, server_state: ServerState, app_state: dict[str, Any],
                     _loop: asyncio.AbstractEventLoop | None = None) -> None:
            super().__init__(config, server_state, app_state, _loop)
            self.head_left: int | None = MAX_HEAD
            """Bytes the head being read may still take; None while a body is read."""

        def data_received(self, data: bytes) -> None:
            if self.refused:
                return
            if self.head_left is None or len(data) <= self.head_left:
                if self.head_left is not None:
                    self.head_left -= len(data)
                super().data_received(data)
                return
            allowed, rest = data[: self.head_left], data[self.head_left :]
            self.head_left = 0
            if allowed:
                super().data_received(allowed)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:  # refused as malformed, or a WebSocket now
                return
            if self.head_left == 0:  # the head goes on past the limit
                self.refuse_head()
            else:
                self.data_received(rest)

        def on_headers_complete(self) -> None:
            self.head_left = None
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self.head_left = MAX_HEAD

    HTTP_PROTOCOL = HeadLimitedHttpTools
