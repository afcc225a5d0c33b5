"""The compiled Las Vegas batch kernel: many games on one fixed-shape int64 array, played with Numba.

Each game is one row of the state array (`layout` names the columns); `advance` plays each game until
it ends or a seat with an outside policy must choose, applying a pending choice first. The rules are
those of `state.py`, step for step: stocking by min-total or count from the unseen bills, then the
bills under the pile; the leftover neutral dice; turns in seat order skipping players without dice;
cancelling ties at casinos 1-6, the bandit ranked by count, pips, top face and seat before neutral;
untaken bills under the pile or to the box; the next starter to the left or the last roller.

Dice are rolled as whole multisets in one draw (`highroller.batch.dice`), a round's turns keep their
state in local variables (`_turns`), the next seat holding dice comes from a table and is found
before the turn's choice (so the next roll need not wait for it), the unseen bills are drawn by
swap-remove, and a casino pays its seats without branching on the dice: ties found with bit masks,
each seat's place counted with popcount; rows and tables are indexed unsigned (`jit.at`). The steps
of a turn are inlined into `advance`; the once-a-round steps (stocking, scoring) and the greedy bot
stay calls, which keeps a compilation to about 16 s.

The bandit's places (`scoring.bandit_place`) and the legal action codes (`legal.legal_codes`) are the
step engine's own functions, compiled here (Numba's disk cache keys the kernel on this file's text
alone: after changing either, clear the cache). The casinos' bit masks (which also tell the greedy
bot what a placement would win: it is put on the row, scored and taken back) and the greedy bot keep
their own form; tests/lasvegas/test_lasvegas_kernel_agrees.py holds them to `scoring.rank_casino` and
`bots.GreedyBot` on any table.

Actions are codes 0-11: 0-5 place the face 1-6 on its casino, 6-11 place it on the bandit.
Seat policies: RANDOM (uniform among the legal codes), GREEDY (the `greedy` bot: best immediate gain,
then fewest dice, then uniform) and OUTSIDE (the caller sets the PENDING column). They come as a tuple
with one code per seat (`seats` in the once-a-round steps): its length, the player count, is part of
the tuple's type, so Numba compiles a kernel per player count in which the loops over seats have a
known length (5-10% faster than reading the count from the rule parameters). The `expert`'s playouts
pass an array instead (`expert_kernel`), which one compilation serves at every player count.
With `logging`, every step of game g is written to `log[g]` (LOG_* kinds) so it can be exported.
"""

from __future__ import annotations

import numpy as np

from highroller.batch import dice
from highroller.batch.jit import at, cached, compiled, inlined, released
from highroller.batch.rng import COUNTER, KEY, below_in
from highroller.games.lasvegas.legal import legal_codes
from highroller.games.lasvegas.rules import EDITIONS, MAX_DICE
from highroller.games.lasvegas.scoring import bandit_place

RANDOM, GREEDY, OUTSIDE = 0, 1, 2
NEW, CHOOSE, OVER = 0, 1, 2
LOG_STOCK, LOG_ROLL, LOG_ACTION = 0, 1, 2
BANDIT = 6
CASINO_SLOTS = 7

# Scalar columns of a game's row (KEY and COUNTER come first, see highroller.batch.rng). The roll is
# kept packed (`highroller.batch.dice`): own and neutral dice, the faces shown (bits 0-5) and the
# Biggie's face (0 if none). HOLDING has bit s set while seat s holds dice this round; HANDS holds
# every seat's dice, HAND_BITS a seat: own dice (4 bits), neutral dice (4 bits), the Biggie.
PHASE, ROUND, FIRST, TURN, LAST_ROLLER, BANDIT_FACES, UNSEEN, UNDER_HEAD, UNDER_SIZE = range(2, 11)
ROLL_BIGGIE, PENDING, LOG_SIZE, ROLL_OWN, ROLL_NEUTRAL, ROLL_SHOWN, HOLDING, HANDS = range(11, 19)
FIXED = 19
HAND_BITS = 9
assert KEY == 0 and COUNTER == 1

# Rule parameters, then the offsets of the variable-size columns (all in one int64 array `p`).
(
    P_PLAYERS,
    P_DICE,
    P_BIGGIE,
    P_ROUNDS,
    P_COUNT_RULE,
    P_AMOUNT,
    P_UNDER,
    P_LAST_ROLLER,
    P_NEUTRAL,
    P_LEFTOVER,
    P_BANDIT,
    P_CASINOS,
    P_BILLS,
    P_MOST,
) = range(14)
ARRAYS = ("dice", "pips", "top", "bills", "bill_count", "pile", "under", "money", "won", "round_money", "round_bills")
L_ARRAYS = 14
(
    L_DICE,
    L_PIPS,
    L_TOP,
    L_BILLS,
    L_BILL_COUNT,
    L_PILE,
    L_UNDER,
    L_MONEY,
    L_WON,
    L_ROUND_MONEY,
    L_ROUND_BILLS,
    P_WIDTH,
) = range(L_ARRAYS, L_ARRAYS + len(ARRAYS) + 1)
P_SIZE = P_WIDTH + 1


def layout(players: int, most: int, bills: int, rounds: int) -> dict[str, tuple[int, ...]]:
    """The shape (per game) of each variable-size column group, in row order."""
    owners = players + 1
    return {
        "dice": (CASINO_SLOTS, owners),
        "pips": (owners,),
        "top": (owners,),
        "bills": (CASINO_SLOTS, most),
        "bill_count": (CASINO_SLOTS,),
        "pile": (bills,),
        "under": (bills,),
        "money": (players,),
        "won": (players,),
        "round_money": (rounds, players),
        "round_bills": (rounds,),
    }


@inlined
def faces_shown(rolled_own: np.int64, rolled_neutral: np.int64, biggie: np.int64) -> np.int64:
    """Bit f set when face f + 1 shows on the packed own or neutral dice, or on the Biggie (0: none)."""
    shown = dice.shown(rolled_own | rolled_neutral)
    if biggie:
        shown |= 1 << (biggie - 1)
    return shown


@inlined
def _roll_in(
    key: np.uint64, counter: np.int64, own: int, big: int, neutral: int
) -> tuple[np.int64, np.int64, np.int64, np.int64, np.int64]:
    """Roll `own` own dice, the Biggie if `big`, and `neutral` neutral dice from a stream in local
    variables: (own roll, neutral roll, the Biggie's face or 0, the faces shown, the counter after)."""
    rolled_own, counter = dice.roll_in(key, counter, own)
    rolled_neutral, counter = dice.roll_in(key, counter, neutral)
    biggie = np.int64(0)
    if big:
        biggie, counter = below_in(key, counter, np.int64(6))
        biggie += 1
    return rolled_own, rolled_neutral, biggie, faces_shown(rolled_own, rolled_neutral, biggie), counter


@inlined
def _store_roll(
    s: np.ndarray, rolled_own: np.int64, rolled_neutral: np.int64, biggie: np.int64, shown: np.int64
) -> None:
    s[ROLL_OWN] = rolled_own
    s[ROLL_NEUTRAL] = rolled_neutral
    s[ROLL_BIGGIE] = biggie
    s[ROLL_SHOWN] = shown


@inlined
def _roll(s: np.ndarray, own: int, big: int, neutral: int) -> None:
    """`_roll_in` on the stream of the game's row, into its roll columns."""
    rolled_own, rolled_neutral, biggie, shown, s[COUNTER] = _roll_in(np.uint64(s[KEY]), s[COUNTER], own, big, neutral)
    _store_roll(s, rolled_own, rolled_neutral, biggie, shown)


@compiled
def _log_roll(s: np.ndarray, log: np.ndarray) -> None:
    row = log[s[LOG_SIZE]]
    row[0] = LOG_ROLL
    for f in range(6):
        row[1 + f] = dice.count(s[ROLL_OWN], f)
        row[8 + f] = dice.count(s[ROLL_NEUTRAL], f)
    row[7] = s[ROLL_BIGGIE]
    s[LOG_SIZE] += 1


@inlined
def _stock(
    s: np.ndarray, c: int, p: np.ndarray, key: np.uint64, counter: np.int64, log: np.ndarray, logging: bool
) -> np.int64:
    """Draw the bills of casino c by the stocking rule: unseen bills first (each equally likely; the
    unseen bills are the first UNSEEN of the pile columns), then those under the pile. The stream is
    in local variables (`rng.below_in`); returns its counter after."""
    count_rule = p[P_COUNT_RULE] == 1
    amount = p[P_AMOUNT]
    capacity = p[P_BILLS]
    pile = p[L_PILE]
    slots = p[L_BILLS] + c * p[P_MOST]
    drawn = 0
    total = 0
    while (drawn if count_rule else total) < amount:
        unseen = s[UNSEEN]
        if unseen > 0:
            pick, counter = below_in(key, counter, unseen)
            unseen -= 1
            s[UNSEEN] = unseen
            bill = s[at(pile + pick)]
            s[at(pile + pick)] = s[at(pile + unseen)]
        elif s[UNDER_SIZE] > 0:
            head = s[UNDER_HEAD]
            bill = s[at(p[L_UNDER] + head)]
            head += 1
            s[UNDER_HEAD] = head if head < capacity else 0
            s[UNDER_SIZE] -= 1
        else:
            break
        position = drawn
        while position > 0 and s[at(slots + position - 1)] < bill:
            s[at(slots + position)] = s[at(slots + position - 1)]
            position -= 1
        s[at(slots + position)] = bill
        drawn += 1
        total += bill
    s[at(p[L_BILL_COUNT] + c)] = drawn
    if logging:
        row = log[s[LOG_SIZE]]
        row[0] = LOG_STOCK
        row[1] = drawn
        for i in range(drawn):
            row[2 + i] = s[slots + i]
        s[LOG_SIZE] += 1
    return counter


MOST_DICE = max(
    MAX_DICE + 2, MAX_DICE * (max(players for edition in EDITIONS.values() for players in edition["neutral_dice"]) + 1)
)
"""The most dice one owner can have on a casino (the Biggie weighing two): a seat's own dice, or every
neutral die of the largest game with neutral dice and the leftover ones. Dice counts are bits of one
int64 (`_untied`), which holds counts up to 62."""
assert MOST_DICE < 63


@inlined
def _ones(x: int) -> int:
    """How many bits of a non-negative int64 are set (the SWAR count, which compiles to popcnt)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@inlined
def _untied(s: np.ndarray, base: int, owners: int) -> int:
    """The dice counts at a casino (1-6) held by exactly one owner, as bits."""
    seen = twice = 0
    for o in range(owners):
        bit = 1 << s[at(base + o)]
        twice |= seen & bit
        seen |= bit
    return seen & ~twice & ~1


@inlined
def _place(untied: int, n: int, count: int) -> tuple[np.int64, int]:
    """(1 if the count n is paid at its casino holding `count` bills else 0, its place: how many untied
    counts are higher). Ties cancel, so n is paid if it is untied and its place has a bill."""
    place = _ones(untied >> (n + 1))
    return ((untied >> n) & 1) & np.int64(place < count), place


_bandit_place = inlined(bandit_place)
_legal_codes = inlined(legal_codes)


@inlined
def _bandit_views(s: np.ndarray, p: np.ndarray, owners: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The dice, pips and top faces of the owners on the bandit."""
    base = p[L_DICE] + BANDIT * owners
    return s[base : base + owners], s[p[L_PIPS] : p[L_PIPS] + owners], s[p[L_TOP] : p[L_TOP] + owners]


@compiled
def _payout(s: np.ndarray, p: np.ndarray, c: int, seat: int) -> int:
    """What `seat` would be paid at casino c if it were scored now."""
    players = p[P_PLAYERS]
    count = s[at(p[L_BILL_COUNT] + c)]
    slots = p[L_BILLS] + c * p[P_MOST]
    if c == BANDIT:
        on, pips, top = _bandit_views(s, p, players + 1)
        place = _bandit_place(on, pips, top, seat, players)
        return s[at(slots + place)] if 0 <= place < count else 0
    base = p[L_DICE] + c * (players + 1)
    paid, place = _place(_untied(s, base, players + 1), s[at(base + seat)], count)
    return s[at(slots + min(place, p[P_MOST] - 1))] * paid


@inlined
def _to_bandit(s: np.ndarray, p: np.ndarray, owner: int, weight: int, face: int) -> None:
    """Count `weight` dice of `face` placed by owner on the bandit in its pips and top face."""
    if weight:
        s[at(p[L_PIPS] + owner)] += face * weight
        s[at(p[L_TOP] + owner)] = max(s[at(p[L_TOP] + owner)], face)


@compiled
def _gain(s: np.ndarray, p: np.ndarray, c: int, seat: int, weight: int, added: int, face: int) -> int:
    """How much more `seat` would be paid at casino c, if it were scored now, with `weight` dice of `face`
    placed there for the seat and `added` for the neutral owner (placed on the row, then taken back)."""
    players = p[P_PLAYERS]
    before = _payout(s, p, c, seat)
    base = p[L_DICE] + c * (players + 1)
    s[at(base + seat)] += weight
    s[at(base + players)] += added
    if c == BANDIT:
        top_seat, top_neutral = s[at(p[L_TOP] + seat)], s[at(p[L_TOP] + players)]
        _to_bandit(s, p, seat, weight, face)
        _to_bandit(s, p, players, added, face)
        after = _payout(s, p, c, seat)
        s[at(p[L_PIPS] + seat)] -= face * weight
        s[at(p[L_PIPS] + players)] -= face * added
        s[at(p[L_TOP] + seat)], s[at(p[L_TOP] + players)] = top_seat, top_neutral
    else:
        after = _payout(s, p, c, seat)
    s[at(base + seat)] -= weight
    s[at(base + players)] -= added
    return after - before


@inlined
def legal_mask(s: np.ndarray, bandit: bool) -> int:
    """The legal action codes of the current roll as a bit mask."""
    return _legal_codes(s[ROLL_SHOWN], s[BANDIT_FACES], bandit)


def _bit_tables() -> tuple[np.ndarray, np.ndarray]:
    """For every 12-bit mask: how many bits are set, and the position of its k-th set bit (bytes, so
    the parts in use stay in cache)."""
    count = np.zeros(4096, dtype=np.int8)
    nth = np.zeros(4096 * 12, dtype=np.int8)
    for mask in range(4096):
        bits = [a for a in range(12) if mask >> a & 1]
        count[mask] = len(bits)
        for k, a in enumerate(bits):
            nth[mask * 12 + k] = a
    return count, nth


SET_BITS, NTH_BIT = _bit_tables()
MAX_SEATS = 6


def _next_seats() -> np.ndarray:
    """For every mask of seats holding dice and seat to move: the next holding seat to the left, -1 if none.

    Seats wrap at MAX_SEATS, not at the player count: the seats past it never hold dice."""
    table = np.full(64 * MAX_SEATS, -1, dtype=np.int8)
    for holding in range(64):
        for seat in range(MAX_SEATS):
            for step in range(1, MAX_SEATS + 1):
                if holding >> ((seat + step) % MAX_SEATS) & 1:
                    table[holding * MAX_SEATS + seat] = (seat + step) % MAX_SEATS
                    break
    return table


NEXT_SEAT = _next_seats()


@inlined
def _pick_in(key: np.uint64, counter: np.int64, mask: int) -> tuple[int, np.int64]:
    """A code chosen uniformly among the bits of mask, and the counter after. It draws even when there is
    one code: a turn then always makes the same draws, so the next roll's draw never waits on how many
    codes this roll allowed (about 4% of a random game)."""
    k, counter = below_in(key, counter, np.int64(SET_BITS[at(mask)]))
    return int(NTH_BIT[at(mask * 12 + k)]), counter


@inlined
def _pick(s: np.ndarray, mask: int) -> int:
    """`_pick_in` on the stream of the game's row."""
    a, s[COUNTER] = _pick_in(np.uint64(s[KEY]), s[COUNTER], mask)
    return a


@inlined
def greedy_choices(s: np.ndarray, p: np.ndarray, mask: int) -> int:
    """The codes in mask the greedy bot chooses among, as bits: best immediate gain, then fewest dice spent."""
    seat = s[TURN]
    best_gain = -1
    best_dice = 0
    best = 0
    for a in range(12):
        if not (mask >> a) & 1:
            continue
        f = a % 6
        big = 1 if s[ROLL_BIGGIE] == f + 1 else 0
        weight = dice.count(s[ROLL_OWN], f) + 2 * big
        added = dice.count(s[ROLL_NEUTRAL], f)
        gain = _gain(s, p, BANDIT if a >= 6 else f, seat, weight, added, f + 1)
        spent = int(weight - big + added)
        if best == 0 or gain > best_gain or (gain == best_gain and spent < best_dice):
            best_gain = gain
            best_dice = spent
            best = 1 << a
        elif gain == best_gain and spent == best_dice:
            best |= 1 << a
    return best


@compiled
def _greedy(s: np.ndarray, p: np.ndarray, mask: int) -> int:
    """The greedy bot's choice: one of `greedy_choices`, uniformly."""
    return _pick(s, greedy_choices(s, p, mask))


@inlined
def _score_casino(s: np.ndarray, p: np.ndarray, c: int, players: int) -> int:
    """Pay the bills of casino c (1-6) to the seats ranked by dice, ties cancelled; returns a bit mask
    of the bills taken. Branch-free per seat: a seat's place is the number of untied counts above its
    own, and it takes the bill of that place if there is one."""
    base = p[L_DICE] + c * (players + 1)
    untied = _untied(s, base, players + 1)
    count = s[at(p[L_BILL_COUNT] + c)]
    slots = p[L_BILLS] + c * p[P_MOST]
    last = p[P_MOST] - 1
    money, won, round_money = p[L_MONEY], p[L_WON], p[L_ROUND_MONEY] + s[ROUND] * players
    taken = 0
    for seat in range(players):
        paid, place = _place(untied, s[at(base + seat)], count)
        bill = s[at(slots + min(place, last))] * paid
        s[at(money + seat)] += bill
        s[at(won + seat)] += paid
        s[at(round_money + seat)] += bill
        taken |= paid << place
    return taken


@inlined
def _score_bandit(s: np.ndarray, p: np.ndarray, players: int) -> int:
    """Pay the bills of the bandit to the seats in their places (`bandit_place`); returns a bit mask
    of the bills taken."""
    on, pips, top = _bandit_views(s, p, players + 1)
    count = s[at(p[L_BILL_COUNT] + BANDIT)]
    slots = p[L_BILLS] + BANDIT * p[P_MOST]
    round_money = p[L_ROUND_MONEY] + s[ROUND] * players
    taken = 0
    for seat in range(players):
        place = _bandit_place(on, pips, top, seat, players)
        if 0 <= place < count:
            bill = s[at(slots + place)]
            s[at(p[L_MONEY] + seat)] += bill
            s[at(p[L_WON] + seat)] += 1
            s[at(round_money + seat)] += bill
            taken |= 1 << place
    return taken


@compiled
def _score(s: np.ndarray, p: np.ndarray, seats: tuple[int, ...]) -> None:
    """Score every casino, then the bandit; send untaken bills under the pile or to the box."""
    players = len(seats)
    owners = players + 1
    capacity = p[P_BILLS]
    for c in range(p[P_CASINOS]):
        base = p[L_DICE] + c * owners
        slots = p[L_BILLS] + c * p[P_MOST]
        count = s[at(p[L_BILL_COUNT] + c)]
        taken = _score_bandit(s, p, players) if c == BANDIT else _score_casino(s, p, c, players)
        s[at(p[L_ROUND_BILLS] + s[ROUND])] += _ones(taken)
        if p[P_UNDER]:
            for i in range(count):
                if not (taken >> i) & 1:
                    end = s[UNDER_HEAD] + s[UNDER_SIZE]
                    s[at(p[L_UNDER] + (end if end < capacity else end - capacity))] = s[at(slots + i)]
                    s[UNDER_SIZE] += 1
        for i in range(count):
            s[at(slots + i)] = 0
        s[at(p[L_BILL_COUNT] + c)] = 0
        for o in range(owners):
            s[at(base + o)] = 0
    for o in range(owners):
        s[at(p[L_PIPS] + o)] = 0
        s[at(p[L_TOP] + o)] = 0
    s[BANDIT_FACES] = 0


@compiled
def _start_round(s: np.ndarray, p: np.ndarray, seats: tuple[int, ...], log: np.ndarray, logging: bool) -> None:
    """Give the dice back, stock the casinos, roll the leftover neutral dice and the first roll."""
    players = len(seats)
    hand = p[P_DICE] | (p[P_NEUTRAL] << 4) | (p[P_BIGGIE] << 8)
    hands = 0
    for seat in range(players):
        hands |= hand << (HAND_BITS * seat)
    s[HANDS] = hands
    s[HOLDING] = (1 << players) - 1
    s[TURN] = s[FIRST]
    key = np.uint64(s[KEY])
    counter = s[COUNTER]
    for c in range(p[P_CASINOS]):
        counter = _stock(s, c, p, key, counter, log, logging)
    s[COUNTER] = counter
    if p[P_LEFTOVER]:
        _roll(s, 0, 0, p[P_LEFTOVER])
        if logging:
            _log_roll(s, log)
        for f in range(6):
            s[at(p[L_DICE] + f * (players + 1) + players)] += dice.count(s[ROLL_NEUTRAL], f)
    _roll_turn(s, log, logging)


@inlined
def _roll_turn(s: np.ndarray, log: np.ndarray, logging: bool) -> None:
    """The seat to move rolls every die it holds."""
    hand = (s[HANDS] >> (HAND_BITS * s[TURN])) & 511
    _roll(s, hand & 15, hand >> 8, (hand >> 4) & 15)
    if logging:
        _log_roll(s, log)
    s[PHASE] = CHOOSE


@inlined
def _turns(s: np.ndarray, p: np.ndarray, policies: tuple[int, ...], log: np.ndarray, logging: bool) -> bool:
    """Play turns until the round is over (True) or an outside policy must choose (False).

    The state a turn reads (the seat, the seats holding dice, every seat's dice packed in one integer,
    the roll, the random stream's counter, the seats' policies) stays in local variables, so no turn
    waits on a value the turn before stored; the row is kept up to date with stores alone (the greedy
    bot, the views and the log read it), and the counter is written back whenever other code draws."""
    players = len(policies)
    policy_bits = 0
    for other in range(players):
        policy_bits |= policies[other] << (2 * other)
    owners = players + 1
    bandit = p[P_BANDIT] == 1
    dice_at = p[L_DICE]
    key = np.uint64(s[KEY])
    counter = s[COUNTER]
    seat = s[TURN]
    holding = s[HOLDING]
    rolled_own = s[ROLL_OWN]
    rolled_neutral = s[ROLL_NEUTRAL]
    biggie = s[ROLL_BIGGIE]
    shown = s[ROLL_SHOWN]
    hands = s[HANDS]
    while True:
        # the next seat holding dice, and its hand, do not depend on this turn's choice unless no
        # other seat holds dice: work them out first, so the next roll need not wait for the choice
        following = np.int64(NEXT_SEAT[at((holding & ~(1 << seat)) * MAX_SEATS + seat)])
        next_hand = (hands >> (HAND_BITS * (following & 7))) & 511
        mask = _legal_codes(shown, s[BANDIT_FACES], bandit)
        policy = (policy_bits >> (2 * seat)) & 3
        if policy == OUTSIDE:
            a = s[PENDING]
            if a < 0:
                s[COUNTER] = counter
                return False
            s[PENDING] = -1
        elif policy == GREEDY:
            s[COUNTER] = counter
            a = _greedy(s, p, mask)
            counter = s[COUNTER]
        else:
            a, counter = _pick_in(key, counter, mask)
        # place: every die of the chosen face, the Biggie and neutral dice of that face with them
        f = a - 6 if a >= 6 else a
        face = f + 1
        own = dice.count(rolled_own, f)
        added = dice.count(rolled_neutral, f)
        big = np.int64(biggie == face)
        weight = own + 2 * big
        c = f
        if a >= 6:
            c = BANDIT
            _to_bandit(s, p, seat, weight, face)
            _to_bandit(s, p, players, added, face)
            s[BANDIT_FACES] |= 1 << face
        base = dice_at + c * owners
        s[at(base + seat)] += weight
        s[at(base + players)] += added
        hands -= (own | (added << 4) | (big << 8)) << (HAND_BITS * seat)
        hand = (hands >> (HAND_BITS * seat)) & 511
        s[HANDS] = hands
        holding &= ~(np.int64(hand == 0) << seat)
        s[HOLDING] = holding
        s[LAST_ROLLER] = seat
        if logging:
            row = log[s[LOG_SIZE]]
            row[0] = LOG_ACTION
            row[1] = seat
            row[2] = a
            s[LOG_SIZE] += 1
        if following < 0:
            if hand == 0:
                s[COUNTER] = counter
                return True
            following = seat
            next_hand = hand
        # the next seat holding dice rolls them all
        seat = following
        s[TURN] = seat
        hand = next_hand
        rolled_own, rolled_neutral, biggie, shown, counter = _roll_in(
            key, counter, hand & 15, hand >> 8, (hand >> 4) & 15
        )
        _store_roll(s, rolled_own, rolled_neutral, biggie, shown)
        if logging:
            _log_roll(s, log)


@compiled
def _end_round(s: np.ndarray, p: np.ndarray, seats: tuple[int, ...], log: np.ndarray, logging: bool) -> None:
    """Score the round; then the game is over, or the next round starts."""
    _score(s, p, seats)
    s[ROUND] += 1
    if s[ROUND] == p[P_ROUNDS]:
        s[PHASE] = OVER
        return
    s[FIRST] = s[LAST_ROLLER] if p[P_LAST_ROLLER] else (s[FIRST] + 1) % len(seats)
    _start_round(s, p, seats, log, logging)


@compiled
def _begin(
    s: np.ndarray, p: np.ndarray, seats: tuple[int, ...], bills: np.ndarray, log: np.ndarray, logging: bool
) -> None:
    """Start a game (KEY and FIRST filled in, every other column cleared here): the pile, then the
    first round."""
    key, first = s[KEY], s[FIRST]
    for column in range(p[P_WIDTH]):
        s[column] = 0
    s[KEY], s[FIRST] = key, first
    for k in range(p[P_BILLS]):
        s[at(p[L_PILE] + k)] = bills[k]
    s[UNSEEN] = p[P_BILLS]
    s[LAST_ROLLER] = s[FIRST]
    s[PENDING] = -1
    _start_round(s, p, seats, log, logging)


@compiled
def advance(
    state: np.ndarray, p: np.ndarray, bills: np.ndarray, policies: tuple[int, ...], log: np.ndarray, logging: bool
) -> int:
    """Play every game until it ends or waits for an outside choice; returns how many wait.

    A game not yet started (phase NEW with KEY and FIRST filled in; its other columns may hold anything,
    such as a finished game's) is started first, so a buffer of rows can be reused without clearing it."""
    games = state.shape[0]
    for g in range(games):
        s = state[g]
        game_log = log[g if logging else 0]
        if s[PHASE] == NEW:
            _begin(s, p, policies, bills, game_log, logging)
        while s[PHASE] == CHOOSE and _turns(s, p, policies, game_log, logging):
            _end_round(s, p, policies, game_log, logging)
    waiting = 0
    for g in range(games):
        waiting += state[g, PHASE] != OVER
    return waiting


@inlined
def _win_shares(s: np.ndarray, p: np.ndarray, players: int, shares: np.ndarray) -> None:
    """Each seat's share of the win of a finished game: the seats with the most money, and among them
    the most bills, share it equally."""
    money, won = p[L_MONEY], p[L_WON]
    best = best_bills = -1
    for seat in range(players):
        amount, bills = s[at(money + seat)], s[at(won + seat)]
        if amount > best or (amount == best and bills > best_bills):
            best, best_bills = amount, bills
    winners = 0.0
    for seat in range(players):
        shares[seat] = 1.0 if s[at(money + seat)] == best and s[at(won + seat)] == best_bills else 0.0
        winners += shares[seat]
    for seat in range(players):
        shares[seat] /= winners


@released
def play_games(
    keys: np.ndarray,
    first: np.ndarray,
    row: np.ndarray,
    p: np.ndarray,
    bills: np.ndarray,
    policies: tuple[int, ...],
    log: np.ndarray,
    results: np.ndarray,
    shares: np.ndarray,
) -> None:
    """Play a game to the end for each stream key and first seat, on one reused row (built-in policies
    only, `log` unused): as many columns as `results` has, from L_MONEY on, into the game's row of `results`, and each
    seat's share of the win into its row of `shares`."""
    start = p[L_MONEY]
    for g in range(keys.shape[0]):
        row[KEY] = keys[g]
        row[FIRST] = first[g]
        _begin(row, p, policies, bills, log, False)
        while row[PHASE] == CHOOSE and _turns(row, p, policies, log, False):
            _end_round(row, p, policies, log, False)
        for i in range(results.shape[1]):
            results[g, i] = row[at(start + i)]
        _win_shares(row, p, len(policies), shares[g])


@cached
def win_shares_of(state: np.ndarray, p: np.ndarray, players: int) -> np.ndarray:
    """`_win_shares` of every finished game of a state array, one row per game."""
    shares = np.zeros((state.shape[0], players))
    for g in range(state.shape[0]):
        _win_shares(state[g], p, players, shares[g])
    return shares


@cached
def legal_masks(state: np.ndarray, p: np.ndarray) -> np.ndarray:
    """The legal action mask of every game (0 for a game that is over)."""
    masks = np.zeros(state.shape[0], dtype=np.int64)
    for g in range(state.shape[0]):
        if state[g, PHASE] == CHOOSE:
            masks[g] = legal_mask(state[g], p[P_BANDIT] == 1)
    return masks
