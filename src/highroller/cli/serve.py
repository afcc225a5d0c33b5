"""`highroller serve` (the web app: lobby, tables, replays and the JSON API, with uvicorn) and
`highroller bots` (a bot worker on its own, beside servers sharing a PostgreSQL database)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from highroller.cli.extras import require
from highroller.cli.metrics_options import listen_metrics, metrics_options, prepare_metrics, token_option
from highroller.web.http.logs import FORMATS, LEVELS, LogSetup, configure, hide
from highroller.web.settings import DAY, HOUR, MINUTE, Settings

WEBSOCKET_FRAME_LIMIT = 1024 * 1024
"""Frames beyond this close the connection (1009); smaller oversized messages get an error reply."""

DEFAULTS = Settings()


def _settle_startup_objects() -> None:
    """Exempt the long-lived objects made so far (every game's modules, the application, its routes and
    their schemas) from the cyclic garbage collector's full passes, which would otherwise rescan them all
    and pause every table."""
    import gc

    gc.collect()
    gc.freeze()


def _bot_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of bot workers, shared by `serve` and `bots`."""
    options = [
        click.option(
            "--bot-processes",
            default=DEFAULTS.bot_processes,
            show_default=True,
            type=click.IntRange(0, 256),
            help="Bot worker processes (0 in `serve`: bots are played by `highroller bots` elsewhere).",
        ),
        click.option(
            "--bot-nice",
            default=DEFAULTS.bot_nice,
            show_default=True,
            type=click.IntRange(0, 19),
            help="How much lower the bot workers' CPU priority is than the server's.",
        ),
        click.option(
            "--bot-idle/--no-bot-idle",
            default=DEFAULTS.bot_idle,
            show_default=True,
            help="Bot workers in Linux's idle scheduling class: they run only on CPU nobody else wants.",
        ),
        click.option(
            "--warm-up/--no-warm-up",
            default=DEFAULTS.warm_up,
            show_default=True,
            help="On start, compile what the bots and advice run (the expert's playouts) in a low-priority process.",
        ),
        click.option(
            "--lease",
            default=DEFAULTS.lease,
            show_default=True,
            type=click.FloatRange(1, 3600),
            help="Seconds a claimed bot move stays with its worker before another may take it over.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _log_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of the log, shared by `serve` and `bots`."""
    default = LogSetup()
    options = [
        ("--log-format", FORMATS, default.format, "How stderr's log lines are written: text, or a JSON object a line."),
        ("--log-level", LEVELS, default.level, "The least severe lines written (info: each request and table event)."),
    ]
    for name, choices, chosen, said in reversed(options):
        command = click.option(name, type=click.Choice(choices), default=chosen, show_default=True, help=said)(command)
    return command


def _origin_option(context: click.Context, parameter: click.Parameter, value: str | None) -> str | None:
    """`--public-origin` as browsers write it, or a usage error saying what an origin is."""
    from highroller.web.people.origin import checked_origin

    try:
        return None if value is None else checked_origin(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from error


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option(
    "--db", "database", default=None, help="SQLite file or postgresql:// URL (default: a file in your data directory)."
)
@click.option(
    "--bot-delay",
    default=DEFAULTS.bot_delay,
    show_default=True,
    type=click.FloatRange(0, 10),
    help="Seconds a bot waits before it moves.",
)
@_bot_options
@_log_options
@click.option(
    "--advice-processes",
    default=DEFAULTS.advice_processes,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes working out hints and advice, apart from the bot workers.",
)
@click.option(
    "--forwarded-allow-ips",
    default=DEFAULTS.forwarded_allow_ips,
    show_default=True,
    help="Proxies whose X-Forwarded-For/-Proto headers are trusted (comma-separated, or *): quotas then count the "
    "client's address.",
)
@click.option(
    "--public-origin",
    default=None,
    callback=_origin_option,
    help="The site's origin as browsers see it (https://dice.example.org): passkeys are made for it, sign-in links, QR "
    "codes and"
    " notifications point to it (default: http://localhost:PORT, or this machine's network address with --host "
    "0.0.0.0).",
)
@click.option(
    "--vapid-private-key",
    default=None,
    type=click.Path(exists=True, dir_okay=False),
    help="PEM file of the VAPID key that signs Web Push messages (default: one made on first start, kept in the "
    "database).",
)
@click.option(
    "--vapid-subject",
    default=None,
    help="mailto: or https: address push services may reach the host at (default: the public origin).",
)
@click.option(
    "--push-hosts",
    default=DEFAULTS.push_hosts,
    show_default=True,
    help="Push services subscriptions may point at (comma-separated hosts, *.domain for sub-domains); nothing else is "
    "ever sent to.",
)
@click.option(
    "--max-tables",
    default=DEFAULTS.max_tables,
    show_default=True,
    type=click.IntRange(0),
    help="Unfinished tables in all (0: no limit).",
)
@click.option(
    "--max-bot-tables",
    default=DEFAULTS.max_bot_tables,
    show_default=True,
    type=click.IntRange(0),
    help="Games with a bot seat played at once; a table nobody started holds no place (0: no limit).",
)
@click.option(
    "--tables-per-address",
    default=DEFAULTS.tables_per_address,
    show_default=True,
    type=click.IntRange(0),
    help="Unfinished tables one client address may have created (0: no limit).",
)
@click.option(
    "--bot-tables-per-address",
    default=DEFAULTS.bot_tables_per_address,
    show_default=True,
    type=click.IntRange(0),
    help="Unfinished tables with a bot seat one client address may have created (0: no limit).",
)
@click.option(
    "--creates-per-minute",
    default=DEFAULTS.creates_per_minute,
    show_default=True,
    type=click.IntRange(0),
    help="Tables one client address may create a minute (0: no limit).",
)
@click.option(
    "--joins-per-minute",
    default=DEFAULTS.joins_per_minute,
    show_default=True,
    type=click.IntRange(0),
    help="Seats one client address may take a minute (0: no limit).",
)
@click.option(
    "--addresses-per-network",
    default=DEFAULTS.addresses_per_network,
    show_default=True,
    type=click.IntRange(0),
    help="A network (IPv4 /24, IPv6 /48) has the per-address quotas and rates of this many addresses together (0: "
    "networks are not counted).",
)
@click.option(
    "--sockets-per-address",
    default=DEFAULTS.sockets_per_address,
    show_default=True,
    type=click.IntRange(0),
    help="Open table connections (WebSockets and waiting long polls) one client address may hold with this process (0: "
    "no limit).",
)
@click.option(
    "--requests-per-second",
    default=DEFAULTS.requests_per_second,
    show_default=True,
    type=click.FloatRange(0),
    help="HTTP requests and WebSocket messages one client address may send this process a second, after a burst (0: no "
    "limit).",
)
@click.option(
    "--token-requests-per-second",
    default=DEFAULTS.token_requests_per_second,
    show_default=True,
    type=click.FloatRange(0),
    help="API requests and WebSocket messages one seat token may send this process a second, after a burst (0: no "
    "limit).",
)
@click.option(
    "--unstarted-expiry",
    default=DEFAULTS.unstarted_expiry / MINUTE,
    show_default=True,
    type=click.FloatRange(0),
    help="Minutes after its last change that a table nobody started is deleted (0: never).",
)
@click.option(
    "--untimed-expiry",
    default=DEFAULTS.untimed_expiry / HOUR,
    show_default=True,
    type=click.FloatRange(0),
    help="Hours without a move after which the stand-in plays every person's seat of an untimed game to its end (0: "
    "never).",
)
@click.option(
    "--keep-finished",
    default=DEFAULTS.keep_finished / DAY,
    show_default=True,
    type=click.FloatRange(0),
    help="Days a finished game (its record and replay) is kept (0: for ever).",
)
@click.option(
    "--min-timer",
    default=DEFAULTS.min_timer,
    show_default=True,
    type=click.IntRange(1, 3600),
    help="Shortest turn timer a table may have, in seconds.",
)
@click.option(
    "--table-memory",
    default=DEFAULTS.table_memory // 2**20,
    show_default=True,
    type=click.IntRange(1, 2**20),
    help="Megabytes the tables held in memory may take, about; beyond, the least recently used idle ones are dropped.",
)
@click.option(
    "--loop-warning",
    default=DEFAULTS.loop_warning * 1000,
    show_default=True,
    type=click.FloatRange(0, 60_000),
    help="Milliseconds the event loop may be busy at a stretch before the log says where (0: not watched).",
)
@click.option(
    "--chat/--no-chat",
    default=DEFAULTS.chat,
    show_default=True,
    help="Whether people may chat at tables (--no-chat turns the chat off at every table of this server).",
)
@metrics_options
@token_option
def serve(host: str, port: int, database: str | None, log_format: str, log_level: str, **knobs: Any) -> None:
    """Play in the browser: open the printed address, create a table and send its link to friends.

    \b
    One process on the embedded SQLite database plays its bots in its own worker processes. With
    --db postgresql://…, any number of `highroller serve` processes (behind any load balancer) and
    `highroller bots` workers share the tables. See docs/web.md, "Hosting".
    """
    from highroller.web.http.stopping import GRACE, Server, stop_on_signals

    stop_on_signals()  # before anything slow: a stop signal ends the start at once, in a container too
    configure(LogSetup(log_format, log_level))
    if knobs["metrics_token"]:
        hide(knobs["metrics_token"])  # never written in a log line, whatever the line is
    metrics_port, metrics_host = knobs.pop("metrics_port"), knobs.pop("metrics_host")
    prepare_metrics(knobs.pop("metrics"), knobs.pop("metrics_dir"), metrics_port, knobs["metrics_token"])

    import uvicorn

    from highroller.web.api.preload import preload
    from highroller.web.app import create_app
    from highroller.web.http.protocol import HTTP_PROTOCOL
    from highroller.web.people.origin import listening_origin
    from highroller.web.store.dialects import default_database, is_postgres, open_store

    where = database or str(default_database())
    if is_postgres(where):
        require("postgres", "highroller serve --db postgresql://...")
    elif not knobs["bot_processes"]:
        raise click.BadParameter(
            "with SQLite the server plays its own bots: give it at least one bot process", param_hint="--bot-processes"
        )
    origin = knobs["public_origin"] or listening_origin(host, port)
    settings = Settings(
        **{
            **knobs,
            "unstarted_expiry": knobs["unstarted_expiry"] * MINUTE,
            "keep_finished": knobs["keep_finished"] * DAY,
            "untimed_expiry": knobs["untimed_expiry"] * HOUR,
            "table_memory": knobs["table_memory"] * 2**20,
            "loop_warning": knobs["loop_warning"] / 1000,
            "public_origin": origin,
        }
    )
    preload()  # what the server runs of every game, loaded now
    store = open_store(where)
    shown = where.split("@")[-1] if "://" in where else where
    click.echo(f"highroller: tables in {shown}; open {origin}/")
    if not knobs["public_origin"]:
        click.echo(
            f"highroller: sign-in links, QR codes, passkeys and notifications use {origin}; --public-origin sets the "
            f"site's address"
        )
    app = create_app(store, settings)
    listen_metrics(metrics_host, metrics_port, app.state.metrics)
    _settle_startup_objects()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=HTTP_PROTOCOL,  # uvicorn's, refusing request heads over 64 KiB (431)
        ws_max_size=WEBSOCKET_FRAME_LIMIT,
        ws_per_message_deflate=False,  # state messages are small; compressing them costs more CPU than it saves
        proxy_headers=False,  # the app reads the forwarded headers itself (Settings.forwarded_allow_ips)
        timeout_graceful_shutdown=GRACE,
        log_level="warning",
        log_config=None,  # uvicorn's lines are written as the app's (`highroller.web.http.logs`)
        access_log=False,  # the app logs each request itself (`highroller.web.http.request_log`)
    )
    Server(config).run()  # uvicorn's, stopping within a few seconds of a signal whatever holds it


@click.command("bots")
@click.option("--db", "database", required=True, help="The postgresql:// URL the servers use.")
@_bot_options
@metrics_options
@_log_options
def bots(
    database: str,
    bot_processes: int,
    bot_nice: int,
    bot_idle: bool,
    warm_up: bool,
    lease: float,
    log_format: str,
    log_level: str,
    **metrics: Any,
) -> None:
    """Play the bots of every server on a PostgreSQL database, on this machine (run any number).

    Claims due bot moves (and moves of people whose turn timer ran out) from the database and plays
    them in worker processes; a move claimed by a worker that dies is taken over by another after
    --lease seconds. Stop it with Ctrl-C.
    """
    from highroller.web.http.stopping import stop_on_signals

    # as the server's: a stop signal ends the worker at once, in a container too (its leases pass to others)
    stop_on_signals()
    configure(LogSetup(log_format, log_level))
    prepare_metrics(metrics["metrics"], metrics["metrics_dir"], metrics["metrics_port"])

    import asyncio
    import contextlib

    from highroller.web.bots.botwork import Dispatcher
    from highroller.web.bots.warmup import start_warm_up
    from highroller.web.metrics.exposition import metrics_registry
    from highroller.web.metrics.registry import warm_up_off
    from highroller.web.store.dialects import is_postgres, open_store
    from highroller.web.store.listen import listen

    if not is_postgres(database):
        raise click.BadParameter(
            "bot workers beside the server need PostgreSQL; with SQLite `highroller serve` plays its own bots",
            param_hint="--db",
        )
    if not bot_processes:
        raise click.BadParameter("a bot worker needs at least one process", param_hint="--bot-processes")
    store = open_store(database)
    dispatcher = Dispatcher(store, database, bot_processes, nice=bot_nice, idle=bot_idle, defer=warm_up, lease=lease)
    if warm_up:
        start_warm_up(bot_nice, bot_idle)
    else:
        warm_up_off()
    listen_metrics(metrics["metrics_host"], metrics["metrics_port"], metrics_registry(store))

    async def work() -> None:
        hear = asyncio.get_running_loop().create_task(
            listen(database, lambda change: dispatcher.expect(change.due), lambda: None)
        )
        try:
            await dispatcher.run()
        finally:
            hear.cancel()

    click.echo(f"highroller bots: {bot_processes} worker processes on {database.split('@')[-1]}")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(work())
