"""Las Vegas's tutorial: every chapter replays and plays through the lesson runner as scripted, every
claim holds on the main line, every text is translated, the first game covers the rules that decide
games, and a learner playing any legal moves always reaches the end of a chapter without the runner
ever saying something the position does not bear out."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.core.state import CHANCE
from highroller.core.tutorial import Explanation, Finished, Lesson, Turn
from highroller.core.tutorial_file import Tutorial, load_tutorial, main_line, tutorial_texts
from highroller.core.tutorial_walk import play_script, walk_lesson
from highroller.core.words import read_catalog
from highroller.registry import locale_of, words_of

SPEC = hr.game_spec("lasvegas")
TUTORIAL = load_tutorial(SPEC)


def tutorial() -> Tutorial:
    assert TUTORIAL is not None
    return TUTORIAL


def scripted_steps(chapter_id: str) -> list[Any]:
    return [entry.step for entry in tutorial().chapter(chapter_id).entries if entry.step is not None]


def test_the_chapters_are_the_classic_game_then_the_biggie_edition_neutral_dice_and_the_bandit() -> None:
    chapters = tutorial().chapters
    assert [chapter.id for chapter in chapters] == ["classic", "biggie", "neutral", "bandit"]
    assert [chapter.game.options["edition"] for chapter in chapters] == ["classic", "biggie", "classic", "biggie"]
    assert [chapter.game.options["neutral"] for chapter in chapters] == [False, False, True, False]
    assert [chapter.game.options["bandit"] for chapter in chapters] == [False, False, False, True]
    assert chapters[0].to_the_end and chapters[0].game.options["rounds"] == 1
    for chapter in chapters:
        learner_moves = [entry for entry in chapter.entries if entry.seat == chapter.seat]
        assert 1 <= len(learner_moves) <= 3, "short chapters: a newcomer finishes in minutes"
        assert chapter.until.level == "easy" and chapter.until.preset in {"classic", "biggie", "neutral", "bandit"}


def test_every_chapter_plays_through_the_runner_as_scripted_saying_every_explanation() -> None:
    words = words_of("lasvegas", "en")
    for chapter in tutorial().chapters:
        lesson, said = play_script(tutorial(), chapter.id, words)
        assert [moment.entry for moment in said] == [entry.number for entry in chapter.entries if entry.say], chapter.id
        assert lesson.state.record()["steps"] == scripted_steps(chapter.id) and not lesson.left_script
        assert lesson.state.is_terminal() == chapter.to_the_end
        main_line(tutorial().terms, chapter, chapter.id)  # the loader checked each claim; here, once more


def test_the_first_game_shows_ties_cancelling_the_bills_in_order_the_last_roll_and_the_win() -> None:
    lesson = Lesson(tutorial(), "classic", words_of("lasvegas", "en"))
    while not isinstance(moment := lesson.next(), Finished):
        lesson.play(moment.suggestion) if isinstance(moment, Turn) and moment.suggestion else lesson.proceed()
    payouts = {event["casino"]: event for event in lesson.state.events if event["type"] == "payout"}
    assert payouts[4]["dice"] == {"0": 2, "1": 2, "2": 1} and payouts[4]["paid"] == {"2": 60000}
    assert payouts[5]["paid"] == {"1": 70000, "0": 20000}
    rollers = [player for player, _ in lesson.state.history[-4:] if player != CHANCE]
    assert rollers == [2, 0], "the learner rolls the last die alone"
    assert lesson.state.winners() == [0] and lesson.state.is_terminal()


def test_every_text_is_translated_in_french_and_german() -> None:
    folder = locale_of("lasvegas")
    assert folder is not None
    texts = tutorial_texts(tutorial())
    for lang in ("fr", "de"):
        catalog = read_catalog(folder, lang)
        assert [text for text in texts if text not in catalog] == [], lang
        lesson = Lesson(tutorial(), "classic", words_of("lasvegas", lang))
        moment = lesson.next()
        assert isinstance(moment, Explanation) and moment.text == catalog[texts[4]]


@settings(max_examples=40, deadline=None)
@given(st.data(), st.sampled_from(["classic", "biggie", "neutral", "bandit"]), st.sampled_from(["en", "fr"]))
def test_any_legal_moves_reach_the_end_and_nothing_false_is_said(data: st.DataObject, chapter: str, lang: str) -> None:
    lesson = walk_lesson(
        tutorial(), chapter, words_of("lasvegas", lang), lambda legal: data.draw(st.sampled_from(list(legal)))
    )
    assert lesson.state.is_terminal() or not tutorial().chapter(chapter).to_the_end
