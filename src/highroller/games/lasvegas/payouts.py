"""Paying out a Las Vegas round: each casino's bills to its owners, best first, as payout events, and
the round's result as the view shows it until the next round's first die is down.

Owners are indexed 0..players-1 for the seats and `players` for the imaginary neutral owner, whose
bills are not taken; the bandit comes after the six casinos.
"""

# highroller: compile

from __future__ import annotations

from functools import cache
from itertools import compress
from typing import Any

from highroller.games.lasvegas.rules import CASINOS
from highroller.games.lasvegas.scoring import cancelled, rank_bandit, rank_casino

Scored = list[tuple[dict[str, Any], list[int]]]
"""A round's casinos as paid out: each one's payout event and the bills it left untaken."""


@cache
def owner_labels(players: int) -> tuple[str, ...]:
    """How owners are named in views and events: seat numbers as strings, then "neutral"."""
    return (*map(str, range(players)), "neutral")


def by_owner(counts: list[int], players: int) -> dict[str, int]:
    """The owners with a non-zero count, by label, in owner order."""
    return dict(compress(zip(owner_labels(players), counts), counts))


def pay_casinos(
    dice: list[list[int]],
    casino_bills: list[list[int]],
    pips: list[int],
    top: list[int],
    round_number: int,
    money: list[int],
    won: list[list[int]],
    events: list[dict[str, Any]],
    leftovers: list[int],
) -> Scored:
    """Pay each casino's bills (high to low, as stocked) to the owners its dice rank (the bandit's by
    `rank_bandit`, from the owners' `pips` and `top` faces there), adding to the seats' `money` and bills
    `won`, each casino's payout event to `events` and the bills it leaves untaken to `leftovers`; returns
    each casino's event and untaken bills."""
    players = len(money)
    labels = owner_labels(players)
    scored: Scored = []
    for index, counts in enumerate(dice):
        bills = casino_bills[index]
        is_bandit = index == CASINOS
        if is_bandit:
            ranking = tuple(rank_bandit(counts, pips, top, players))
            ranked, owners = tuple(labels[owner] for owner in ranking), by_owner(counts, players)
        else:
            ranking, ranked, owners = _casino_result(counts)
        untaken = bills[len(ranking) :]
        for owner, bill in zip(ranking, bills):
            if owner == players:  # the neutral owner's bill is not taken
                untaken.append(bill)
                untaken.sort(reverse=True)
            else:
                won[owner].append(bill)
                money[owner] += bill
        event: dict[str, Any] = {
            "type": "payout",
            "round": round_number,
            "casino": index + 1,
            "bills": bills,
            "dice": dict(owners),  # a copy: the kept one serves every game
            "paid": dict(zip(ranked, bills)),
        }
        if is_bandit:
            event["pips"] = by_owner(pips, players)
        events.append(event)
        leftovers.extend(untaken)
        scored.append((event, untaken))
    return scored


def _casino_result(dice: list[int]) -> tuple[tuple[int, ...], tuple[str, ...], dict[str, int]]:
    """For the dice at one of the casinos 1-6 (counts by owner, the neutral owner last): the owners
    paid, best first (`rank_casino`), their labels, and the counts by label as the payout event shows
    them. Kept once worked out, up to a bound: every round scores six casinos and the same counts come
    back."""
    key = tuple(dice)
    result = _CASINO_RESULTS.get(key)
    if result is None:
        labels = owner_labels(len(key) - 1)
        ranking = rank_casino(key)
        result = (ranking, tuple(labels[owner] for owner in ranking), by_owner(dice, len(key) - 1))
        if len(_CASINO_RESULTS) < _CASINO_RESULTS_LIMIT:
            _CASINO_RESULTS[key] = result
    return result


_CASINO_RESULTS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[str, ...], dict[str, int]]] = {}
_CASINO_RESULTS_LIMIT = 1 << 16


def round_result(round_number: int, scored: Scored) -> dict[str, Any]:
    """How each casino was scored at the end of the round, from its payout event (the view's
    `last_round`)."""
    casinos = []
    for event, untaken in scored:
        dice = event["dice"]
        bandit = event["casino"] == CASINOS + 1
        owners = list(dice)
        casinos.append(
            {
                "casino": event["casino"],
                "bandit": bandit,
                "bills": list(event["bills"]),
                "dice": dict(dice),
                "paid": dict(event["paid"]),
                "cancelled": [] if bandit else [owners[i] for i in cancelled(list(dice.values()))],
                "untaken": list(untaken),
            }
        )
    return {"round": round_number, "casinos": casinos}
