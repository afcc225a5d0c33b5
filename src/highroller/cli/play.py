"""`highroller play GAME`: humans at one keyboard (hot-seat) and bots, in the terminal.

Everything game-specific comes from the spec: options, bots, the renderer and narration, and the state's own
`parse_input`/`input_help` for what a person types. With `--dice manual` every chance step (dice,
and bills or cards drawn) is typed in from the real table. Ctrl-C or end of input saves the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.console import Console

from highroller.cli.options import click_options, make_game, seat_bots
from highroller.cli.records import default_record_path, load_record, save_record
from highroller.cli.rendering import TextRenderer, styled
from highroller.core.bots import Bot
from highroller.core.errors import IllegalAction, RecordError
from highroller.core.game import Game
from highroller.core.narration import Narration
from highroller.core.play import bot_seed
from highroller.core.rng import fresh_seed
from highroller.core.spec import GameSpec, load_object
from highroller.core.state import CHANCE, TERMINAL, State, Step
from highroller.records import replay
from highroller.registry import narration_of

QUIT_WORDS = {"q", "quit", "exit"}


class Leave(Exception):
    """The person asked to leave the game."""


def play_command(spec: GameSpec) -> click.Command:
    common = [
        click.Option(["--bots", "bot_count"], type=int, default=None, help="How many seats bots take (the last seats). Default: all but one."),
        click.Option(["--bot"], default=None, help=f"Which bot plays them: a bot ({', '.join(spec.bots)}), a level ({', '.join(spec.levels) or 'none'}) or an import path package.module:Bot; default {spec.default_bot}; 'name:key=value' sets a parameter."),
        click.Option(["--names"], default=None, help="Display names, comma-separated, in seat order."),
        click.Option(["--seed"], type=int, default=None, help="Seed of the game (same seed, same moves: same game)."),
        click.Option(["--dice"], type=click.Choice(["auto", "manual"]), default="auto", help="manual: type what the real dice (and draws) show."),
        click.Option(["--save"], type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write the game record to this file."),
        click.Option(["--resume"], type=click.Path(exists=True, dir_okay=False), default=None, help="Continue a saved, unfinished game."),
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
    return [f"Player {seat + 1}" if human else f"Bot {seat + 1} ({bot_labels[seat]})" for seat, human in enumerate(humans)]


def _start(spec: GameSpec, params: dict[str, Any]) -> tuple[Game, State]:
    if params["resume"]:
        try:
            record = load_record(params["resume"])
            if record.get("game") != spec.name:
                raise RecordError(f"{params['resume']} is a record of {record.get('game')!r}, not {spec.name}")
            state = replay(record)
        except RecordError as error:
            raise click.UsageError(str(error)) from error
        return state.game, state
    game = make_game(spec, params)
    seed = params["seed"] if params["seed"] is not None else fresh_seed()
    return game, game.new_game(seed)


def run_play(spec: GameSpec, params: dict[str, Any]) -> None:
    console = Console(highlight=False)
    game, state = _start(spec, params)
    players = game.num_players
    bot_count = players - 1 if params["bot_count"] is None else params["bot_count"]
    if not 0 <= bot_count <= players:
        raise click.BadParameter(f"between 0 and {players} bots for {players} seats", param_hint="--bots")
    humans = [seat < players - bot_count for seat in range(players)]
    factories = seat_bots(spec, [params["bot"]] if params["bot"] else [], players)
    bots: dict[int, Bot] = {seat: factories[seat][1](bot_seed(state.seed, seat)) for seat in range(players) if not humans[seat]}
    names = _seat_names(params["names"], humans, [label for label, _ in factories])
    renderer: TextRenderer = load_object(spec.renderer)
    session = _Session(console, renderer, narration_of(spec.name), state, names, humans, bots, manual=params["dice"] == "manual")
    path = params["save"] or default_record_path(spec.name, state.seed)
    console.print(f"[bold]{spec.title}[/bold] — {', '.join(names)}. Type [bold]?[/bold] for advice, [bold]q[/bold] to leave.")
    try:
        session.run()
    except (Leave, KeyboardInterrupt, EOFError):
        save_record(state.record(), path)
        console.print(f"\nLeft the game. Saved to {path}")
        console.print(f"Continue:  highroller play {spec.name} --resume {path}")
        console.print(f"Replay:    highroller replay {path}")
        return
    save_record(state.record(), path)
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
        self.events_shown = len(state.events)

    def run(self) -> None:
        state = self.state
        self._show_events()
        while state.current_player != TERMINAL:
            player = state.current_player
            if player == CHANCE:
                step = self._ask(None, self._chance_label()) if self.manual else state.sample_chance()
            elif self.humans[player]:
                self.console.print(self.renderer.board(state.view(player), self.names))
                step = self._ask(player, self.names[player])
            else:
                step = self.bots[player].choose(state)
            self._apply(player, step)
        self.console.print(self.renderer.board(state.view(None), self.names))

    def _chance_label(self) -> str:
        roller = self.state.roller()
        return "Table" if roller is None else f"{self.names[roller]}'s roll"

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
            text = self.console.input(f"[bold]{who}[/bold] — {state.input_help()}\n> ").strip()
            if text.lower() in QUIT_WORDS:
                raise Leave
            if text in ("?", "help"):
                advice = self.renderer.advice(state, seat) if seat is not None else None
                self.console.print(advice if advice is not None else state.input_help())
                continue
            try:
                step = state.parse_input(text)
                probe = state.clone()
                probe.apply(step)
            except IllegalAction as error:
                self.console.print(f"[red]{error}[/red]")
                continue
            return step
