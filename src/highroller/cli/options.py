"""Turning a game's `OptionSpec`s into command-line options, and parsing bot lists.

Every game option becomes `--name-with-dashes`; unset options are left out so the game's preset
decides. Bot lists are comma-separated bot descriptions: a bot name, optionally with parameters
(`cautious:threshold=25`), a difficulty level (`hard`), or an import path (`mypackage.bots:MyBot`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import click

from highroller.core.bots import Bot, BotFactory
from highroller.core.errors import RulesError
from highroller.core.game import Game, OptionSpec
from highroller.core.spec import GameSpec, load_object


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
            options.append(click.Option([flag, spec.name], type=int, default=None, help=spec.help, metavar="N"))
        elif spec.kind == "choice":
            options.append(click.Option([flag, spec.name], type=click.Choice(spec.choices), default=None, help=spec.help))
        else:
            options.append(click.Option([flag, spec.name], type=str, default=None, help=spec.help, metavar="TEXT"))
    return options


def make_game(spec: GameSpec, params: Mapping[str, Any]) -> Game:
    """The game from the command line's options; impossible options become a usage error."""
    chosen = {o.name: params[o.name] for o in spec.options if params.get(o.name) is not None}
    try:
        return spec.make(**chosen)
    except RulesError as error:
        raise click.UsageError(str(error)) from error


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def _params(text: str, pairs: list[str]) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bot parameters look like name:key=value, not {text!r}")
        params[key.replace("-", "_")] = _value(value)
    return params


def resolve_bot(spec: GameSpec, text: str) -> tuple[BotFactory, dict[str, Any]]:
    """A bot description -> (factory, params). A description is one of

    - a bot of the game with optional parameters: `greedy`, `mcts:iterations=100`;
    - a difficulty level of the game (`easy`, `medium`, `hard`), optionally with parameters that
      override the level's: `hard:iterations=50`;
    - a Python import path of a factory `factory(seed, **params)`, e.g. a bot class:
      `mypackage.mybots:MyBot` or `mypackage.mybots:MyBot:depth=3`.

    Raises `ValueError` naming what is known if the description does not resolve.
    """
    name, *pairs = text.strip().split(":")
    if "." in name and pairs and "=" not in pairs[0]:
        path, *pairs = f"{name}:{pairs[0]}", *pairs[1:]
        try:
            factory = load_object(path)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"cannot import the bot {path!r}: {error}") from error
        if not callable(factory):
            raise ValueError(f"{path!r} is not a bot class or factory")
        return factory, _params(text, pairs)
    if name in spec.levels and name not in spec.bots:
        factory, params = resolve_bot(spec, spec.levels[name])
        return factory, {**params, **_params(text, pairs)}
    if name not in spec.bots:
        levels = f"; levels: {', '.join(spec.levels)}" if spec.levels else ""
        raise ValueError(f"{spec.title} has no bot {name!r}; bots: {', '.join(spec.bots)}{levels}; or an import path package.module:Bot")
    return spec.bots[name], _params(text, pairs)


def bot_factory(spec: GameSpec, text: str) -> tuple[str, Callable[[int], Bot]]:
    """A label and a seed -> bot function for one bot description (see `resolve_bot`)."""
    try:
        factory, params = resolve_bot(spec, text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--bots") from error
    try:
        factory(0, **params)
    except TypeError as error:
        raise click.BadParameter(f"bot {text.strip()!r} does not take {params}: {error}", param_hint="--bots") from error
    return text.strip(), lambda seed: factory(seed, **params)


def seat_bots(spec: GameSpec, texts: list[str], players: int) -> list[tuple[str, Callable[[int], Bot]]]:
    """Bot descriptions for every seat: the list is repeated around the table if shorter."""
    if not texts:
        texts = [spec.default_bot]
    if len(texts) > players:
        raise click.BadParameter(f"{len(texts)} bots for {players} seats", param_hint="--bots")
    return [bot_factory(spec, texts[seat % len(texts)]) for seat in range(players)]
