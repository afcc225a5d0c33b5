"""`highroller replay FILE`: step through a saved game, as a spectator or as one seat sees it."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console

from highroller.cli.record_files import load_record
from highroller.cli.rendering import renderer_of, styled
from highroller.core.errors import HighrollerError, RecordError
from highroller.core.record_format import follow
from highroller.core.state import CHANCE
from highroller.core.values import is_whole
from highroller.registry import game_spec, narration_of
from highroller.replaying import game_of_record

LONGEST_NAME = 40


def seat_names(record: dict[str, Any], players: int) -> list[str]:
    """The seats' names a web table's record carries (`table.seats`), else "Player 1", "Player 2"...
    A name that is not a short line of printable text without brackets (the terminal's markup) is
    replaced by its seat's number."""
    names = [f"Player {s + 1}" for s in range(players)]
    table = record.get("table")
    seats = table.get("seats") if isinstance(table, dict) else None
    if not isinstance(seats, list):
        return names
    for entry in seats:
        if not isinstance(entry, dict):
            continue
        seat, name = entry.get("seat"), entry.get("name")
        if is_whole(seat) and 0 <= seat < players and isinstance(name, str) and _plain_name(name):
            names[seat] = name.strip()
    return names


def _plain_name(name: str) -> bool:
    return 0 < len(name.strip()) <= LONGEST_NAME and name.isprintable() and not any(c in name for c in "[]")


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
    renderer = renderer_of(spec)
    narration = narration_of(game.name)
    names = seat_names(record, game.num_players)
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
