"""Each seat's chance of winning a game of Luckiest Dice, from the exact win solutions.

With 2 players, at a decision the mover's chance is the best action's value in the solved win objective
(both playing to win from here on, a shared win counted as half) and the other seat has the rest. With
3 players (up to 4 rounds) every seat's chance comes from the exact max-n solution, everyone playing
to win from here. At the end, the winners share 1. Chance steps (dice to roll), games of other sizes
(4 and 5 players have only an approximate solution), and a 3-player game whose solution a web
server's warm-up is still working out are not covered: None.
"""

from __future__ import annotations

from highroller.core.firsttime import NotWarm
from highroller.core.state import State
from highroller.games.luckiest.policy import maxn_chances, win_advice, win_exact


def win_chances(state: State) -> list[float] | None:
    """Each seat's chance of winning from `state`, or None where it is not covered."""
    players = state.game.num_players
    if state.is_terminal():
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    mover = state.current_player
    if mover < 0 or players == 1:
        return None
    view = state.view(mover)
    if not win_exact(view):
        return None
    if players > 2:
        try:
            return maxn_chances(view)
        except NotWarm:
            return None
    best = win_advice(view).values[0][1]
    chances = [1.0 - best] * 2
    chances[mover] = best
    return chances
