"""A tiny run of the Luckiest Dice learning example."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "luckiest_rl.py"


def test_the_example_trains_and_compares_with_the_solver() -> None:
    spec = importlib.util.spec_from_file_location("luckiest_rl", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    results = example.main(["--timesteps", "64", "--rollout", "64", "--eval-turns", "20"])
    assert results["solver"] == pytest.approx(15.731852, abs=1e-6)
    assert 0.0 <= results["agent"] <= 36.0
    assert results["gap"] == pytest.approx(results["solver"] - results["agent"])
