"""Last Chance typed in English, French and German: each word of the help is read, and the engine's refusals
are worded in the table's language."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from lastchance_helpers import new_game

import highroller as hr
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.typed_input import TypedRefusal, reason, typed_input_of
from highroller.games.lastchance.phases import AUCTION, BETS, DRAW, LOCK, ROLL
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import Bet, Lock
from highroller.registry import words_of


def _reached(wanted: Callable[[LastChanceState], bool], **options: Any) -> LastChanceState:
    """A game played at random (chance included) until `wanted` holds."""
    state, rng = new_game(3, **options), random.Random(3)
    while not wanted(state):
        assert state.current_player != TERMINAL, "the game ended first"
        state.apply(state.sample_chance() if state.current_player == CHANCE else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("phase", "english", "french", "german"),
    [
        (DRAW, "card 12", "Carte 12", "Karte 12"),
        (AUCTION, "pass", "passe", "passen"),
        (BETS, "yes 300", "oui 300", "ja 300"),
        (BETS, "no 200", "non 200", "nein 200"),
        (BETS, "pass", "passe", "passe"),
        (LOCK, "wait", "attendre", "Warten"),
    ],
)
def test_last_chance_is_typed_in_each_language(phase: int, english: str, french: str, german: str) -> None:
    typed = typed_input_of(hr.game_spec("lastchance"))
    state = _reached(
        lambda state: state.phase == phase and (phase != BETS or Bet("yes", 300) in state.legal_actions()), players=2
    )
    assert typed.parse(state, english) == typed.parse(state, french) == typed.parse(state, german)
    if phase == LOCK:
        face = next(action for action in state.legal_actions() if isinstance(action, Lock)).face
        assert (
            typed.parse(state, f"lock {face}")
            == typed.parse(state, f"bloquer {face}")
            == typed.parse(state, f"fest {face}")
            == Lock(face)
        )


def test_the_engines_refusals_of_typed_chance_are_worded_in_each_language() -> None:
    cards = typed_input_of(hr.game_spec("lastchance"))
    roll = _reached(
        lambda state: state.phase == ROLL and state.position is not None and state.position.dice > 1, players=2
    )
    with pytest.raises(TypedRefusal) as refused:
        cards.parse(roll, "6")
    assert reason(refused.value, words_of("lastchance", "fr")).startswith("1 face tapée")
    drawn = _reached(
        lambda state: state.phase == DRAW and len(state.undrawn) < len(state.rules.deck), players=2, cards=3
    )
    gone = next(card.id for card in drawn.rules.deck if card.id not in drawn.undrawn)
    with pytest.raises(TypedRefusal) as refused:
        cards.parse(drawn, f"carte {gone}")
    assert reason(refused.value, words_of("lastchance", "fr")).startswith(f"la carte {gone} a déjà été tirée")
