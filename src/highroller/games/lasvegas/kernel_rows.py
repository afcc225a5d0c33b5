"""A Las Vegas position of the step engine as a row of the compiled batch kernel, so compiled code can
play on from it (the `expert` bot's playouts).

Only what every player sees goes into the row: the casinos' bills and dice, the bandit's pips, the
dice each seat still holds, the roll on the table, the money, and the bill pile as the multiset of
unseen bills (the kernel draws them by swap-remove, each equally likely, which is the step engine's
stocking rule) followed by the known bills under it. The row's random stream is the caller's, so the
future a playout imagines never comes from the game's own seed.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from highroller.batch.rolls import COUNTS, FACE_BITS, SHOWN_SHIFT
from highroller.games.lasvegas import batch_kernel as kernel
from highroller.games.lasvegas.batch import Setup
from highroller.games.lasvegas.phases import CHOOSE
from highroller.games.lasvegas.rules import LasVegasRules
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import Roll


@lru_cache(maxsize=32)
def setup_of(rules: LasVegasRules) -> Setup:
    """The kernel's layout and parameters for a rule set (kept: bots ask on every move)."""
    return Setup(rules)


def _packed(counts: tuple[int, ...]) -> int:
    """Counts per face packed as `highroller.batch.rolls` packs a roll."""
    packed = sum(count << (FACE_BITS * face) for face, count in enumerate(counts))
    return (packed & COUNTS) | sum(1 << (SHOWN_SHIFT + face) for face, count in enumerate(counts) if count)


def _put(row: np.ndarray, setup: Setup, name: str, values: np.ndarray | list[int]) -> None:
    """Write a column group of the row (values shaped like the group, or a prefix of it flattened)."""
    flat = np.asarray(values, dtype=np.int64).ravel()
    start = setup.offsets[name]
    row[start : start + flat.size] = flat


def decision_row(state: LasVegasState) -> np.ndarray:
    """The kernel row of a state at a seat's decision (a roll on the table), waiting on that seat's
    choice; KEY and COUNTER are left 0 for the caller's stream."""
    if state.phase != CHOOSE or state.roll is None:
        raise ValueError("a kernel row is made at a seat's decision, with its roll on the table")
    rules = state.rules
    setup = setup_of(rules)
    players = rules.players
    row = np.zeros(setup.width, dtype=np.int64)
    roll: Roll = state.roll
    row[kernel.PHASE] = kernel.CHOOSE
    row[kernel.ROUND] = state.round
    row[kernel.FIRST] = state.first
    row[kernel.TURN] = state.turn
    row[kernel.LAST_ROLLER] = state.last_roller
    row[kernel.BANDIT_FACES] = state.bandit_faces
    row[kernel.PENDING] = -1
    row[kernel.ROLL_OWN] = _packed(roll.own)
    row[kernel.ROLL_NEUTRAL] = _packed(roll.neutral)
    row[kernel.ROLL_BIGGIE] = roll.biggie
    shown = sum(1 << face for face in range(6) if roll.own[face] or roll.neutral[face])
    row[kernel.ROLL_SHOWN] = shown | ((1 << roll.biggie) >> 1)
    holding = hands = 0
    for seat in range(players):
        hand = state.own[seat] | (state.neutral[seat] << 4) | (int(state.biggie[seat]) << 8)
        hands |= hand << (kernel.HAND_BITS * seat)
        holding |= (1 << seat) if hand else 0
    row[kernel.HANDS] = hands
    row[kernel.HOLDING] = holding
    dice = np.zeros(setup.shapes["dice"], dtype=np.int64)
    bills = np.zeros(setup.shapes["bills"], dtype=np.int64)
    counts = np.zeros(setup.shapes["bill_count"], dtype=np.int64)
    for casino in range(rules.casinos):
        dice[casino] = state.dice[casino]
        stocked = sorted(state.casino_bills[casino], reverse=True)
        bills[casino, : len(stocked)] = stocked
        counts[casino] = len(stocked)
    _put(row, setup, "dice", dice)
    _put(row, setup, "bills", bills)
    _put(row, setup, "bill_count", counts)
    _put(row, setup, "pips", state.pips)
    _put(row, setup, "top", state.top)
    unseen = [bill for bill, count in zip(state.denominations, state.pile) for _ in range(count)]
    row[kernel.UNSEEN] = len(unseen)
    _put(row, setup, "pile", unseen)
    row[kernel.UNDER_HEAD] = 0
    row[kernel.UNDER_SIZE] = len(state.under)
    _put(row, setup, "under", state.under)
    _put(row, setup, "money", state.money)
    _put(row, setup, "won", [len(won) for won in state.won])
    return row
