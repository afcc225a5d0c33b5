"""Whose messages a reader does not see: the one place that decides it, for the chat told live and
read over HTTP alike. Today nobody's; a person's blocks (profiles they blocked) belong here."""

from __future__ import annotations

from highroller.web.store.database import Store


def hidden_authors(store: Store, reader: str | None) -> frozenset[str]:
    """The profiles whose messages the reader with profile `reader` (None: no profile) does not see.
    Called in a thread: it may read the store."""
    return frozenset()
