"""Las Vegas bots: `random` (from the core) and `greedy`, the baseline that takes the placement with
the best immediate gain: how much more money its own dice would win if the round were scored now."""

from __future__ import annotations

import random

from highroller.core.state import State
from highroller.games.lasvegas.scoring import pay, rank_bandit, rank_casino
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
    before = list(state.dice[index])
    after = list(before)
    after[seat] += weight
    after[players] += neutral
    bills = state.casino_bills[index]
    if action.bandit:
        pips = list(state.pips)
        top = list(state.top)
        pips_after = list(pips)
        top_after = list(top)
        if weight:
            pips_after[seat] += face * weight
            top_after[seat] = max(top_after[seat], face)
        if neutral:
            pips_after[players] += face * neutral
            top_after[players] = max(top_after[players], face)
        gain_rank = rank_bandit(after, pips_after, top_after, players)
        base_rank = rank_bandit(before, pips, top, players)
    else:
        gain_rank = rank_casino(after)
        base_rank = rank_casino(before)
    return pay(bills, gain_rank)[0].get(seat, 0) - pay(bills, base_rank)[0].get(seat, 0)


class GreedyBot:
    """Best immediate gain; among equals, the placement that spends the fewest dice; then at random."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> Place:
        assert isinstance(state, LasVegasState) and state.roll is not None, "GreedyBot plays Las Vegas decisions"
        roll = state.roll
        best: list[Place] = []
        best_key: tuple[int, int] | None = None
        for action in state.legal_actions():
            key = (placement_gain(state, action), -roll.face_total(action.face))
            if best_key is None or key > best_key:
                best, best_key = [action], key
            elif key == best_key:
                best.append(action)
        return best[0] if len(best) == 1 else self._rng.choice(best)
