"""Compiled kernels are cached under a digest of every source they may compile in, so an edit to a
function a kernel inlines from another module (the core's SplitMix64, a game's scoring) compiles the
kernels afresh instead of running stale code."""

from __future__ import annotations

import shutil
from pathlib import Path

import numba
import pytest

from highroller.batch import kernelcache
from highroller.core import sources


@pytest.fixture
def package(tmp_path: Path) -> Path:
    copy = tmp_path / "highroller"
    shutil.copytree(kernelcache.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "static"))
    return copy


@pytest.mark.parametrize(
    "source", ["core/rng.py", "games/lasvegas/scoring.py", "games/lasvegas/batch_kernel.py", "batch/dice.py"]
)
def test_an_edit_to_any_kernel_source_changes_the_cache_directory(package: Path, source: str) -> None:
    before = kernelcache.sources_digest(package)
    assert kernelcache.sources_digest(package) == before
    path = package / source
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert kernelcache.sources_digest(package) != before


@pytest.mark.parametrize(
    "source", ["web/api/games_and_tables.py", "games/lasvegas/narrate.py", "games/luckiest/spec.py"]
)
def test_an_edit_elsewhere_keeps_the_cache(package: Path, source: str) -> None:
    before = kernelcache.sources_digest(package)
    path = package / source
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert kernelcache.sources_digest(package) == before


def test_numba_caches_in_the_directory_of_these_sources(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert str(kernelcache.cache_directory()) == numba.config.CACHE_DIR
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert kernelcache.cache_directory() == tmp_path / kernelcache.sources_digest()


def test_a_digest_is_remembered_until_a_module_is_edited(package: Path, tmp_path: Path) -> None:
    memo = tmp_path / "digests"
    worked_out: list[str] = []

    def digest() -> str:
        worked_out.append(kernelcache.sources_digest(package))
        return worked_out[-1]

    first = sources.remembered("kernels", digest, package, memo)
    assert sources.remembered("kernels", digest, package, memo) == first and len(worked_out) == 1  # read back
    path = package / "core" / "rng.py"
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    again = sources.remembered("kernels", digest, package, memo)
    assert len(worked_out) == 2 and again != first == worked_out[0]
    (memo / f"kernels-{sources.stamp(package)}").write_text("not a digest", encoding="ascii")
    assert (
        sources.remembered("kernels", digest, package, memo) == again and len(worked_out) == 3
    )  # a damaged memo is worked out again
    (tmp_path / "a-file").write_text("", encoding="ascii")
    assert (
        sources.remembered("kernels", digest, package, tmp_path / "a-file" / "x") == again
    )  # nowhere to write: still the digest
