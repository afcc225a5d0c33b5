"""The `highroller` command: one subcommand per job, one sub-subcommand per registered game.

`highroller play lasvegas --help` shows that game's own rule options, built from its spec, so the
command line never needs to know a game by name. Games add commands (`odds`, `solve`) through their
spec's `tools`. A command whose pip extra is not installed (`serve` without `web`) is listed and runs
as a stand-in that names the extra and the pip command.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from highroller.cli.extras import installed, stand_in
from highroller.core.spec import GameSpec, load_object
from highroller.core.spec_check import GameSpecError
from highroller.registry import available_games, game_spec


class PerGame(click.Group):
    """A group whose subcommands are the registered games, each built on demand from its spec."""

    def __init__(self, name: str, build: Callable[[GameSpec], click.Command | None], **kwargs: object) -> None:
        super().__init__(name=name, **kwargs)  # type: ignore[arg-type]
        self._build = build

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [name for name in available_games() if self._build(game_spec(name)) is not None]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        try:
            spec = game_spec(cmd_name)  # only this game's spec is loaded: a run starts without the others'
        except KeyError:
            return None
        except GameSpecError as error:
            raise click.ClickException(str(error)) from error
        return self._build(spec)


def _tool(tool: str) -> Callable[[GameSpec], click.Command | None]:
    def build(spec: GameSpec) -> click.Command | None:
        path = spec.tools.get(tool)
        return load_object(path) if path else None

    return build


def _lazy(module: str, builder: str) -> Callable[[GameSpec], click.Command | None]:
    def build(spec: GameSpec) -> click.Command | None:
        return load_object(f"{module}:{builder}")(spec)

    return build


NEEDS = {"serve": "web", "bots": "postgres", "ratings": "web", "admin": "web", "backup": "web", "restore": "web"}
"""The commands that need a pip extra whatever they are asked (others check what they need as they run)."""


LOADED_WHEN_CALLED = {
    "serve": "highroller.cli.serve:serve",
    "bots": "highroller.cli.serve:bots",
    "ratings": "highroller.cli.ratings:ratings",
    "admin": "highroller.cli.admin:admin",
    "backup": "highroller.cli.backup:backup_command",
    "restore": "highroller.cli.backup:restore_command",
    "compile": "highroller.cli.compile:compile_command",
    "new-game": "highroller.cli.new_game:new_game_command",
    "learn": "highroller.cli.learn:learn_command",
}
"""Commands imported only when they are called (or listed): what they import (the web's store and
settings) is no part of a run of another command, such as `simulate`'s start."""


class Commands(click.Group):
    """The top-level group: a command of `NEEDS` whose extra is not installed is looked up as its
    stand-in; those of `LOADED_WHEN_CALLED` are imported when first looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *LOADED_WHEN_CALLED})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        extra = NEEDS.get(cmd_name)
        if extra is not None and not installed(extra):
            return stand_in(cmd_name, extra)  # before loading it: what it imports may need the extra
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in LOADED_WHEN_CALLED:
            command = load_object(LOADED_WHEN_CALLED[cmd_name])
        return command


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="highroller")
def cli() -> None:
    """Casino dice games done properly: Las Vegas, and more.

    \b
    Start with:  highroller play lasvegas --players 4 --bots 3
    Game rules:  highroller play GAME --help
    """


cli.add_command(
    PerGame(
        "play",
        _lazy("highroller.cli.play", "play_command"),
        help="Play a game in the terminal: humans (hot-seat) and bots.",
    )
)
cli.add_command(
    PerGame(
        "simulate", _lazy("highroller.cli.simulate", "simulate_command"), help="Play many bot games and summarise them."
    )
)
cli.add_command(
    PerGame(
        "bench",
        _lazy("highroller.cli.bench", "bench_command"),
        help="Measure games per second (a benchmark, not a test).",
    )
)
cli.add_command(
    PerGame(
        "tournament",
        _lazy("highroller.cli.tournament", "tournament_command"),
        help="Bots play seat-rotated games: win rates with 95% intervals, ratings, head to head.",
    )
)
cli.add_command(PerGame("odds", _tool("odds"), help="Exact odds and best decisions, for games that have them."))
cli.add_command(PerGame("solve", _tool("solve"), help="Solve a game exactly, for games small enough."))
cli.add_command(
    PerGame(
        "deck", _tool("deck"), help="A deck file of the cards drawn in records (a real box's), for games with decks."
    )
)
cli.add_command(
    PerGame(
        "analyze",
        _lazy("highroller.cli.analyze", "analyze_command"),
        help="Analyse a game over many batch-engine games: plots and a summary.",
    )
)


@cli.command("games")
def games_command() -> None:
    """List the games."""
    for name in available_games():
        spec = game_spec(name)
        click.echo(f"{name:12} {spec.title}: {spec.summary}")


@cli.command("replay")
@click.argument("record_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--seat", type=int, default=None, help="Show the table as this seat sees it (default: a spectator).")
@click.option("--all", "show_all", is_flag=True, help="Print the whole game at once instead of step by step.")
def replay_command(record_file: str, seat: int | None, show_all: bool) -> None:
    """Step through a saved game record (Enter: next step, a: to the end, q: quit)."""
    from highroller.cli.replay import run_replay

    run_replay(record_file, seat, show_all)


def main() -> None:
    cli(prog_name="highroller")
