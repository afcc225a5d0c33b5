"""What a web client may ask for when it creates a table or takes a seat, checked before anything
happens: the game and its options (text options name built-in presets only: nothing a client sends
is ever read as a file name), one entry per seat, the turn timer, the stand-in bot, and names."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from highroller.core.errors import HighrollerError
from highroller.core.game import Game
from highroller.core.values import is_whole
from highroller.registry import available_games, game_spec, make
from highroller.web.http.errors import Phrase, Refused
from highroller.web.http.names import NameRefused, display_name, profile_name

LONGEST_TIMER = 7 * 86400
"""Seconds: a week a move is the longest turn timer."""
TURN_BASED = 3600
"""Seconds: a table whose moves have an hour or more is turn-based (played over hours or days, the
lobby lists it apart); shorter timers are real-time."""
LONGEST_BANK = 7 * 86400
"""Seconds: the largest time bank a turn-based table may give each person."""


def made_game(game: str, options: dict[str, Any]) -> Game:
    """The game a web client asked for, with its checked options, or `Refused`."""
    if game not in available_games():
        raise Refused(
            "no game {game}; games: {games}", 404, "no-game", game=repr(game), games=", ".join(available_games())
        )
    try:
        return make(game, **check_options(game, options))
    except HighrollerError as error:
        raise Refused(str(error), 422, "bad-option") from error


def check_seats(made: Game, bots: Sequence[str | None], timer: int | None, stand_in: str | None, min_timer: int) -> str:
    """Refuse seats, a timer or a stand-in the game cannot have; the stand-in to use."""
    spec = game_spec(made.name)
    known = [*spec.levels, *spec.bots]
    if len(bots) != made.num_players:
        raise Refused(
            "give one entry per seat ({seats}): a bot name or null for a person",
            422,
            "bad-seats",
            seats=made.num_players,
        )
    for bot in [*bots, stand_in]:
        if bot is not None and bot not in known:
            raise Refused(
                "{game} has no bot {bot}; a level or a bot: {known}",
                422,
                "bad-seats",
                game=made.name,
                bot=repr(bot),
                known=", ".join(known),
            )
    if timer is not None and not min_timer <= timer <= LONGEST_TIMER:
        raise Refused(
            "a turn timer is between {low} and {high} seconds, or none",
            422,
            "bad-timer",
            low=min_timer,
            high=LONGEST_TIMER,
        )
    return stand_in or default_stand_in(made.name)


def check_bank(timer: int | None, bank: int | None) -> float | None:
    """A time bank is for turn-based tables only and at most a week; the bank to store."""
    if bank is None or bank == 0:
        return None
    if timer is None or timer < TURN_BASED:
        raise Refused(
            "a time bank is for turn-based tables: give a turn timer of {hour} seconds (an hour) or more",
            422,
            "bad-bank",
            hour=TURN_BASED,
        )
    if not 0 < bank <= LONGEST_BANK:
        raise Refused("a time bank is between 0 and {high} seconds", 422, "bad-bank", high=LONGEST_BANK)
    return float(bank)


def default_stand_in(game: str) -> str:
    """The bot that plays for absent people when the table's creator chose none: the middle level."""
    spec = game_spec(game)
    return "medium" if "medium" in spec.levels else spec.default_bot


def checked_name(raw: str, taken: Sequence[str]) -> str:
    """A display name as it will be shown, or `Refused` saying why not."""
    return _checked(lambda: display_name(raw, taken=taken))


def checked_profile_name(raw: str) -> str:
    """A profile's name as it will be shown (not like a leaderboard's label either), or `Refused` saying why not."""
    return _checked(lambda: profile_name(raw))


def _checked(check: Callable[[], str]) -> str:
    try:
        return check()
    except NameRefused as refused:
        raise Refused(refused.reason.text, 422, "bad-name", **refused.reason.values) from refused


def _range(low: int | None, high: int | None) -> Phrase:
    """ "from 1 to 1,000", "at least 1" or "at most 1,000"."""
    if low is not None and high is not None:
        return Phrase("from {low} to {high}", low=format(low, ","), high=format(high, ","))
    return (
        Phrase("at least {low}", low=format(low, ","))
        if low is not None
        else Phrase("at most {high}", high=format(high, ","))
    )


def check_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options a web client asked for, checked against the game's option specs. Text options
    accept the game's built-in presets only: nothing a client sends is ever read as a file name."""
    specs = {spec.name: spec for spec in game_spec(game).options}
    checked: dict[str, Any] = {}
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            raise Refused(
                "{game} has no option {name}; options: {options}",
                422,
                "bad-option",
                game=game,
                name=repr(name),
                options=", ".join(specs),
            )
        if spec.kind == "int":
            if not is_whole(value):
                raise Refused("{name} is a whole number", 422, "bad-option", name=name)
            if (spec.minimum is not None and value < spec.minimum) or (
                spec.maximum is not None and value > spec.maximum
            ):
                raise Refused(
                    "{name} is a whole number {range}",
                    422,
                    "bad-option",
                    name=name,
                    range=_range(spec.minimum, spec.maximum),
                )
        elif spec.kind == "bool" and not isinstance(value, bool):
            raise Refused("{name} is true or false", 422, "bad-option", name=name)
        elif spec.kind == "choice" and value not in spec.choices:
            raise Refused("{name} is one of {choices}", 422, "bad-option", name=name, choices=", ".join(spec.choices))
        elif spec.kind == "text" and value not in spec.presets:
            raise Refused(
                "{name} is one of the built-in presets {presets} (files cannot be named over the web)",
                422,
                "bad-option",
                name=name,
                presets=", ".join(spec.presets),
            )
        checked[name] = value
    return checked
