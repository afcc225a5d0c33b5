"""`heuristic`: a hand-tuned Las Vegas bot that reads the table like a careful player.

Each placement is valued as: what the bot would win at that casino if it were scored now, discounted
when opponents still holding dice could catch up (more dice left means less secure; a tie would cancel
the bot), plus what the placement takes away from the opponents there (a tie that cancels a leader,
an overtaken leader pushed down to a smaller bill), weighted towards the best-placed opponent, minus the
worth of the dice spent (the unclaimed money on the table shared out over every die still to roll).
On the bandit, where nothing cancels, the greedy gain is used.
"""

from __future__ import annotations

import random

from highroller.core.state import State
from highroller.games.lasvegas.bots import placement_gain
from highroller.games.lasvegas.scoring import pay, rank_casino
from highroller.games.lasvegas.state import BANDIT_INDEX, LasVegasState
from highroller.games.lasvegas.steps import Place


def dice_left(state: LasVegasState, seat: int) -> int:
    """Dice `seat` still rolls this round, the Biggie counted as the two dice it weighs."""
    return state.own[seat] + (2 if state.biggie[seat] else 0)


def _paid(bills: list[int], dice: list[int]) -> dict[int, int]:
    return pay(bills, rank_casino(dice))[0]


CAUTION = 0.1
DENIAL = 0.4
THRIFT = 0.2
"""The default weights (see `HeuristicBot`)."""


class HeuristicBot:
    """Values placements as described in the module docstring.

    `caution`: how much an opponent's remaining dice discount a lead (0: not at all);
    `denial`: the weight of money taken from opponents; `thrift`: the weight of the dice spent.
    """

    def __init__(self, seed: int, caution: float = CAUTION, denial: float = DENIAL, thrift: float = THRIFT) -> None:
        self._rng = random.Random(seed)
        self.caution = caution
        self.denial = denial
        self.thrift = thrift

    def choose(self, state: State) -> Place:
        assert isinstance(state, LasVegasState) and state.roll is not None, "HeuristicBot plays Las Vegas decisions"
        legal = state.legal_actions()
        scored = [(self.value(state, action), action) for action in legal]
        top = max(score for score, _ in scored)
        best = [action for score, action in scored if score >= top - 1e-9]
        return best[0] if len(best) == 1 else self._rng.choice(best)

    def value(self, state: LasVegasState, action: Place) -> float:
        """The placement's worth in dollars (see the class docstring)."""
        roll = state.roll
        assert roll is not None
        spent = roll.face_total(action.face) + (1 if roll.biggie == action.face else 0)
        cost = self.thrift * spent * self._die_worth(state)
        if action.bandit:
            return placement_gain(state, action) - cost
        seat = state.turn
        players = state.rules.players
        index = action.face - 1
        bills = state.casino_bills[index]
        before = state.dice[index]
        after = list(before)
        after[seat] += roll.own[index] + (2 if roll.biggie == action.face else 0)
        after[players] += roll.neutral[index]
        paid_before, paid_after = _paid(bills, before), _paid(bills, after)
        mine = paid_after.get(seat, 0) * self._security(state, after, seat)
        gain = mine - paid_before.get(seat, 0)
        return gain + self.denial * self._taken(state, paid_before, paid_after, seat) - cost

    def _security(self, state: LasVegasState, dice: list[int], seat: int) -> float:
        """How likely a lead survives: discounted per opponent who could still match or pass it."""
        security = 1.0
        for other in range(state.rules.players):
            if other == seat:
                continue
            left = dice_left(state, other)
            if left and dice[other] + (left + 2) // 3 >= dice[seat]:
                security *= 1 - self.caution * min(1.0, left / max(1, dice[seat] * 2))
        return security

    @staticmethod
    def _taken(state: LasVegasState, before: dict[int, int], after: dict[int, int], seat: int) -> float:
        """Money the placement takes from opponents, the leader's loss counting double."""
        money = state.money
        opponents = [o for o in range(state.rules.players) if o != seat]
        leader = max(opponents, key=lambda o: money[o])
        return sum((before.get(o, 0) - after.get(o, 0)) * (2 if o == leader else 1) for o in opponents) / 2

    @staticmethod
    def _die_worth(state: LasVegasState) -> float:
        """Unclaimed money on the table per die still to be placed by anyone."""
        on_table = sum(sum(bills) for bills in state.casino_bills[:BANDIT_INDEX])
        dice = sum(dice_left(state, s) for s in range(state.rules.players))
        return on_table / max(dice, 1) / 2
