"""Pig's positions and the game: the scores, whose turn it is, the turn's total and the last roll."""

from __future__ import annotations

from typing import Any

from highroller.core.errors import IllegalAction
from highroller.core.game import RulesGame
from highroller.core.state import CHANCE, TERMINAL, State
from highroller.core.values import is_whole
from highroller_pig.rules import PigRules, resolve
from highroller_pig.steps import FACES, HOLD, ROLL, Face, Hold, Roll
from highroller_pig.view import PigView


class PigState(State):
    """A Pig position: the scores, whose turn it is, the turn's total so far and the last face rolled."""

    __slots__ = ("last_roll", "scores", "total", "turn")

    game: PigGame

    def __init__(self, game: PigGame, seed: int) -> None:
        super().__init__(game, seed)
        self.scores = [0] * game.rules.players
        self.turn = 0
        self.total = 0
        self.last_roll: int | None = None
        self.current_player = CHANCE

    def legal_actions(self) -> tuple[Roll | Hold, ...]:
        if self.current_player < 0:
            return ()
        return (ROLL, HOLD)

    def roller(self) -> int | None:
        return self.turn

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(face, 1 / 6) for face in FACES]

    def _sample_chance(self, bits: int) -> Face:
        return FACES[bits % 6]

    def _check_outcome(self, outcome: Any) -> None:
        if outcome not in FACES:
            raise IllegalAction(f"a die shows 1 to 6, not {outcome!r}")

    def _apply_outcome(self, outcome: Face) -> None:
        self.last_roll = outcome.value
        if outcome.value == 1:
            self.events.append({"type": "pig", "seat": self.turn, "lost": self.total})
            self.total = 0
            self._next_turn()
        else:
            self.total += outcome.value
            self.current_player = self.turn

    def _apply_action(self, action: Roll | Hold) -> None:
        if action == ROLL:
            self.current_player = CHANCE
            return
        self.scores[self.turn] += self.total
        self.events.append({"type": "hold", "seat": self.turn, "points": self.total, "score": self.scores[self.turn]})
        self.total = 0
        if self.scores[self.turn] >= self.game.rules.target:
            self.events.append({"type": "end", "scores": list(self.scores), "winners": self.winners()})
            self.current_player = TERMINAL
            return
        self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.game.rules.players
        self.current_player = CHANCE

    def clone(self) -> PigState:
        copy = type(self).__new__(type(self))
        self._clone_base(copy)
        copy.scores = list(self.scores)
        copy.turn, copy.total, copy.last_roll = self.turn, self.total, self.last_roll
        return copy

    def returns(self) -> list[float]:
        return [float(score) for score in self.scores]

    def winners(self) -> list[int]:
        if max(self.scores) < self.game.rules.target:
            return []
        return [self.scores.index(max(self.scores))]

    def view(self, seat: int | None) -> dict[str, Any]:
        view: PigView = {
            "seat": seat,
            "current_player": self.current_player,
            "winners": self.winners(),
            "game": "pig",
            "target": self.game.rules.target,
            "scores": list(self.scores),
            "turn": self.turn,
            "total": self.total,
            "last_roll": self.last_roll,
        }
        return dict(view)

    def decode_step(self, data: Any) -> Roll | Hold | Face:
        if self.current_player == CHANCE:
            if not is_whole(data) or not 1 <= data <= 6:
                raise IllegalAction(f"a die's JSON is its face, 1 to 6, not {data!r}")
            return FACES[data - 1]
        if data in ("roll", "hold"):
            return ROLL if data == "roll" else HOLD
        raise IllegalAction(f'an action\'s JSON is "roll" or "hold", not {data!r}')


class PigGame(RulesGame[PigRules]):
    """Pig with its options; `hr.make("pig", players=3, target=50)`."""

    name = "pig"
    resolve = staticmethod(resolve)
    state_class = PigState
