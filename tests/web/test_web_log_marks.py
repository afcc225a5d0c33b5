"""The log is narrated once, with a mark in each seat's name's place, and named as it is read: for every
game, in every language, a whole game's log named afterwards reads exactly as the log narrated with
the names, whatever the names (the marks hold characters no display name may hold)."""

from __future__ import annotations

import random

import pytest

import highroller as hr
from highroller.core.words import LANGUAGES
from highroller.registry import available_games
from highroller.web.tables.log_words import Narrator, in_language, seat_marks

NAMES = ["Ann", "Bob O'Neill", "Zoë", "李", "Ann-Marie", "Seat 9"]


@pytest.mark.parametrize("game", available_games())
def test_a_log_narrated_with_seat_marks_and_named_later_reads_as_if_narrated_with_the_names(game: str) -> None:
    made = hr.make(game)
    names = NAMES[: made.num_players]
    rng = random.Random(7)
    marked, plain = made.new_game(3), made.new_game(3)
    marked_lines: list[dict[str, object]] = []
    plain_lines: list[dict[str, object]] = []
    with_marks, with_names = Narrator(game, seat_marks(made.num_players)), Narrator(game, names)
    while not marked.is_terminal():
        step = marked.sample_chance() if marked.is_chance() else rng.choice(marked.legal_actions())
        with_marks.apply(marked, step, marked_lines)
        with_names.apply(plain, step, plain_lines)
    assert len(marked_lines) > 10
    for lang in LANGUAGES:
        assert in_language(marked_lines, lang, dict.fromkeys(LANGUAGES, names)) == [
            {"n": line["n"], "text": line["text"][lang]}
            for line in plain_lines  # type: ignore[index]
        ]
