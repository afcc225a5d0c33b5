"""Advice at a table, worked out in the bot worker processes (never in the web server's own process,
so it cannot slow anybody's move): hints for the person on move (the game's advice on each of their
choices in their language, and the move it or the game's strongest bot suggests) and the advice
everyone sees (each seat's chance of winning and the game's note on the position, where the game has
them). They think in a pool of their own (`advice_processes`), never in the bot workers' (a hint
cannot hold up a bot's move), and while the server's warm-up still compiles they leave out what needs
it. Bounded: as many pieces of advice think at once as there are advice processes (a request waits a
few seconds for one, then is told to ask again), a seat asks one hint at a time (in any language),
every asker of a step's advice shares one answer, and answers are kept per step and language so
asking again costs nothing. A table made without hints gives none of it. A failure while thinking is
logged and answered 503 `hint-failed`."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from highroller.registry import game_spec
from highroller.web.bots.botwork import Workers, worker_pool
from highroller.web.bots.thinking import AdviceJob, HintJob, give_advice, give_hint
from highroller.web.http.errors import Refused
from highroller.web.metrics import registry as metrics
from highroller.web.settings import Settings
from highroller.web.tables.live_table import Table

log = logging.getLogger(__name__)

Job = TypeVar("Job")
Answer = TypeVar("Answer")

HINT_SECONDS = 30.0
"""The longest a hint may think before the person is told to try again."""

HELPER_WAIT = 5.0
"""The longest a hint or advice waits for a free advice process before the person is told to try again."""

_KEPT = 512


class Hints:
    """The hints of one server process."""

    def __init__(self, database: str, settings: Settings) -> None:
        self.database = database
        self.settings = settings
        self.workers = Workers(
            "advice", max(1, settings.advice_processes), settings.bot_nice, settings.bot_idle, settings.warm_up
        )
        self._thinking = asyncio.Semaphore(self.workers.processes)
        self._asking: set[tuple[str, int]] = set()
        self._answers: OrderedDict[tuple[str, int, int, str], dict[str, Any]] = OrderedDict()
        self._advice: OrderedDict[tuple[str, int], asyncio.Task[dict[str, Any] | None]] = OrderedDict()

    async def ask(self, table: Table, seat: int | None, lang: str) -> dict[str, Any]:
        """The hint for `seat` at `table` now in `lang` (one of `LANGUAGES`), or `Refused` saying why not."""
        metrics.hint("asked")
        if seat is None:
            raise Refused("hints are for the person on move: send your seat token", 403, "spectator")
        if not table.hints:
            raise Refused("this table was made without hints", 403, "no-hints")
        if table.finished or not table.started or table.state.current_player != seat:
            raise Refused("a hint is for your own turn", 409, "not-your-turn")
        key = (table.id, seat, table.version, lang)
        if key in self._answers:
            metrics.hint("answered")
            return self._answers[key]
        if (table.id, seat) in self._asking:
            raise Refused("your hint is still being worked out", 429, "hint-busy", retry_after=1)
        job = HintJob(self.database, table.id, seat, table.version, lang)
        self._asking.add((table.id, seat))
        try:
            async with self._helper():
                answer = await self._think(give_hint, job)
        finally:
            self._asking.discard((table.id, seat))
        if answer is None:
            raise Refused("the game moved on before the hint was ready", 409, "not-your-turn")
        self._answers[key] = answer
        while len(self._answers) > _KEPT:
            self._answers.popitem(last=False)
        metrics.hint("answered")
        return answer

    async def advice(self, table: Table, lang: str) -> dict[str, Any]:
        """What everyone at `table` may see of its step now: {"version", "chances", "note"}, "chances" a
        list per seat and "note" a line in `lang`, each null where the game has none for this position."""
        if not table.hints:
            raise Refused("this table was made without hints or advice", 403, "no-hints")
        version = table.version
        spec = game_spec(table.game.name)
        if not (spec.win_chances or spec.table_note) or not table.started:
            return {"version": version, "chances": None, "note": None}
        key = (table.id, version)
        task = self._advice.get(key)
        if task is None:
            task = asyncio.ensure_future(self._work_out(AdviceJob(self.database, table.id, version)))
            self._advice[key] = task
            while len(self._advice) > _KEPT:
                self._advice.popitem(last=False)
        try:
            answer = await asyncio.shield(task)
        except Refused:
            self._advice.pop(key, None)
            raise
        note = answer["note"] if answer else None
        return {
            "version": version,
            "chances": answer["chances"] if answer else None,
            "note": note[lang] if note else None,
        }

    async def _work_out(self, job: AdviceJob) -> dict[str, Any] | None:
        async with self._helper():
            return await self._think(give_advice, job)

    @asynccontextmanager
    async def _helper(self) -> AsyncIterator[None]:
        """One of the advice processes, waited for up to `HELPER_WAIT` seconds, or `Refused` (429)."""
        try:
            await asyncio.wait_for(self._thinking.acquire(), HELPER_WAIT)
        except TimeoutError:
            raise Refused(
                "every hint helper is busy: ask again in a moment", 429, "hints-busy", retry_after=2
            ) from None
        try:
            yield
        finally:
            self._thinking.release()

    async def _think(self, work: Callable[[Job], Answer], job: Job) -> Answer:
        pool = worker_pool(self.workers)
        try:
            future = pool.submit(work, job)
            return await asyncio.wait_for(asyncio.wrap_future(future), HINT_SECONDS)
        except TimeoutError as error:
            raise Refused(
                "the advice took too long: ask again in a moment", 503, "hint-timeout", retry_after=5
            ) from error
        except BrokenProcessPool as error:
            raise Refused("the advice helpers restarted: ask again", 503, "hint-failed", retry_after=1) from error
        except Exception as error:  # whatever a game's advice raised: the request fails, the server does not
            log.exception("working out advice for %s failed", job)
            raise Refused(
                "the advice could not be worked out here (the error is logged)", 503, "hint-failed"
            ) from error
