"""What a game folder tells the rest of highroller about itself: a `GameSpec`.

Front ends (command line, terminal, later the web and adapters) use only this and the engine API, so a
new game needs its folder and one registry line. Heavy parts (the Rich renderer, extra commands) are
named by import path and loaded only when used, keeping the core importable without them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from highroller.core.bots import BotFactory
    from highroller.core.game import Game, OptionSpec


def load_object(path: str) -> Any:
    """Import `package.module:attribute`."""
    module_name, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"an import path looks like 'package.module:name', not {path!r}")
    return getattr(import_module(module_name), attribute)


@dataclass(frozen=True)
class GameSpec:
    """A registered game: how to make it, its options, bots, terminal renderer and extra commands."""

    name: str
    title: str
    summary: str
    make: Callable[..., Game]
    options: tuple[OptionSpec, ...]
    bots: Mapping[str, BotFactory]
    default_bot: str
    renderer: str
    """Import path of the game's terminal drawing (see `highroller.cli.rendering.TextRenderer`)."""
    narration: str
    """Import path of the game's words for steps and events: a `highroller.core.narration.Narration`,
    or a function `(lang) -> Narration` for a game that speaks several languages (`hr.narration_of`).
    The terminal, the web's log and replays all use it."""
    view: str
    """Import path of the `TypedDict` that `State.view` returns: the contract its readers rely on, whose
    JSON Schema (`highroller.core.viewschema`) the API checker validates every view against."""
    checker_configs: tuple[Mapping[str, Any], ...]
    """Option sets the shared API checker runs on: every edition, variant and player count worth it."""
    bench_configs: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    """(label, options) pairs `highroller bench` measures."""
    levels: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    """Difficulty levels offered to players: {"easy": "greedy", "hard": "mcts:iterations=400"}, each a
    bot description as the command line takes it (`name` or `name:key=value`), or several in order of
    preference, ("expert", "mcts"): the level is then the first bot whose needs this installation has,
    one needing an extra that is not installed giving way to the next (`botspec.level_bot`)."""
    tools: Mapping[str, str] = field(default_factory=dict)
    """Extra commands: {"odds": "highroller.games.x.cli:odds"} adds `highroller odds x` (a Click command)."""
    extra_benchmarks: str = ""
    """Import path of a function `() -> list[tuple[str, str]]` of (what, figure) rows `bench` also prints."""
    board: str = ""
    """The game's browser board, `package:file.js`: a JavaScript module in its folder exporting
    `render(view, ctx)` (see docs/web.md); without one the page shows the raw view."""
    guide: str = ""
    """The game's rules in short for people at a table, `package:folder`: a folder in the game's package
    holding `en.md` and the same in other languages (`fr.md`, `de.md`); docs/rules/<game>.md quotes
    the English one. The web's Rules panel shows it."""
    analysis: str = ""
    """Import path of the game's `highroller.batch.analysis.Analysis`: `highroller analyze GAME`."""
    encoder: str = ""
    """Import path of the game's `highroller.core.encoder.Encoder` class, for the learning adapters."""
    returns_unit: Literal["money", "points"] = "points"
    """What `returns()` counts, so front ends write a score as money ("$440,000") or as points."""
    win_chances: str = ""
    """Import path of a function `(state) -> list[float] | None`: each seat's chance of winning from
    `state` (a shared win counted by its share), where the game has a cheap, sound estimate; None for
    positions it does not cover. The web's win-chance meter shows it; front ends call it off their
    main loop (it may solve something the first time)."""
    table_note: str = ""
    """Import path of a function `(state, words) -> str | None`: a line of advice about the position for
    everyone at the table (Last Chance: the card's exact odds), in the words of a language (a
    `highroller.core.words.Words` of the game's catalog; the text's sources are in `notes.py` beside
    `narrate.py`). The web shows it beside the choices where the table allows hints."""
    batch: str = ""
    """Import path of the game's batch engine (`highroller.batch.engine.BatchEngine`), if it has one:
    `simulate` then plays bots with batch versions many games at a time, and `bench` measures it."""
    warm_up: str = ""
    """Import path of a function `() -> None` doing the game's slow first-time work ahead of play (such
    as compiling the code its bots or advice run), which a web server runs in a low-priority process
    when it starts; it raises ImportError when an optional extra it needs is not installed."""
    move_advice: str = ""
    """Import path of a function `(state, seat, words) -> MoveAdvice | None` (`highroller.core.advice`):
    the value of each legal move of the seat on move by the game's strongest estimate (a chance of
    winning where it has one), the suggested move, and a few facts, in the words of a language. The
    web's Hint draws it as bars."""
    score_sheet: str = ""
    """Import path of a function `(state, words) -> ScoreSheet` (`highroller.core.sheet`): the money or
    points each seat gained at each scoring so far (a round, a card), in the words of a language. The
    web's score sheet and its latest-scoring card show it."""
    presets: str = ""
    """The game's named option sets for the lobby, `package:file.json` in its folder (see docs/web.md)."""
    tutorial: str = ""
    """The game's tutorial, `package:file.json` in its folder: chapters of scripted first games with
    explanations (`highroller.core.tutorial_file`), played by `highroller learn GAME`."""
    typed_input: str = ""
    """Import path of the game's `highroller.core.typed_input.TypedInput`: what a person types at the
    terminal or at a companion table (moves, dice rolled, cards drawn) and the words telling what to
    type. Without one a person types the number of a legal action, and chance steps are not typed."""
    playthroughs: str = ""
    """The game's golden playthroughs, `package:folder`: a folder in its package holding
    `playthroughs.json`, a list of {"name", "options", "seed"} (a game with these options played from
    the seed, 1 if not given, by seeded random bots), and beside it each one's transcript,
    `<name>.txt`. The tests replay every one and compare it with its transcript word for word."""
    tool_examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """For each of `tools`, arguments that answer quickly: {"odds": ("--cards", "3")} for
    `highroller odds x --cards 3`. The tests run each on a light install, in a folder holding
    `game.json`, the record of a game of it (its first `checker_configs`), for a tool that reads one."""
