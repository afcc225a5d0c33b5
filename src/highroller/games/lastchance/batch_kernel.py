"""The compiled Last Chance batch kernel: many whole games on one int64 array, played with Numba.

Each game is one row of the state array (its columns are named below); `play` plays every row from
the first draw to the end, with the rules of `state.py` step for step: the card drawn uniformly among
the undrawn ones, the auction from the opener (passes, bids of $100 steps, "Last Chance!" once per
game), the side bets in seat order after the roller, the rolls with the mandatory matches and the
joker lock, the settlement, the eliminations, and the next opener.

Positions on a card are numbered per card (`entry`): the card's base plus a mixed-radix number of
its open slots per face, open jokers and locked face, so a bot's tables (`batch.DeckTables`) are
plain arrays indexed by entry. Seat policies: RANDOM, ODDS and BIDDER, each the step bot of that
name. With `logging`, every step of game g is written to `log[g]` (LOG_* kinds; a game whose steps
do not fit counts them all in LOG_SIZE and writes the first ones).
"""

from __future__ import annotations

import numpy as np

from highroller.batch import dice
from highroller.batch.jit import at, compiled, inlined, released
from highroller.batch.rng import COUNTER, KEY, below
from highroller.batch.rolls import COUNTS, FACE_BITS
from highroller.games.lastchance.rules import UNIT

RANDOM, ODDS, BIDDER = 0, 1, 2
NOBODY = -1
PASS, LAST_CHANCE = -1, -2
"""Auction choices other than a bid (a bid is its amount in dollars)."""
SAME_CARD, NEXT_CARD, OVER = 0, 1, 2
FACES = 6
BITS = FACE_BITS
"""Bits per face in a packed roll (counts per face, face 1 lowest)."""

# Scalar columns of a game's row (KEY and COUNTER come first, see highroller.batch.rng).
OPENER, CARD, COMPLETED, UNDRAWN, JOKERS, LOCKED, ROLLER, BID, LOG_SIZE, NEED = range(2, 12)
FIXED = NEED + FACES
assert KEY == 0 and COUNTER == 1

# Column groups after the scalars: one column per seat, then one per card of the deck.
SEAT_GROUPS = ("money", "active", "cards", "last_chance", "bet", "attempts", "completed", "side_bets")
DECK_GROUPS = ("undrawn", "card_attempts", "card_completed")
MONEY, ACTIVE, CARDS, CALLED, BET, ATTEMPTS, DONE, SIDE, UNDRAWN_LIST, CARD_ATTEMPTS, CARD_DONE = range(11)

# Rule parameters, the row's width, then each group's first column (all in one int64 array `p`).
P_PLAYERS, P_DECK, P_CARDS, P_BET_LIMIT, P_MONEY, P_WIDTH, P_GROUPS = range(7)

# Columns of the card table: open slots per face, jokers, rolls, payout, pictured faces (bit f-1),
# id, the card's first entry, and the entry strides of each face's slots, the jokers and the lock.
C_NEED, C_JOKERS, C_ROLLS, C_PAYOUT, C_PICTURED, C_ID, C_BASE, C_STRIDE = 0, 6, 7, 8, 9, 10, 11, 12
CARD_WIDTH = C_STRIDE + FACES + 2

# A seat's real parameters (`reals` columns): the odds bot's edge, the bidder's premium, leak and kelly.
F_EDGE, F_PREMIUM, F_LEAK, F_KELLY = range(4)

LOG_DRAW, LOG_PASS, LOG_LAST_CHANCE, LOG_BID, LOG_NO_BET, LOG_YES, LOG_NO, LOG_ROLL, LOG_WAIT, LOG_LOCK = range(10)
"""A log row is (kind, seat, value): the card id, the bid, the wager, the packed roll or the face."""


def layout(players: int, deck: int) -> dict[str, tuple[int, ...]]:
    """The shape (per game) of each column group, in row order (see `highroller.batch.rows`)."""
    return {**dict.fromkeys(SEAT_GROUPS, (players,)), **dict.fromkeys(DECK_GROUPS, (deck,))}


@inlined
def _at(p: np.ndarray, group: int, index: int) -> np.uint64:
    """The column of `index` (a seat or a deck card) in a column group (unsigned, see `jit.at`)."""
    return at(p[P_GROUPS + group] + index)


@compiled
def _log(s: np.ndarray, log: np.ndarray, logging: bool, kind: int, seat: int, value: int) -> None:
    """Write a step to the game's log (when logging; past the log's end only counted)."""
    if logging:
        n = s[LOG_SIZE]
        if n < log.shape[0]:
            log[n, 0] = kind
            log[n, 1] = seat
            log[n, 2] = value
        s[LOG_SIZE] = n + 1


@compiled
def _next_active(s: np.ndarray, p: np.ndarray, seat: int) -> int:
    """The first active seat to the left of `seat` (NOBODY if none)."""
    players = p[P_PLAYERS]
    for step in range(1, players + 1):
        other = (seat + step) % players
        if s[_at(p, ACTIVE, other)]:
            return other
    return NOBODY


@compiled
def _active_count(s: np.ndarray, p: np.ndarray) -> int:
    """How many players are still in the game."""
    count = 0
    for seat in range(p[P_PLAYERS]):
        count += s[_at(p, ACTIVE, seat)]
    return count


@compiled
def _entry(s: np.ndarray, cards: np.ndarray) -> int:
    """The entry of the position on the card in play."""
    card = cards[s[CARD]]
    entry = card[C_BASE] + s[JOKERS] * card[C_STRIDE + FACES] + s[LOCKED] * card[C_STRIDE + FACES + 1]
    for f in range(FACES):
        entry += s[NEED + f] * card[C_STRIDE + f]
    return entry


@compiled
def _draw(s: np.ndarray, p: np.ndarray, cards: np.ndarray, log: np.ndarray, logging: bool) -> None:
    """Draw the next card uniformly among the undrawn ones; nothing on it is matched yet."""
    k = int(below(s, s[UNDRAWN]))
    last = s[UNDRAWN] - 1
    c = s[_at(p, UNDRAWN_LIST, k)]
    s[_at(p, UNDRAWN_LIST, k)] = s[_at(p, UNDRAWN_LIST, last)]
    s[UNDRAWN] = last
    s[CARD] = c
    for f in range(FACES):
        s[NEED + f] = cards[c, C_NEED + f]
    s[JOKERS] = cards[c, C_JOKERS]
    s[LOCKED] = 0
    _log(s, log, logging, LOG_DRAW, NOBODY, cards[c, C_ID])


@compiled
def _urgency(s: np.ndarray, p: np.ndarray) -> float:
    """The bidder's urgency of a first card: 1/2 at the start to 1 on the last card."""
    number = min(s[COMPLETED] + 1, p[P_CARDS])
    return 0.5 + 0.5 * number / max(p[P_CARDS] - s[COMPLETED], 1)


@compiled
def _worth(
    s: np.ndarray, p: np.ndarray, seat: int, payout: int, chance: float, fail: float, reals: np.ndarray, bid: int
) -> float:
    """The bidder's worth of winning the auction at `bid` (`bidding.BiddingBot.attempt_worth`)."""
    opponents = _active_count(s, p) - 1
    leaked = reals[F_LEAK] * fail * payout * opponents / max(opponents + 1, 1)
    premium = 0.0
    if s[_at(p, CARDS, seat)] == 0:
        premium = reals[F_PREMIUM] * p[P_MONEY] * _urgency(s, p)
    return chance * (payout + premium) - (1 - chance) * bid - leaked


@compiled
def _random_bid(s: np.ndarray, money: int, payout: int, lowest: int, can_call: bool) -> int:
    """The random bot: "Last Chance!" one time in ten when nearly broke; else half the time a bid
    drawn uniformly up to the payout (when one is legal), else a pass."""
    if can_call and money < 1000 and below(s, np.int64(10)) == 0:
        return LAST_CHANCE
    top = min(money, payout)
    if top >= lowest and below(s, np.int64(2)) == 0:
        return lowest + UNIT * int(below(s, np.int64((top - lowest) // UNIT + 1)))
    return PASS


@compiled
def _bidder_bid(
    s: np.ndarray,
    p: np.ndarray,
    seat: int,
    payout: int,
    lowest: int,
    can_call: bool,
    reals: np.ndarray,
    odds: float,
    after: float,
) -> int:
    """The bidder: "Last Chance!" late in the game without a card if the all-in attempt is worth it;
    else the lowest bid if it is within its money limit and worth it; else a pass."""
    money = s[_at(p, MONEY, seat)]
    no_card = s[_at(p, CARDS, seat)] == 0
    if can_call and no_card and _urgency(s, p) >= 0.8 and _worth(s, p, seat, payout, odds, after, reals, money) > 0:
        return LAST_CHANCE
    limit = min(money * (0.4 + 0.6 * odds), money)
    if lowest <= money and lowest <= limit and _worth(s, p, seat, payout, odds, after, reals, lowest) > 0:
        return lowest
    return PASS


@compiled
def _auction_choice(
    s: np.ndarray,
    p: np.ndarray,
    cards: np.ndarray,
    seat: int,
    high: int,
    policy: int,
    reals: np.ndarray,
    limits: np.ndarray,
    lc_money: np.ndarray,
    chance: np.ndarray,
    fail: np.ndarray,
) -> int:
    """The auction choice of `seat` against the high bid `high`: PASS, LAST_CHANCE or a bid. The odds
    bot bids the lowest bid up to its limit, else calls when it holds no card and its money is
    within the position's "Last Chance!" limit."""
    money = s[_at(p, MONEY, seat)]
    payout = cards[s[CARD], C_PAYOUT]
    lowest = max(UNIT, high + UNIT)
    can_call = s[_at(p, CALLED, seat)] == 0
    if policy == RANDOM:
        return _random_bid(s, money, payout, lowest, can_call)
    entry = _entry(s, cards)
    if policy == BIDDER:
        return _bidder_bid(s, p, seat, payout, lowest, can_call, reals, chance[entry], fail[entry])
    if lowest <= money and lowest <= limits[entry]:
        return lowest
    if can_call and s[_at(p, CARDS, seat)] == 0 and money <= lc_money[entry]:
        return LAST_CHANCE
    return PASS


@compiled
def _auction(
    s: np.ndarray,
    p: np.ndarray,
    cards: np.ndarray,
    policies: np.ndarray,
    reals: np.ndarray,
    limits: np.ndarray,
    lc_money: np.ndarray,
    chance: np.ndarray,
    fail: np.ndarray,
    log: np.ndarray,
    logging: bool,
) -> None:
    """The auction from the opener: sets ROLLER and BID (a lone survivor wins it for $0)."""
    opener = s[OPENER]
    s[ROLLER], s[BID] = opener, 0
    others = _active_count(s, p) - 1
    if others == 0:
        return
    high, bidder, passes, seat = 0, NOBODY, 0, opener
    while True:
        choice = _auction_choice(
            s, p, cards, seat, high, policies[seat], reals[seat], limits[seat], lc_money, chance, fail
        )
        if choice == LAST_CHANCE:
            _log(s, log, logging, LOG_LAST_CHANCE, seat, 0)
            s[_at(p, CALLED, seat)] = 1
            s[ROLLER], s[BID] = seat, s[_at(p, MONEY, seat)]
            return
        if choice == PASS:
            _log(s, log, logging, LOG_PASS, seat, 0)
            passes += 1
            if bidder != NOBODY and passes == others:
                s[ROLLER], s[BID] = bidder, high
                return
            if bidder == NOBODY and passes == others + 1:
                return
        else:
            _log(s, log, logging, LOG_BID, seat, choice)
            high, bidder, passes = choice, seat, 0
        seat = _next_active(s, p, seat)


@compiled
def _bet_choice(s: np.ndarray, p: np.ndarray, seat: int, policy: int, reals: np.ndarray, odds: float) -> int:
    """The side bet of `seat`: the wager, positive on "yes", negative on "no", 0 for no bet."""
    money = s[_at(p, MONEY, seat)]
    top = min(p[P_BET_LIMIT], money)
    if policy == RANDOM:
        small = min(top, 5 * UNIT) // UNIT
        if small > 0 and below(s, np.int64(2)) == 0:
            pick = below(s, np.int64(2 * small))
            return (pick % small + 1) * UNIT * (1 if pick < small else -1)
        return 0
    edge = abs(2 * odds - 1)
    if policy == ODDS:
        if edge < reals[F_EDGE]:
            return 0
        stake = money // 4 // UNIT * UNIT
    else:
        stake = max(0, int(reals[F_KELLY] * edge * money // UNIT) * UNIT)
    wager = min(top, stake)
    if wager < UNIT:
        return 0
    return wager if odds > 0.5 else -wager


@compiled
def _bets(
    s: np.ndarray,
    p: np.ndarray,
    cards: np.ndarray,
    policies: np.ndarray,
    reals: np.ndarray,
    chance: np.ndarray,
    log: np.ndarray,
    logging: bool,
) -> None:
    """Every other active seat, in seat order after the roller, bets or not."""
    roller = s[ROLLER]
    for seat in range(p[P_PLAYERS]):
        s[_at(p, BET, seat)] = 0
    odds = chance[_entry(s, cards)]
    seat = _next_active(s, p, roller)
    while seat != roller and seat != NOBODY:
        wager = _bet_choice(s, p, seat, policies[seat], reals[seat], odds)
        s[_at(p, BET, seat)] = wager
        kind = LOG_NO_BET if wager == 0 else (LOG_YES if wager > 0 else LOG_NO)
        _log(s, log, logging, kind, seat, abs(wager))
        seat = _next_active(s, p, seat)


@compiled
def _roll(s: np.ndarray, n: int) -> int:
    """Roll n dice: their counts per face, packed BITS bits a face (`highroller.batch.dice`)."""
    packed, s[COUNTER] = dice.roll_in(np.uint64(s[KEY]), s[COUNTER], n)
    return int(packed & COUNTS)


@compiled
def _place(s: np.ndarray, packed: int) -> int:
    """Place a roll's mandatory matches on the card; returns the unplaced dice, packed."""
    left = 0
    for f in range(FACES):
        count = (packed >> (BITS * f)) & 15
        placed = min(s[NEED + f], count)
        s[NEED + f] -= placed
        left += (count - placed) << (BITS * f)
    if s[LOCKED]:
        shift = BITS * (s[LOCKED] - 1)
        placed = min(s[JOKERS], (left >> shift) & 15)
        s[JOKERS] -= placed
        left -= placed << shift
    return left


@compiled
def _lockable(s: np.ndarray, cards: np.ndarray, left: int) -> int:
    """The faces (bit f-1) the jokers may be locked to after this roll."""
    if s[LOCKED] or not s[JOKERS]:
        return 0
    faces = 0
    pictured = cards[s[CARD], C_PICTURED]
    for f in range(FACES):
        if (left >> (BITS * f)) & 15 and not (pictured >> f) & 1:
            faces |= 1 << f
    return faces


@compiled
def _best_lock(s: np.ndarray, cards: np.ndarray, left: int, faces: int, rolls_left: int, rank: np.ndarray) -> int:
    """`odds.best_lock`: the face whose lock gives the best exact chance (ties: wait, then the
    lowest face), by the chances' ranks; 0 to wait."""
    card = cards[s[CARD]]
    entry = _entry(s, cards)
    best, best_rank = 0, rank[entry, rolls_left]
    for f in range(FACES):
        if (faces >> f) & 1:
            filled = min(s[JOKERS], (left >> (BITS * f)) & 15)
            locked = entry - filled * card[C_STRIDE + FACES] + (f + 1) * card[C_STRIDE + FACES + 1]
            if rank[locked, rolls_left] > best_rank:
                best, best_rank = f + 1, rank[locked, rolls_left]
    return best


@compiled
def _random_lock(s: np.ndarray, faces: int) -> int:
    """A face among `faces` or 0 (wait), uniformly."""
    options = 0
    for f in range(FACES):
        options += (faces >> f) & 1
    k = below(s, np.int64(options + 1))
    for f in range(FACES):
        if (faces >> f) & 1:
            if k == 0:
                return f + 1
            k -= 1
    return 0


@compiled
def _lock(s: np.ndarray, left: int, face: int) -> None:
    """Lock the jokers to `face`: the unplaced dice showing it fill the open jokers."""
    s[JOKERS] -= min(s[JOKERS], (left >> (BITS * (face - 1))) & 15)
    s[LOCKED] = face


@compiled
def _open_dice(s: np.ndarray) -> int:
    """How many dice the roller rolls: one per open slot."""
    count = s[JOKERS]
    for f in range(FACES):
        count += s[NEED + f]
    return count


@compiled
def _attempt(s: np.ndarray, cards: np.ndarray, policy: int, rank: np.ndarray, log: np.ndarray, logging: bool) -> bool:
    """The roller rolls until the card is complete or the rolls are used up; True on success."""
    roller = s[ROLLER]
    rolls = cards[s[CARD], C_ROLLS]
    for used in range(1, rolls + 1):
        packed = _roll(s, _open_dice(s))
        _log(s, log, logging, LOG_ROLL, NOBODY, packed)
        left = _place(s, packed)
        faces = _lockable(s, cards, left)
        if faces:
            face = _random_lock(s, faces) if policy == RANDOM else _best_lock(s, cards, left, faces, rolls - used, rank)
            if face:
                _lock(s, left, face)
                _log(s, log, logging, LOG_LOCK, roller, face)
            else:
                _log(s, log, logging, LOG_WAIT, roller, 0)
        if _open_dice(s) == 0:
            return True
    return False


@compiled
def _pay_bets(s: np.ndarray, p: np.ndarray, success: bool) -> None:
    """Settle the side bets: winners are paid by the bank; losing "no" bettors pay a successful
    roller, other losers pay the bank."""
    roller = s[ROLLER]
    for seat in range(p[P_PLAYERS]):
        wager = s[_at(p, BET, seat)]
        if wager == 0:
            continue
        won = (wager > 0) == success
        amount = abs(wager) if won else -abs(wager)
        s[_at(p, MONEY, seat)] += amount
        s[_at(p, SIDE, seat)] += amount
        if not won and success:
            s[_at(p, MONEY, roller)] -= amount
            s[_at(p, SIDE, roller)] -= amount


@compiled
def _eliminate(s: np.ndarray, p: np.ndarray) -> int:
    """Players left with $0 leave with their cards; returns how many players remain."""
    for seat in range(p[P_PLAYERS]):
        if s[_at(p, ACTIVE, seat)] and s[_at(p, MONEY, seat)] == 0:
            s[_at(p, ACTIVE, seat)] = 0
            s[_at(p, CARDS, seat)] = 0
    return _active_count(s, p)


@compiled
def _settle(s: np.ndarray, p: np.ndarray, cards: np.ndarray, success: bool) -> int:
    """Settle the attempt, eliminate, and name the next opener: SAME_CARD, NEXT_CARD or OVER."""
    roller, card = s[ROLLER], s[CARD]
    if success:
        s[_at(p, MONEY, roller)] += s[BID] + cards[card, C_PAYOUT]
        s[_at(p, CARDS, roller)] += 1
        s[_at(p, DONE, roller)] += 1
        s[_at(p, CARD_DONE, card)] = 1
        s[COMPLETED] += 1
    _pay_bets(s, p, success)
    if _eliminate(s, p) == 0:
        return OVER
    if success:
        s[OPENER] = roller
        return OVER if s[COMPLETED] == p[P_CARDS] else NEXT_CARD
    s[OPENER] = roller if s[_at(p, ACTIVE, roller)] else _next_active(s, p, roller)
    return SAME_CARD


@compiled
def _play(
    s: np.ndarray,
    p: np.ndarray,
    cards: np.ndarray,
    policies: np.ndarray,
    reals: np.ndarray,
    limits: np.ndarray,
    rank: np.ndarray,
    lc_money: np.ndarray,
    chance: np.ndarray,
    fail: np.ndarray,
    log: np.ndarray,
    logging: bool,
) -> None:
    """Play one game (KEY and OPENER filled in) to the end."""
    for seat in range(p[P_PLAYERS]):
        s[_at(p, MONEY, seat)] = p[P_MONEY]
        s[_at(p, ACTIVE, seat)] = 1
    for c in range(p[P_DECK]):
        s[_at(p, UNDRAWN_LIST, c)] = c
    s[UNDRAWN] = p[P_DECK]
    outcome = NEXT_CARD
    while outcome == NEXT_CARD:
        _draw(s, p, cards, log, logging)
        outcome = SAME_CARD
        while outcome == SAME_CARD:
            _auction(s, p, cards, policies, reals, limits, lc_money, chance, fail, log, logging)
            roller = s[ROLLER]
            s[_at(p, MONEY, roller)] -= s[BID]
            s[_at(p, ATTEMPTS, roller)] += 1
            s[_at(p, CARD_ATTEMPTS, s[CARD])] += 1
            _bets(s, p, cards, policies, reals, chance, log, logging)
            success = _attempt(s, cards, policies[roller], rank, log, logging)
            outcome = _settle(s, p, cards, success)


@released
def play(
    state: np.ndarray,
    p: np.ndarray,
    cards: np.ndarray,
    policies: np.ndarray,
    reals: np.ndarray,
    limits: np.ndarray,
    rank: np.ndarray,
    lc_money: np.ndarray,
    chance: np.ndarray,
    fail: np.ndarray,
    log: np.ndarray,
    logging: bool,
) -> None:
    """Play every game of the batch: `reals` [seat, F_*] and `limits` [seat, entry] (the odds bot's
    highest bid) per seat; `rank` [entry, rolls left], `lc_money`, `chance` and `fail` per entry."""
    for g in range(state.shape[0]):
        _play(
            state[g], p, cards, policies, reals, limits, rank, lc_money, chance, fail, log[g if logging else 0], logging
        )
