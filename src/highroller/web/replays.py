"""Replays of finished games: the spectator's view after every step, and the log lines up to it.

A replay costs tens of milliseconds to work out and is a few hundred kilobytes of JSON, while a
finished game never changes: the last `KEPT` replays asked for are kept as the bytes sent, and one is
worked out in a thread, beside the requests of people playing. Each counts as `COST` requests against
its asker's request rates."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from typing import Any

from highroller.core.record_format import follow
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


KEPT = 16
"""Replays kept, as the bytes sent."""

COST = 10
"""How many requests a replay counts as against its asker's request rates."""

_kept: OrderedDict[tuple[str, int], bytes] = OrderedDict()


async def replay_json(table: Table) -> bytes:
    """The replay of a finished table as JSON: its summary and `frames` (kept while its revision holds)."""
    key = (table.id, table.revision)
    answer = _kept.get(key)
    if answer is None:
        summary = table.summary()
        frames = await asyncio.to_thread(replay_frames, table)
        answer = _kept[key] = json.dumps({**summary, "frames": frames}, separators=(",", ":")).encode()
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    else:
        _kept.move_to_end(key)
    return answer
