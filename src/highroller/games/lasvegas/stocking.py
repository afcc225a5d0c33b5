"""The Las Vegas bill pile: drawing the bills a casino is stocked with (from 64 random bits, or every
draw with its exact chance), checking a draw typed in from a real table, and taking it off the pile.

The pile is a count of the unseen bills of each denomination (low to high) plus, in the classic edition,
the known bills put under it, which come off in order once every unseen bill is drawn. A casino gets a
fixed number of bills (`stock_rule` "count") or bills drawn one at a time until they reach an amount.
"""

# highroller: compile

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import compress

from highroller.core.dice import uniform_below
from highroller.core.errors import IllegalAction
from highroller.core.rng import mix64
from highroller.games.lasvegas.rules import LasVegasRules
from highroller.games.lasvegas.steps import Stock

DrawnPile = tuple[tuple[int, ...], int]
"""What a sampled casino's bills take off the pile: the unseen bills of each kind left, and how many
bills came from under the pile."""


@lru_cache(maxsize=64)
def bill_kinds(bills: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The denominations of a bill set, low to high, and how many bills of each it has."""
    denominations = tuple(sorted(set(bills)))
    return denominations, tuple(bills.count(d) for d in denominations)


def _stock_done(rules: LasVegasRules, drawn: int, total: int) -> bool:
    if rules.stock_rule == "count":
        return drawn >= rules.stock_amount
    return total >= rules.stock_amount


def draw_stock(
    rules: LasVegasRules, pile: list[int], under: list[int], denominations: tuple[int, ...], bits: int
) -> tuple[Stock, DrawnPile]:
    """The bills drawn for the casino being stocked, from 64 uniformly random bits, and what they take
    off the pile (the pile itself is left alone)."""
    pile = list(pile)
    remaining = unseen = sum(pile)
    drawn: list[int] = []
    total = 0
    under_pile = iter(under)
    by_count = rules.stock_rule == "count"
    amount = rules.stock_amount
    while (len(drawn) if by_count else total) < amount:  # `_stock_done`, inlined: stocking is frequent
        if remaining:
            if drawn:  # each bill after the first takes the bits mixed once more
                bits = mix64(bits)
            pick = uniform_below(bits, remaining)
            index = 0
            while pick >= pile[index]:
                pick -= pile[index]
                index += 1
            pile[index] -= 1
            remaining -= 1
            bill = denominations[index]
        else:
            bill = next(under_pile, 0)
            if not bill:
                break
        drawn.append(bill)
        total += bill
    key = tuple(drawn)
    stock = _STOCKS.get(key)
    if stock is None:
        stock = Stock(tuple(sorted(drawn, reverse=True)))
        if len(_STOCKS) < _STOCKS_LIMIT:
            _STOCKS[key] = stock
    return stock, (tuple(pile), len(drawn) - (unseen - remaining))


_STOCKS: dict[tuple[int, ...], Stock] = {}
"""A casino's bills by the order they were drawn in, kept once made up to a bound: a game stocks its
casinos about 24 times, from a handful of likely draws."""
_STOCKS_LIMIT = 1 << 16


def stock_distribution(
    rules: LasVegasRules, pile: list[int], under: list[int], denominations: tuple[int, ...]
) -> dict[tuple[int, ...], Fraction]:
    """Exact probability of each multiset of bills the casino being stocked can receive."""
    results: dict[tuple[int, ...], Fraction] = {}
    pile = list(pile)

    def finish(drawn: list[int], total: int, chance: Fraction) -> None:
        for bill in under:
            if _stock_done(rules, len(drawn), total):
                break
            drawn = [*drawn, bill]
            total += bill
        key = tuple(sorted(drawn, reverse=True))
        results[key] = results.get(key, Fraction(0)) + chance

    def draw(drawn: list[int], total: int, chance: Fraction, remaining: int) -> None:
        if _stock_done(rules, len(drawn), total):
            key = tuple(sorted(drawn, reverse=True))
            results[key] = results.get(key, Fraction(0)) + chance
            return
        if not remaining:
            finish(drawn, total, chance)
            return
        for index, count in enumerate(pile):
            if count:
                pile[index] -= 1
                bill = denominations[index]
                draw([*drawn, bill], total + bill, chance * Fraction(count, remaining), remaining - 1)
                pile[index] += 1

    draw([], 0, Fraction(1), sum(pile))
    return results


def check_stock(
    rules: LasVegasRules, pile: list[int], under: list[int], denominations: tuple[int, ...], outcome: object
) -> None:
    """Raise `IllegalAction` (saying what is expected) unless `outcome` is bills the casino being stocked
    can receive from this pile."""
    expected = "the bills drawn for this casino, high to low"
    if not isinstance(outcome, Stock) or list(outcome.bills) != sorted(outcome.bills, reverse=True):
        raise IllegalAction(f"{expected}, are expected here, not {outcome}")
    bills = outcome.bills
    unseen = sum(pile)
    from_under = max(0, len(bills) - unseen)
    if from_under > len(under):
        raise IllegalAction(f"{expected}: only {unseen + len(under)} bills are left in the pile")
    needed = dict.fromkeys(denominations, 0)
    pool = dict(zip(denominations, pile))
    for bill in under[:from_under]:
        pool[bill] = pool.get(bill, 0) + 1
    for bill in bills:
        needed[bill] = needed.get(bill, 0) + 1
    if from_under:  # every unseen bill was drawn, then the first bills under the pile
        if {b: c for b, c in needed.items() if c} != {b: c for b, c in pool.items() if c}:
            raise IllegalAction(f"{expected}: {outcome} cannot come off the pile now")
        last = under[from_under - 1]
    else:
        if any(count > pool.get(bill, 0) for bill, count in needed.items()):
            raise IllegalAction(f"{expected}: {outcome} is not in the pile")
        last = bills[0] if bills else 0
    exhausted = len(bills) == unseen + len(under)
    total = sum(bills)
    if rules.stock_rule == "count":
        ok = len(bills) == min(rules.stock_amount, unseen + len(under))
        rule = f"{rules.stock_amount} bills"
    else:
        ok = (total >= rules.stock_amount and total - last < rules.stock_amount) or (
            exhausted and total < rules.stock_amount
        )
        rule = f"bills drawn one at a time until the casino holds ${rules.stock_amount:,}"
    if not ok:
        raise IllegalAction(f"{expected}: a casino gets {rule}; {outcome} does not fit")


def take_from_pile(pile: list[int], under: list[int], denominations: tuple[int, ...], bills: tuple[int, ...]) -> None:
    """Take a casino's bills (checked by `check_stock`) off the pile, in place."""
    unseen = sum(pile)
    if len(bills) > unseen:
        pile[:] = [0] * len(pile)
        del under[: len(bills) - unseen]
        return
    for bill in bills:
        pile[denominations.index(bill)] -= 1


def pile_contents(pile: list[int], denominations: tuple[int, ...], under: list[int]) -> dict[int, int]:
    """How many bills of each value the pile holds, unseen and under it, low to high."""
    contents = dict(compress(zip(denominations, pile), pile))
    for bill in under:
        contents[bill] = contents.get(bill, 0) + 1
    return dict(sorted(contents.items()))
