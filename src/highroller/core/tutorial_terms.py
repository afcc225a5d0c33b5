"""What a game gives its tutorials: the claims an explanation may make about a position, and the board
targets an explanation may point at (`TutorialTerms`), named by the tutorial file's `terms`.

A claim reads one fact off a state (an amount, who leads, how many dice are left) as a JSON value; the
tutorial file says what the fact is (`equals`), the loader checks it on the script's main line, and the
runner checks it again live before saying anything, so no explanation ever says a false thing. A claim
also words its value for a placeholder of the explanation, in the explanation's language.

Point targets are data (`{"kind": "casino", "index": 3}`): the game declares each kind with its fields,
the browser board highlights them and the terminal says them in words (`point_words`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from highroller.core.state import State
from highroller.core.words import Words

Shown = Callable[[Any, Words, Sequence[str]], str]
"""A claim's value worded for a placeholder: (value, the language's words, the seats' names) -> text."""


def as_number(value: Any, words: Words, names: Sequence[str]) -> str:
    """A count or a list of counts, as the language writes numbers."""
    if isinstance(value, list):
        return words.joined([as_number(item, words, names) for item in value])
    return words.number(value) if isinstance(value, int) else str(value)


def as_money(value: Any, words: Words, names: Sequence[str]) -> str:
    """An amount of dollars, or a list of them ("$50,000 and $20,000")."""
    if isinstance(value, list):
        return words.joined([as_money(item, words, names) for item in value])
    return words.money(value)


def as_seat(value: Any, words: Words, names: Sequence[str]) -> str:
    """A seat (or a list of seats) by name; an owner that is no seat by its own name."""
    if isinstance(value, list):
        return words.joined([as_seat(item, words, names) for item in value])
    return names[value] if isinstance(value, int) and 0 <= value < len(names) else words(str(value))


@dataclass(frozen=True)
class Claim:
    """One fact a tutorial may state about a position."""

    evaluate: Callable[[State, Mapping[str, Any]], Any]
    """(state, the claim's arguments) -> the fact as a JSON value."""
    args: tuple[str, ...] = ()
    """The arguments the claim takes, every one required."""
    shown: Shown = as_number
    """How the value is worded in an explanation's placeholder."""


@dataclass(frozen=True)
class TutorialTerms:
    """A game's claims and board targets, for its tutorials."""

    claims: Mapping[str, Claim]
    points: Mapping[str, tuple[str, ...]]
    """Each kind of board target and the fields a target of that kind has (each a whole number)."""
    point_words: Callable[[Mapping[str, Any], Words, Sequence[str]], str]
    """A target in words, for a front end that cannot highlight it (the terminal)."""
