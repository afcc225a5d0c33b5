"""Exact optimal play of Luckiest Dice by backward induction over turn states, in NumPy.

One kernel, `solve_turn`, solves a turn for many situations at once: it takes the value of banking
with p points and the value of a bust, as arrays with a column per situation, and works from the last
die to the first over every (dice left, cards used per class, points) state, keeping the best choice.

- Expected score (`score_values`): one column; banking is worth p, a bust 0.
- Win probability, 2 players (`solve_win`): a column per score difference d (mover minus opponent);
  banking p is worth 1 - W[t+1](-(d+p)), the opponent's chance of winning from their next turn, and a
  bust 1 - W[t+1](-d). After the last turn a lead wins, a tie is worth TIE (a shared win counts half).

Values are float64 sums of products of probabilities; their rounding error is below 1e-12.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from highroller.games.luckiest.faces import FaceTable
from highroller.games.luckiest.model import BANK_CODE, TurnModel, Used, turn_model

TIE = 0.5
"""What a shared win is worth in the win objective: half a win."""

Key = tuple[int, Used]


@dataclass
class TurnValues:
    """A solved turn: the value of every state (rows: points, columns: situations) and the best choice."""

    model: TurnModel
    bank: np.ndarray
    """bank[p, c]: value of ending the turn with p points in situation c (rows 0..most points)."""
    bust: np.ndarray
    """bust[c]: value of a bust in situation c."""
    values: dict[Key, np.ndarray] = field(default_factory=dict)
    codes: dict[Key, np.ndarray] = field(default_factory=dict)

    @property
    def start(self) -> np.ndarray:
        """The value of a turn from its start, per situation."""
        return self.values[(self.model.dice, (0,) * len(self.model.classes))][0]

    def _after(self, dice: int, used: Used) -> np.ndarray:
        return self.values[(dice, used)] if dice else self.bank

    def choice_values(self, dice: int, used: Used) -> list[tuple[int, np.ndarray]]:
        """Each choice's value (rows: points so far) at a state whose successors are solved."""
        model = self.model
        rows = model.points_cap(dice) + 1
        choices: list[tuple[int, np.ndarray]] = []
        if any(used):
            choices.append((BANK_CODE, self.bank[:rows]))
        for j, klass in enumerate(model.classes):
            if used[j] == len(klass.cards):
                continue
            after = (*used[:j], used[j] + 1, *used[j + 1 :])
            odds = model.odds[j][dice]
            value = np.empty((rows, self.bust.shape[0]))
            value[:] = odds[0] * self.bust
            for k in range(1, dice + 1):
                if odds[k]:
                    shift = k * klass.points
                    value += odds[k] * self._after(dice - k, after)[shift : shift + rows]
            choices.append((j, value))
        return choices


def solve_turn(
    model: TurnModel, bank: np.ndarray, bust: np.ndarray, policy: Mapping[Key, np.ndarray] | None = None
) -> TurnValues:
    """Solve a turn for the given leaf values: the best choice everywhere, or `policy`'s choices if given
    (to evaluate a fixed policy against other leaf values)."""
    solved = TurnValues(model, bank, bust)
    for key in model.states:
        choices = solved.choice_values(*key)
        if policy is None:
            code, best = choices[0]
            codes = np.full(best.shape, code, dtype=np.int8)
            for code, value in choices[1:]:
                better = value > best
                best = np.where(better, value, best)
                codes[better] = code
        else:
            codes = np.broadcast_to(policy[key], choices[0][1].shape)
            best = np.zeros(codes.shape)
            for code, value in choices:
                best = np.where(codes == code, value, best)
        solved.values[key] = best
        solved.codes[key] = codes
    return solved


@lru_cache(maxsize=4)
def score_values(faces: FaceTable) -> TurnValues:
    """The turn that maximises the expected score (one column)."""
    model = turn_model(faces)
    bank = np.arange(model.points_cap(0) + 1, dtype=float)[:, None]
    return solve_turn(model, bank, np.zeros(1))


@lru_cache(maxsize=4)
def score_gains(faces: FaceTable) -> np.ndarray:
    """The distribution of a turn's points (0..most) under the expected-score policy."""
    model = turn_model(faces)
    size = model.points_cap(0) + 1
    bust = np.zeros(size)
    bust[0] = 1.0
    return solve_turn(model, np.eye(size), bust, score_values(faces).codes).start


def terminal(lead: np.ndarray) -> np.ndarray:
    """The value of a final lead: a win 1, a tie TIE, a loss 0."""
    return np.where(lead > 0, 1.0, np.where(lead == 0, TIE, 0.0))


@dataclass
class WinSolution:
    """The 2-player win objective over `rounds` rounds, turn t = 0..2R-1 (the first player moves at even t).

    start[t, d + span]: the mover's win probability at the start of turn t, leading by d.
    """

    faces: FaceTable
    model: TurnModel
    rounds: int
    start: np.ndarray
    against_score: tuple[float, float] | None = None
    """The optimal player's win probability against the expected-score maximiser: moving first, second."""
    score_vs_score: float | None = None
    """The first player's win probability when both maximise their expected score."""

    @property
    def span(self) -> int:
        """The largest score difference: the most points one player can bank in the game."""
        return self.model.points_cap(0) * self.rounds

    @property
    def first_player(self) -> float:
        return float(self.start[0, self.span])

    @property
    def edge(self) -> float | None:
        """The optimal player's win probability against the score maximiser, averaged over both seats, minus 1/2."""
        if self.against_score is None:
            return None
        return sum(self.against_score) / 2 - 0.5

    def turn(self, t: int, leads: np.ndarray) -> TurnValues:
        """Turn t solved for the mover's leads `leads` (a column each)."""
        bank, bust = _leaves(self.model, self._next(t), leads, self.span)
        return solve_turn(self.model, bank, bust)

    def _next(self, t: int) -> np.ndarray:
        """The mover's value of each lead x after turn t, for x = -span..span + most points."""
        lead = np.arange(-self.span, self.span + self.model.points_cap(0) + 1)
        if t == 2 * self.rounds - 1:
            return terminal(lead)
        return 1.0 - self.start[t + 1][np.clip(self.span - lead, 0, 2 * self.span)]


def _leaves(model: TurnModel, after: np.ndarray, leads: np.ndarray, span: int) -> tuple[np.ndarray, np.ndarray]:
    """Bank and bust arrays from a mover's value `after[x + span]` of ending the turn leading by x."""
    rows = np.arange(model.points_cap(0) + 1)[:, None]
    index = leads + span
    return after[np.clip(index[None, :] + rows, 0, after.shape[0] - 1)], after[index]


def _score_turn(later: np.ndarray, gains: np.ndarray, span: int, sign: int) -> np.ndarray:
    """A turn of an expected-score maximiser: the value at its start per lead d (-span..span), given the
    value after it per lead; its points g move the lead to d + sign * g."""
    leads = np.arange(-span, span + 1)
    index = np.clip(leads[:, None] + sign * np.arange(gains.shape[0])[None, :] + span, 0, 2 * span)
    return later[index] @ gains


def _optimal_turn(model: TurnModel, later: np.ndarray, solved: TurnValues, span: int) -> np.ndarray:
    """A turn of the optimal player, playing `solved`'s choices: its win probability at the turn's start
    per lead, given it after the turn per lead (both -span..span)."""
    bank, bust = _leaves(model, later, np.arange(-span, span + 1), span)
    return solve_turn(model, bank, bust, solved.codes).start


def solve_win(faces: FaceTable, rounds: int, *, against_score: bool = True) -> WinSolution:
    """Solve the 2-player game of `rounds` rounds; with `against_score`, also the optimal player's
    chances against the expected-score maximiser and the score maximisers' first-player chance."""
    model = turn_model(faces)
    turns = 2 * rounds
    span = model.points_cap(0) * rounds
    solution = WinSolution(faces, model, rounds, np.zeros((turns, 2 * span + 1)))
    leads = np.arange(-span, span + 1)
    gains = score_gains(faces) if against_score else np.zeros(1)
    # the optimal player's chance when moving first, when moving second (leads are theirs), and the
    # first score maximiser's chance against the second (leads are the first player's)
    first = second = both = terminal(leads)
    for t in range(turns - 1, -1, -1):
        solved = solution.turn(t, leads)
        solution.start[t] = solved.start
        if against_score:
            even = t % 2 == 0
            first = _optimal_turn(model, first, solved, span) if even else _score_turn(first, gains, span, -1)
            second = _score_turn(second, gains, span, -1) if even else _optimal_turn(model, second, solved, span)
            both = _score_turn(both, gains, span, 1 if even else -1)
    if against_score:
        solution.against_score = (float(first[span]), float(second[span]))
        solution.score_vs_score = float(both[span])
    return solution
