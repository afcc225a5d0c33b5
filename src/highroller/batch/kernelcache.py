"""Where the batch kernels' compiled code is kept, found without importing Numba (a web server asks
whether a bot's kernels are compiled yet without loading the compiler).

Numba knows a compiled function is stale only when its own file changes, yet the kernels compile in
functions of other modules (the core's SplitMix64, a game's scoring and legal moves). So the cache
lives in a directory named by a digest of every source the kernels could draw on (the modules that
compile through `highroller.batch.jit` and everything of highroller they import): edit any of them
and the kernels compile afresh instead of running old code, while an edit elsewhere keeps the cache.
The directory is under `NUMBA_CACHE_DIR` if set, else the user's cache directory; the digest itself is
remembered (`sources.remembered`), so a run does not parse the sources again to find it.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from platformdirs import user_cache_path

from highroller.core import sources

PACKAGE = sources.PACKAGE
JIT_MODULE = "highroller.batch.jit"
"""The module every kernel compiles through."""


def kernel_sources(package: Path = PACKAGE) -> set[Path]:
    """The modules compiled code may draw on: every module that compiles through the jit module (it
    imports it), that module, and every `highroller` module those import, transitively."""
    users = [path for path in package.rglob("*.py") if JIT_MODULE in path.read_text(encoding="utf-8")]
    return sources.with_imports([*users, package / "batch" / "jit.py"], package)


def sources_digest(package: Path = PACKAGE) -> str:
    """A digest of the kernels' possible sources (names and contents) under `package`."""
    return sources.digest(kernel_sources(package), package)


@cache
def _installed_digest() -> str:
    return sources.remembered("kernels", sources_digest)


def _base() -> Path:
    return Path(os.environ.get("NUMBA_CACHE_DIR") or user_cache_path("highroller") / "numba")


def cache_directory() -> Path:
    """Where compiled kernels of these sources are kept."""
    return _base() / _installed_digest()
