"""The terminal's records at a real table: a resumed hot-seat game with manual dice gets back its
people, bots, names and dice mode for every game; record files never collide nor are overwritten;
and the loose wording is right ("Table (Katie)", "+1 point", "game over")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import highroller as hr
from highroller.cli.main import cli
from highroller.cli.record_files import default_record_path
from highroller.core.typed_input import typed_input_of
from highroller.games.lasvegas.render import LasVegasRenderer

HOT_SEAT = {
    # game: (options, the first inputs typed (the first person's moves and the real dice), what the resumed game is
    # asked next)
    "luckiest": (["--players", "2"], "odd\n1 1 1 3 3 3 5 5 2 2 4 6\nbank\n", "Bob — "),
    "lastchance": (["--players", "2", "--first-player", "0"], "card 3\npass\n", "Bob — "),
    "lasvegas": (
        ["--players", "2", "--first-player", "0", "--rounds", "1"],
        "60k\n70k\n80k\n90k\n50k\n60k\n",
        "Table (Ann) — ",
    ),
}


def run(*args: str, text: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=text, catch_exceptions=False)
    return result.exit_code, result.output


@pytest.mark.parametrize("game", list(HOT_SEAT))
def test_a_resumed_hot_seat_game_with_manual_dice_keeps_its_seats(tmp_path: Path, game: str) -> None:
    options, typed, asked = HOT_SEAT[game]
    first = tmp_path / "first.json"
    code, out = run(
        "play",
        game,
        *options,
        "--bots",
        "0",
        "--names",
        "Ann,Bob",
        "--dice",
        "manual",
        "--seed",
        "5",
        "--save",
        str(first),
        text=typed,
    )
    assert code == 1 and "Left the game" in out
    record = json.loads(first.read_text())
    assert record["table"] == {
        "seats": [{"seat": 0, "name": "Ann", "bot": None}, {"seat": 1, "name": "Bob", "bot": None}],
        "dice": "manual",
    }
    second = tmp_path / "second.json"
    code, out = run("play", game, "--resume", str(first), "--save", str(second), text="q\n")
    assert code == 0
    assert "Ann, Bob" in out and "Bot" not in out, "the people come back as people, under their names"
    assert asked in out, "the game asks the people (and the real dice), not the built-in dice"
    assert json.loads(second.read_text())["table"] == record["table"]
    assert hr.replay(json.loads(second.read_text())).history == hr.replay(record).history


def test_a_resumed_game_keeps_its_bots_and_their_parameters(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    run(
        "play",
        "luckiest",
        "--players",
        "3",
        "--bots",
        "2",
        "--bot",
        "cautious:threshold=9",
        "--names",
        "Ann,Cy,Di",
        "--seed",
        "2",
        "--save",
        str(first),
        text="",
    )
    table = json.loads(first.read_text())["table"]
    assert [seat["bot"] for seat in table["seats"]] == [None, "cautious:threshold=9", "cautious:threshold=9"] and table[
        "dice"
    ] == "auto"
    second = tmp_path / "second.json"
    code, out = run("play", "luckiest", "--resume", str(first), "--save", str(second), text="q\n")
    assert code == 0 and "Ann, Cy, Di" in out
    assert json.loads(second.read_text())["table"] == table


def test_record_files_never_collide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("highroller.cli.record_files.user_data_path", lambda app: tmp_path)
    paths = {default_record_path("luckiest", 5) for _ in range(3)}
    assert len(paths) == 3 and all(path.exists() for path in paths)


def test_the_loose_wording_is_right() -> None:
    state = hr.make("luckiest", players=1).new_game(seed=1)
    typed = typed_input_of(hr.game_spec("luckiest"))
    state.apply(typed.parse(state, "odd"))
    narration = hr.narration_of("luckiest")
    one = typed.parse(state, "1 2 2 2 2 2 2 4 4 4 6 6")
    assert "(+1 point)." in (narration.describe_step(state, hr.CHANCE, one, ["Ann"]) or "")
    final = hr.play(hr.make("lasvegas", players=2), ["random", "random"], seed=1)
    title = LasVegasRenderer().board(final.view(None), ["Ann", "Bob"]).renderables[0]
    assert "game over" in str(title) and "round" not in str(title)
