"""How the batch kernels are compiled: Numba, cached on disk, without reference counting; and `at`,
the index of an array access known not to be negative.

The kernels allocate nothing, so they are compiled without Numba's reference counting (`_nrt=False`):
otherwise every call or inlined step that takes a state row pays atomic increments and decrements
that Numba cannot prune in branching code (numba/numba#2350), about a quarter of the Las Vegas
kernel's time. A kernel function that allocates (a result array) uses plain `numba.njit`.

Numba indexes arrays like Python, so a signed index costs a test for a negative value (and an add)
on every access, which lengthens each address computation; an unsigned index does not. The hot
accesses of the kernels go through `at` (about 8% on the Las Vegas kernel).

The kernels are cached on disk, in the directory `kernelcache` names by a digest of their sources.
Every kernel function is decorated with this module's `compiled`, `inlined`, `released`, `cached` or
`cached_inline`, so the directory is chosen before the first of them is.
"""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from highroller.batch.kernelcache import cache_directory

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
