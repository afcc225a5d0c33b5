"""Replays of finished games: the spectator's view after every step, and the log lines up to it."""

from __future__ import annotations

from typing import Any

from highroller.core.record import replay
from highroller.core.state import CHANCE
from highroller.web.tables import Table


def replay_frames(table: Table) -> list[dict[str, Any]]:
    """Frame n is the table after n steps: `{"view", "log_end", "chance"}` (log lines `[:log_end]`)."""
    record = table.state.record()
    ends: dict[int, int] = {}
    for index, line in enumerate(table.log):
        ends[line["n"]] = index + 1
    frames = []
    log_end = 0
    state = replay(record, upto=0)
    for number in range(len(record["steps"]) + 1):
        if number:
            player, step = table.state.history[number - 1]
            state.apply(step)
            log_end = ends.get(number - 1, log_end)
        else:
            player = None
        frames.append({"view": state.view(None), "log_end": log_end, "chance": player == CHANCE})
    return frames
