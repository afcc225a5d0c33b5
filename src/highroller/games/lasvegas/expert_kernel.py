"""The `expert` bot's compiled playouts: from one decision (a row of `batch_kernel`, made by
`kernel_rows.decision_row`), each legal placement is played on many imagined futures.

Playout i of a call draws its own random stream (the bot's key and i), and every candidate placement
is played on that same stream (common random numbers: the placements are compared on the same dice
and bills as far as their futures agree, which cuts the noise of their differences). After the
placement, every seat, the bot's included, is played by the model: the `greedy` rule (best immediate
gain, then fewest dice) with a share of uniformly random moves, `epsilon` for the opponents and
`self_epsilon` for the bot's own later turns. The playout plays `horizon` rounds (the one being played
counts as the first) or to the end of the game, and is valued as the bot's chance of winning: after
the last round its exact share of the win (money, then bills); before, its share of a softmax of
every seat's money with temperature `spread` × $100,000 × √(rounds still to play), as `search.reward_of`.

The turns are the batch kernel's own (`_turns`, played with every seat's choice made here), as are the
scoring and the next round's stocking, so the playouts follow the rules exactly as the engine does.
"""

from __future__ import annotations

import math

import numpy as np

from highroller.batch.jit import at, inlined, released
from highroller.batch.rng import COUNTER, KEY, below_in
from highroller.core.rng import draw64
from highroller.games.lasvegas import batch_kernel as k

SCALE = 100_000.0
"""The softmax temperature's unit, $100,000, as `search.SCALE`."""
CHANCE_BITS = 16
"""A model move is random when a draw below 2**CHANCE_BITS falls under epsilon × 2**CHANCE_BITS."""


@inlined
def _model_move(s: np.ndarray, p: np.ndarray, random_below: int) -> int:
    """The model's move for the seat waiting: random if a draw falls below `random_below`, else greedy."""
    mask = k.legal_mask(s, p[k.P_BANDIT] == 1)
    if k.SET_BITS[at(mask)] == 1:
        return int(k.NTH_BIT[at(mask * 12)])
    chance, s[COUNTER] = below_in(np.uint64(s[KEY]), s[COUNTER], np.int64(1 << CHANCE_BITS))
    if chance < random_below:
        return k._pick(s, mask)
    return k._pick(s, k.greedy_choices(s, p, mask))


@inlined
def _value(s: np.ndarray, p: np.ndarray, seat: int, players: int, spread: float) -> float:
    """The bot's chance of winning once the round on the row has been scored (see the module docstring)."""
    money = p[k.L_MONEY]
    won = p[k.L_WON]
    left = p[k.P_ROUNDS] - s[k.ROUND] - 1
    if left == 0:
        best = s[at(money)]
        most = s[at(won)]
        for other in range(1, players):
            m, w = s[at(money + other)], s[at(won + other)]
            if m > best or (m == best and w > most):
                best, most = m, w
        if s[at(money + seat)] != best or s[at(won + seat)] != most:
            return 0.0
        ties = 0
        for other in range(players):
            ties += (s[at(money + other)] == best) & (s[at(won + other)] == most)
        return 1.0 / ties
    temperature = spread * SCALE * math.sqrt(left)
    top = s[at(money)]
    for other in range(1, players):
        top = max(top, s[at(money + other)])
    total = 0.0
    mine = 0.0
    for other in range(players):
        weight = math.exp((s[at(money + other)] - top) / temperature)
        total += weight
        if other == seat:
            mine = weight
    return mine / total


@inlined
def _rollout(
    s: np.ndarray, p: np.ndarray, seats: tuple[int, ...], seat: int, log: np.ndarray,
    random_self: int, random_others: int, horizon: int, spread: float,
) -> float:
    """Play the row on (its pending choice first) for `horizon` rounds or to the end, every seat by the
    epsilon-greedy model; the bot's value."""
    played = 0
    while True:
        if k._turns(s, p, seats, log, False):
            played += 1
            if played >= horizon or s[k.ROUND] + 1 == p[k.P_ROUNDS]:
                k._score(s, p, seats)
                return _value(s, p, seat, len(seats), spread)
            k._end_round(s, p, seats, log, False)
        else:
            s[k.PENDING] = _model_move(s, p, random_self if s[k.TURN] == seat else random_others)


@released
def evaluate(
    base: np.ndarray, work: np.ndarray, p: np.ndarray, seats: tuple[int, ...], codes: np.ndarray, key: np.int64,
    first: int, playouts: int, random_self: int, random_others: int, horizon: int, spread: float,
    log: np.ndarray, totals: np.ndarray,
) -> None:
    """Add to totals[j] the values of playouts first..first+playouts-1 after the placement codes[j],
    from the decision on `base` (every seat's policy in `seats` is OUTSIDE: the model moves here)."""
    seat = base[k.TURN]
    width = base.shape[0]
    for i in range(first, first + playouts):
        stream = np.int64(draw64(np.uint64(key), np.uint64(i)))
        for j in range(codes.shape[0]):
            for column in range(width):
                work[column] = base[column]
            work[KEY] = stream
            work[COUNTER] = 0
            work[k.PENDING] = codes[j]
            totals[j] += _rollout(work, p, seats, seat, log, random_self, random_others, horizon, spread)
