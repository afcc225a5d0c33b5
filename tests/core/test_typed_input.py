"""Typed input: every game reads what a person types through its spec's `typed_input`, tells what to
type in the table's language at every step, and words a refusal in any language; a game without one
takes the number of a legal action."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.typed_input import NUMBERED, TypedRefusal, explained, reason, typed_input_of
from highroller.core.words import Words
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
        state.apply(
            state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state)
        )
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
    assert (
        explained(hr.IllegalAction("not now"), state, typed, Words("en"))
        == f"not now ({typed.help(state, Words('en'))})"
    )
    said = explained(hr.IllegalAction("not now"), state, typed, words_of("luckiest", "fr"))
    assert said == f"la partie ne prend pas cela ici ({typed.help(state, words_of('luckiest', 'fr'))})"


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
        english = {
            word for found in quoted.findall(typed.help(state, Words("en"))) for text in found for word in text.split()
        }
        for found in quoted.findall(typed.help(state, words_of(name, lang))):
            words = [word for text in found for word in text.split() if word.isalpha() and len(word) > 1]
            assert [word for word in words if word.lower() in english and word.lower() != "lc"] == [], (
                lang,
                found,
            )  # "lc": Last Chance! everywhere
        state.apply(
            state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state)
        )
