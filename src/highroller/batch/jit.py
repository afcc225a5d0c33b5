"""How the batch kernels are compiled: Numba, cached on disk, without reference counting; and `at`,
the index of an array access known not to be negative.

The kernels allocate nothing, so they are compiled without Numba's reference counting (`_nrt=False`):
otherwise every call or inlined step that takes a state row pays atomic increments and decrements
that Numba cannot prune in branching code (numba/numba#2350), about a quarter of the Las Vegas
kernel's time. A kernel function that allocates (a result array) uses plain `numba.njit`.

Numba indexes arrays like Python, so a signed index costs a test for a negative value (and an add)
on every access, which lengthens each address computation; an unsigned index does not. The hot
accesses of the kernels go through `at` (about 8% on the Las Vegas kernel).

Numba knows a compiled function is stale only when its own file changes, yet the kernels compile in
functions of other modules (the core's SplitMix64, a game's scoring and legal moves). So the cache
lives in a directory named by a digest of every source the kernels could draw on (the modules that
compile through this one and everything of highroller they import): edit any of them and the
kernels compile afresh instead of running old code, while an edit elsewhere keeps the cache. The
directory is under `NUMBA_CACHE_DIR` if set, else the user's cache directory. Every kernel function
is decorated with this module's `compiled`, `inlined`, `released`, `cached` or `cached_inline`, so the directory
is chosen before the first of them is.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numba
import numpy as np
from platformdirs import user_cache_path

from highroller.core import sources

PACKAGE = sources.PACKAGE


def kernel_sources(package: Path = PACKAGE) -> set[Path]:
    """The modules compiled code may draw on: every module that compiles through this one (it imports
    `highroller.batch.jit`), this one, and every `highroller` module those import, transitively."""
    users = [path for path in package.rglob("*.py") if "highroller.batch.jit" in path.read_text(encoding="utf-8")]
    return sources.with_imports([*users, package / "batch" / "jit.py"], package)


def sources_digest(package: Path = PACKAGE) -> str:
    """A digest of the kernels' possible sources (names and contents) under `package`."""
    return sources.digest(kernel_sources(package), package)


def cache_directory() -> Path:
    """Where compiled kernels of these sources are kept."""
    base = os.environ.get("NUMBA_CACHE_DIR") or user_cache_path("highroller") / "numba"
    return Path(base) / sources_digest()


numba.config.CACHE_DIR = str(cache_directory())  # type: ignore[attr-defined]

_NO_REFCOUNTS: dict[str, Any] = {"_nrt": False}

compiled = numba.njit(cache=True, **_NO_REFCOUNTS)
"""A kernel function, compiled on its own (called from the others)."""
inlined = numba.njit(cache=True, inline="always", **_NO_REFCOUNTS)
"""A kernel step inlined into its callers (hot, small, or both)."""
released = numba.njit(cache=True, nogil=True, **_NO_REFCOUNTS)
"""A kernel entry point that releases the GIL while it runs, so threads can run it on several cores."""
cached = numba.njit(cache=True)
"""A kernel function that allocates (with reference counting)."""
cached_inline = numba.njit(cache=True, inline="always")
"""A small function inlined into its callers, with reference counting (the shared dice and streams)."""


@numba.njit(cache=True, inline="always", **_NO_REFCOUNTS)
def at(index: int) -> np.uint64:
    """`index` as an unsigned array index (for indexes that cannot be negative: see the module docstring)."""
    return np.uint64(index)
