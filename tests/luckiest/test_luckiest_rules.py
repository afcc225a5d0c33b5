"""Luckiest Dice options and the face table: defaults from the rulebook, and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import highroller as hr
from highroller.core.errors import DataFileError, RulesError
from highroller.games.luckiest.cards import CARDS, card_masks, find_card
from highroller.games.luckiest.faces import load_faces

GOOD = """
[[face]]
number = 1
colour = "red"
shape = "cross"
[[face]]
number = 2
colour = "red"
shape = "cross"
[[face]]
number = 3
colour = "red"
shape = "cross"
[[face]]
number = 4
colour = "blue"
shape = "circle"
[[face]]
number = 5
colour = "blue"
shape = "circle"
[[face]]
number = 6
colour = "orange"
shape = "square"
"""


@pytest.mark.parametrize(("players", "rounds"), [(1, 4), (2, 4), (3, 4), (4, 3), (5, 3)])
def test_rounds_follow_the_rulebook(players: int, rounds: int) -> None:
    assert hr.make("luckiest", players=players).options["rounds"] == rounds


def test_rounds_can_be_changed() -> None:
    assert hr.make("luckiest", players=4, rounds=6).options["rounds"] == 6


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 0}, "players"),
        ({"players": 6}, "1 to 5"),
        ({"players": True}, "players"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 2.5}, "rounds"),
        ({"colour": "red"}, "unknown option"),
        ({"faces": 7}, "faces"),
    ],
)
def test_impossible_options_name_the_option(options: dict, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        hr.make("luckiest", **options)


def test_the_default_faces_are_the_rulings() -> None:
    faces = load_faces("default")
    assert [str(f) for f in faces.faces] == [
        "1 blue circle",
        "2 red square",
        "3 orange cross",
        "4 red circle",
        "5 orange square",
        "6 blue cross",
    ]


def test_fourteen_cards_with_the_rulebook_points() -> None:
    assert len(CARDS) == 14
    points = {c.id: c.points for c in CARDS}
    assert points["odd"] == points["even"] == 1
    assert all(points[k] == 2 for k in ("circle", "square", "cross", "blue", "red", "orange"))
    assert all(points[f"number{n}"] == 3 for n in range(1, 7))


def test_each_shape_and_colour_is_on_two_default_faces() -> None:
    masks = dict(zip((c.id for c in CARDS), card_masks(load_faces("default"))))
    assert masks["odd"] == 0b010101 and masks["even"] == 0b101010
    assert all(masks[k].bit_count() == 2 for k in ("circle", "square", "cross", "blue", "red", "orange"))
    assert masks["cross"] == 0b100100  # faces 3 and 6


def test_a_user_face_table_file_replaces_the_dice(tmp_path: Path) -> None:
    path = tmp_path / "dice.toml"
    path.write_text(GOOD, "utf-8")
    game = hr.make("luckiest", faces=str(path))
    masks = dict(zip((c.id for c in CARDS), game.masks))
    assert masks["cross"] == 0b000111 and masks["orange"] == 0b100000
    again = hr.make("luckiest", **game.options)  # the stored options hold the table itself
    assert again == game


def _with(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (GOOD.rsplit("[[face]]", 1)[0], "6 faces"),
        (GOOD + '[[face]]\nnumber = 1\ncolour = "red"\nshape = "cross"\n', "6 faces"),
        (_with(GOOD, 'colour = "blue"', 'colour = "green"'), "colour.*green"),
        (_with(GOOD, 'shape = "square"', 'shape = "star"'), "shape.*star"),
        (_with(GOOD, "number = 6", "number = 7"), "number.*1 to 6"),
        (_with(GOOD, "number = 6", "number = 5"), "missing 6"),
        (_with(GOOD, 'shape = "square"\n', ""), "missing 'shape'"),
        (_with(GOOD, 'shape = "square"', 'shape = "square"\nsize = 2'), "unknown field"),
        ("[[face]\n", "not valid TOML"),
    ],
)
def test_a_malformed_face_table_is_refused_clearly(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(DataFileError, match=words) as error:
        hr.make("luckiest", faces=str(path))
    assert "bad.toml" in str(error.value)


def test_a_missing_face_file_is_refused() -> None:
    with pytest.raises(DataFileError, match="neither a preset"):
        hr.make("luckiest", faces="/no/such/dice.toml")


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("odd", "odd"),
        ("uneven", "odd"),
        ("Even", "even"),
        ("2", "number2"),
        ("number 2", "number2"),
        ("n5", "number5"),
        ("cross", "cross"),
        ("Orange", "orange"),
    ],
)
def test_cards_by_what_people_type(typed: str, card: str) -> None:
    found = find_card(typed)
    assert found is not None and found.id == card


def test_unknown_card_words() -> None:
    assert find_card("7") is None and find_card("green") is None
