"""`highroller serve`: run the web app (lobby, tables, replays and the JSON API) with uvicorn."""

from __future__ import annotations

import click

WEBSOCKET_FRAME_LIMIT = 1024 * 1024
"""Frames beyond this close the connection (1009); smaller oversized messages get an error reply."""


def _settle_startup_objects() -> None:
    """Load every game, bot and renderer now, then exempt these long-lived objects from the cyclic
    garbage collector's full passes, which would otherwise rescan them all and pause every table."""
    import gc

    from highroller.registry import available_games, make
    from highroller.web.narrate import renderer_of

    for name in available_games():
        make(name)
        renderer_of(name)
    gc.collect()
    gc.freeze()


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", "database", default=None, help="SQLite file or postgresql:// URL (default: a file in your data directory).")
@click.option("--bot-delay", default=0.6, show_default=True, type=click.FloatRange(0, 10), help="Seconds a bot waits before it moves.")
def serve(host: str, port: int, database: str | None, bot_delay: float) -> None:
    """Play in the browser: open the printed address, create a table and send its link to friends."""
    import uvicorn

    from highroller.web.app import create_app
    from highroller.web.store import default_database, open_store

    _settle_startup_objects()
    where = database or str(default_database())
    store = open_store(where)
    shown = where.split("@")[-1] if "://" in where else where
    click.echo(f"highroller: tables in {shown}; open http://{host}:{port}/")
    uvicorn.run(
        create_app(store, bot_delay),
        host=host,
        port=port,
        ws_max_size=WEBSOCKET_FRAME_LIMIT,
        ws_per_message_deflate=False,  # state messages are small; compressing them costs more CPU than it saves
        log_level="warning",
    )
