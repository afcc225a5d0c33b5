"""`mcts`: a determinized Monte Carlo tree search bot for Las Vegas.

Every iteration redraws what the bot cannot know (`state.resample(seat, rng)`: future dice and bills),
walks down a tree of the bot's own decisions, choosing by UCB1, adds one node, then finishes the round
with a fast rollout policy. Between two of the bot's decisions the chance steps are sampled on that
copy and the opponents move by the rollout policy, which is the bot's model of them; a child is keyed
by the action and every step that followed it, so a node's legal actions are always the same.

A round is scored as soon as its last die is placed, so a playout stops there, and is valued by
`reward_of`: by default ("standing") as a chance of winning the game, the bot's share of a softmax of
every seat's money whose temperature, `spread` × $100,000 × √(rounds still to play), shrinks as the
game nears its end; after the last round, its exact share of the win. The money rewards value a round
by the bot's money minus the others' mean ("field") or minus the best other seat's ("leader"). The
move played is the most visited one. With the default iteration budget the bot is
deterministic given its seed; a time budget (`seconds`) plays faster or stronger but depends on the
machine.
"""

from __future__ import annotations

import math
import random
import time
from typing import cast

from highroller.core.state import CHANCE, TERMINAL, State
from highroller.games.lasvegas.rollout import RolloutPolicy
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import Place

SCALE = 100_000.0
"""Rewards are in units of $100,000 so that the exploration constant reads naturally."""


class _Node:
    """One of the bot's decisions: visits and reward sums per action, and the decisions that follow."""

    __slots__ = ("actions", "children", "totals", "visits")

    def __init__(self, actions: tuple[Place, ...]) -> None:
        self.actions = actions
        self.visits = [0] * len(actions)
        self.totals = [0.0] * len(actions)
        self.children: dict[tuple[Place, tuple[object, ...]], _Node] = {}

    def select(self, exploration: float) -> int:
        """The action index to try: an untried one first, else the best UCB1 score."""
        visits = self.visits
        for index, count in enumerate(visits):
            if not count:
                return index
        log_n = math.log(sum(visits))
        totals = self.totals
        return max(range(len(visits)), key=lambda i: totals[i] / visits[i] + exploration * math.sqrt(log_n / visits[i]))

    def best(self) -> Place:
        """The most visited action (ties: the better mean)."""
        index = max(range(len(self.actions)), key=lambda i: (self.visits[i], self.totals[i] / max(self.visits[i], 1)))
        return self.actions[index]


REWARDS = ("standing", "field", "leader")


def reward_of(state: LasVegasState, seat: int, reward: str, spread: float = 1.0) -> float:
    """The value of a scored round for `seat` (see the module docstring): a winning chance in [0, 1]
    ("standing"), or money in units of `SCALE` ("field", "leader")."""
    money = state.money
    if reward == "standing":
        winners = state.winners()
        if winners:
            return 1.0 / len(winners) if seat in winners else 0.0
        temperature = spread * SCALE * math.sqrt(state.rules.rounds - state.round)
        top = max(money)
        weights = [math.exp((m - top) / temperature) for m in money]
        return weights[seat] / sum(weights)
    others = [m for other, m in enumerate(money) if other != seat]
    return (money[seat] - (max(others) if reward == "leader" else sum(others) / len(others))) / SCALE


class SearchBot:
    """Determinized MCTS (see the module docstring).

    `iterations`: playouts per move (default 1000); `seconds`: a time budget per move instead, if given;
    `exploration`: the UCB1 constant; `epsilon`: how often the rollout policy plays at random;
    `reward`: "standing", "field" or "leader", and `spread`, the standing reward's temperature in
    units of $100,000 (see the module docstring).
    """

    def __init__(
        self,
        seed: int,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        epsilon: float = 0.1,
        reward: str = "standing",
        spread: float = 1.0,
    ) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if spread <= 0:
            raise ValueError("spread must be positive")
        self._rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.reward = reward
        self.spread = spread
        self._rollout = RolloutPolicy(self._rng, epsilon)

    def choose(self, state: State) -> Place:
        assert isinstance(state, LasVegasState) and state.roll is not None, "SearchBot plays Las Vegas decisions"
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        root = _Node(legal)
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline or done == 0):
            self._iterate(root, seat, cast(LasVegasState, state.resample(seat, self._rng)))
            done += 1
        return root.best()

    def _iterate(self, root: _Node, seat: int, state: LasVegasState) -> None:
        round_number = state.round
        path: list[tuple[_Node, int]] = []
        node: _Node | None = root
        while node is not None:
            index = node.select(self.exploration)
            path.append((node, index))
            action = node.actions[index]
            state.apply(action)
            between = self._to_own_turn(state, seat, round_number)
            if state.current_player < 0 or state.round != round_number:
                break
            key = (action, between)
            child = node.children.get(key)
            if child is None:
                node.children[key] = _Node(state.legal_actions())
                node = None
            else:
                node = child
        self._finish_round(state, round_number)
        reward = reward_of(state, seat, self.reward, self.spread)
        for visited, index in path:
            visited.visits[index] += 1
            visited.totals[index] += reward

    def _to_own_turn(self, state: LasVegasState, seat: int, round_number: int) -> tuple[object, ...]:
        """Play chance (from the redrawn copy's own stream) and the opponents (by the rollout policy, the
        bot's model of them) up to the bot's next decision or the round's end; the steps played."""
        steps: list[object] = []
        choose = self._rollout.choose
        while state.current_player != seat and state.current_player != TERMINAL and state.round == round_number:
            step = state.sample_chance() if state.current_player == CHANCE else choose(state)
            steps.append(step)
            state.apply(step)
        return tuple(steps)

    def _finish_round(self, state: LasVegasState, round_number: int) -> None:
        choose = self._rollout.choose
        while state.round == round_number and state.current_player != TERMINAL:
            state.apply(state.sample_chance() if state.current_player == CHANCE else choose(state))
