"""Pig's rules and positions: options, steps (roll, hold, a die's face), and the state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highroller.core.errors import IllegalAction, RulesError
from highroller.core.game import RulesGame
from highroller.core.state import CHANCE, TERMINAL, State
from highroller.core.values import is_whole

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class PigRules:
    """The options: players and the score that wins."""

    players: int = 2
    target: int = 30

    def to_options(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target}


def resolve(players: int = 2, target: int = 30) -> PigRules:
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(f"Pig is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if not is_whole(target) or not 10 <= target <= 100:
        raise RulesError(f"the target is 10 to 100 points, not {target!r}")
    return PigRules(players, target)


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the die again."""

    def __str__(self) -> str:
        return "roll"

    def to_json(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Hold:
    """Bank the turn's total and pass the die."""

    def __str__(self) -> str:
        return "hold"

    def to_json(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Face:
    """The face the die shows."""

    value: int

    def __str__(self) -> str:
        return str(self.value)

    def to_json(self) -> int:
        return self.value


ROLL, HOLD = Roll(), Hold()
FACES = tuple(Face(value) for value in range(1, 7))


class PigState(State):
    """A Pig position: the scores, whose turn it is and the turn's total so far."""

    __slots__ = ("scores", "total", "turn")

    game: PigGame

    def __init__(self, game: PigGame, seed: int) -> None:
        super().__init__(game, seed)
        self.scores = [0] * game.rules.players
        self.turn = 0
        self.total = 0
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
        copy.turn, copy.total = self.turn, self.total
        return copy

    def returns(self) -> list[float]:
        return [float(score) for score in self.scores]

    def winners(self) -> list[int]:
        if max(self.scores) < self.game.rules.target:
            return []
        return [self.scores.index(max(self.scores))]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "target": self.game.rules.target, "scores": list(self.scores), "turn": self.turn, "total": self.total}

    def decode_step(self, data: Any) -> Roll | Hold | Face:
        if self.current_player == CHANCE:
            if not is_whole(data) or not 1 <= data <= 6:
                raise IllegalAction(f"a die's JSON is its face, 1 to 6, not {data!r}")
            return FACES[data - 1]
        if data in ("roll", "hold"):
            return ROLL if data == "roll" else HOLD
        raise IllegalAction(f"an action's JSON is \"roll\" or \"hold\", not {data!r}")

    def parse_input(self, text: str) -> Roll | Hold | Face:
        if self.current_player == CHANCE:
            word = text.strip()
            if not word.isdigit():
                raise IllegalAction("type the face the die shows, 1 to 6")
            return self.decode_step(int(word))
        return super().parse_input(text)


class PigGame(RulesGame[PigRules]):
    name = "pig"
    resolve = staticmethod(resolve)
    state_class = PigState
