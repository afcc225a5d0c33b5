"""What the Luckiest Dice solver tests share: a lopsided face table and the four-standard-error check
of a played mean against a solved value."""

from __future__ import annotations

import numpy as np

from highroller.games.luckiest.faces import faces_from_entries

SIGMAS = 4

LOPSIDED = faces_from_entries(
    [
        {"number": 1, "colour": "red", "shape": "cross"},
        {"number": 2, "colour": "red", "shape": "cross"},
        {"number": 3, "colour": "red", "shape": "cross"},
        {"number": 4, "colour": "blue", "shape": "circle"},
        {"number": 5, "colour": "blue", "shape": "circle"},
        {"number": 6, "colour": "blue", "shape": "circle"},
    ],
    "test",
)
"""Three faces red crosses, three blue circles: the classes differ from the boxed dice's."""


def assert_within(results: np.ndarray, expected: float) -> None:
    """The mean of `results` is within SIGMAS standard errors of `expected`."""
    error = results.std(ddof=1) / np.sqrt(results.size)
    assert abs(results.mean() - expected) < SIGMAS * error, (
        f"played {results.mean():.5f} ± {error:.5f}, solved {expected:.5f}"
    )
