"""Each seat's chance of winning a 2-player game of Luckiest Dice, from the exact win solution.

At a decision, the mover's chance is the best action's value in the solved win objective (both players
playing to win from here on, a shared win counted as half); the other seat has the rest. At the end,
the winner has 1 (a tie ½ each). Chance steps (dice to roll) and games of another number of players are
not covered: None. The first call for a face table and number of rounds solves it (about half a
second); later calls look it up.
"""

from __future__ import annotations

from highroller.core.state import State
from highroller.games.luckiest.policy import win_advice


def win_chances(state: State) -> list[float] | None:
    """[seat 0's chance, seat 1's chance] of winning from `state`, or None where it is not covered."""
    if state.game.options["players"] != 2:
        return None
    if state.is_terminal():
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(2)]
    mover = state.current_player
    if mover < 0:
        return None
    best = win_advice(state.view(mover)).values[0][1]
    chances = [0.0, 0.0]
    chances[mover] = best
    chances[1 - mover] = 1.0 - best
    return chances
