"""The terminal side: the `odds` command, the renderer's words and boards, and the bench rows."""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner
from lastchance_helpers import new_game, type_steps
from rich.console import Console

import highroller as hr
from highroller.core.spec import load_object
from highroller.core.state import CHANCE
from highroller.games.lastchance.bench import rows
from highroller.games.lastchance.cli import odds
from highroller.games.lastchance.steps import LAST_CHANCE
from highroller.games.lastchance.typed import TYPED
from highroller.named_bots import make_bot

NAMES = ["Katie", "Nan", "Michelle", "Jim"]


def run(*args: str) -> str:
    result = CliRunner().invoke(odds, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_odds_of_a_card_by_id_or_by_dice() -> None:
    assert "0.084072" in run("4") and "0.084072" in run("665JJ:2")
    assert "105907/1259712" in run("4", "--fraction")


def test_odds_from_a_partly_matched_position() -> None:
    out = run("4", "--matched", "6,5,3,3", "--rolls-left", "2", "--fraction")
    assert "11/36" in out and "to 3s" in out


def test_no_rolls_left_means_no_chance_unless_the_card_is_complete() -> None:
    assert "0.000000" in run("4", "--rolls-left", "0")
    assert "1.000000" in run("4", "--matched", "6 6 5 3 3", "--rolls-left", "0")


def test_the_best_lock_for_a_roll() -> None:
    out = run("3", "--roll", "4 4 4 1 2")
    assert "lock 4s on the jokers  ◀ best" in out


def test_the_whole_deck_as_a_table_and_as_json() -> None:
    assert "J J J J J" in run("--deck") and "$4,000" in run("--deck")
    cards = json.loads(run("--deck", "--json"))
    assert len(cards) == 36
    assert cards[2] == {
        "id": 3,
        "dice": "J J J J J",
        "faces": [],
        "jokers": 5,
        "rolls": 3,
        "payout": 4000,
        "probability": {"fraction": "690169/15116544", "decimal": 690169 / 15116544},
        "expected_value": float(Fraction(690169 * 4000, 15116544)),
    }


def test_json_for_one_card_and_a_roll() -> None:
    data = json.loads(run("4", "--roll", "6 5 5 3 1", "--rolls-left", "2", "--json"))
    assert data["probability"]["fraction"] == "105907/1259712"
    assert data["roll"]["matched_after"] == [6, 5]
    assert {c["lock"] for c in data["roll"]["choices"]} == {None, 1, 3}


def test_bad_command_lines_say_what_is_wrong() -> None:
    runner = CliRunner()
    for args, message in [
        ([], "give a CARD"),
        (["99"], "no card 99"),
        (["4", "--matched", "6,6,6"], "no open slot"),
        (["4", "--roll", "6 6"], "the roll has 2 dice"),
        (["4", "--matched", "x"], "faces 1-6"),
        (["--deck", "--deck-file", "/nope.toml"], "neither a preset (standard)"),
    ]:
        result = runner.invoke(odds, args)
        assert result.exit_code != 0 and message in result.output, (args, result.output)


def test_the_command_line_mounts_the_odds_tool() -> None:
    from highroller.cli.main import cli

    result = CliRunner().invoke(cli, ["odds", "lastchance", "4"])
    assert result.exit_code == 0 and "0.084072" in result.output


def test_the_renderer_draws_every_phase_and_the_narration_explains_every_step_and_event() -> None:
    renderer = load_object(hr.game_spec("lastchance").renderer)
    narration = hr.narration_of("lastchance")
    console = Console(width=120, record=True)
    game = hr.make("lastchance", players=4, cards=3)
    state = game.new_game(21)
    bots = [make_bot(game, "odds", 21, s) for s in range(4)]
    shown = 0
    phases = set()
    while not state.is_terminal():
        player = state.current_player
        phases.add(state.view(None)["phase"])
        console.print(renderer.board(state.view(player if player >= 0 else None), NAMES))
        if player >= 0:
            console.print(renderer.advice(state, player))
        step = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        line = narration.describe_step(state, player, step, NAMES)
        state.apply(step)
        if line:
            console.print(line)
        for event in state.events[shown:]:
            words = narration.describe_event(event, NAMES)
            assert words is not None, event
            console.print(words)
        shown = len(state.events)
    console.print(renderer.board(state.view(None), NAMES))
    text = console.export_text()
    assert {"draw", "auction", "bets", "roll"} <= phases
    for phrase in ("Last Chance — card 1 of 3", "Exact odds", "wins the auction", "Game over"):
        assert phrase in text, phrase


def test_the_sample_round_in_words() -> None:
    renderer = load_object(hr.game_spec("lastchance").renderer)
    narration = hr.narration_of("lastchance")
    state = type_steps(
        new_game(players=4, first_player=0),
        "card 4",
        "100",
        "200",
        "500",
        "pass",
        "pass",
        "600",
        "pass",
        "pass",
        "pass",
        "no 1000",
        "no 300",
        "no 1000",
    )
    assert (
        narration.describe_step(state, CHANCE, TYPED.parse(state, "6 5 5 3 1"), NAMES)
        == "Nan rolled 6 5 5 3 1; 6 5 go on the card."
    )
    type_steps(state, "6 5 5 3 1", "lock 3", "3 2")
    settle = [e for e in state.events if e["type"] == "settle"][-1]
    assert narration.describe_event(settle, NAMES) == (
        "Nan misses card 4. The $600 bid goes to the bank; the bank pays Katie $1,000 (bet on no); "
        "the bank pays Michelle $1,000 (bet on no); the bank pays Jim $300 (bet on no)."
    )
    for lang, no_bet, nothing in (("fr", "(pari non)", "pas de pari"), ("de", "(Nein-Wette)", "keine Wette")):
        told = hr.narration_of("lastchance", lang).describe_event(settle, NAMES)
        assert told.count(no_bet) == 3 and nothing not in told, told
    console = Console(width=120, record=True)
    console.print(renderer.board(state.view(1), NAMES))
    text = console.export_text()
    assert "6 5 3 3" in text and "locked to 3s" in text and "$4,400" in text


def test_bench_rows() -> None:
    figures = dict(rows(seconds=0.2))
    assert any(what.startswith("exact odds: all 36 cards") for what in figures)
    assert "4 players, odds bots" in figures and figures["4 players, odds bots"].endswith("games/s")


def test_a_card_of_ones_own_box_is_typed_at_the_real_table_with_its_odds_at_once(tmp_path) -> None:
    from highroller.cli.main import cli

    path = tmp_path / "box.json"
    result = CliRunner().invoke(
        cli,
        [
            "play",
            "lastchance",
            "--players",
            "2",
            "--bots",
            "0",
            "--names",
            "Ann,Bob",
            "--first-player",
            "0",
            "--dice",
            "manual",
            "--save",
            str(path),
        ],
        input="665JX:2 $2500\n6 6 6 6 J:3 $900\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "not a card" in result.output, "the impossible card is refused with what is expected"
    assert (
        "Card 37: " in result.output
        and "to be completed in 3 rolls" in result.output
        and "Break-even bid" in result.output
    )
    record = json.loads(path.read_text())
    assert record["steps"] == [{"chance": {"card": {"dice": "6 6 6 6 J", "rolls": 3, "payout": 900}}}]


def test_the_shout_in_french_and_german() -> None:
    state = type_steps(new_game(players=3, first_player=0), "card 4")
    for lang, shout in (("fr", "Dernière chance\u202f!"), ("de", "Letzte Chance!")):
        narration = hr.narration_of("lastchance", lang)
        assert narration.label(LAST_CHANCE).startswith(shout)
        assert shout in (narration.confirm(state, LAST_CHANCE) or "")
        assert shout in (narration.describe_step(state, 0, LAST_CHANCE, NAMES) or "")
