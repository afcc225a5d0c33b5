"""Turning a game's `OptionSpec`s into command-line options, and parsing bot lists.

Every game option becomes `--name-with-dashes`; unset options are left out so the game's preset
decides. Bot lists are comma-separated bot descriptions (see `highroller.core.botspec`): a bot name,
optionally with parameters (`cautious:threshold=25`), a difficulty level (`hard`), or an import path
(`mypackage.bots:MyBot`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

from highroller.core.bots import Bot
from highroller.core.botspec import resolve_bot
from highroller.core.errors import RulesError
from highroller.core.game import Game, OptionSpec
from highroller.core.spec import GameSpec


def option_flag(spec: OptionSpec) -> str:
    return "--" + spec.name.replace("_", "-")


def click_options(specs: tuple[OptionSpec, ...]) -> list[click.Option]:
    """One Click option per game option, all defaulting to 'unset' (None)."""
    options: list[click.Option] = []
    for spec in specs:
        flag = option_flag(spec)
        if spec.kind == "bool":
            options.append(click.Option([f"{flag}/--no-{flag[2:]}", spec.name], default=None, help=spec.help))
        elif spec.kind == "int":
            help_text = f"{spec.help} (seats count from 0)" if spec.seat else spec.help
            options.append(click.Option([flag, spec.name], type=int, default=None, help=help_text, metavar="N"))
        elif spec.kind == "choice":
            options.append(
                click.Option([flag, spec.name], type=click.Choice(spec.choices), default=None, help=spec.help)
            )
        else:
            options.append(click.Option([flag, spec.name], type=str, default=None, help=spec.help, metavar="TEXT"))
    return options


def chosen_options(spec: GameSpec, params: Mapping[str, Any]) -> dict[str, Any]:
    """The game options given on the command line (the others are left to the preset)."""
    return {o.name: params[o.name] for o in spec.options if params.get(o.name) is not None}


def make_game(spec: GameSpec, params: Mapping[str, Any]) -> Game:
    """The game from the command line's options; impossible options become a usage error."""
    try:
        return spec.make(**chosen_options(spec, params))
    except RulesError as error:
        raise click.UsageError(str(error)) from error


def bot_factory(spec: GameSpec, text: str, option: str = "--bots") -> tuple[str, Callable[[int], Bot]]:
    """A label and a seed -> bot function for one bot description (see `resolve_bot`); a bad one is a
    usage error of `option`, the command's option that named it."""
    try:
        factory, params = resolve_bot(spec, text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint=option) from error
    try:
        factory(0, **params)
    except TypeError as error:
        raise click.BadParameter(f"bot {text.strip()!r} does not take {params}: {error}", param_hint=option) from error
    except (ValueError, ImportError) as error:
        raise click.BadParameter(f"bot {text.strip()!r}: {error}", param_hint=option) from error
    return text.strip(), lambda seed: factory(seed, **params)


def seat_bots(
    spec: GameSpec, texts: list[str], players: int, option: str = "--bots"
) -> list[tuple[str, Callable[[int], Bot]]]:
    """Bot descriptions for every seat: the list is repeated around the table if shorter."""
    if not texts:
        texts = [spec.default_bot]
    if len(texts) > players:
        raise click.BadParameter(f"{len(texts)} bots for {players} seats", param_hint=option)
    return [bot_factory(spec, texts[seat % len(texts)], option) for seat in range(players)]
