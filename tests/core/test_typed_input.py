"""Typed input: every game reads what a person types through its spec's `typed_input`, tells what to
type in the table's language at every step, and words a refusal in any language; a game without one
takes the number of a legal action."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.typed_input import NUMBERED, TypedRefusal, explained, reason, typed_input_of
from highroller.core.words import Words
from highroller.games.lastchance.phases import AUCTION, BETS, DRAW, LOCK, ROLL
from highroller.games.lastchance.steps import Bet, Lock
from highroller.games.lasvegas.state import ROLL as LAS_VEGAS_ROLL
from highroller.registry import words_of

OWN = [name for name in hr.available_games() if hr.game_spec(name).view.startswith("highroller.games.")]
"""highroller's own games, whose catalogs hold French and German."""


@pytest.mark.parametrize("name", OWN)
def test_the_help_is_in_the_tables_language_at_every_step(name: str) -> None:
    typed = typed_input_of(hr.game_spec(name))
    assert typed is not NUMBERED
    game = hr.make(name, **hr.game_spec(name).checker_configs[0])
    state = game.new_game(3)
    bots = [RandomBot(seat) for seat in range(game.num_players)]
    said: dict[str, set[str]] = {"en": set(), "fr": set(), "de": set()}
    while state.current_player != TERMINAL:
        helps = {lang: typed.help(state, words_of(name, lang)) for lang in said}
        assert helps["fr"] != helps["en"] and helps["de"] != helps["en"], helps
        for lang, text in helps.items():
            said[lang].add(text)
        state.apply(state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state))
    assert len(said["en"]) > 2


@pytest.mark.parametrize("name", OWN)
def test_nonsense_is_refused_in_every_language(name: str) -> None:
    typed = typed_input_of(hr.game_spec(name))
    state = hr.make(name, **hr.game_spec(name).checker_configs[0]).new_game(3)
    with pytest.raises(TypedRefusal) as refused:
        typed.parse(state, "§§ nonsense §§")
    english, french = reason(refused.value, Words("en")), reason(refused.value, words_of(name, "fr"))
    assert english == str(refused.value) and french != english and "§§" in french
    expected = typed.help(state, words_of(name, "de"))
    assert expected in explained(refused.value, state, typed, words_of(name, "de"))


def test_a_game_without_its_own_takes_the_number_of_a_legal_action() -> None:
    spec = replace(hr.game_spec("lasvegas"), typed_input="")
    assert typed_input_of(spec) is NUMBERED
    state = hr.make("lasvegas", players=2).new_game(1)
    rng = random.Random(1)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    legal = state.legal_actions()
    assert NUMBERED.parse(state, "1") == legal[0] and NUMBERED.parse(state, str(legal[-1])) == legal[-1]
    assert NUMBERED.help(state, Words("en")) == "type the number of your choice"
    with pytest.raises(TypedRefusal, match=rf"type the number of one of: {legal[0]}"):
        NUMBERED.parse(state, str(len(legal) + 1))
    chance = hr.make("lasvegas", players=2).new_game(1)
    with pytest.raises(TypedRefusal, match="does not accept typed chance outcomes"):
        NUMBERED.parse(chance, "60000")


def test_another_error_is_explained_as_it_says_in_english_and_in_the_games_words_in_another_language() -> None:
    state = hr.make("luckiest", players=1).new_game(1)
    typed = typed_input_of(hr.game_spec("luckiest"))
    assert explained(hr.IllegalAction("not now"), state, typed, Words("en")) == f"not now ({typed.help(state, Words('en'))})"
    said = explained(hr.IllegalAction("not now"), state, typed, words_of("luckiest", "fr"))
    assert said == f"la partie ne prend pas cela ici ({typed.help(state, words_of('luckiest', 'fr'))})"


def _until(name: str, wanted: Callable[[Any], bool], seed: int = 3, **options: Any) -> Any:
    """A position of a game played by random bots (and chance) until `wanted` holds."""
    game = hr.make(name, **options)
    state = game.new_game(seed)
    bots = [RandomBot(seat) for seat in range(game.num_players)]
    while not wanted(state):
        assert state.current_player != TERMINAL, "the game ended first"
        state.apply(state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state))
    return state


@pytest.mark.parametrize(
    ("phase", "english", "french", "german"),
    [(DRAW, "card 12", "Carte 12", "Karte 12"), (AUCTION, "pass", "passe", "passen"), (BETS, "yes 300", "oui 300", "ja 300"),
     (BETS, "no 200", "non 200", "nein 200"), (BETS, "pass", "passe", "passe"), (LOCK, "wait", "attendre", "Warten")],
)
def test_last_chance_is_typed_in_each_language(phase: int, english: str, french: str, german: str) -> None:
    typed = typed_input_of(hr.game_spec("lastchance"))
    state = _until("lastchance", lambda state: state.phase == phase and (phase != BETS or Bet("yes", 300) in state.legal_actions()), players=2)
    assert typed.parse(state, english) == typed.parse(state, french) == typed.parse(state, german)
    if phase == LOCK:
        face = next(action for action in state.legal_actions() if isinstance(action, Lock)).face
        assert typed.parse(state, f"lock {face}") == typed.parse(state, f"bloquer {face}") == typed.parse(state, f"fest {face}") == Lock(face)


def test_luckiest_dice_cards_are_typed_by_their_names_in_each_language() -> None:
    typed = typed_input_of(hr.game_spec("luckiest"))
    state = hr.make("luckiest", players=1).new_game(1)
    assert typed.parse(state, "odd") == typed.parse(state, "impair") == typed.parse(state, "ungerade") == typed.parse(state, "parier sur impair")
    assert typed.parse(state, "number 2") == typed.parse(state, "nombre 2") == typed.parse(state, "Zahl 2") == typed.parse(state, "n2")
    assert "impair" in typed.help(state, words_of("luckiest", "fr")) and "Zahl 2" in typed.help(state, words_of("luckiest", "de"))
    banking = _until("luckiest", lambda state: state.current_player == 0 and "bank" in map(str, state.legal_actions()), players=1)
    assert typed.parse(banking, "bank") == typed.parse(banking, "encaisser") == typed.parse(banking, "Sichern")


@pytest.mark.parametrize("name", OWN)
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_examples_of_the_help_name_words_the_game_takes(name: str, lang: str) -> None:
    """Every word quoted in a help's examples is one the game reads, in the help's language: no English left in them."""
    typed = typed_input_of(hr.game_spec(name))
    game = hr.make(name, **hr.game_spec(name).checker_configs[0])
    state = game.new_game(5)
    bots = [RandomBot(seat) for seat in range(game.num_players)]
    quoted = re.compile(r"'([^']+)'|«\u202f?([^»]+?)\u202f?»|„([^“]+)“")
    while state.current_player != TERMINAL:
        english = {word for found in quoted.findall(typed.help(state, Words("en"))) for text in found for word in text.split()}
        for found in quoted.findall(typed.help(state, words_of(name, lang))):
            words = [word for text in found for word in text.split() if word.isalpha() and len(word) > 1]
            assert [word for word in words if word.lower() in english and word.lower() != "lc"] == [], (lang, found)  # "lc": Last Chance! everywhere
        state.apply(state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state))


def test_the_engines_refusals_of_typed_chance_are_worded_in_each_language() -> None:
    typed = typed_input_of(hr.game_spec("lasvegas"))
    stocking = hr.make("lasvegas", players=2).new_game(1)
    with pytest.raises(TypedRefusal) as refused:
        typed.parse(stocking, "15000")
    assert str(refused.value).startswith("$15,000 is not in the pile; ")
    assert reason(refused.value, words_of("lasvegas", "fr")).startswith("15\u202f000\xa0$ n'est pas dans la pioche")
    assert reason(refused.value, words_of("lasvegas", "de")).startswith("15.000\xa0$ ist nicht im Stapel; ")
    rolling = _until("lasvegas", lambda state: state.current_player == CHANCE and state.phase == LAS_VEGAS_ROLL and sum(state.roll_sizes()) > 2, players=2)
    with pytest.raises(TypedRefusal) as refused:
        typed.parse(rolling, "3 3")
    assert reason(refused.value, words_of("lasvegas", "de")).startswith("„3 3“ ist nicht dieser Wurf; tippe die Augenzahlen von 8 eigenen Würfeln")
    cards = typed_input_of(hr.game_spec("lastchance"))
    roll = _until("lastchance", lambda state: state.phase == ROLL and state.position is not None and state.position.dice > 1, players=2)
    with pytest.raises(TypedRefusal) as refused:
        cards.parse(roll, "6")
    assert reason(refused.value, words_of("lastchance", "fr")).startswith("1 face tapée")
    drawn = _until("lastchance", lambda state: state.phase == DRAW and len(state.undrawn) < len(state.rules.deck), players=2, cards=3)
    gone = next(card.id for card in drawn.rules.deck if card.id not in drawn.undrawn)
    with pytest.raises(TypedRefusal) as refused:
        cards.parse(drawn, f"carte {gone}")
    assert reason(refused.value, words_of("lastchance", "fr")).startswith(f"la carte {gone} a déjà été tirée")
