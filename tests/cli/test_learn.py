"""`highroller learn`: a tutorial played through with scripted input, in English and in French,
another legal move answered, an illegal one refused, and a game without a tutorial named as such."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from click.testing import CliRunner

from highroller.cli import learn
from highroller.cli.main import cli
from highroller.core.spec import GameSpec
from highroller.registry import game_spec


def run(*args: str, text: str = "") -> tuple[int, str]:
    """The exit code and the output, its lines as the terminal wrapped them joined again."""
    result = CliRunner().invoke(cli, list(args), input=text, catch_exceptions=False)
    return result.exit_code, re.sub(r" *\n *", " ", result.output)


def test_the_first_game_played_as_scripted_in_english() -> None:
    code, out = run("learn", "lasvegas", "--chapter", "classic", text="9\n?\n4\n5\n3\n")
    assert code == 0
    assert "Your first game" in out and "Place your 4s on casino 4." in out
    assert "→ the dice showing 4, casino 4" in out, "what an explanation points at, in words"
    assert "type one of: 1, 4, 6" in out, "9 is refused with what to type"
    assert "→ 4s on casino 4" in out, "? shows the script's move"
    assert "you and Ben are tied there" in out and "Carla, with one die, takes the $60,000" in out
    assert "You end with $110,000, the most money: you win!" in out and "Ann (you) wins!" in out
    assert "Now play a real one against easy bots." in out
    assert "highroller play lasvegas --edition classic --players 3 --bot easy" in out
    assert "That works too" not in out


def test_another_legal_move_is_answered_and_the_lesson_goes_on_in_french() -> None:
    code, out = run("learn", "lasvegas", "--chapter", "classic", "--lang", "fr", text="1\n" + "1\n2\n3\n4\n5\n6\n" * 10)
    assert code == 0
    assert "Votre première partie" in out and "Placez vos 4 sur le casino 4." in out
    assert "Cela marche aussi\u202f: tous les dés de la valeur choisie sont placés." in out
    assert "Ann (vous) a placé" in out
    assert "Jouez maintenant une vraie partie contre des bots faciles." in out
    assert "Ben a deux dés sur le casino 5 et vous un" not in out, "an explanation whose claim no longer holds"


def test_every_chapter_in_turn_then_leaving() -> None:
    code, out = run("learn", "lasvegas", text="4\n5\n3\n\n3\nq\n")
    assert code == 0
    assert "highroller play lasvegas --edition classic --players 3 --bot easy" in out
    assert "The Biggie edition" in out and "highroller play lasvegas --edition biggie --players 2 --bot easy" in out
    assert "Neutral dice" in out and "With neutral dice" not in out, "q leaves before the third chapter"


def test_the_bandit_chapter_offers_a_real_game_for_enough_players() -> None:
    code, out = run("learn", "lasvegas", "--chapter", "bandit", "--lang", "de", text="b6\nb4\n")
    assert code == 0 and "Setze deine zwei 6er auf den Banditen." in out
    assert "highroller play lasvegas --edition biggie --bandit --players 5 --bot easy" in out


def test_a_game_without_a_tutorial_and_an_unknown_chapter(monkeypatch: pytest.MonkeyPatch) -> None:
    def without_last_chance(name: str) -> GameSpec:
        spec = game_spec(name)
        return replace(spec, tutorial="") if name == "lastchance" else spec

    monkeypatch.setattr(learn, "game_spec", without_last_chance)
    code, out = run("learn", "lastchance")
    assert code == 1 and "Last Chance has no tutorial yet; games with one: lasvegas, " in out
    assert "lastchance" not in out.partition("games with one:")[2] and "(highroller learn lasvegas)" in out
    monkeypatch.undo()
    code, out = run("learn", "lasvegas", "--chapter", "expert")
    assert code == 2 and "no chapter 'expert'; chapters: classic, biggie, neutral, bandit" in out
    code, out = run("learn", "chess")
    assert code == 2 and "no game 'chess'" in out
