"""Last Chance steps: the auction, side-bet and joker actions, and the two chance outcomes (the next
card drawn and a roll of the open dice)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from highroller.core.dice import Counts, faces_from_counts
from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.rules import UNIT


def dollars(amount: int) -> str:
    """$1,000 style."""
    return f"${amount:,}"


def plural(count: int, word: str) -> str:
    """'1 roll', '2 rolls'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid `amount` dollars in the auction."""

    amount: int

    def __str__(self) -> str:
        return f"bid {dollars(self.amount)}"

    def to_json(self) -> dict[str, int]:
        return {"bid": self.amount}


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass this auction turn (a later turn may still bid)."""

    def __str__(self) -> str:
        return "pass"

    def to_json(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class LastChance:
    """Call "Last Chance!": win the auction at once with all one's money (once per game)."""

    def __str__(self) -> str:
        return "Last Chance!"

    def to_json(self) -> str:
        return "last chance"


@dataclass(frozen=True, slots=True)
class Bet:
    """A side bet on the roller: `side` "yes" (will complete) or "no", with a wager; `side` "" is no bet."""

    side: str
    wager: int = 0

    def __str__(self) -> str:
        return f"bet {self.side} {dollars(self.wager)}" if self.side else "no bet"

    def to_json(self) -> Any:
        return {"bet": self.side, "wager": self.wager} if self.side else "no bet"


@dataclass(frozen=True, slots=True)
class Lock:
    """Lock the jokers to `face` and put the rolled dice showing it on them."""

    face: int

    def __str__(self) -> str:
        return f"lock {self.face}s on the jokers"

    def to_json(self) -> dict[str, int]:
        return {"lock": self.face}


@dataclass(frozen=True, slots=True)
class Wait:
    """Leave the jokers unlocked after this roll."""

    def __str__(self) -> str:
        return "not yet (leave the jokers open)"

    def to_json(self) -> str:
        return "wait"


@dataclass(frozen=True, slots=True)
class Draw:
    """The next card drawn from the deck; with `own`, a card of the players' own box that our deck does
    not have (typed by its dice, rolls and payout at a real table), numbered after the deck's cards."""

    card: Card
    own: bool = False

    def __str__(self) -> str:
        return str(self.card)

    def to_json(self) -> dict[str, Any]:
        if self.own:
            return {"card": {"dice": self.card.dice_text(), "rolls": self.card.rolls, "payout": self.card.payout}}
        return {"card": self.card.id}


@dataclass(frozen=True, slots=True)
class Roll:
    """The open dice rolled, as counts per face."""

    counts: Counts

    def faces(self) -> list[int]:
        """The faces shown, high to low."""
        return sorted(faces_from_counts(self.counts), reverse=True)

    def __str__(self) -> str:
        return "rolled " + " ".join(map(str, self.faces()))

    def to_json(self) -> dict[str, list[int]]:
        return {"roll": self.faces()}


_BIDS: list[Bid] = []


def bids_between(low: int, high: int) -> tuple[Bid, ...]:
    """Every bid from `low` to `high` dollars in hundreds (shared objects: auctions list many)."""
    while len(_BIDS) * UNIT < high:
        _BIDS.append(Bid((len(_BIDS) + 1) * UNIT))
    return tuple(_BIDS[low // UNIT - 1 : high // UNIT])


PASS = Pass()
LAST_CHANCE = LastChance()
NO_BET = Bet("")
WAIT = Wait()
LOCKS = tuple(Lock(face) for face in range(7))
"""`Lock(face)` by face (shared objects)."""


Action = Bid | Pass | LastChance | Bet | Lock | Wait
Outcome = Draw | Roll


@lru_cache(maxsize=256)
def bet_choices(top: int) -> tuple[Bet, ...]:
    """A bettor's choices with at most `top` dollars to wager: no bet, then "yes" and "no" for every
    wager in hundreds (shared objects: every bet turn lists them)."""
    wagers = range(UNIT, top + 1, UNIT)
    return (NO_BET, *(Bet("yes", w) for w in wagers), *(Bet("no", w) for w in wagers))
