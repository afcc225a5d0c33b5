"""`highroller compile`: the compiled step engines (`core.compiled`) for the installed sources, made now
if the install (or the first run after an edit, in the background) has not made them yet."""

from __future__ import annotations

import os

import click

from highroller.cli.extras import require
from highroller.core import compiled
from highroller.core.errors import HighrollerError


@click.command("compile")
def compile_command() -> None:
    """Say where the compiled step engines are, compiling them first if they are not built yet (that
    needs the compile extra and a C compiler).

    \b
    Installing highroller compiles them where it finds a C compiler and Python's headers, and the first
    run after an edit of the sources compiles them anew in the background; runs started once they are
    built use them (about 1.4 times as fast through the step API in Las Vegas and Last Chance, 1.2
    times in Luckiest Dice). HIGHROLLER_COMPILED=0 runs the plain Python ones.
    """
    build = compiled.directory()
    if not build.is_dir():
        require("compile", "highroller compile")
        if compiled.building():
            click.echo("waiting for the build being made in the background...")
        try:
            build = compiled.build()
        except HighrollerError as error:
            raise click.ClickException(str(error)) from error
    names = ", ".join(compiled.module_name(path) for path in compiled.marked())
    click.echo(f"compiled {names}\ninto {build}")
    if os.environ.get("HIGHROLLER_COMPILED") == "0":
        click.echo("(not used while HIGHROLLER_COMPILED=0)")
