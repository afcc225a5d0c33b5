"""What the server and the bot workers count, and the small hooks the rest of the web calls to count
it. Every label has a bounded set of values: route templates, HTTP methods and statuses, game names,
bot levels, refusal codes and query method names, all written in the code, never a path, an id or an
address. Gauges say how they add up over processes (`multiprocess_mode`)."""

from __future__ import annotations

import multiprocessing.connection
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.process import BaseProcess

from prometheus_client import Counter, Gauge, Histogram

from highroller.web.metrics.multiprocess import counting

COUNTING = counting()
"""Whether this process counts anything (`highroller serve --no-metrics`: every hook below does nothing)."""

FAST = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Buckets of requests, actions and queries (seconds)."""
THINKING = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
"""Buckets of a bot's think time (seconds)."""
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
WARM_UP_STATES = ("running", "done", "off")

REQUESTS = Counter(
    "highroller_http_requests",
    "HTTP requests answered, by route template, method and status",
    ["route", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    "highroller_http_request_duration_seconds", "Time to answer an HTTP request", ["route", "method"], buckets=FAST
)
ACTION_SECONDS = Histogram(
    "highroller_action_duration_seconds",
    "Time from receiving a person's action (HTTP or WebSocket) to its answer, by game",
    ["game", "via"],
    buckets=FAST,
)
CONNECTIONS = Gauge(
    "highroller_open_connections", "Open table WebSockets and waiting long polls", ["kind"], multiprocess_mode="livesum"
)
BOT_MOVES = Counter("highroller_bot_moves", "Automatic moves played by the bot workers, by bot level", ["level"])
BOT_THINK_SECONDS = Histogram(
    "highroller_bot_think_seconds", "Time a bot worker took to play a move, by bot level", ["level"], buckets=THINKING
)
HINTS = Counter("highroller_hints", "Hints asked for and answered", ["outcome"])
NOTIFICATIONS = Counter(
    "highroller_notifications", "Notification attempts: sent, retried, failed, skipped (move over)", ["outcome"]
)
REFUSALS = Counter("highroller_refusals", "Requests and messages refused, by the refusal's code", ["code"])
QUERY_SECONDS = Histogram(
    "highroller_db_query_seconds", "Time a database query took, by the method that ran it", ["kind"], buckets=FAST
)
WARM_UP = Gauge(
    "highroller_warm_up", "Processes whose warm-up is in each state", ["state"], multiprocess_mode="livesum"
)


def count_request(route: str, method: str, status: int, seconds: float) -> None:
    """One HTTP request answered (an unusual method counts as "other")."""
    if not COUNTING:
        return
    method = method if method in METHODS else "other"
    REQUESTS.labels(route, method, str(status)).inc()
    REQUEST_SECONDS.labels(route, method).observe(seconds)


@contextmanager
def timed_action(game: str, via: str) -> Iterator[None]:
    """Time a person's action at a table of `game`, received `via` "http" or "websocket", until answered."""
    if not COUNTING:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    finally:
        ACTION_SECONDS.labels(game, via).observe(time.perf_counter() - started)


def connection_opened(kind: str) -> None:
    """A table connection ("websocket" or "long_poll") opened."""
    if not COUNTING:
        return
    CONNECTIONS.labels(kind).inc()


def connection_closed(kind: str) -> None:
    """A table connection ("websocket" or "long_poll") closed."""
    if not COUNTING:
        return
    CONNECTIONS.labels(kind).dec()


def bot_moved(level: str, seconds: float) -> None:
    """A bot worker played a move of a bot of `level` in `seconds`."""
    if not COUNTING:
        return
    BOT_MOVES.labels(level).inc()
    BOT_THINK_SECONDS.labels(level).observe(seconds)


def hint(outcome: str) -> None:
    """A hint "asked" for, or "answered"."""
    if not COUNTING:
        return
    HINTS.labels(outcome).inc()


def notified(outcome: str) -> None:
    """A notification attempt settled: "sent", "retried" (due again later), "failed", or "skipped" (its
    move was played, or its device unsubscribed, meanwhile)."""
    if not COUNTING:
        return
    NOTIFICATIONS.labels(outcome).inc()


def refused(code: str) -> None:
    """A request or message refused with `code` (a `Refused`'s, or the rate limiter's)."""
    if not COUNTING:
        return
    REFUSALS.labels(code).inc()


def queried(kind: str, seconds: float) -> None:
    """A database query run by the method named `kind` took `seconds`."""
    if not COUNTING:
        return
    QUERY_SECONDS.labels(kind).observe(seconds)


def _warm_up_is(state: str) -> None:
    if not COUNTING:
        return
    for each in WARM_UP_STATES:
        WARM_UP.labels(each).set(1 if each == state else 0)


def warm_up_off() -> None:
    """This process runs no warm-up."""
    _warm_up_is("off")


def follow_warm_up(process: BaseProcess | None) -> None:
    """The warm-up runs in `process` (None: there was none to do): "running" until it ends, then "done"."""
    if process is None:
        _warm_up_is("done")
        return
    _warm_up_is("running")

    def wait() -> None:
        multiprocessing.connection.wait([process.sentinel])
        _warm_up_is("done")

    threading.Thread(target=wait, name="metrics-warm-up", daemon=True).start()
