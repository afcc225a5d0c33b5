"""`highroller replay FILE`: step through a saved game, as a spectator or as one seat sees it."""

from __future__ import annotations

import sys

import click
from rich.console import Console

from highroller.cli.records import load_record
from highroller.cli.rendering import TextRenderer
from highroller.core.errors import RecordError
from highroller.core.record import apply_recorded_step, game_of_record
from highroller.core.spec import load_object
from highroller.core.state import CHANCE
from highroller.registry import game_spec


def run_replay(path: str, seat: int | None, show_all: bool) -> None:
    console = Console(highlight=False)
    try:
        record = load_record(path)
        game, seed = game_of_record(record)
    except RecordError as error:
        raise click.UsageError(str(error)) from error
    if seat is not None and not 0 <= seat < game.num_players:
        raise click.BadParameter(f"seats are 0 to {game.num_players - 1}", param_hint="--seat")
    spec = game_spec(game.name)
    renderer: TextRenderer = load_object(spec.renderer)
    names = [f"Player {s + 1}" for s in range(game.num_players)]
    state = game.new_game(seed)
    step_by_step = not show_all and sys.stdin.isatty()
    shown = 0
    console.print(f"[bold]{spec.title}[/bold], {len(record['steps'])} steps. Enter: next step, a: to the end, q: quit.")
    for index, entry in enumerate(record["steps"]):
        player = state.current_player
        if step_by_step:
            answer = console.input("").strip().lower()
            if answer == "q":
                return
            step_by_step = answer != "a"
        try:
            step = state.decode_step(entry.get("chance") if player == CHANCE else entry.get("action"))
            line = renderer.describe_step(state, player, step, names)
            apply_recorded_step(state, entry, index)
        except Exception as error:  # any malformed entry is reported, not a traceback
            raise click.UsageError(f"{path}: {RecordError(f'step {index}: {error}')}") from error
        if line:
            console.print(line)
        for event in state.events[shown:]:
            words = renderer.describe_event(event, names)
            if words is not None:
                console.print(words)
        shown = len(state.events)
        if player != CHANCE and step_by_step:
            console.print(renderer.board(state.view(seat), names))
    console.print(renderer.board(state.view(seat), names))
