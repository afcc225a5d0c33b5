"""`highroller new-game NAME`: a new dice game as a package of its own, which plays, passes its tests
and is served as soon as it is installed (`highroller.scaffold`); with `--builtin`, a game inside a
checkout of highroller."""

from __future__ import annotations

from pathlib import Path

import click

from highroller.scaffold.write import ScaffoldError, write_builtin_game, write_game


@click.command("new-game")
@click.argument("name")
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where to write it: a new or empty folder. Default: ./NAME.",
)
@click.option(
    "--builtin",
    is_flag=True,
    help="A game of highroller itself: its folder in src/highroller/games/, its tests in tests/NAME/ and its "
    "entry point in pyproject.toml, in the checkout given by --checkout.",
)
@click.option(
    "--checkout",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=Path("."),
    show_default=True,
    help="With --builtin: the checkout of highroller (the folder of its pyproject.toml).",
)
def new_game_command(name: str, directory: Path | None, builtin: bool, checkout: Path) -> None:
    """Write a new dice game NAME as a package to build on: rules with one rule to change, a state on
    the engine API, two bots, its words, a terminal drawing, a browser board, a guide and tests.

    \b
    Then:  pip install -e './NAME[test]'    (registers it with highroller, with what its tests need)
           highroller play NAME
    """
    if builtin:
        _new_builtin_game(name, directory, checkout)
        return
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
    _echo_steps(steps)


def _new_builtin_game(name: str, directory: Path | None, checkout: Path) -> None:
    if directory is not None:
        raise click.UsageError("--dir is for a package of its own; a built-in game goes into --checkout")
    try:
        written = write_builtin_game(name, checkout)
    except ScaffoldError as error:
        raise click.ClickException(str(error)) from error
    folder = _as_typed(checkout / "src" / "highroller" / "games" / name)
    click.echo(
        f"Wrote the game {name} in {folder} ({len(written) - 1} files) and its entry point in pyproject.toml. Next:"
    )
    steps = (
        (f"pip install -e '{_as_typed(checkout)}[test]'", "registers it: the entry point counts once installed"),
        (f"highroller play {name}", "plays it in the terminal against a bot"),
        (f"python -m pytest tests/{name}", "runs its tests: the API checker and its rule"),
        (f"python scripts/game_docs.py {name}", "writes its pages: docs/views/ and docs/rules/"),
        ("python -m pytest", "runs all of highroller's tests, which now include it"),
    )
    _echo_steps(steps)


def _echo_steps(steps: tuple[tuple[str, str], ...]) -> None:
    """The next steps, a command and what it does on each line, the commands aligned."""
    width = max(len(command) for command, _ in steps)
    for command, what in steps:
        click.echo(f"  {command:{width}}   {what}")


def _as_typed(folder: Path) -> str:
    """A folder as it is typed in a command: a relative one starts with ./ so that pip reads it as a folder."""
    text = folder.as_posix()
    return text if folder.is_absolute() or text.startswith(".") else f"./{text}"
