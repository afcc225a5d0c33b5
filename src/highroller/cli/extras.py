"""The optional parts of highroller (pip extras) as the command line sees them: whether one is installed,
and the message a command gives, instead of a traceback, when it needs one that is not.

The engine API, the terminal games, replays and the solvers need none of them.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager

import click

EXTRAS: dict[str, tuple[str, ...]] = {
    "web": ("fastapi", "fastapi_offline", "starlette", "uvicorn", "confusable_homoglyphs", "prometheus_client"),
    "postgres": ("psycopg", "psycopg_pool"),
    "batch": ("numba",),
    "analysis": ("matplotlib",),
    "ray": ("ray",),
    "compile": ("mypyc",),
}
"""Each extra and the top-level modules it provides that highroller imports."""


def installed(extra: str) -> bool:
    """Whether every module of the extra can be found (found, not imported: this is cheap)."""
    for module in EXTRAS[extra]:
        try:
            if importlib.util.find_spec(module) is None:
                return False
        except ImportError:  # an import hook that refuses the module
            return False
    return True


def missing(extra: str, what: str, otherwise: str = "") -> str:
    """What `what` (a command) says without `extra`: the extra's name and the pip command that
    installs it, and `otherwise`, a way to do without it, if there is one."""
    instead = f"; or {otherwise}" if otherwise else ""
    return f"{what} needs the {extra} extra: pip install 'highroller[{extra}]'{instead}"


def require(extra: str, what: str) -> None:
    """Stop `what` with the `missing` message unless the extra is installed."""
    if not installed(extra):
        raise click.ClickException(missing(extra, what))


def lacks(error: ImportError, extra: str) -> bool:
    """Whether `error` is the failed import of one of the extra's modules, that is, the extra is not
    installed (a module of the extra that is installed but broken is another error)."""
    return (error.name or "").partition(".")[0] in EXTRAS[extra]


@contextmanager
def needing(extra: str, what: str, otherwise: str = "") -> Iterator[None]:
    """Turn the failed import of one of the extra's modules, inside the block, into the `missing`
    message: for code that needs the extra only for some games or options."""
    try:
        yield
    except ImportError as error:
        if not lacks(error, extra):
            raise
        raise click.ClickException(missing(extra, what, otherwise)) from None


def stand_in(name: str, extra: str) -> click.Command:
    """A command `name` that takes any arguments (`--help` too) and only says which extra the real
    command needs and how to install it, with a non-zero exit."""

    @click.pass_context
    def refuse(ctx: click.Context) -> None:
        raise click.ClickException(missing(extra, ctx.command_path))

    text = f"Needs the {extra} extra: pip install 'highroller[{extra}]'"
    return click.Command(
        name,
        callback=refuse,
        help=text,
        short_help=text,
        add_help_option=False,
        context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
    )
