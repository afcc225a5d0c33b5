"""The log of `highroller serve` and `highroller bots`: every logger's records on stderr, one line each, as
readable text (`time LEVEL logger message key=value …`) or as one JSON object a line, at the level asked.

Each line carries the fields of `FIELDS` it has: those of the request being handled
(`highroller.web.http.log_context`: its id, table and seat), those a request's or event's line gives. No line
may hold a secret of the site: nothing logs a header, a body or a query string, and as a safety net every line
has what looks like a seat token, profile key or sign-in code (43 characters of base64url, as the site makes
them), and each secret named with `hide`, replaced by `REDACTED`."""

from __future__ import annotations

import json
import logging
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TextIO

from highroller.web.http.log_context import current

FORMATS = ("text", "json")
LEVELS = ("debug", "info", "warning", "error")

FIELDS = ("request_id", "method", "path", "status", "ms", "client", "table", "seat", "event", "messages", "rematch")
"""What a line may say beside its message, in this order."""

SECRET = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")
"""What the site's secrets look like: 32 random bytes in base64url (`secrets.token_urlsafe(32)`: seat tokens,
profile keys, sign-in codes) or a profile's seat token ("p" and 42 hex digits)."""
REDACTED = "[redacted]"
PLAIN = re.compile(r"[^\s\"=\\]+")
"""A text line's value written as it is; any other is quoted as a JSON string."""

_hidden: set[str] = set()


@dataclass(frozen=True)
class LogSetup:
    """How lines are written: `format` of `FORMATS`, at `level` of `LEVELS` or above."""

    format: str = "text"
    level: str = "info"


_setup: LogSetup | None = None


def hide(secret: str) -> None:
    """Replace `secret` (a host's token: the metrics token) by `REDACTED` wherever a line would hold it."""
    if secret:
        _hidden.add(secret)


def redacted(line: str) -> str:
    """`line` with every secret in it replaced."""
    for secret in _hidden:
        line = line.replace(secret, REDACTED)
    return SECRET.sub(REDACTED, line)


def _time(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    return {name: value for name in FIELDS if (value := getattr(record, name, None)) is not None}


class RequestFields(logging.Filter):
    """Give a record the `request_id`, `table` and `seat` of the request being handled, where it has none."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = current.get()
        if context is not None:
            for name, value in (("request_id", context.request_id), ("table", context.table), ("seat", context.seat)):
                if not hasattr(record, name):
                    setattr(record, name, value)
        return True


class TextLines(logging.Formatter):
    """`2025-05-01T09:30:00.123Z INFO highroller.requests request method=GET path=/ status=200 …`."""

    def format(self, record: logging.LogRecord) -> str:
        words = [_time(record), record.levelname, record.name, record.getMessage()]
        for name, value in _fields(record).items():
            text = str(value)
            words.append(f"{name}={text if PLAIN.fullmatch(text) else json.dumps(text)}")
        line = " ".join(words)
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return redacted(line)


class JsonLines(logging.Formatter):
    """One JSON object a line: `time` (ISO 8601, UTC), `level`, `logger`, `message`, the `FIELDS` the record
    has, and `exception` (its traceback) if any."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": _time(record),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **_fields(record),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return redacted(json.dumps(line, default=str))


def configure(setup: LogSetup, stream: TextIO | None = None) -> logging.Handler:
    """Write every logger's records as `setup` says, on `stream` (stderr), in place of the lines set before;
    the handler."""
    global _setup
    root = logging.getLogger()
    for handler in [handler for handler in root.handlers if isinstance(handler.formatter, (TextLines, JsonLines))]:
        root.removeHandler(handler)
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines() if setup.format == "json" else TextLines())
    handler.addFilter(RequestFields())
    root.addHandler(handler)
    root.setLevel(setup.level.upper())
    _setup = setup
    return handler


def configured() -> LogSetup | None:
    """How this process's lines are written (None: not set up here), for the worker processes it starts."""
    return _setup
