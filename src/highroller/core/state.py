"""The engine API every game implements: a `State` says who decides, what is legal, and applies steps.

A step is either a player's action or a chance outcome (dice rolled, a bill or card drawn). Both are
immutable objects with a readable `str()` and a `to_json()`; the game turns JSON back into a step with
`decode_step`. Chance is explicit: at a chance step `current_player` is `CHANCE`, `chance_outcomes()`
lists the outcomes with their probabilities, and `sample_chance()` draws one from the state's own
counter-based generator (draw number n of seed s is always the same), or from a generator passed in.
"""

# highroller: compile

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, Protocol, TypeAlias

from mypy_extensions import mypyc_attr

from highroller.core.errors import IllegalAction
from highroller.core.record_header import FORMAT, VERSION
from highroller.core.rng import Stream

CHANCE = -1
"""`current_player` at a chance step (dice to roll, a bill or card to draw)."""

TERMINAL = -2
"""`current_player` once the game is over."""

JSON: TypeAlias = Any


class Step(Protocol):
    """An action or a chance outcome: hashable, printable, and serialisable."""

    def to_json(self) -> JSON: ...

    def __str__(self) -> str: ...


class GameOfState(Protocol):
    """What a state knows of the game that made it (a `highroller.core.game.Game`)."""

    @property
    def name(self) -> str: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def num_players(self) -> int: ...

    def new_game(self, seed: int | None = None) -> State: ...


def _listing(steps: list[Step] | tuple[Step, ...], limit: int = 40) -> str:
    shown = ", ".join(str(s) for s in steps[:limit])
    return shown + (f", … ({len(steps) - limit} more)" if len(steps) > limit else "")


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (core.compiled): any game's state, compiled or not
class State(ABC):
    """One position of a game, with its whole history. Subclasses implement the rules."""

    __slots__ = ("_sampled", "_seed", "_stream", "chance_count", "current_player", "events", "game", "history")

    current_player: int
    """The seat to act (0-based), `CHANCE`, or `TERMINAL`; games keep it up to date as they change."""

    def __init__(self, game: GameOfState, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.chance_count = 0
        self._sampled: Step | None = None
        self.history: list[tuple[int, Step]] = []
        self.events: list[dict[str, JSON]] = []

    @property
    def seed(self) -> int:
        """The seed of the state's chance stream (part of the state: it fixes the future)."""
        return self._seed

    @seed.setter
    def seed(self, seed: int) -> None:
        self._seed = seed
        self._stream = Stream(seed)

    # ------------------------------------------------------------------ who decides, what is legal
    @abstractmethod
    def legal_actions(self) -> tuple[Step, ...]:
        """The deciding seat's legal actions (empty at chance steps and at the end)."""

    def roller(self) -> int | None:
        """At a chance step, the seat whose roll or draw it is (for display); None for the table's."""
        return None

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """Every outcome of this chance step with its probability (they sum to 1)."""
        if self.current_player != CHANCE:
            raise self._not_chance()
        return self._chance_outcomes()

    def sample_chance(self, rng: random.Random | None = None) -> Step:
        """One outcome of this chance step: from `rng` if given, else from the state's own stream.

        The state's own stream is a pure function of (seed, number of chance steps so far), so the
        same state always samples the same outcome and a replayed state samples as the original did.
        """
        if self.current_player != CHANCE:
            raise self._not_chance()
        bits = rng.getrandbits(64) if rng is not None else self._stream.draw(self.chance_count)
        outcome = self._sample_chance(bits)
        self._sampled = outcome  # sampled here, so apply() need not validate it again
        return outcome

    def _not_chance(self) -> IllegalAction:
        return IllegalAction(f"this is not a chance step; {self._who_acts()}")

    # ------------------------------------------------------------------ applying steps
    def apply(self, step: Step) -> None:
        """Apply an action (deciding seat) or an outcome (chance step).

        Raises `IllegalAction`, listing what is legal, and leaves the state unchanged if refused.
        """
        player = self.current_player
        if player == CHANCE:
            if step is None or step is not self._sampled:
                self._check_outcome(step)
            self._sampled = None
            self._apply_outcome(step)
            self.chance_count += 1
        elif player == TERMINAL:
            raise IllegalAction("the game is over: no action is legal")
        else:
            legal = self.legal_actions()
            if id(step) not in map(id, legal) and not any(
                type(action) is type(step) and action == step for action in legal
            ):
                raise self._refusal(
                    step
                )  # the same object first (bots return what was listed), else an equal one of its type
            self._apply_action(step)
        self.history.append((player, step))

    def _refusal(self, action: Step) -> IllegalAction:
        """The error refusing an action that is not legal here: it lists what is."""
        legal = self.legal_actions()
        return IllegalAction(f"{action!s} is not legal for seat {self.current_player}; legal: {_listing(legal)}")

    def _who_acts(self) -> str:
        player = self.current_player
        if player == TERMINAL:
            return "the game is over"
        if player == CHANCE:
            return "a chance step is next"
        return f"seat {player} is to act"

    # ------------------------------------------------------------------ copies, resampling, equality
    @abstractmethod
    def clone(self) -> State:
        """An independent copy; applying steps to it leaves this state alone."""

    def _clone_base(self, other: State) -> None:
        """Copy the fields this base class owns into a fresh `other` (for subclasses' `clone`)."""
        other.game = self.game
        other.current_player = self.current_player
        other._seed = self._seed
        other._stream = self._stream
        other.chance_count = self.chance_count
        other._sampled = self._sampled
        other.history = list(self.history)
        other.events = list(self.events)

    def resample(self, seat: int, rng: random.Random) -> State:
        """A copy in which everything `seat` cannot know is redrawn from `rng`.

        What a seat cannot know is the future: the order of undrawn bills or cards and the dice still to
        be rolled. Every game here draws those as chance steps from the seed, so reseeding is enough; a
        game with private information overrides this. Search bots use it instead of `clone` so that
        they never see the real future.
        """
        copy = self.clone()
        copy.seed = rng.getrandbits(63)
        return copy

    def __eq__(self, other: object) -> bool:
        """Same game, options, seed and history: the same position with the same future draws."""
        if not isinstance(other, State):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.game == other.game
            and self.seed == other.seed
            and self.chance_count == other.chance_count
            and self.history == other.history
        )

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # ------------------------------------------------------------------ results
    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's score so far (its final score once the game is over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once the game is over (several on a shared win); empty before the end."""

    # ------------------------------------------------------------------ information
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """A JSON-able dict of everything `seat` may see and nothing more (`None`: a spectator)."""

    def record(self) -> dict[str, JSON]:
        """A JSON-able record: game, options, seed, every step in order, the events and the result
        (`highroller.core.record_format` replays one)."""
        steps: list[dict[str, JSON]] = [
            {"chance": step.to_json()} if player == CHANCE else {"seat": player, "action": step.to_json()}
            for player, step in self.history
        ]
        finished = self.is_terminal()
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.name,
            "options": self.game.options,
            "seed": self.seed,
            "steps": steps,
            "events": [dict(e) for e in self.events],
            "finished": finished,
            "returns": self.returns() if finished else None,
            "winners": self.winners() if finished else None,
        }

    # ------------------------------------------------------------------ decoding steps
    @abstractmethod
    def decode_step(self, data: JSON) -> Step:
        """Turn a step's JSON (as written by `to_json`) back into the step for the current position.

        Raises `IllegalAction` with what is expected if the JSON has the wrong shape.
        """

    # ------------------------------------------------------------------ hooks for subclasses
    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        """Every outcome of this chance step with its probability."""

    @abstractmethod
    def _sample_chance(self, bits: int) -> Step:
        """The outcome for 64 uniformly random bits."""

    @abstractmethod
    def _check_outcome(self, outcome: Any) -> None:
        """Raise `IllegalAction` (saying what is expected) if `outcome` cannot happen here."""

    @abstractmethod
    def _apply_outcome(self, outcome: Any) -> None:
        """Apply an outcome `_check_outcome` accepted (or this state sampled)."""

    @abstractmethod
    def _apply_action(self, action: Any) -> None:
        """Apply one of `legal_actions()`."""
