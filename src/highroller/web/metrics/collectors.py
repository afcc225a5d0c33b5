"""The metrics read from the database when `/metrics` is asked (so they are the same whichever process
answers): the tables by game and state, and the bot queue (tables with an automatic move due that no
worker holds yet, and how long the oldest has waited). Two aggregate queries per scrape."""

from __future__ import annotations

import logging
from collections.abc import Iterator

from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from highroller.web import clock
from highroller.web.store.database import Store

log = logging.getLogger(__name__)


def table_state(started: bool, finished: bool) -> str:
    """A table's state as the metrics name it."""
    return "finished" if finished else "in_play" if started else "unstarted"


class DatabaseCollector(Collector):
    """The tables and the bot queue of `store`, read at each scrape."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def collect(self) -> Iterator[GaugeMetricFamily]:
        try:
            counts = self.store.table_counts()
            now = clock.now()
            waiting, oldest = self.store.bot_queue(now)
        except Exception:  # the scrape answers the other metrics all the same
            log.exception("the metrics could not read the database")
            return
        tables = GaugeMetricFamily("highroller_tables", "Tables by game and state", labels=["game", "state"])
        by_state: dict[tuple[str, str], int] = {}
        for game, started, finished, count in counts:
            key = (game, table_state(started, finished))
            by_state[key] = by_state.get(key, 0) + count
        for (game, state), count in sorted(by_state.items()):
            tables.add_metric([game, state], count)
        yield tables
        yield GaugeMetricFamily(
            "highroller_bot_queue_depth",
            "Tables with an automatic move due that no bot worker holds yet",
            value=waiting,
        )
        yield GaugeMetricFamily(
            "highroller_bot_queue_oldest_seconds",
            "How long the oldest due automatic move has waited for a bot worker (0: none waits)",
            value=0.0 if oldest is None else max(0.0, now - oldest),
        )
