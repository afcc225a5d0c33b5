"""`highroller new-game NAME`: a new dice game as a package of its own, which plays, passes its tests
and is served as soon as it is installed (`highroller.scaffold`)."""

from __future__ import annotations

from pathlib import Path

import click

from highroller.scaffold.write import ScaffoldError, write_game


@click.command("new-game")
@click.argument("name")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where to write it: a new or empty folder. Default: ./NAME.",
)
def new_game_command(name: str, directory: Path | None) -> None:
    """Write a new dice game NAME as a package to build on: rules with one rule to change, a state on
    the engine API, two bots, its words, a terminal drawing, a browser board, a guide and tests.

    \b
    Then:  pip install -e './NAME[test]'    (registers it with highroller, with what its tests need)
           highroller play NAME
    """
    folder = directory if directory is not None else Path(name)
    try:
        written = write_game(name, folder)
    except ScaffoldError as error:
        raise click.ClickException(str(error)) from error
    shown = _as_typed(folder)
    click.echo(f"Wrote the game {name} in {shown} ({len(written)} files); its README.md says what is where. Next:")
    steps = (
        (f"pip install -e '{shown}[test]'", "registers it with highroller, with what its tests need (pytest)"),
        (f"highroller play {name}", "plays it in the terminal against a bot"),
        (f"python -m pytest {shown}", "runs its tests: the API checker and its rule"),
        ("highroller serve", "serves it to play in the browser (a server already running: restart it)"),
    )
    width = max(len(command) for command, _ in steps)
    for command, what in steps:
        click.echo(f"  {command:{width}}   {what}")


def _as_typed(folder: Path) -> str:
    """A folder as it is typed in a command: a relative one starts with ./ so that pip reads it as a folder."""
    text = folder.as_posix()
    return text if folder.is_absolute() or text.startswith(".") else f"./{text}"
