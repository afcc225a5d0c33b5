"""The `heuristic` bot's rule on a row of the batch kernel, compiled: a model of a player that the
`expert` bot's playouts can use instead of the greedy rule.

`heuristic_choices` values every legal code exactly as `heuristic.HeuristicBot.value` values its
placement (the same terms in the same order of floating-point operations, with the bot's default
weights) and returns the codes within 1e-9 of the best, as bits; tests/lasvegas/test_lasvegas_kernel_agrees.py
holds the two to each other on any table. The placement is put on the row to be weighed and taken back.
"""

from __future__ import annotations

import numpy as np

from highroller.batch import dice
from highroller.batch.jit import at, compiled, inlined
from highroller.games.lasvegas import batch_kernel as k
from highroller.games.lasvegas.heuristic import CAUTION, DENIAL, THRIFT

CASINO_COUNT = 6
"""The numbered casinos (the bandit, when played, comes after them)."""


@inlined
def _dice_left(s: np.ndarray, seat: int) -> int:
    """Dice `seat` still rolls this round, the Biggie counted as the two dice it weighs (`heuristic.dice_left`)."""
    hand = (s[k.HANDS] >> (k.HAND_BITS * seat)) & 511
    return (hand & 15) + 2 * (hand >> 8)


@inlined
def _die_worth(s: np.ndarray, p: np.ndarray, players: int) -> float:
    """Unclaimed money on the numbered casinos per die still to be placed by anyone, halved."""
    on_table = 0
    for c in range(CASINO_COUNT):
        slots = p[k.L_BILLS] + c * p[k.P_MOST]
        for i in range(s[at(p[k.L_BILL_COUNT] + c)]):
            on_table += s[at(slots + i)]
    left = 0
    for seat in range(players):
        left += _dice_left(s, seat)
    return on_table / max(left, 1) / 2


@inlined
def _security(s: np.ndarray, base: int, seat: int, players: int) -> float:
    """How likely the seat's lead at a casino (its dice from `base`) survives the dice still held."""
    security = 1.0
    mine = s[at(base + seat)]
    for other in range(players):
        if other == seat:
            continue
        left = _dice_left(s, other)
        if left and s[at(base + other)] + (left + 2) // 3 >= mine:
            security *= 1 - CAUTION * min(1.0, left / max(1, mine * 2))
    return security


@inlined
def _weighted_paid(s: np.ndarray, p: np.ndarray, c: int, seat: int, leader: int, players: int) -> int:
    """What the seat's opponents would be paid at casino c if it were scored now, the leader's twice."""
    total = 0
    for other in range(players):
        if other != seat:
            total += k._payout(s, p, c, other) * (2 if other == leader else 1)
    return total


@compiled
def _casino_value(
    s: np.ndarray, p: np.ndarray, c: int, seat: int, weight: int, added: int, leader: int, players: int
) -> float:
    """The gain and the denial of placing `weight` dice for the seat and `added` neutral dice at casino c."""
    before = k._payout(s, p, c, seat)
    others_before = _weighted_paid(s, p, c, seat, leader, players)
    base = p[k.L_DICE] + c * (players + 1)
    s[at(base + seat)] += weight
    s[at(base + players)] += added
    mine = k._payout(s, p, c, seat) * _security(s, base, seat, players)
    taken = (others_before - _weighted_paid(s, p, c, seat, leader, players)) / 2
    s[at(base + seat)] -= weight
    s[at(base + players)] -= added
    return mine - before + DENIAL * taken


@compiled
def heuristic_choices(s: np.ndarray, p: np.ndarray, mask: int, values: np.ndarray) -> int:
    """The codes in mask the heuristic bot chooses among, as bits (see the module docstring); `values`
    is room for 12 numbers."""
    players = p[k.P_PLAYERS]
    seat = s[k.TURN]
    worth = _die_worth(s, p, players)
    # typed int64 from the start: a bare -1 would compile _casino_value once more, for the literal
    leader = np.int64(-1)
    for other in range(players):
        if other != seat and (leader < 0 or s[at(p[k.L_MONEY] + other)] > s[at(p[k.L_MONEY] + leader)]):
            leader = np.int64(other)
    top = -np.inf
    for a in range(12):
        if not (mask >> a) & 1:
            continue
        f = a % 6
        big = 1 if s[k.ROLL_BIGGIE] == f + 1 else 0
        weight = dice.count(s[k.ROLL_OWN], f) + 2 * big
        added = dice.count(s[k.ROLL_NEUTRAL], f)
        cost = THRIFT * (weight + added) * worth
        if a >= 6:
            value = k._gain(s, p, k.BANDIT, seat, weight, added, f + 1) - cost
        else:
            value = _casino_value(s, p, f, seat, weight, added, leader, players) - cost
        values[a] = value
        top = max(top, value)
    best = 0
    for a in range(12):
        if (mask >> a) & 1 and values[a] >= top - 1e-9:
            best |= 1 << a
    return best
