"""The `expert` bot's compiled playouts: from one decision (a row of `batch_kernel`, made by
`kernel_rows.decision_row`), each legal placement is played on many imagined futures.

Playout i of a call draws its own random stream (the bot's key and i), and every candidate placement
is played on that same stream (common random numbers: the placements are compared on the same dice
and bills as far as their futures agree, which cuts the noise of their differences). After the
placement, every seat, the bot's included, is played by the model: the `greedy` rule (best immediate
gain, then fewest dice), or for the opponents or the bot's own later turns as `models` asks the
`heuristic` rule (`heuristic_kernel`), with a share of uniformly random moves, `epsilon` for the
opponents and `self_epsilon` for the bot's own later turns. With a `lookahead` of n, the bot's own later turns of
the round being played are instead chosen by a search of their own (`_search_move`: each legal
placement played on n futures of the rest of the round by the model, drawn from the playout's stream)
— a rollout of the one-move search rather than of the greedy rule. The playout plays `horizon` rounds (the one being
played counts as the first) or to the end of the game, and is valued as the bot's chance of winning: after
the last round its exact share of the win (money, then bills); before, its share of a softmax of
every seat's money with temperature `spread` × $100,000 × √(rounds still to play), as `search.reward_of`.

The turns are the batch kernel's own (`_turns`, played with every seat's choice made here), as are the
scoring and the next round's stocking, so the playouts follow the rules exactly as the engine does.

One compilation serves every player count: the seats come as an array (every one OUTSIDE), whose
length the kernel reads as the playouts run, where a tuple's length would be part of its type (a
compilation per count), and no compiled function is called with a literal argument (a compilation
per literal). The turns and the model's moves are compiled once, in `_play_round` (one call plays a
round, or up to the bot's next turn when the lookahead searches it); the playouts call it and the
once-a-round steps, which keeps the compilation to 15–20 s.
"""

from __future__ import annotations

import math

import numpy as np

from highroller.batch.jit import at, compiled, inlined, released
from highroller.batch.rng import COUNTER, KEY, below_in
from highroller.core.rng import draw64
from highroller.games.lasvegas import batch_kernel as k
from highroller.games.lasvegas.heuristic_kernel import heuristic_choices

SCALE = 100_000.0
"""The softmax temperature's unit, $100,000, as `search.SCALE`."""
CHANCE_BITS = 16
"""A model move is random when a draw below 2**CHANCE_BITS falls under epsilon × 2**CHANCE_BITS."""
OTHERS_HEURISTIC = 1
SELF_HEURISTIC = 2
"""Bits of `models`: the opponents, and the bot's own later turns, modelled by the heuristic rule
(`heuristic_kernel`) rather than the greedy one."""
SCORES = 24
"""Room the playouts need (`scores`): 12 numbers for a search within a playout, 12 for the heuristic rule."""
NEVER = np.int64(-1)
ONE_ROUND = np.int64(1)
"""No seat (`_play_round` stops for none), and the horizon of a search within a playout: int64 values, not
literals, as the compiled functions' arguments (Numba compiles a function anew for each literal argument)."""


@inlined
def _model_move(
    s: np.ndarray, p: np.ndarray, seat: int, random_self: int, random_others: int, models: int, values: np.ndarray
) -> int:
    """The model's move for the seat waiting, the bot's own (`seat`) or an opponent's: random if a draw falls
    below its share of random moves, else by its rule, greedy or heuristic (`values` being room for it)."""
    mask = k.legal_mask(s, p[k.P_BANDIT] == 1)
    if k.SET_BITS[at(mask)] == 1:
        return int(k.NTH_BIT[at(mask * 12)])
    own = s[k.TURN] == seat
    chance, s[COUNTER] = below_in(np.uint64(s[KEY]), s[COUNTER], np.int64(1 << CHANCE_BITS))
    if chance < (random_self if own else random_others):
        choices = mask
    elif models & (SELF_HEURISTIC if own else OTHERS_HEURISTIC):
        choices = heuristic_choices(s, p, mask, values)
    else:
        choices = k.greedy_choices(s, p, mask)
    return k._pick(s, choices)


@compiled
def _play_round(
    s: np.ndarray,
    p: np.ndarray,
    seats: np.ndarray,
    seat: int,
    log: np.ndarray,
    stop: int,
    random_self: int,
    random_others: int,
    models: int,
    values: np.ndarray,
) -> bool:
    """Play the row on (its pending choice first), every seat by the model, until the round is over (True)
    or it is seat `stop`'s turn to choose (False; -1: never). The playouts' one copy of the turns."""
    while True:
        if k._turns(s, p, seats, log, False):
            return True
        if s[k.TURN] == stop:
            return False
        s[k.PENDING] = _model_move(s, p, seat, random_self, random_others, models, values)


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


@compiled
def _round_over(
    s: np.ndarray,
    p: np.ndarray,
    seats: np.ndarray,
    seat: int,
    log: np.ndarray,
    played: int,
    horizon: int,
    spread: float,
) -> float:
    """After a playout's `played`-th round: the bot's value if the playout ends here (-1.0 if not, and
    the next round is started). A playout that ends pays the round's casinos and reads the money: the
    rest of the scoring (clearing the table, untaken bills) would be thrown away."""
    players = len(seats)
    if played >= horizon or s[k.ROUND] + 1 == p[k.P_ROUNDS]:
        for c in range(p[k.P_CASINOS]):
            if c == k.BANDIT:
                k._score_bandit(s, p, players)
            else:
                k._score_casino(s, p, c, players)
        return _value(s, p, seat, players, spread)
    k._end_round(s, p, seats, log, False)
    return -1.0


@inlined
def _rollout(
    s: np.ndarray,
    p: np.ndarray,
    seats: np.ndarray,
    seat: int,
    log: np.ndarray,
    random_self: int,
    random_others: int,
    models: int,
    horizon: int,
    spread: float,
    values: np.ndarray,
) -> float:
    """Play the row on (its pending choice first) for `horizon` rounds or to the end, every seat by the
    model; the bot's value."""
    played = 0
    while True:
        _play_round(s, p, seats, seat, log, NEVER, random_self, random_others, models, values)
        played += 1
        value = _round_over(s, p, seats, seat, log, played, horizon, spread)
        if value >= 0.0:
            return value


LOOK_SALT = np.uint64(0x2545F4914F6CDD1D)
"""Mixed into a playout's key for the futures of a search within it (so they are not the playout's own)."""


@compiled
def _search_move(
    s: np.ndarray,
    p: np.ndarray,
    seats: np.ndarray,
    seat: int,
    log: np.ndarray,
    futures: int,
    random_self: int,
    random_others: int,
    models: int,
    spread: float,
    scratch: np.ndarray,
    scores: np.ndarray,
) -> int:
    """The bot's move at its own turn within a playout: each legal placement played on `futures` futures
    of the rest of the round (common random numbers from the playout's stream), the best total."""
    mask = k.legal_mask(s, p[k.P_BANDIT] == 1)
    if k.SET_BITS[at(mask)] == 1:
        return int(k.NTH_BIT[at(mask * 12)])
    stream_key = draw64(np.uint64(s[KEY]) ^ LOOK_SALT, np.uint64(s[COUNTER]))
    for a in range(12):
        scores[a] = 0.0
    width = s.shape[0]
    for i in range(futures):
        stream = np.int64(draw64(stream_key, np.uint64(i)))
        for a in range(12):
            if (mask >> a) & 1:
                for column in range(width):
                    scratch[column] = s[column]
                scratch[KEY] = stream
                scratch[COUNTER] = 0
                scratch[k.PENDING] = a
                scores[a] += _rollout(
                    scratch, p, seats, seat, log, random_self, random_others, models, ONE_ROUND, spread, scores[12:]
                )
    best = -1
    for a in range(12):
        if (mask >> a) & 1 and (best < 0 or scores[a] > scores[best]):
            best = a
    return best


@inlined
def _looking_rollout(
    s: np.ndarray,
    p: np.ndarray,
    seats: np.ndarray,
    seat: int,
    log: np.ndarray,
    random_self: int,
    random_others: int,
    models: int,
    horizon: int,
    spread: float,
    lookahead: int,
    scratch: np.ndarray,
    scores: np.ndarray,
) -> float:
    """`_rollout` with the bot's own turns of the current round chosen by `_search_move` (a loop of its
    own, not a branch of `_rollout`: `_search_move` plays `_rollout`, and the compiled code may not
    call itself back)."""
    this_round = s[k.ROUND]
    played = 0
    while True:
        stop = seat if s[k.ROUND] == this_round else NEVER
        if _play_round(s, p, seats, seat, log, stop, random_self, random_others, models, scores[12:]):
            played += 1
            value = _round_over(s, p, seats, seat, log, played, horizon, spread)
            if value >= 0.0:
                return value
        else:
            s[k.PENDING] = _search_move(
                s, p, seats, seat, log, lookahead, random_self, random_others, models, spread, scratch, scores
            )


@released
def evaluate(
    base: np.ndarray,
    work: np.ndarray,
    p: np.ndarray,
    seats: np.ndarray,
    codes: np.ndarray,
    key: np.int64,
    first: int,
    playouts: int,
    random_self: int,
    random_others: int,
    models: int,
    horizon: int,
    spread: float,
    lookahead: int,
    log: np.ndarray,
    scratch: np.ndarray,
    scores: np.ndarray,
    totals: np.ndarray,
) -> None:
    """Add to totals[j] the values of playouts first..first+playouts-1 after the placement codes[j],
    from the decision on `base` (every seat's policy in `seats` is OUTSIDE: the model moves here).
    `work` and `scratch` are rows like `base`, `scores` SCORES numbers: room for the lookahead's searches and the
    heuristic rule."""
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
            if lookahead:
                totals[j] += _looking_rollout(
                    work,
                    p,
                    seats,
                    seat,
                    log,
                    random_self,
                    random_others,
                    models,
                    horizon,
                    spread,
                    lookahead,
                    scratch,
                    scores,
                )
            else:
                totals[j] += _rollout(
                    work, p, seats, seat, log, random_self, random_others, models, horizon, spread, scores[12:]
                )
