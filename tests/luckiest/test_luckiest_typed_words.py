"""Luckiest Dice typed in English, French and German: a card by its name in each language, and banking."""

from __future__ import annotations

import random

import highroller as hr
from highroller.core.state import CHANCE, State
from highroller.core.typed_input import typed_input_of
from highroller.registry import words_of


def _banking() -> State:
    """A solo game played at random until the player may bank."""
    state, rng = hr.make("luckiest", players=1).new_game(3), random.Random(3)
    while not (state.current_player == 0 and "bank" in map(str, state.legal_actions())):
        state.apply(state.sample_chance() if state.current_player == CHANCE else rng.choice(state.legal_actions()))
    return state


def test_luckiest_dice_cards_are_typed_by_their_names_in_each_language() -> None:
    typed = typed_input_of(hr.game_spec("luckiest"))
    state = hr.make("luckiest", players=1).new_game(1)
    assert (
        typed.parse(state, "odd")
        == typed.parse(state, "impair")
        == typed.parse(state, "ungerade")
        == typed.parse(state, "parier sur impair")
    )
    assert (
        typed.parse(state, "number 2")
        == typed.parse(state, "nombre 2")
        == typed.parse(state, "Zahl 2")
        == typed.parse(state, "n2")
    )
    assert "impair" in typed.help(state, words_of("luckiest", "fr")) and "Zahl 2" in typed.help(
        state, words_of("luckiest", "de")
    )
    banking = _banking()
    assert typed.parse(banking, "bank") == typed.parse(banking, "encaisser") == typed.parse(banking, "Sichern")
