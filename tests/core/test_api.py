"""The public engine API as the issue states it, on the first game."""

from __future__ import annotations

import random

import pytest

import highroller as hr
from highroller.games.lastchance.cards import PRESETS as DECKS
from highroller.games.lasvegas.bills import PRESETS as BILL_SETS
from highroller.games.luckiest.faces import PRESETS as FACE_TABLES


def test_available_games_lists_las_vegas() -> None:
    assert "lasvegas" in hr.available_games()


def test_make_rejects_unknown_games_and_options() -> None:
    with pytest.raises(KeyError, match="no game 'poker'"):
        hr.make("poker")
    with pytest.raises(hr.RulesError, match="unknown option"):
        hr.make("lasvegas", colour="red")


def test_chance_steps_are_explicit_and_sampling_is_pure() -> None:
    state = hr.make("lasvegas", players=2, edition="biggie").new_game(seed=7)
    assert state.current_player == hr.CHANCE
    assert state.legal_actions() == ()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert state.sample_chance() == state.sample_chance()
    other = state.sample_chance(random.Random(1))
    assert other in {o for o, _ in outcomes}


def test_same_seed_same_game_different_seed_different_game() -> None:
    game = hr.make("lasvegas", players=4)
    first = hr.play(game, ["random"] * 4, seed=5).record()
    assert hr.play(game, ["random"] * 4, seed=5).record() == first
    assert hr.play(game, ["random"] * 4, seed=6).record() != first


def test_illegal_action_lists_what_is_legal_and_changes_nothing() -> None:
    state = hr.make("lasvegas", players=2, first_player=0).new_game(seed=1)
    while state.current_player == hr.CHANCE:
        state.apply(state.sample_chance())
    before = state.record()
    legal = state.legal_actions()
    missing = next(f for f in range(1, 7) if all(a.face != f for a in legal))
    from highroller.games.lasvegas.steps import Place

    with pytest.raises(hr.IllegalAction, match="legal: " + str(legal[0])):
        state.apply(Place(missing))
    assert state.record() == before


def test_apply_after_the_end_is_refused() -> None:
    final = hr.play(hr.make("lasvegas", players=2), ["random", "random"], seed=3)
    assert final.is_terminal() and final.current_player == hr.TERMINAL
    with pytest.raises(hr.IllegalAction, match="over"):
        final.apply(final.legal_actions()[0] if final.legal_actions() else None)
    with pytest.raises(hr.IllegalAction):
        final.sample_chance()


def test_resample_keeps_the_view_and_changes_the_future() -> None:
    state = hr.make("lasvegas", players=3).new_game(seed=2)
    other = state.resample(0, random.Random(9))
    assert other.view(0) == state.view(0)
    assert other.seed != state.seed


def test_play_checks_the_number_of_bots() -> None:
    with pytest.raises(ValueError, match="needs 3 bots"):
        hr.play(hr.make("lasvegas", players=3), ["random"], seed=1)
    with pytest.raises(ValueError, match="no bot 'genius'"):
        hr.play(hr.make("lasvegas", players=2), ["random", "genius"], seed=1)


TEXT_OPTIONS = {"lasvegas": ("bills", BILL_SETS), "lastchance": ("deck", DECKS), "luckiest": ("faces", FACE_TABLES)}
"""Each game's text option with the game's own table of built-in data files."""


@pytest.mark.parametrize("name", sorted(TEXT_OPTIONS))
def test_a_text_option_lists_its_presets_and_each_makes_a_game(name: str) -> None:
    option, presets = TEXT_OPTIONS[name]
    specs = hr.game_spec(name).options
    assert [o.name for o in specs if o.kind == "text"] == [option]
    assert all(not o.presets for o in specs if o.kind != "text")
    (spec,) = (o for o in specs if o.name == option)
    assert spec.presets == tuple(presets) and spec.presets
    for preset in spec.presets:
        game = hr.make(name, **{option: preset})
        assert hr.play(game, ["random"] * game.num_players, seed=1).is_terminal()
    with pytest.raises(hr.RulesError, match="neither a preset"):
        hr.make(name, **{option: "no-such-preset"})
