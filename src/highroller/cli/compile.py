"""`highroller compile`: the compiled step engines (`core.compiled`) for the installed sources."""

from __future__ import annotations

import click

from highroller.cli.extras import require
from highroller.core import compiled
from highroller.core.errors import HighrollerError


@click.command("compile")
def compile_command() -> None:
    """Compile the step engines with mypyc (needs the compile extra and a C compiler).

    \b
    Later runs of highroller use them (about 1.4 times as fast through the step API in Las Vegas and
    Last Chance, 1.2 times in Luckiest Dice) until the sources change; HIGHROLLER_COMPILED=0 runs the
    plain Python ones.
    """
    require("compile", "highroller compile")
    try:
        build = compiled.build()
    except HighrollerError as error:
        raise click.ClickException(str(error)) from error
    names = ", ".join(compiled.module_name(path) for path in compiled.marked())
    click.echo(f"compiled {names}\ninto {build}")
