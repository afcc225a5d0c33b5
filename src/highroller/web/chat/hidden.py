"""Whose messages a reader does not see: the one place that decides it, for the chat told live and
read over HTTP alike. A reader with a profile does not see the messages of the profiles they blocked
(`highroller.web.people.friends.block`): a blocked person cannot message the person who blocked them."""

from __future__ import annotations

from highroller.web.store.database import Store


def hidden_authors(store: Store, reader: str | None) -> frozenset[str]:
    """The profiles whose messages the reader with profile `reader` (None: no profile) does not see.
    Called in a thread: it reads the store."""
    return frozenset() if reader is None else frozenset(store.blocked_by(reader))
