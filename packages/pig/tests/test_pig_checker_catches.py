"""highroller's API checker fails a game that breaks its promises: Pig with one fault each."""

from __future__ import annotations

from typing import Any

import pytest

from highroller.core.checker import check_game, check_random_game
from highroller_pig.state import PigGame, PigState
from highroller_pig.view import PigView


def _pig_with(state_class: type[PigState]) -> PigGame:
    """Pig whose positions are of `state_class`."""
    broken = type(f"Pig{state_class.__name__}", (PigGame,), {"state_class": state_class})
    return broken.from_options(players=2, target=20)


def test_sound_pig_passes() -> None:
    check_game(PigGame.from_options(players=2, target=20), view_type=PigView, games=2)


class SharedScores(PigState):
    """A clone sharing its scores list with the original: the bug the checker must see."""

    def clone(self) -> PigState:
        copy = super().clone()
        copy.scores = self.scores
        return copy


def test_a_clone_sharing_a_list_with_its_original_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"changed the original|changed a clone"):
        check_random_game(_pig_with(SharedScores), seed=3)


class SeedInView(PigState):
    """A view that shows the seed, which fixes every future roll."""

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "total": self.total + self.seed % 2}


@pytest.mark.parametrize("seed", [0, 1, 7, 999, 10**12])
def test_a_view_that_shows_the_seed_is_caught_whatever_the_seed(seed: int) -> None:
    with pytest.raises(AssertionError, match="shows the seed"):
        check_random_game(_pig_with(SeedInView), seed=seed)


class UndeclaredKey(PigState):
    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "secret": 1}


class WrongType(PigState):
    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "turn": True}


class MissingKey(PigState):
    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        del view["scores"]
        return view


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (UndeclaredKey, r"Additional properties are not allowed \('secret'"),
        (WrongType, r"turn: True is not of type 'integer'"),
        (MissingKey, r"'scores' is a required property"),
    ],
)
def test_a_view_that_breaks_its_declared_type_is_caught(state_class: type[PigState], message: str) -> None:
    with pytest.raises(AssertionError, match=rf"breaks the declared PigView.*{message}"):
        check_random_game(_pig_with(state_class), seed=1, view_type=PigView)
