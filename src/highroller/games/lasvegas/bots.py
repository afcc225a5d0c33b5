"""Las Vegas bots: `random` (from the core) and `greedy`, the baseline that takes the placement with
the best immediate gain: how much more money its own dice would win if the round were scored now."""

from __future__ import annotations

import random
from collections.abc import Sequence

from highroller.core.state import State
from highroller.games.lasvegas.scoring import bandit_place, pay, rank_casino
from highroller.games.lasvegas.state import BANDIT_INDEX, LasVegasState
from highroller.games.lasvegas.steps import Place


def placement_gain(state: LasVegasState, action: Place) -> int:
    """Change in the mover's winnings at the target casino, if it were scored right after placing.

    Uses only what every player sees: the casino's bills, the dice on it and the current roll.
    """
    roll = state.roll
    assert roll is not None
    seat = state.turn
    players = state.rules.players
    face = action.face
    weight = roll.own[face - 1] + (2 if roll.biggie == face else 0)
    neutral = roll.neutral[face - 1]
    index = BANDIT_INDEX if action.bandit else face - 1
    before = state.dice[index]
    after = list(before)
    after[seat] += weight
    after[players] += neutral
    bills = state.casino_bills[index]
    if not action.bandit:
        return pay(bills, rank_casino(after))[0].get(seat, 0) - pay(bills, rank_casino(before))[0].get(seat, 0)
    pips, top = list(state.pips), list(state.top)
    for owner, count in ((seat, weight), (players, neutral)):
        if count:
            pips[owner] += face * count
            top[owner] = max(top[owner], face)
    return _bill(bills, bandit_place(after, pips, top, seat, players)) - _bill(
        bills, bandit_place(before, state.pips, state.top, seat, players)
    )


def _bill(bills: Sequence[int], place: int) -> int:
    """The bill paid at a place (`scoring.bandit_place`) of a casino holding `bills`, high to low."""
    return bills[place] if 0 <= place < len(bills) else 0


class GreedyBot:
    """Best immediate gain; among equals, the placement that spends the fewest dice; then at random."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Place:
        assert isinstance(state, LasVegasState) and state.roll is not None, "GreedyBot plays Las Vegas decisions"
        best = best_placements(state)
        return best[0] if len(best) == 1 else self._rng.choice(best)


def best_placements(state: LasVegasState) -> list[Place]:
    """The legal placements the greedy bot chooses among (in legal order): best immediate gain, then
    fewest dice spent."""
    roll = state.roll
    assert roll is not None
    best: list[Place] = []
    best_key: tuple[int, int] | None = None
    for action in state.legal_actions():
        key = (placement_gain(state, action), -roll.face_total(action.face))
        if best_key is None or key > best_key:
            best, best_key = [action], key
        elif key == best_key:
            best.append(action)
    return best
