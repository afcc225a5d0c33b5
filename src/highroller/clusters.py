"""A Ray cluster for the length of a run, shared by the tournament and the batch series' Ray backends.

Ray is an optional extra (`pip install 'highroller[ray]'`). With no address a local Ray instance is
started for the run and shut down after it; with an address (`ray://host:10001` or `auto`) the run joins
that cluster, whose workers need highroller (and any user bot's module) installed.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def ray_cluster(address: str | None) -> Iterator[Any]:
    """The `ray` module, connected for the block (started here, and shut down after, unless already)."""
    try:
        import ray
    except ImportError as error:
        raise RuntimeError("the Ray backend needs Ray: pip install 'highroller[ray]'") from error
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()
