"""The house style, checked as a test so the quick lane and CI run it: ruff's lint and format and mypy's types,
each configured in pyproject.toml (lines of at most 120 characters; strict types on the core and the games'
rules and states)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing_to_say() -> None:
    found = _run("ruff", "check", "--no-cache", ".")
    assert found.returncode == 0, found.stdout + found.stderr


def test_the_code_is_formatted_as_ruff_formats_it() -> None:
    found = _run("ruff", "format", "--check", "--no-cache", ".")
    assert found.returncode == 0, f"run `ruff format .`:\n{found.stdout}{found.stderr}"


def test_mypy_finds_no_type_error() -> None:
    found = _run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
    assert found.returncode == 0, found.stdout + found.stderr
