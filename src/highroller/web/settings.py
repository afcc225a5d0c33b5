"""What a host can set: bots, quotas, expiry and timers (`highroller serve --help` lists them all).

A limit of 0 means no limit. The defaults suit a server on the internet with a few cores; a club's
server may raise the quotas, a friends' laptop can keep them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from highroller.core.cpu import cores

MINUTE = 60.0
HOUR = 3600.0
DAY = 24 * 3600.0
BURST_SECONDS = 5.0
"""A client may send this many seconds' worth of its request rate at once (a page loading its files)."""


@dataclass(frozen=True)
class Settings:
    """The knobs of one server process (or bot worker)."""

    bot_delay: float = 0.6
    """Seconds a bot waits before it moves (stored with each table created here)."""
    bot_processes: int = field(default_factory=cores)
    """Bot worker processes this process runs (0: none; bots then need `highroller bots` elsewhere)."""
    advice_processes: int = 1
    """Worker processes working out hints and advice, apart from the bot workers (at least one)."""
    bot_nice: int = 10
    """How much lower than the server's the bot workers' CPU priority is (0-19)."""
    bot_idle: bool = True
    """Bot workers in Linux's idle scheduling class: they run only on CPU nobody else wants."""
    warm_up: bool = True
    """On start, do every game's slow first-time work (compiling the expert bot's playouts) in a
    low-priority process, so the first expert move or advice need not wait for it."""
    lease: float = 30.0
    """Seconds a claimed bot move stays with its worker before another may take it over."""
    max_tables: int = 2000
    """Unfinished tables in all."""
    max_bot_tables: int = 100
    """Tables with at least one bot seat being played at once (a table nobody started holds no place)."""
    tables_per_address: int = 20
    """Unfinished tables one client address may have created."""
    bot_tables_per_address: int = 4
    """Unfinished tables with a bot seat one client address may have created."""
    creates_per_minute: int = 10
    """Tables one client address may create in a minute (rematches count)."""
    joins_per_minute: int = 30
    """Seats one client address may take in a minute (leaving one again does not give it back)."""
    addresses_per_network: int = 4
    """How many addresses' quotas a network (an IPv4 /24, an IPv6 /48) has together: the quotas per
    address above, and the request rates below, count for the network too, this many times over."""
    sockets_per_address: int = 64
    """Open table connections (WebSockets and waiting long polls) one client address may hold with this process."""
    requests_per_second: float = 20.0
    """HTTP requests and WebSocket messages one client address may send this process a second, after
    a burst of `BURST_SECONDS` seconds' worth."""
    token_requests_per_second: float = 10.0
    """API requests and WebSocket messages one seat token may send this process a second, after a
    burst of `BURST_SECONDS` seconds' worth."""
    unstarted_expiry: float = 60 * MINUTE
    """Seconds after its last change that a table nobody started is deleted."""
    untimed_expiry: float = DAY
    """Seconds without a move or a seat change after which the stand-in bot takes every person's seat
    of a game in progress without a turn timer and plays it to its end (its record and replay kept)."""
    keep_finished: float = 30 * DAY
    """Seconds a finished table (its record and replay) is kept."""
    min_timer: int = 10
    """Shortest turn timer a table may have, in seconds."""
    housekeeping_every: float = MINUTE
    """Seconds between two passes deleting expired tables."""
    public_origin: str | None = None
    """The site's origin as people's browsers see it ("https://dice.example.org"): what passkeys are
    made for and checked against, what sign-in links, QR codes and notifications point to. Never taken
    from a request: `highroller serve` gives its `--public-origin`, else the address it listens on
    (`highroller.web.people.origin`); `create_app` takes None as `origin.LOCAL_ORIGIN`."""
    vapid_private_key: str | None = None
    """A file holding the VAPID private key (PEM) that signs Web Push messages; None: a key made on
    first start and kept in the database."""
    vapid_subject: str | None = None
    """How push services may reach the host (a mailto: or https: URL) in every VAPID signature; None:
    the public origin, or a placeholder when there is none."""
    push_hosts: str = "fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com"
    """The push services a subscription may point at (comma-separated host names, `*.` for any
    sub-domain; an `http://host:port` entry allows that plain-HTTP endpoint, for tests): the server
    never sends a request anywhere else."""
    forwarded_allow_ips: str = "127.0.0.1"
    """Proxies whose X-Forwarded-For and -Proto headers are believed (comma-separated, or *): the
    client address quotas count is then the one the proxy saw."""
    table_memory: int = 256 * 1024 * 1024
    """Bytes the tables this process holds in memory may take, about
    (`highroller.web.tables.table_copy.TableCopy.weight`): beyond it, the least recently used tables nobody
    is at are dropped (and loaded again when asked)."""
    loop_warning: float = 0.05
    """Seconds of CPU time the event loop's thread may run code at a stretch before the server logs where
    (`highroller.web.http.loopwatch`; 0: not watched)."""
    chat: bool = True
    """Whether people may chat at tables (`highroller serve --no-chat`: nobody may, at any table)."""
    metrics_token: str | None = field(default=None, repr=False)
    """The bearer token `/metrics` on the main port asks for (`highroller.web.metrics.exposition`); None:
    no `/metrics` there."""
