"""Helpers for the batch tests: compare two samples' means within their standard errors, and replay
a batch's exported records on the step engine."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np

import highroller as hr
from highroller.batch.engine import BatchEngine, BatchResult
from highroller.batch.record_export import export_records
from highroller.core.game import Game
from highroller.core.state import State

SE_LIMIT = 5.0
"""How many standard errors of the difference two means may be apart (fixed seeds: no flakiness)."""


def assert_same_means(label: str, step: np.ndarray, batch: np.ndarray) -> None:
    """Column means of two samples (rows: games) agree within SE_LIMIT standard errors each."""
    step = np.asarray(step, dtype=float).reshape(len(step), -1)
    batch = np.asarray(batch, dtype=float).reshape(len(batch), -1)
    diff = step.mean(axis=0) - batch.mean(axis=0)
    se = np.sqrt(step.var(axis=0, ddof=1) / len(step) + batch.var(axis=0, ddof=1) / len(batch))
    floor = 1e-9 * (np.abs(step.mean(axis=0)) + 1)
    z = np.abs(diff) / np.maximum(se, floor)
    assert np.all(z < SE_LIMIT), (
        f"{label}: step {step.mean(axis=0)} vs batch {batch.mean(axis=0)} (z = {np.round(z, 2)})"
    )


def replayed_games(
    engine: BatchEngine,
    game: Game,
    bots: Sequence[str],
    seeds: np.ndarray,
    params: Sequence[Mapping[str, Any]] | None = None,
) -> Iterator[tuple[int, State, BatchResult]]:
    """Play the seeds on the batch engine, replay each exported record on the step engine and check
    that it ends with the batch's returns; yields (game number, replayed final state, batch result)."""
    result = engine.run(game, bots, seeds, params)
    for number, record in enumerate(export_records(engine, game, bots, seeds, params)):
        replayed = hr.replay(record)
        assert replayed.is_terminal()
        assert record["returns"] == result.returns[number].tolist() == replayed.returns()
        yield number, replayed, result
