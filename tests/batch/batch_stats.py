"""Helpers for the batch tests: compare two samples' means within their standard errors."""

from __future__ import annotations

import numpy as np

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
    assert np.all(z < SE_LIMIT), f"{label}: step {step.mean(axis=0)} vs batch {batch.mean(axis=0)} (z = {np.round(z, 2)})"
