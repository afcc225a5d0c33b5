"""Last Chance's tutorial: its chapter replays and plays through the lesson runner as scripted, every
claim holds on the main line, every text is translated, the first game covers the rules that decide
games (the auction, side bets, jokers, "Last Chance!", going broke, the end and the winner), a learner
playing any legal moves always reaches the end without the runner ever saying something the position
does not bear out, and `highroller learn lastchance` plays it in the terminal."""

from __future__ import annotations

import re
from importlib.resources import files
from typing import Any

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.cli.main import cli
from highroller.core.tutorial import Explanation, Lesson
from highroller.core.tutorial_file import Tutorial, load_tutorial, main_line, tutorial_texts
from highroller.core.tutorial_walk import play_script, walk_lesson
from highroller.core.words import read_catalog
from highroller.games.lastchance.tutorial_claims import TERMS
from highroller.registry import locale_of, words_of

SPEC = hr.game_spec("lastchance")
TUTORIAL = load_tutorial(SPEC)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def tutorial() -> Tutorial:
    assert TUTORIAL is not None
    return TUTORIAL


def scripted_steps(chapter_id: str) -> list[Any]:
    return [entry.step for entry in tutorial().chapter(chapter_id).entries if entry.step is not None]


def played_as_scripted(chapter_id: str, lang: str = "en") -> tuple[Lesson, list[Explanation]]:
    return play_script(tutorial(), chapter_id, words_of("lastchance", lang))


def test_one_short_first_game_against_two_opponents_offering_a_real_game_against_easy_bots() -> None:
    (chapter,) = tutorial().chapters
    assert chapter.id == "first" and chapter.seat == 0 and chapter.names == ("Ann (you)", "Ben", "Carla")
    assert chapter.game.options["cards"] == 1 and chapter.to_the_end
    learner_moves = [entry for entry in chapter.entries if entry.seat == chapter.seat]
    assert 3 <= len(learner_moves) <= 6, "a newcomer finishes in minutes"
    assert all(entry.otherwise.startswith("That works too") for entry in learner_moves)
    assert all(len(re.findall(r"[.!?](?:\s|$)", entry.say)) <= 3 for entry in chapter.entries if entry.say)
    pointed = [entry for entry in chapter.entries if entry.say and entry.points]
    assert len(pointed) == len([entry for entry in chapter.entries if entry.say]), "every explanation points"
    assert (chapter.until.preset, chapter.until.level) == ("standard", "easy")
    assert chapter.until.say == "Now play a real game against easy bots."


def test_the_chapter_plays_through_the_runner_as_scripted_saying_every_explanation() -> None:
    for chapter in tutorial().chapters:
        lesson, said = played_as_scripted(chapter.id)
        assert [moment.entry for moment in said] == [entry.number for entry in chapter.entries if entry.say]
        assert lesson.state.record()["steps"] == scripted_steps(chapter.id) and not lesson.left_script
        assert lesson.state.is_terminal() == chapter.to_the_end
        main_line(tutorial().terms, chapter, chapter.id)  # the loader checked each claim; here, once more


def test_the_first_game_shows_the_auction_bets_jokers_last_chance_going_broke_and_the_win() -> None:
    lesson, _ = played_as_scripted("first")
    events = lesson.state.events
    auctions = [event for event in events if event["type"] == "auction"]
    assert [(a["roller"], a["bid"], a["last_chance"]) for a in auctions] == [
        (1, 500, False),
        (2, 800, True),
        (0, 100, False),
    ], "a bid won by the others passing, a Last Chance!, and the learner's own bid"
    settles = [event for event in events if event["type"] == "settle"]
    assert [s["success"] for s in settles] == [False, False, True]
    reasons = [{(t["from"], t["to"], t["for"]) for t in s["transfers"]} for s in settles]
    assert reasons[0] == {("bin", "bank", "bid lost"), ("bank", 0, "no bet"), (2, "bank", "yes bet")}
    assert reasons[2] == {("bin", 0, "bid back"), ("bank", 0, "payout"), (1, 0, "no bet")}
    assert [event["seat"] for event in events if event["type"] == "eliminated"] == [2]
    locks = [action for player, action in lesson.state.history if player == 0 and "lock" in str(action)]
    assert len(locks) == 1, "the learner locks the jokers"
    assert lesson.state.is_terminal() and lesson.state.winners() == [0]


def test_every_text_is_translated_in_french_and_german_with_its_placeholders() -> None:
    folder = locale_of("lastchance")
    assert folder is not None
    texts = tutorial_texts(tutorial())
    targets = [{"kind": kind, **dict.fromkeys(fields, 1)} for kind, fields in TERMS.points.items()]
    for lang in ("fr", "de"):
        catalog = read_catalog(folder, lang)
        assert [text for text in texts if text not in catalog] == [], lang
        for text in texts:
            assert set(PLACEHOLDER.findall(str(catalog[text]))) == set(PLACEHOLDER.findall(text)), (lang, text)
        words = words_of("lastchance", lang)
        english = words_of("lastchance", "en")
        for target in targets:
            if target["kind"] != "player":
                assert TERMS.point_words(target, words, ["A", "B"]) != TERMS.point_words(target, english, ["A", "B"])
        _, said = played_as_scripted("first", lang)
        assert said[0].text.startswith(str(catalog[texts[4]]).partition("{")[0])


def test_every_board_target_kind_is_named_by_the_board() -> None:
    source = files("highroller.games.lastchance").joinpath("board.js").read_text("utf-8")
    assert "export function pointed(point)" in source
    for kind in TERMS.points:
        assert f'case "{kind}":' in source, kind


@settings(max_examples=40, deadline=None)
@given(st.data(), st.sampled_from(["en", "fr"]))
def test_any_legal_moves_reach_the_end_and_nothing_false_is_said(data: st.DataObject, lang: str) -> None:
    lesson = walk_lesson(
        tutorial(), "first", words_of("lastchance", lang), lambda legal: data.draw(st.sampled_from(list(legal)))
    )
    assert lesson.state.is_terminal()


def run(*args: str, text: str = "") -> tuple[int, str]:
    """The exit code and the output, its lines as the terminal wrapped them joined again."""
    result = CliRunner().invoke(cli, list(args), input=text, catch_exceptions=False)
    return result.exit_code, re.sub(r" *\n *", " ", result.output)


def test_highroller_learn_plays_the_first_game_as_scripted() -> None:
    code, out = run("learn", "lastchance", text="9\n?\npass\nno 300\nno 500\n100\nlock 4\n")
    assert code == 0
    assert "Your first game" in out and "this card is completed only 8.4% of the time: pass." in out
    assert "→ the auction" in out, "what an explanation points at, in words"
    assert "→ pass" in out, "? shows the script's move"
    assert "Carla called “Last Chance!”" in out and "a player with $0 is out of the game" in out
    assert "at least one card wins: you, with $4,600!" in out and "Ann (you) wins!" in out
    assert "Now play a real game against easy bots." in out
    assert "highroller play lastchance --players 3 --bot easy" in out
    assert "That works too" not in out


def test_highroller_learn_answers_another_move_in_german_and_plays_on_to_the_end() -> None:
    code, out = run("learn", "lastchance", "--lang", "de", text="lc\n" + "passe\nwarten\n" * 40)
    assert code == 0
    assert "Dein erstes Spiel" in out and "Das geht auch, aber" in out
    assert "Spiel jetzt ein echtes Spiel gegen leichte Bots." in out
