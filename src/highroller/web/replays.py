"""Replays of finished games: the spectator's view after every step, and the log lines up to it."""

from __future__ import annotations

from typing import Any

from highroller.core.record import follow
from highroller.core.state import CHANCE
from highroller.web.tables import Table


def replay_frames(table: Table) -> list[dict[str, Any]]:
    """Frame n is the table after n steps: `{"view", "log_end", "chance"}` (log lines `[:log_end]`)."""
    ends: dict[int, int] = {}
    for index, line in enumerate(table.log):
        ends[line["n"]] = index + 1
    state = table.game.new_game(table.seed)
    frames = [{"view": state.view(None), "log_end": 0, "chance": False}]
    for player, step in follow(state, table.state.record()["steps"]):
        state.apply(step)
        frames.append({"view": state.view(None), "log_end": ends.get(len(state.history) - 1, frames[-1]["log_end"]), "chance": player == CHANCE})
    return frames
