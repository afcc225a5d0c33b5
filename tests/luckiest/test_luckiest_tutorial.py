"""Luckiest Dice's tutorial: the first game replays and plays through the lesson runner as scripted, every
claim holds on the main line, it covers the rules that decide games, every text is translated with the
same placeholders, the board names every kind of target, `highroller learn luckiest` plays it, and a
learner playing any legal moves always reaches the end without the runner saying something the position
does not bear out."""

from __future__ import annotations

import re
import string
from importlib import resources

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.cli.main import cli
from highroller.core.tutorial import Explanation, Lesson
from highroller.core.tutorial_file import Tutorial, load_tutorial, main_line, tutorial_texts
from highroller.core.tutorial_walk import play_script, walk_lesson
from highroller.core.words import read_catalog
from highroller.games.luckiest.state import LuckiestState
from highroller.registry import locale_of, words_of

SPEC = hr.game_spec("luckiest")
TUTORIAL = load_tutorial(SPEC)


def tutorial() -> Tutorial:
    assert TUTORIAL is not None
    return TUTORIAL


def played_as_scripted(lang: str = "en") -> tuple[Lesson, list[int]]:
    """The first game played through the runner, the script's moves taken; the entries said."""
    lesson, said = play_script(tutorial(), "first", words_of("luckiest", lang))
    return lesson, [moment.entry for moment in said]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_one_short_two_player_game_of_two_rounds_with_a_few_learner_moves() -> None:
    (chapter,) = tutorial().chapters
    assert chapter.id == "first" and chapter.seat == 0 and chapter.names == ("Ann (you)", "Ben")
    assert chapter.game.options["players"] == 2 and chapter.game.options["rounds"] == 2
    assert chapter.to_the_end
    learner_moves = [entry for entry in chapter.entries if entry.seat == chapter.seat]
    assert 3 <= len(learner_moves) <= 6, "a newcomer finishes in minutes"
    assert all(entry.otherwise.startswith("That works too") for entry in learner_moves)
    said = [entry for entry in chapter.entries if entry.say]
    assert sum(1 for entry in said if entry.points) >= len(said) - 2, "most explanations point at the board"
    for text in tutorial_texts(tutorial()):
        assert len(re.findall(r"[.!?](?:\s|$)", text)) <= 3, f"one to three sentences: {text!r}"
    assert chapter.until.say == "Now play a real game against easy bots."
    assert chapter.until.level == "easy" and chapter.until.preset == "standard"


def test_the_lesson_plays_through_as_scripted_saying_every_explanation_and_every_claim_holds() -> None:
    (chapter,) = tutorial().chapters
    lesson, said = played_as_scripted()
    assert said == [entry.number for entry in chapter.entries if entry.say]
    scripted = [entry.step for entry in chapter.entries if entry.step is not None]
    assert lesson.state.record()["steps"] == scripted and not lesson.left_script
    assert lesson.state.is_terminal()
    main_line(tutorial().terms, chapter, chapter.id)  # the loader checked each claim; here, once more


def test_the_first_game_shows_two_cards_in_a_turn_a_bank_a_bust_the_last_round_and_the_win() -> None:
    lesson, _ = played_as_scripted()
    state = lesson.state
    assert isinstance(state, LuckiestState)
    bets = [step["action"]["bet"] for step in state.record()["steps"] if step.get("seat") == 0 and "bet" in str(step)]
    assert bets == ["number2", "cross", "even"], "a number, a shape, then the safe card"
    banks = [event for event in state.events if event["type"] == "bank"]
    assert [(event["seat"], event["points"], event["automatic"]) for event in banks] == [
        (0, 18, False),
        (0, 6, False),
        (1, 16, False),
    ]
    assert banks[0]["points"] == 4 * 3 + 3 * 2, "four 2s at 3 points, three crosses at 2"
    busts = [event for event in state.events if event["type"] == "bust"]
    assert [(event["seat"], event["card"], event["lost"]) for event in busts] == [(1, "number1", 5)]
    assert [event["round"] for event in state.events if event["type"] == "round"] == [1, 2]
    assert state.totals() == [24, 16] and state.winners() == [0]


def test_every_text_is_translated_in_french_and_german_with_the_same_placeholders() -> None:
    folder = locale_of("luckiest")
    assert folder is not None
    texts = [*tutorial_texts(tutorial()), "the {card} card", "the roll", "the points at risk", "the faces of the dice"]
    for lang in ("fr", "de"):
        catalog = read_catalog(folder, lang)
        assert [text for text in texts if text not in catalog] == [], lang
        for text in texts:
            translated = catalog[text]
            assert isinstance(translated, str) and translated.strip(), (lang, text)
            assert placeholders(translated) == placeholders(text), (lang, text)
        lesson, said = played_as_scripted(lang)
        assert lesson.state.winners() == [0] and len(said) == sum(1 for e in tutorial().chapters[0].entries if e.say)
        first = Lesson(tutorial(), "first", words_of("luckiest", lang)).next()
        assert isinstance(first, Explanation) and first.text == str(catalog[texts[3]]).format(cards=14)


def test_the_board_marks_and_selects_every_kind_of_target() -> None:
    board = resources.files("highroller.games.luckiest").joinpath("board.js").read_text("utf-8")
    assert "export function pointed(point)" in board
    for kind in tutorial().terms.points:
        assert f'case "{kind}"' in board, kind
    for mark in ('"data-point": `card-${index}`', '"data-point": `player-${seat}`', '"data-point": "roll"'):
        assert mark in board
    assert '"data-point": "risk"' in board and '"data-point": "faces"' in board


def test_the_terminal_words_of_every_target() -> None:
    terms, words = tutorial().terms, words_of("luckiest", "fr")
    names = ["Ann (vous)", "Ben"]
    assert terms.point_words({"kind": "card", "index": 9}, words, names) == "la carte nombre 2"
    assert terms.point_words({"kind": "card", "index": 4}, words, names) == "la carte croix"
    assert terms.point_words({"kind": "player", "seat": 1}, words, names) == "Ben"
    assert terms.point_words({"kind": "risk"}, words, names) == "les points en jeu"


def run(*args: str, text: str = "") -> tuple[int, str]:
    """The exit code and the output, its lines as the terminal wrapped them joined again."""
    result = CliRunner().invoke(cli, list(args), input=text, catch_exceptions=False)
    return result.exit_code, re.sub(r" *\n *", " ", result.output)


def test_highroller_learn_luckiest_plays_the_first_game_as_scripted() -> None:
    code, out = run("learn", "luckiest", text="9\n?\nnumber 2\ncross\nbank\neven\nbank\n")
    assert code == 0
    assert "Your first game" in out and "Welcome to Luckiest Dice!" in out
    assert "→ the number 2 card" in out, "what an explanation points at, in words"
    assert "'9' is not a card; type a card to bet on: odd, even" in out, "9 is refused with what to type"
    assert "→ bet on number 2" in out, "? shows the script's move"
    assert "You rolled four 2s" in out and "That works too" not in out
    assert "If no die matches your card, you bust" in out and "Ben rolled no 1: bust!" in out
    assert "Round 2 of 2 is the last one" in out and "you have the most points: you win!" in out
    assert "Now play a real game against easy bots." in out
    assert "highroller play luckiest --players 2 --bot easy" in out


def test_highroller_learn_luckiest_in_german_as_scripted() -> None:
    code, out = run("learn", "luckiest", "--lang", "de", text="Zahl 2\nKreuz\nsichern\ngerade\nsichern\n")
    assert code == 0
    assert "Dein erstes Spiel" in out and "Du hast vier 2er gewürfelt" in out
    assert "du hast die meisten Punkte: Du gewinnst!" in out and "Das geht auch" not in out
    assert "Spiel jetzt eine echte Partie gegen leichte Bots." in out


def test_another_legal_move_in_french_is_answered_and_the_lesson_goes_on() -> None:
    code, out = run("learn", "luckiest", "--lang", "fr", text="impair\n" + "encaisser\npair\n" * 10)
    assert code == 0
    assert "Cela marche aussi, mais chaque 2 aurait rapporté 3 points." in out
    assert "Vous avez obtenu quatre 2" not in out, "an explanation whose claim no longer holds"
    assert "Jouez maintenant une vraie partie contre des bots faciles." in out


@settings(max_examples=40, deadline=None)
@given(st.data(), st.sampled_from(["en", "fr", "de"]))
def test_any_legal_moves_reach_the_end_and_nothing_false_is_said(data: st.DataObject, lang: str) -> None:
    lesson = walk_lesson(
        tutorial(), "first", words_of("luckiest", lang), lambda legal: data.draw(st.sampled_from(list(legal)))
    )
    assert lesson.state.is_terminal()
