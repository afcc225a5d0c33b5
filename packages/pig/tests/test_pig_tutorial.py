"""Pig's tutorial: its chapter replays and plays through the lesson runner as scripted (rolling,
holding, then a 1 losing the turn's points), every claim holding where it is said; its words are in
French and German; a learner playing any legal moves reaches the end without being told anything the
position does not bear out; and the board marks and finds every kind of target."""

from __future__ import annotations

import re
from importlib.resources import files

from hypothesis import given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.core.tutorial import Explanation, Finished, Lesson
from highroller.core.tutorial_file import Tutorial, load_tutorial, main_line, tutorial_texts
from highroller.core.tutorial_walk import play_script, walk_lesson
from highroller.core.words import read_catalog
from highroller.registry import locale_of, words_of
from highroller_pig.steps import HOLD, ROLL
from highroller_pig.tutorial_claims import TERMS

SPEC = hr.game_spec("pig")
TUTORIAL = load_tutorial(SPEC)


def tutorial() -> Tutorial:
    assert TUTORIAL is not None
    return TUTORIAL


def test_the_chapter_plays_through_the_runner_as_scripted_every_claim_holding() -> None:
    (chapter,) = tutorial().chapters
    lesson, explained = play_script(tutorial(), chapter.id, words_of("pig", "en"))
    said = [moment.entry for moment in explained]  # each said only where its claims hold
    learner = [step for player, step in lesson.state.history if player == chapter.seat]
    main_line(tutorial().terms, chapter, chapter.id)
    assert said == [entry.number for entry in chapter.entries if entry.say]
    assert learner == [ROLL, HOLD, ROLL] and not lesson.left_script
    assert [event["type"] for event in lesson.state.events] == ["hold", "hold", "pig"]
    assert lesson.state.events[-1] == {"type": "pig", "seat": 0, "lost": 3}
    assert lesson.state.scores == [9, 6] and not lesson.state.is_terminal() and not chapter.to_the_end
    closing = lesson.next()
    assert isinstance(closing, Finished) and closing.level == "easy" and closing.preset == ""


def test_every_text_is_translated_in_french_and_german() -> None:
    folder = locale_of("pig")
    assert folder is not None
    texts = tutorial_texts(tutorial())
    for lang in ("fr", "de"):
        catalog = read_catalog(folder, lang)
        assert [text for text in texts if text not in catalog] == [], lang
        lesson = Lesson(tutorial(), "first", words_of("pig", lang))
        moment = lesson.next()
        assert isinstance(moment, Explanation) and moment.text == catalog[texts[3]]
        assert lesson.names[0] == catalog["Ann (you)"]


@settings(max_examples=30, deadline=None)
@given(st.data(), st.sampled_from(["en", "fr", "de"]))
def test_any_legal_moves_reach_the_end_and_nothing_false_is_said(data: st.DataObject, lang: str) -> None:
    walk_lesson(tutorial(), "first", words_of("pig", lang), lambda legal: data.draw(st.sampled_from(list(legal))))


def test_the_board_marks_and_finds_every_kind_of_target() -> None:
    board = files("highroller_pig").joinpath("board.js").read_text(encoding="utf-8")
    assert "export function pointed(point)" in board
    for kind in TERMS.points:
        assert f'point.kind === "{kind}"' in board, kind
        assert re.search(rf'"data-point": [`"]{kind}', board), kind
