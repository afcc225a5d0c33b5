"""Each game's advice on a move (`GameSpec.move_advice`): the values come from the game's strongest
estimate (the same numbers the terminal's `?` shows), the preferred move is legal, values are in range
and never "-0", and the titles and labels are in the language asked for."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import highroller as hr
from highroller.core.advice import clean_value
from highroller.core.spec import load_object
from highroller.core.state import CHANCE, State
from highroller.games.lastchance.advice import FEW_MOVES
from highroller.games.lastchance.bots import attempt_chance, table_position
from highroller.games.lastchance.odds import lock_values
from highroller.games.lasvegas import advice as lasvegas_advice
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.luckiest.policy import score_advice, win_advice
from highroller.registry import game_spec, words_of


def _advise(state: State, lang: str = "en") -> Any:
    game = state.game.name
    return load_object(game_spec(game).move_advice)(state.clone(), state.current_player, words_of(game, lang))


def _decisions(game: str, options: dict[str, Any], seed: int, steps: int) -> list[State]:
    """The decisions of a game played at random, in order."""
    state = hr.make(game, **options).new_game(seed)
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


def _key(action: Any) -> str:
    return repr(action)


def _json_legal(state: State) -> list[Any]:
    return [action.to_json() for action in state.legal_actions()]


def test_clean_values_never_show_minus_zero_and_chances_stay_in_range() -> None:
    assert math.copysign(1, clean_value(-0.0001, "points")) == 1
    assert math.copysign(1, clean_value(-0.2, "money")) == 1
    assert clean_value(1.00001, "chance") == 1 and clean_value(-0.001, "chance") == 0
    assert clean_value(0.123456, "chance") == 0.1235 and clean_value(2.345, "points") == 2.35


def test_luckiest_two_players_gives_the_solvers_win_chances_in_french() -> None:
    state = _decisions("luckiest", {"players": 2}, seed=5, steps=40)[3]
    advice = _advise(state, "fr")
    solver = win_advice(state.view(state.current_player))
    assert advice["measure"] == "chance" and advice["best"] == solver.best.to_json()
    assert {_key(m["action"]): m["value"] for m in advice["moves"]} == {
        _key(action.to_json()): round(value, 4) for action, value in solver.values
    }
    assert advice["title"] == "Vos chances de gagner après chaque choix (solveur)"
    assert all(m["label"] == "encaisser" or m["label"].startswith("parier sur") for m in advice["moves"])


def test_luckiest_with_more_players_gives_expected_points_never_minus_zero() -> None:
    for state in _decisions("luckiest", {"players": 4}, seed=2, steps=60):
        advice = _advise(state)
        solver = score_advice(state.view(state.current_player))
        assert advice["measure"] == "points" and advice["best"] == solver.best.to_json()
        assert advice["best"] in _json_legal(state)
        assert all(math.copysign(1, m["value"]) == 1 or m["value"] < 0 for m in advice["moves"])


def test_lasvegas_falls_back_to_the_gain_at_the_casino_without_the_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lasvegas_advice, "expert_chances", lambda state: None)
    state = _decisions("lasvegas", {"players": 3}, seed=4, steps=30)[5]
    assert isinstance(state, LasVegasState)
    advice = _advise(state, "de")
    gains = lasvegas_advice.placement_gains(state)
    assert advice["measure"] == "money" and advice["title"].startswith("Dein Gewinn in diesem Casino")
    assert sorted((_key(m["action"]), m["value"]) for m in advice["moves"]) == sorted(
        (_key(action.to_json()), float(gain)) for action, gain in gains.items()
    )
    best = max(gains, key=lambda action: gains[action])
    assert advice["best"] == best.to_json() and advice["moves"][0]["value"] == gains[best]


def test_lasvegas_values_placements_by_the_experts_chances(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _decisions("lasvegas", {"players": 2}, seed=4, steps=30)[2]
    made_up = {action: (index + 1) / 10 for index, action in enumerate(state.legal_actions())}
    monkeypatch.setattr(lasvegas_advice, "expert_chances", lambda state: made_up)
    advice = _advise(state)
    best = max(made_up, key=lambda action: made_up[action])
    assert advice["measure"] == "chance" and advice["best"] == best.to_json()
    assert [m["value"] for m in advice["moves"]] == sorted(made_up.values(), reverse=True)


def _last_chance_phases() -> dict[str, list[State]]:
    phases: dict[str, list[State]] = {}
    for seed in range(6):
        for state in _decisions("lastchance", {"players": 2}, seed=seed, steps=400):
            phases.setdefault(state.view(None)["phase"], []).append(state)
    return phases


PHASES = _last_chance_phases()


def test_last_chance_lock_values_are_the_exact_odds_of_each_joker_choice() -> None:
    for state in PHASES["lock"][:20]:
        view = state.view(state.current_player)
        advice = _advise(state)
        _, position = table_position(view)
        left = tuple(view["unplaced"].count(face) for face in range(1, 7))
        exact = lock_values(position, left, view["rolls_left"])
        assert advice["measure"] == "chance"
        assert [m["value"] for m in advice["moves"]] == [round(float(chance), 4) for _, chance in exact]
        assert advice["best"] == ({"lock": exact[0][0]} if exact[0][0] else "wait") and advice["best"] in _json_legal(
            state
        )


def test_last_chance_bets_are_valued_by_their_average_worth() -> None:
    state = PHASES["bets"][0]
    view = state.view(state.current_player)
    chance = float(attempt_chance(view))
    advice = _advise(state)
    assert advice["measure"] == "money" and len(advice["moves"]) <= FEW_MOVES
    for move in advice["moves"]:
        action = move["action"]
        worth = 0 if action == "no bet" else action["wager"] * (2 * chance - 1) * (1 if action["bet"] == "yes" else -1)
        assert move["value"] == round(worth) + 0.0
    assert advice["best"] in _json_legal(state) and advice["best"] == advice["moves"][0]["action"]


def test_last_chance_auction_gives_the_cards_figures_and_no_thousand_bids() -> None:
    many = hr.make("lastchance", players=2, money=100_000).new_game(1)
    while many.current_player == CHANCE:
        many.apply(many.sample_chance())
    assert len(many.legal_actions()) > FEW_MOVES
    advice = _advise(many, "fr")
    assert advice["moves"] == [] and advice["best"] is None
    labels = [fact["label"] for fact in advice["facts"]]
    assert labels[1:] == ["Gain espéré", "Mise d'équilibre (la mise est rendue en cas de réussite)"]
    assert labels[0].startswith("Chances de compléter la carte")
    view = many.view(many.current_player)
    assert advice["facts"][0] == {
        "label": labels[0],
        "value": round(float(attempt_chance(view)), 4),
        "measure": "chance",
    }
