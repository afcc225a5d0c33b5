"""Typed dice and bills at a Las Vegas table: the engine's refusals are worded in the table's language."""

from __future__ import annotations

import pytest

import highroller as hr
from highroller.core.state import CHANCE
from highroller.core.typed_input import TypedRefusal, reason, typed_input_of
from highroller.games.lasvegas.phases import ROLL
from highroller.games.lasvegas.state import LasVegasState
from highroller.registry import words_of


def _at_a_roll_of_more_than_two_dice() -> LasVegasState:
    state = hr.make("lasvegas", players=2).new_game(3)
    assert isinstance(state, LasVegasState)
    while not (state.current_player == CHANCE and state.phase == ROLL and sum(state.roll_sizes()) > 2):
        state.apply(state.sample_chance() if state.current_player == CHANCE else state.legal_actions()[0])
    return state


def test_the_engines_refusals_of_typed_chance_are_worded_in_each_language() -> None:
    typed = typed_input_of(hr.game_spec("lasvegas"))
    stocking = hr.make("lasvegas", players=2).new_game(1)
    with pytest.raises(TypedRefusal) as refused:
        typed.parse(stocking, "15000")
    assert str(refused.value).startswith("$15,000 is not in the pile; ")
    assert reason(refused.value, words_of("lasvegas", "fr")).startswith("15\u202f000\xa0$ n'est pas dans la pioche")
    assert reason(refused.value, words_of("lasvegas", "de")).startswith("15.000\xa0$ ist nicht im Stapel; ")
    rolling = _at_a_roll_of_more_than_two_dice()
    with pytest.raises(TypedRefusal) as refused:
        typed.parse(rolling, "3 3")
    assert reason(refused.value, words_of("lasvegas", "de")).startswith(
        "„3 3“ ist nicht dieser Wurf; tippe die Augenzahlen von 8 eigenen Würfeln"
    )
