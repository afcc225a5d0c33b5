"""Each game's score sheet: the rows of the rulebooks' worked examples, in words of each language, and,
for random games of every checked option set, a sheet that only grows, whose new rows name the step
that made them, and whose totals are the game's `returns()` at the end."""

from __future__ import annotations

import json
from typing import Any

import pytest

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.sheet import ScoreSheet
from highroller.core.spec import load_object
from highroller.core.state import CHANCE, State
from highroller.core.typed_input import typed_input_of
from highroller.registry import game_spec, words_of

KATIE, NAN, MICHELLE, JIM = range(4)
BIGGIE_STOCK = ("10k 20k", "10k 20k", "80k 30k", "40k 50k", "60k 70k", "90k 100k")


def sheet(state: State, lang: str = "en") -> ScoreSheet:
    """`state`'s score sheet in `lang`, through the game's spec as front ends reach it."""
    name = state.game.name
    return load_object(game_spec(name).score_sheet)(state, words_of(name, lang))  # type: ignore[no-any-return]


def typed(state: State, *inputs: str) -> None:
    """Apply each typed input (bills, dice, cards, choices) as a person at a real table types it."""
    reader = typed_input_of(game_spec(state.game.name))
    for text in inputs:
        state.apply(reader.parse(state, text))


def test_las_vegas_payout_example_one_is_round_one_of_the_sheet() -> None:
    """Biggie payout example 1, played out: Anna (with her Biggie) and Denny take casino 3's $80,000 and
    $30,000, Ben and Carla cancel; Anna and Denny cancel on casino 1, whose bills leave the game."""
    state = hr.make("lasvegas", players=4, edition="biggie", dice_per_player=3, first_player=0).new_game(1)
    typed(state, *BIGGIE_STOCK)
    typed(state, "3 3 1 b3", "3", "3 3 3 b6", "3", "3 3 3 b5", "3", "3 1 2 b4", "3")
    typed(state, "1", "1", "b6", "6", "b5", "5", "1 2 b4", "4", "1 2", "1", "2")
    assert sheet(state)["rows"] == []  # the round is not scored until its last die is down
    typed(state, "2")
    paid = [0, 0, 0, 0]
    for event in state.events:
        if event["type"] == "payout":
            for owner, bill in event["paid"].items():
                paid[int(owner)] += bill
    (row,) = sheet(state)["rows"]
    assert row["label"] == "Round 1" and row["step"] == len(state.history) - 1
    assert row["scores"] == paid and paid[0] >= 80000 and paid[3] >= 30000
    assert row["detail"] is not None and "$80,000" in row["detail"][0] and "$30,000" in row["detail"][3]
    assert sheet(state)["totals"] == state.returns() and sheet(state)["start"] == [0, 0, 0, 0]
    french = sheet(state, "fr")["rows"][0]
    assert french["label"] == "Manche 1" and "80\u202f000\xa0$" in (french["detail"] or [""])[0]


def test_las_vegas_bills_are_added_highest_first() -> None:
    """A seat that takes two bills in a round has them written highest first, joined by " + "."""
    state = hr.make("lasvegas", players=2, edition="biggie", biggie=False, dice_per_player=2, first_player=0).new_game(
        1
    )
    typed(state, *BIGGIE_STOCK, "1 1", "1", "6 6", "6")  # seat 0: casino 1 ($20,000); seat 1: casino 6 ($100,000)
    (row,) = sheet(state)["rows"]
    assert row["scores"] == [20000, 100000] and row["detail"] == ["$20,000", "$100,000"]
    state = hr.make("lasvegas", players=2, edition="biggie", biggie=False, dice_per_player=2, first_player=0).new_game(
        1
    )
    typed(state, *BIGGIE_STOCK, "1 6", "1", "5 5", "5", "6", "6")  # seat 0: casinos 1 and 6
    (row,) = sheet(state)["rows"]
    assert row["scores"] == [120000, 70000] and row["detail"] == ["$100,000 + $20,000", "$70,000"]


def test_last_chance_sample_round_one_row_per_attempt() -> None:
    """The rulebook's sample round: Nan misses card 4 with $600 bid, the three "no" bettors win;
    Katie then completes it with $1,500 bid, taking the $2,500 payout and Jim's $500."""
    state = hr.make("lastchance", players=4, first_player=KATIE).new_game(1)
    typed(state, "card 4", "100", "200", "500", "pass", "pass", "600", "pass", "pass", "pass")
    typed(state, "no 1000", "no 300", "no 1000", "6 5 5 3 1", "lock 3")
    assert sheet(state)["rows"] == []
    typed(state, "3 2")
    first = sheet(state)["rows"]
    assert first == [
        {
            "label": "Card 1: failed",
            "step": len(state.history) - 1,
            "scores": [1000, -600, 1000, 300],
            "detail": [
                "no bet of $1,000 won",
                "failed, bid of $600 lost",
                "no bet of $1,000 won",
                "no bet of $300 won",
            ],
        }
    ]
    typed(state, "200", "400", "500", "700", "800", "1000", "1100", "1500", "pass", "pass", "pass")
    typed(state, "yes 1000", "yes 1000", "no 500", "2", "6")
    done = sheet(state)
    assert done["rows"][0] == first[0]
    assert done["rows"][1] == {
        "label": "Card 1, try 2: completed",
        "step": len(state.history) - 1,
        "scores": [3000, 1000, 1000, -500],
        "detail": ["completed it: $2,500", "yes bet of $1,000 won", "yes bet of $1,000 won", "no bet of $500 lost"],
    }
    assert done["start"] == [5000] * 4 and done["totals"] == state.returns() == [9000, 5400, 7000, 4800]
    german = sheet(state, "de")["rows"][1]
    assert german["label"] == "Karte 1, Versuch 2: erfüllt" and "2.500\xa0$" in (german["detail"] or [""])[0]


def test_last_chance_a_player_out_of_money_and_last_chance_are_said() -> None:
    """A roller who bets everything on Last Chance! and fails leaves the game: the row says both, at
    the step of the roller's last decision on the jokers; the lone survivor then rolls for free."""
    state = hr.make("lastchance", players=2, first_player=0).new_game(1)
    typed(state, "card 4", "last chance", "pass", "1 1 1 1 1", "wait", "1 1 1 1 1")
    assert sheet(state)["rows"] == []  # the last roll is settled once the roller decides on the jokers
    typed(state, "wait")
    (row,) = sheet(state)["rows"]
    assert row["step"] == len(state.history) - 1 and row["scores"] == [-5000, 0]
    assert row["detail"] == ["Last Chance! failed, bid of $5,000 lost; out of the game", ""]
    typed(state, "6 6 5 2 2", "lock 2")
    assert sheet(state)["rows"][1] == {
        "label": "Card 1, try 2: completed",
        "step": len(state.history) - 1,
        "scores": [0, 2500],
        "detail": ["", "completed it: $2,500"],
    }


def test_luckiest_franks_example_then_a_bust() -> None:
    """Frank (seat 0) banks 24 points (six 2s on "number 2", three crosses); the other seat busts after
    placing dice worth 18 points: round 1 reads 24 and 0, "bust: 18 points lost"."""
    state = hr.make("luckiest", players=2).new_game(11)
    typed(state, "number 2", "2 2 2 2 2 2 1 3 4 5 1 6", "cross", "3 6 6 1 2 4", "bank")
    assert sheet(state)["rows"] == []  # a round is scored when every seat has played it
    typed(state, "number 2", "2 2 2 2 2 2 1 3 4 5 1 6", "number 4", "1 1 3 5 5 6")
    (row,) = sheet(state)["rows"]
    assert row == {
        "label": "Round 1",
        "step": len(state.history) - 1,
        "scores": [24, 0],
        "detail": ["", "bust: 18 points lost"],
    }
    assert sheet(state, "fr")["rows"][0]["detail"] == ["", "perdu\u202f: 18 points envolés"]


def test_luckiest_a_round_without_a_bust_has_no_detail_and_one_player_practice_scores() -> None:
    state = hr.make("luckiest", players=1).new_game(3)
    typed(state, "number 2", "2 2 2 2 2 2 1 3 4 5 1 6", "bank")
    (row,) = sheet(state)["rows"]
    assert row == {"label": "Round 1", "step": len(state.history) - 1, "scores": [18], "detail": None}


CONFIGS = [
    (name, dict(options))
    for name in hr.available_games()
    if game_spec(name).score_sheet
    for options in game_spec(name).checker_configs
]


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize(
    ("name", "options"), CONFIGS, ids=[f"{name}-{json.dumps(options, sort_keys=True)}" for name, options in CONFIGS]
)
def test_a_sheet_only_grows_names_its_steps_and_ends_at_the_returns(
    name: str, options: dict[str, Any], seed: int
) -> None:
    game = hr.make(name, **options)
    state = game.new_game(seed)
    bots = [RandomBot(seed * 10 + seat) for seat in range(game.num_players)]
    before = sheet(state)
    assert before["rows"] == [] and before["unit"] == game_spec(name).returns_unit
    while not state.is_terminal():
        step = state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state)
        state.apply(step)
        now = sheet(state)
        rows = now["rows"]
        assert rows[: len(before["rows"])] == before["rows"], "a row changed or went"
        assert all(row["step"] == len(state.history) - 1 for row in rows[len(before["rows"]) :]), (
            "a new row names another step"
        )
        totals = list(now["start"])
        for row in rows:
            assert len(row["scores"]) == game.num_players and (
                row["detail"] is None or len(row["detail"]) == game.num_players
            )
            totals = [total + score for total, score in zip(totals, row["scores"])]
        assert now["totals"] == totals
        before = now
    assert before["rows"], "a whole game scores something"
    assert before["totals"] == state.returns()
    json.dumps(before)
