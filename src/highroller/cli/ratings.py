"""`highroller ratings`: the web server's ratings of rated tables, rebuilt from the stored results or
shown as a game's leaderboard in the terminal."""

from __future__ import annotations

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from highroller.cli.extras import require
from highroller.registry import available_games, game_spec, make
from highroller.web.store.database import Store
from highroller.web.store.dialects import default_database, is_postgres, open_store

LONGEST_BOARD = 1000
"""The most lines `show` prints."""


@click.group("ratings")
@click.option(
    "--db",
    "database",
    default=None,
    help="The server's SQLite file or postgresql:// URL (default: the file in your data directory).",
)
@click.pass_context
def ratings(ctx: click.Context, database: str | None) -> None:
    """The ratings of the web server's rated tables (OpenSkill, per game and player count)."""
    where = database or str(default_database())
    if is_postgres(where):
        require("postgres", "highroller ratings --db postgresql://...")
    ctx.obj = where


def _opened(ctx: click.Context) -> Store:
    store = open_store(ctx.obj)
    ctx.call_on_close(store.close)
    return store


@ratings.command("rebuild")
@click.pass_context
def rebuild_command(ctx: click.Context) -> None:
    """Compute every rating again from the stored results, in the order they were rated."""
    from highroller.web.ratings.results import rebuild

    results, players = rebuild(_opened(ctx))
    click.echo(f"ratings rebuilt from {results} rated results: {players} players")


@ratings.command("show")
@click.argument("game", type=click.Choice(available_games()))
@click.option(
    "--players",
    type=click.IntRange(1, 12),
    default=None,
    help="The player count of the leaderboard (default: the game's usual one).",
)
@click.option(
    "--limit",
    type=click.IntRange(1, LONGEST_BOARD),
    default=50,
    show_default=True,
    help="The most lines to print, from the best.",
)
@click.pass_context
def show_command(ctx: click.Context, game: str, players: int | None, limit: int) -> None:
    """A game's leaderboard at a player count: the players with enough rated games, by conservative rating (mu - 3
    sigma)."""
    from highroller.web.ratings.leaderboards import LEAST_GAMES, conservative, leaderboard, player_names, player_range

    low, high = player_range(game)
    count = make(game).num_players if players is None else players
    if not low <= count <= high:
        raise click.BadParameter(f"{game} is rated at {low} to {high} players", param_hint="--players")
    store = _opened(ctx)
    entries, total, unlisted = leaderboard(store, game, count, limit)
    names = player_names(store, [entry.player for entry in entries], "en")
    table = Table(
        title=f"{game_spec(game).title}, {count} players: {total} listed",
        caption=f"{unlisted} more rated with fewer than {LEAST_GAMES} games",
    )
    for column in ("Rank", "Name", "Rating", "mu", "sigma", "Games"):
        table.add_column(column, justify="left" if column == "Name" else "right")
    for entry in entries:
        rating = entry.standing.rating
        table.add_row(
            str(entry.rank),
            Text(names[entry.player]),
            f"{conservative(entry.standing):.1f}",
            f"{rating.mu:.3f}",
            f"{rating.sigma:.3f}",
            str(entry.standing.games),
        )
    Console(highlight=False).print(table)
