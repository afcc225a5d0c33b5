"""Which legal actions a table offers a client: all of them, up to `MAX_OFFERED`.

A game's action space can be large: a Last Chance auction at a million dollars has 10,000 legal bids,
and every offered action is worded in the page's language and sent with every state. Past
`MAX_OFFERED`, the longest runs of actions that differ only in one whole number (bids, wagers) are
thinned to evenly spaced values from the smallest one up, as the page's amount fields step through
them. Every legal action is still accepted when sent; only the offer is shorter. Nothing here knows a
game: it reads the actions' JSON.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from highroller.core.state import Step

MAX_OFFERED = 1000
"""The most actions offered at once (every bid up to $100,000 in a Last Chance auction)."""


def offered(actions: Sequence[Step]) -> list[Step]:
    """`actions`, or at most `MAX_OFFERED` of them: runs of amounts thinned, longest first."""
    if len(actions) <= MAX_OFFERED:
        return list(actions)
    dropped: set[int] = set()
    for run in sorted(_amount_runs([action.to_json() for action in actions]), key=len, reverse=True):
        excess = len(actions) - len(dropped) - MAX_OFFERED
        if excess <= 0:
            break
        stride = -(-len(run) // max(2, len(run) - excess))
        dropped.update(index for position, index in enumerate(run) if position % stride)
    return [action for index, action in enumerate(actions) if index not in dropped]


def _amount_runs(encoded: list[Any]) -> list[list[int]]:
    """The runs of actions equal but for one whole-number field, each as the indexes of its actions
    ordered by that number."""
    runs: defaultdict[tuple[str, tuple[tuple[str, str], ...]], list[tuple[int, int]]] = defaultdict(list)
    for index, data in enumerate(encoded):
        if isinstance(data, dict):
            for field, value in data.items():
                if type(value) is int:
                    rest = tuple(sorted((key, repr(other)) for key, other in data.items() if key != field))
                    runs[(field, rest)].append((value, index))
    return [[index for _, index in sorted(run)] for run in runs.values() if len(run) > 1]
