"""The mark on the requests the app sends itself before it serves anybody (`highroller.web.app`'s
warm-up of its routes): nobody asked them, so they get no log line and count in no metric."""

from __future__ import annotations

from starlette.types import Scope

OWN = "highroller.own"
"""The scope key set (to True) on a request of the app's own."""


def is_own(scope: Scope) -> bool:
    """Whether the app sent this request itself."""
    return bool(scope.get(OWN))
