"""Replays of finished games: the spectator's view after every step, and the whole log with the line
each step's telling ends at.

A replay replays the whole game, so it is worked out in an advice worker process from the stored
steps (`build_replay`), never in the web server's own process, whose event loop and interpreter serve
people's moves. A finished game never changes: every asker of a table's replay shares one working-out,
and the last `KEPT` answers are kept as the bytes sent, per language. Each counts as `COST` requests
against its asker's request rates.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from highroller.core.record_format import follow
from highroller.core.state import CHANCE
from highroller.registry import make
from highroller.web.bots.botwork import Workers, worker_pool
from highroller.web.http.errors import Refused
from highroller.web.store.dialects import open_store
from highroller.web.tables.live_table import Table
from highroller.web.tables.log_words import in_language
from highroller.web.tables.table_load import whole_log
from highroller.web.tables.table_log import Line
from highroller.web.tables.turns import seat_names

log = logging.getLogger(__name__)

KEPT = 16
"""Replays kept, as the bytes sent."""

COST = 10
"""How many requests a replay counts as against its asker's request rates."""

REPLAY_SECONDS = 60.0
"""The longest a replay may take to work out before its asker is told to try again."""

Built = tuple[list[dict[str, Any]], list[Line]]
"""A replay worked out: the frames, and the whole log (seats marked)."""


@dataclass(frozen=True)
class ReplayJob:
    """A finished table whose replay to work out."""

    database: str
    table_id: str


def build_replay(job: ReplayJob) -> Built | None:
    """(In an advice worker.) Frame n is the table after n steps, `{"view", "log_end", "chance"}` (its
    log is the log's lines `[:log_end]`), with the whole log; None if the table is gone."""
    store = open_store(job.database, connections=1)
    try:
        found = whole_log(store, job.table_id)
    finally:
        store.close()
    if found is None:
        return None
    row, lines = found
    ends: dict[int, int] = {}
    for index, line in enumerate(lines):
        ends[line["n"]] = index + 1
    state = make(row.game, **row.options).new_game(row.seed)
    frames = [{"view": state.view(None), "log_end": 0, "chance": False}]
    for player, step in follow(state, row.steps):
        state.apply(step)
        frames.append(
            {
                "view": state.view(None),
                "log_end": ends.get(len(state.history) - 1, frames[-1]["log_end"]),
                "chance": player == CHANCE,
            }
        )
    return frames, lines


class Replays:
    """The replays of one server process, worked out by the advice workers `workers`."""

    def __init__(self, database: str, workers: Workers) -> None:
        self.database = database
        self.workers = workers
        self._building: dict[tuple[str, int], asyncio.Task[Built]] = {}
        self._kept: OrderedDict[tuple[str, int, str], bytes] = OrderedDict()

    async def replay_json(self, table: Table, lang: str) -> bytes:
        """The replay of a finished table as JSON: its summary (seats named in `lang`), `frames` and
        `log` (in `lang`), kept while its revision holds."""
        key = (table.id, table.revision, lang)
        answer = self._kept.get(key)
        if answer is not None:
            self._kept.move_to_end(key)
            return answer
        frames, lines = await asyncio.shield(self._built(table.id, table.revision))
        reply = {**table.summary(lang), "frames": frames, "log": in_language(lines, lang, seat_names(table.seats))}
        answer = self._kept[key] = await asyncio.to_thread(
            lambda: json.dumps(reply, separators=(",", ":"), ensure_ascii=False).encode()
        )
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return answer

    def _built(self, table_id: str, revision: int) -> asyncio.Task[Built]:
        """The working-out of a table's replay, shared by everyone who asks for it meanwhile."""
        key = (table_id, revision)
        task = self._building.get(key)
        if task is None:
            task = self._building[key] = asyncio.get_running_loop().create_task(self._work_out(table_id))
            task.add_done_callback(lambda _: self._building.pop(key, None))
        return task

    async def _work_out(self, table_id: str) -> Built:
        try:
            future = worker_pool(self.workers).submit(build_replay, ReplayJob(self.database, table_id))
            built = await asyncio.wait_for(asyncio.wrap_future(future), REPLAY_SECONDS)
        except TimeoutError as error:
            raise Refused(
                "the replay took too long to work out: ask again in a moment", 503, "replay-timeout", retry_after=5
            ) from error
        except BrokenProcessPool as error:
            raise Refused("the replay's helpers restarted: ask again", 503, "replay-failed", retry_after=1) from error
        except Exception as error:  # whatever replaying the game raised: the request fails, the server does not
            log.exception("working out the replay of table %s failed", table_id)
            raise Refused(
                "the replay could not be worked out here (the error is logged)", 503, "replay-failed"
            ) from error
        if built is None:
            raise Refused("this table no longer exists", 404, "no-table")
        return built
