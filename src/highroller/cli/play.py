"""`highroller play GAME`: humans at one keyboard (hot-seat) and bots, in the terminal.

Everything game-specific comes from the spec: options, bots, the renderer and narration, and the game's
typed input (`highroller.core.typed_input`) for what a person types. With `--dice manual` every chance step (dice,
and bills or cards drawn) is typed in from the real table. Ctrl-C or end of input saves the game
(end of input in an unfinished game also exits with status 1). A saved record keeps the seats (people,
bots with their parameters, names) and the dice mode under "table", and `--resume` restores them;
a record file is never overwritten: resuming saves the continued game to a new file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from highroller.cli.options import bot_factory, click_options, make_game, seat_bots
from highroller.cli.record_files import default_record_path, load_record, new_record_path, save_record
from highroller.cli.rendering import TextRenderer, renderer_of, styled
from highroller.core.bots import Bot
from highroller.core.botspec import levels_text
from highroller.core.errors import IllegalAction, RecordError
from highroller.core.game import Game, game_of
from highroller.core.game_loop import bot_seed
from highroller.core.narration import Narration
from highroller.core.rng import fresh_seed
from highroller.core.spec import GameSpec
from highroller.core.spec_parts import table_note
from highroller.core.state import CHANCE, TERMINAL, State, Step
from highroller.core.typed_input import NUMBERED, TypedInput, typed_input_of
from highroller.core.words import Words
from highroller.registry import narration_of, words_of
from highroller.replaying import replay

QUIT_WORDS = {"q", "quit", "exit"}
ENGLISH = Words("en")
"""The terminal's language: English, the source of every text (a refusal's message is its English)."""


class Leave(Exception):
    """The person asked to leave the game."""


def play_command(spec: GameSpec) -> click.Command:
    common = [
        click.Option(
            ["--bots", "bot_count"],
            type=int,
            default=None,
            help="How many seats bots take (the last seats). Default: all but one.",
        ),
        click.Option(
            ["--bot"],
            default=None,
            help=f"Which bot plays them: a bot ({', '.join(spec.bots)}), a level ({levels_text(spec) or 'none'}) or an "
            f"import path package.module:Bot; default {spec.default_bot}; 'name:key=value' sets a parameter.",
        ),
        click.Option(["--names"], default=None, help="Display names, comma-separated, in seat order."),
        click.Option(["--seed"], type=int, default=None, help="Seed of the game (same seed, same moves: same game)."),
        click.Option(
            ["--dice"],
            type=click.Choice(["auto", "manual"]),
            default=None,
            help="manual: type what the real dice (and draws) show. Default: auto (a resumed game: as it was).",
        ),
        click.Option(
            ["--save"],
            type=click.Path(dir_okay=False, path_type=Path),
            default=None,
            help="Write the game record to this new file (an existing file is refused).",
        ),
        click.Option(
            ["--resume"],
            type=click.Path(exists=True, dir_okay=False),
            default=None,
            help="Continue a saved, unfinished game with its seats, names and dice mode (saved to a new file).",
        ),
    ]

    def callback(**params: Any) -> None:
        run_play(spec, params)

    return click.Command(
        name=spec.name,
        params=[*click_options(spec.options), *common],
        callback=callback,
        help=f"Play {spec.title}. {spec.summary}",
    )


def _seat_names(given: str | None, humans: list[bool], bot_labels: list[str]) -> list[str]:
    if given:
        names = [n.strip() for n in given.split(",") if n.strip()]
        if len(names) != len(humans):
            raise click.BadParameter(f"{len(names)} names for {len(humans)} seats", param_hint="--names")
        return names
    return [
        f"Player {seat + 1}" if human else f"Bot {seat + 1} ({bot_labels[seat]})" for seat, human in enumerate(humans)
    ]


@dataclass(frozen=True)
class Seating:
    """Who sits where: each seat's name and bot description (None: a person), and the dice mode."""

    names: list[str]
    bots: list[str | None]
    dice: str

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [
                {"seat": s, "name": n, "bot": b} for s, (n, b) in enumerate(zip(self.names, self.bots, strict=True))
            ],
            "dice": self.dice,
        }


def _saved_seating(record: dict[str, Any], players: int) -> Seating | None:
    """The seating a record keeps under "table" (as `play` and the web server save it), if it has one."""
    table = record.get("table")
    if not isinstance(table, dict):
        return None
    seats = table.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        return None
    if not all(
        isinstance(s, dict)
        and isinstance(s.get("name"), str)
        and (s.get("bot") is None or isinstance(s.get("bot"), str))
        for s in seats
    ):
        return None
    dice = "manual" if table.get("dice") == "manual" else "auto"
    return Seating([s["name"] for s in seats], [s["bot"] for s in seats], dice)


def _start(spec: GameSpec, params: dict[str, Any]) -> tuple[Game, State, Seating | None]:
    if params["resume"]:
        try:
            record = load_record(params["resume"])
            if record.get("game") != spec.name:
                raise RecordError(f"{params['resume']} is a record of {record.get('game')!r}, not {spec.name}")
            state = replay(record)
        except RecordError as error:
            raise click.UsageError(str(error)) from error
        return game_of(state), state, _saved_seating(record, state.game.num_players)
    game = make_game(spec, params)
    seed = params["seed"] if params["seed"] is not None else fresh_seed()
    return game, game.new_game(seed), None


def _seating(spec: GameSpec, params: dict[str, Any], players: int, saved: Seating | None) -> Seating:
    """The seats from the command line; a resumed game's own seats unless the command line says otherwise."""
    if saved is not None and params["bot_count"] is None and not params["bot"]:
        names = (
            _seat_names(params["names"], [b is None for b in saved.bots], [b or "" for b in saved.bots])
            if params["names"]
            else saved.names
        )
        return Seating(names, saved.bots, params["dice"] or saved.dice)
    bot_count = players - 1 if params["bot_count"] is None else params["bot_count"]
    if not 0 <= bot_count <= players:
        raise click.BadParameter(f"between 0 and {players} bots for {players} seats", param_hint="--bots")
    humans = [seat < players - bot_count for seat in range(players)]
    labels = [label for label, _ in seat_bots(spec, [params["bot"]] if params["bot"] else [], players, "--bot")]
    names = _seat_names(params["names"], humans, labels)
    return Seating(
        names, [None if human else label for human, label in zip(humans, labels, strict=True)], params["dice"] or "auto"
    )


def run_play(spec: GameSpec, params: dict[str, Any]) -> None:
    console = Console(highlight=False)
    game, state, saved = _start(spec, params)
    seating = _seating(spec, params, game.num_players, saved)
    bots: dict[int, Bot] = {
        seat: bot_factory(spec, text, "--bot")[1](bot_seed(state.seed, seat))
        for seat, text in enumerate(seating.bots)
        if text is not None
    }
    humans = [text is None for text in seating.bots]
    renderer = renderer_of(spec)
    session = _Session(
        console, renderer, narration_of(spec.name), state, seating.names, humans, bots, manual=seating.dice == "manual"
    )
    session.typed = typed_input_of(spec)
    note = table_note(spec) if session.manual else None
    if note is not None:
        session.note = lambda shown: note(shown, words_of(spec.name, "en"))
    path = new_record_path(params["save"]) if params["save"] else default_record_path(spec.name, state.seed)
    if params["resume"]:
        console.print(f"Resumed from {params['resume']} (kept as it is); this game is saved to {path}.")
    console.print(
        f"[bold]{spec.title}[/bold] — {', '.join(seating.names)}. Type [bold]?[/bold] for advice, "
        "[bold]q[/bold] to leave."
    )
    try:
        session.run()
    except (Leave, KeyboardInterrupt, EOFError) as stopped:
        save_record({**state.record(), "table": seating.to_json()}, path)
        console.print(f"\nLeft the game. Saved to {path}")
        console.print(f"Continue:  highroller play {spec.name} --resume {path}")
        console.print(f"Replay:    highroller replay {path}")
        if isinstance(stopped, EOFError):
            raise click.exceptions.Exit(1) from None  # the input ran out before the game ended
        return
    save_record({**state.record(), "table": seating.to_json()}, path)
    console.print(f"Game record saved to {path} (replay: highroller replay {path})")


class _Session:
    """One game at the terminal: shows the table, asks humans, lets bots and chance move."""

    def __init__(
        self,
        console: Console,
        renderer: TextRenderer,
        narration: Narration,
        state: State,
        names: list[str],
        humans: list[bool],
        bots: dict[int, Bot],
        manual: bool,
    ) -> None:
        self.console = console
        self.renderer = renderer
        self.narration = narration
        self.state = state
        self.names = names
        self.humans = humans
        self.bots = bots
        self.manual = manual
        self.typed: TypedInput[Any] = NUMBERED
        """How the game reads what a person types, and tells what to type (in English)."""
        self.note: Callable[[State], str | None] | None = None
        """The game's note on the position (Last Chance: the card's exact odds), shown after typed dice or cards."""
        self.events_shown = len(state.events)

    def run(self) -> None:
        state = self.state
        self._show_events()
        while state.current_player != TERMINAL:
            player = state.current_player
            if player == CHANCE:
                step = self._ask(None, self._chance_label()) if self.manual else state.sample_chance()
                self._apply(player, step)
                if self.note is not None and (line := self.note(state)):
                    self.console.print(line)
                continue
            elif self.humans[player]:
                self.console.print(self.renderer.board(state.view(player), self.names))
                step = self._ask(player, self.names[player])
            else:
                with self.console.status(f"{self.names[player]} is thinking…"):  # a spinner on a terminal only
                    step = self.bots[player].choose(state)
            self._apply(player, step)
        self.console.print(self.renderer.board(state.view(None), self.names))

    def _chance_label(self) -> str:
        """Who types a chance step: the table, naming the seat that rolls or draws when there is one."""
        roller = self.state.roller()
        return "Table" if roller is None else f"Table ({self.names[roller]})"

    def _apply(self, player: int, step: Step) -> None:
        line = self.narration.describe_step(self.state, player, step, self.names)
        self.state.apply(step)
        if line:
            self.console.print(styled(line))
        self._show_events()

    def _show_events(self) -> None:
        for event in self.state.events[self.events_shown :]:
            shown = self.narration.describe_event(event, self.names)
            if shown is not None:
                self.console.print(styled(shown))
        self.events_shown = len(self.state.events)

    def _ask(self, seat: int | None, who: str) -> Step:
        """Prompt until the person types something legal ('?' advice, 'q' leave)."""
        state = self.state
        while True:
            expected = self.typed.help(state, ENGLISH)
            text = self.console.input(f"[bold]{who}[/bold] — {expected}\n> ").strip()
            if text.lower() in QUIT_WORDS:
                raise Leave
            if text in ("?", "help"):
                advice = self.renderer.advice(state, seat) if seat is not None else None
                self.console.print(advice if advice is not None else expected)
                continue
            try:
                step = self.typed.parse(state, text)
                probe = state.clone()
                probe.apply(step)
            except IllegalAction as error:
                self.console.print(f"[red]{error}[/red]")
                continue
            return step
