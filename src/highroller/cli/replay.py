"""`highroller replay FILE`: step through a saved game, as a spectator or as one seat sees it."""

from __future__ import annotations

import sys

import click
from rich.console import Console

from highroller.cli.records import load_record
from highroller.cli.rendering import TextRenderer, styled
from highroller.core.errors import HighrollerError, RecordError
from highroller.core.record import follow
from highroller.core.spec import load_object
from highroller.core.state import CHANCE
from highroller.records import game_of_record
from highroller.registry import game_spec, narration_of


def run_replay(path: str, seat: int | None, show_all: bool) -> None:
    console = Console(highlight=False)
    try:
        record = load_record(path)
        game = game_of_record(record)
    except RecordError as error:
        raise click.UsageError(str(error)) from error
    if seat is not None and not 0 <= seat < game.num_players:
        raise click.BadParameter(f"seats are 0 to {game.num_players - 1}", param_hint="--seat")
    spec = game_spec(game.name)
    renderer: TextRenderer = load_object(spec.renderer)
    narration = narration_of(game.name)
    names = [f"Player {s + 1}" for s in range(game.num_players)]
    state = game.new_game(record["seed"])
    step_by_step = not show_all and sys.stdin.isatty()
    console.print(f"[bold]{spec.title}[/bold], {len(record['steps'])} steps. Enter: next step, a: to the end, q: quit.")
    try:
        for player, step in follow(state, record["steps"]):
            if step_by_step:
                answer = console.input("").strip().lower()
                if answer == "q":
                    return
                step_by_step = answer != "a"
            line = narration.describe_step(state, player, step, names)
            shown = len(state.events)
            state.apply(step)
            if line:
                console.print(styled(line))
            for event in state.events[shown:]:
                words = narration.describe_event(event, names)
                if words is not None:
                    console.print(styled(words))
            if player != CHANCE and step_by_step:
                console.print(renderer.board(state.view(seat), names))
    except HighrollerError as error:  # any malformed or illegal entry is reported, not a traceback
        where = "" if isinstance(error, RecordError) else f"step {len(state.history)}: "
        raise click.UsageError(f"{path}: {where}{error}") from error
    console.print(renderer.board(state.view(seat), names))
    console.print(renderer.board(state.view(seat), names))
