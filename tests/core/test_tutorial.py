"""Tutorials, knowing no game: the file's checks (each error names the file, the chapter, the step and
what is allowed) and the lesson runner (the script's path, another legal move, an illegal one refused
with nothing changed, an explanation skipped once its claim no longer holds, progress saved and
resumed), on a toy game of this file: a die is rolled, the seat on move takes 1 or the roll, seats
alternate, the most taken after `turns` turns wins."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, NamedTuple

import pytest

from highroller.core import tutorial_walk
from highroller.core.bots import RandomBot
from highroller.core.errors import DataFileError, IllegalAction, RecordError, RulesError
from highroller.core.game import Game, OptionSpec
from highroller.core.spec import GameSpec
from highroller.core.state import CHANCE, TERMINAL, State
from highroller.core.tutorial import Automatic, Explanation, Finished, Lesson, Turn
from highroller.core.tutorial_file import parse_tutorial, tutorial_texts
from highroller.core.tutorial_terms import Claim, TutorialTerms, as_seat
from highroller.core.tutorial_walk import LessonBroken, walk_lesson
from highroller.core.words import Words


class Take(NamedTuple):
    amount: int

    def __str__(self) -> str:
        return f"take {self.amount}"

    def to_json(self) -> dict[str, int]:
        return {"take": self.amount}


class Rolled(NamedTuple):
    face: int

    def __str__(self) -> str:
        return f"rolled {self.face}"

    def to_json(self) -> int:
        return self.face


class TossState(State):
    def __init__(self, game: TossGame, seed: int) -> None:
        super().__init__(game, seed)
        self.turns = game.options["turns"]
        self.scores = [0, 0]
        self.roll = 0
        self.mover = 0
        self.current_player = CHANCE

    def legal_actions(self) -> tuple[Take, ...]:
        if self.current_player < 0:
            return ()
        return (Take(1),) if self.roll == 1 else (Take(1), Take(self.roll))

    def clone(self) -> TossState:
        other = TossState(self.game, self.seed)  # type: ignore[arg-type]
        self._clone_base(other)
        other.scores, other.roll, other.mover, other.turns = list(self.scores), self.roll, self.mover, self.turns
        return other

    def returns(self) -> list[float]:
        return [float(score) for score in self.scores]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        return [seat for seat in (0, 1) if self.scores[seat] == max(self.scores)]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"scores": self.scores, "roll": self.roll}

    def decode_step(self, data: Any) -> Take | Rolled:
        if self.current_player == CHANCE and isinstance(data, int):
            return Rolled(data)
        if isinstance(data, dict) and set(data) == {"take"} and isinstance(data["take"], int):
            return Take(data["take"])
        raise IllegalAction(f"not a step: {data!r}")

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(Rolled(face), 1 / 6) for face in range(1, 7)]

    def _sample_chance(self, bits: int) -> Rolled:
        return Rolled(bits % 6 + 1)

    def _check_outcome(self, outcome: Any) -> None:
        if not isinstance(outcome, Rolled) or not 1 <= outcome.face <= 6:
            raise IllegalAction(f"a face 1-6, not {outcome}")

    def _apply_outcome(self, outcome: Rolled) -> None:
        self.roll = outcome.face
        self.current_player = self.mover

    def _apply_action(self, action: Take) -> None:
        self.scores[self.mover] += action.amount
        self.turns -= 1
        self.roll = 0
        self.mover = 1 - self.mover
        self.current_player = TERMINAL if self.turns == 0 else CHANCE


class TossGame(Game):
    name = "toss"

    @property
    def num_players(self) -> int:
        return 2

    def _new_state(self, seed: int) -> State:
        return TossState(self, seed)


def make_toss(**options: Any) -> TossGame:
    if set(options) - {"players", "turns"} or options.get("turns", 4) not in range(1, 9):
        raise RulesError(f"bad options {options}")
    return TossGame({"turns": options.get("turns", 4)})


def _score(state: State, args: Mapping[str, Any]) -> int:
    assert isinstance(state, TossState)
    return state.scores[args["seat"]]


def _leader(state: State, args: Mapping[str, Any]) -> int | None:
    assert isinstance(state, TossState)
    first, second = state.scores
    return None if first == second else (0 if first > second else 1)


TERMS = TutorialTerms(
    claims={"score": Claim(_score, ("seat",)), "leader": Claim(_leader, (), as_seat)},
    points={"seat": ("index",), "die": ()},
    point_words=lambda target, words, names: f"{target['kind']} {target.get('index', '')}".strip(),
)
SPEC = GameSpec(
    name="toss",
    title="Toss",
    summary="Take one or the roll.",
    make=make_toss,
    options=(OptionSpec("players", "int", "players", minimum=2, maximum=2), OptionSpec("turns", "int", "turns")),
    bots={"random": RandomBot},
    default_bot="random",
    levels={"easy": "random"},
    renderer="toss:RENDERER",
    narration="toss:NARRATION",
    view="toss:View",
    checker_configs=({},),
)

SCRIPT: list[dict[str, Any]] = [
    {"say": "You roll first.", "point": [{"kind": "die"}]},
    {"chance": 5},
    {
        "seat": 0,
        "action": {"take": 5},
        "say": "Take the 5.",
        "otherwise": "One is safe too, with Bea at {theirs}.",
        "claims": [{"claim": "leader", "equals": None}, {"claim": "score", "seat": 1, "equals": 0, "as": "theirs"}],
        "point": [{"kind": "seat", "index": 0}],
    },
    {"say": "You lead with {score}.", "claims": [{"claim": "score", "seat": 0, "equals": 5}]},
    {"chance": 2},
    {"seat": 1, "action": {"take": 2}},
    {"chance": 1},
    {"seat": 0, "action": {"take": 1}, "otherwise": "-"},
    {"chance": 6},
    {"seat": 1, "action": {"take": 6}},
    {"say": "{leader} wins.", "claims": [{"claim": "leader", "equals": 1}]},
]


def tutorial_json(**changes: Any) -> dict[str, Any]:
    chapter = {
        "id": "first",
        "title": "First game",
        "options": {"turns": 4},
        "seed": 3,
        "seat": 0,
        "names": ["You", "Bea"],
        "steps": SCRIPT,
        "until": {"say": "Now play a real game.", "level": "easy"},
        **changes,
    }
    return {"format": "highroller-tutorial", "version": 1, "terms": "x:TERMS", "level": "easy", "chapters": [chapter]}


def load(data: Any) -> Any:
    return parse_tutorial(json.dumps(data), "toss.json", SPEC, TERMS)


ENGLISH = Words("en")


def run_through(lesson: Lesson, moves: list[dict[str, int]]) -> list[Any]:
    """Play the lesson to its end, the learner playing `moves` in order; every moment seen."""
    seen: list[Any] = []
    while not isinstance(moment := lesson.next(), Finished):
        seen.append(moment)
        if isinstance(moment, Turn):
            lesson.play(lesson.state.decode_step(moves.pop(0)))
        else:
            lesson.proceed()
    seen.append(moment)
    return seen


def test_the_scripted_path_says_everything_and_ends_with_the_closing() -> None:
    tutorial = load(tutorial_json())
    lesson = Lesson(tutorial, "first", ENGLISH)
    seen = run_through(lesson, [{"take": 5}, {"take": 1}])
    said = [moment.text for moment in seen if isinstance(moment, Explanation)]
    assert said == ["You roll first.", "Take the 5.", "You lead with 5.", "Bea wins."]
    turns = [moment for moment in seen if isinstance(moment, Turn)]
    assert [turn.suggestion for turn in turns] == [Take(5), Take(1)] and turns[0].points == (
        {"kind": "seat", "index": 0},
    )
    assert [moment.step for moment in seen if isinstance(moment, Automatic)] == [
        Rolled(5),
        Rolled(2),
        Take(2),
        Rolled(1),
        Rolled(6),
        Take(6),
    ]
    assert seen[-1] == Finished("Now play a real game.", "", "easy")
    assert not lesson.left_script and lesson.state.is_terminal()
    assert tutorial.chapters[0].to_the_end and "Take the 5." in tutorial_texts(tutorial)


def test_another_legal_move_is_accepted_explained_and_the_script_goes_on_as_far_as_it_is_legal() -> None:
    lesson = Lesson(load(tutorial_json()), "first", ENGLISH)
    seen = run_through(lesson, [{"take": 1}, {"take": 1}])
    said = [moment.text for moment in seen if isinstance(moment, Explanation)]
    assert said[:3] == ["You roll first.", "Take the 5.", "One is safe too, with Bea at 0."]
    assert "You lead with 5." not in said, "its claim no longer holds: the explanation is skipped"
    assert "Bea wins." in said  # 1 + 1 against 2 + 6: still true, so still said
    assert lesson.left_script
    assert [step for _, step in lesson.state.history] == [
        Rolled(5),
        Take(1),
        Rolled(2),
        Take(2),
        Rolled(1),
        Take(1),
        Rolled(6),
        Take(6),
    ]


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    lesson = Lesson(load(tutorial_json()), "first", ENGLISH)
    while not isinstance(lesson.next(), Turn):
        lesson.proceed()
    before, moment = lesson.state.record(), lesson.next()
    with pytest.raises(IllegalAction, match="not legal"):
        lesson.play(Take(3))
    assert lesson.state.record() == before and lesson.next() == moment
    with pytest.raises(IllegalAction, match="learner is to move"):
        lesson.proceed()


def test_off_the_script_chance_is_drawn_and_the_bot_plays_on_to_the_end() -> None:
    tutorial = load(tutorial_json(steps=[*SCRIPT[:3], {"chance": 5}, {"seat": 1, "action": {"take": 5}}]))
    assert not tutorial.chapters[0].to_the_end
    lesson = Lesson(tutorial, "first", ENGLISH)
    run_through(lesson, [{"take": 1}])
    assert len(lesson.state.history) == 4, "a chapter stopping mid-game stops with its script"
    full = Lesson(load(tutorial_json()), "first", ENGLISH)
    rng = random.Random(5)
    while not isinstance(moment := full.next(), Finished):
        if isinstance(moment, Turn):
            full.play(rng.choice(full.state.legal_actions()))
        else:
            full.proceed()
    assert full.state.is_terminal()


def test_a_walk_plays_any_moves_to_the_end_and_catches_a_false_explanation(monkeypatch: pytest.MonkeyPatch) -> None:
    tutorial = load(tutorial_json())
    rng = random.Random(2)
    for _ in range(10):
        assert walk_lesson(tutorial, "first", ENGLISH, rng.choice).state.is_terminal()
    monkeypatch.setattr(tutorial_walk, "claim_values", lambda terms, state, claims: [object() for _ in claims])
    with pytest.raises(LessonBroken, match="said where its claims read"):
        walk_lesson(tutorial, "first", ENGLISH, rng.choice)


def test_progress_is_json_and_resumes_where_it_was() -> None:
    tutorial = load(tutorial_json())
    lesson = Lesson(tutorial, "first", ENGLISH)
    for _ in range(6):
        moment = lesson.next()
        lesson.play(Take(1)) if isinstance(moment, Turn) else lesson.proceed()
    saved = json.loads(json.dumps(lesson.progress()))
    again = Lesson.resume(tutorial, saved, ENGLISH)
    assert again.state.record() == lesson.state.record() and again.left_script
    assert run_through(again, [{"take": 1}]) == run_through(lesson, [{"take": 1}])
    with pytest.raises(RecordError, match="not what the lesson does"):
        Lesson.resume(tutorial, {"chapter": "first", "steps": [{"chance": 4}]}, ENGLISH)
    with pytest.raises(RecordError, match="no chapter 'second'"):
        Lesson.resume(tutorial, {"chapter": "second", "steps": []}, ENGLISH)


def _entry_error(entry: dict[str, Any], index: int = 2) -> str:
    steps = [*SCRIPT[:index], entry, *SCRIPT[index + 1 :]]
    with pytest.raises(DataFileError) as error:
        load(tutorial_json(steps=steps))
    return str(error.value)


def test_file_errors_name_the_file_chapter_step_and_what_is_allowed() -> None:
    where = "toss.json: chapter 1 (first): step 3"
    take_3 = {"seat": 0, "action": {"take": 3}, "otherwise": "-"}
    assert _entry_error(take_3).startswith(
        f'{where}: {{"seat": 0, "action": {{"take": 3}}}} does not replay: take 3 is not legal'
    )
    wrong = {**SCRIPT[2], "claims": [{"claim": "leader", "equals": 0}, SCRIPT[2]["claims"][1]]}
    assert _entry_error(wrong) == f"{where}: claim 'leader' ({{}}) is None here, not 0"
    unknown = {**SCRIPT[2], "claims": [{"claim": "odds", "equals": 0}]}
    assert _entry_error(unknown) == f"{where}: claim 1: unknown claim 'odds'; claims: leader, score"
    args = {**SCRIPT[2], "claims": [{"claim": "score", "equals": 0}]}
    assert "claim 'score' takes the arguments seat, not none" in _entry_error(args)
    assert "placeholder(s) who, which no claim" in _entry_error({**SCRIPT[2], "say": "{who} leads"})
    point = _entry_error({**SCRIPT[2], "point": [{"kind": "casino", "index": 3}]})
    assert "of the kinds seat (index), die (no fields)" in point
    assert "every step of the learner's seat has one" in _entry_error({"seat": 0, "action": {"take": 5}})
    assert "unknown field(s) sya; allowed: chance" in _entry_error({"sya": "typo"})
    mistakes: list[tuple[dict[str, Any], str]] = [
        ({"options": {"turns": 4, "speed": 2}}, "unknown option 'speed'; options: players, turns"),
        ({"options": {"turns": 9}}, "the game refuses these options"),
        ({"preset": "classic"}, "preset 'classic' is none of the game's presets (none)"),
        ({"names": ["You"]}, "'names' lists the 2 seats' names"),
        ({"until": {"say": "Go", "level": "expert"}}, "level 'expert' is none of the game's levels (easy)"),
        ({"seat": 2}, "'seat' is the learner's seat, 0 to 1"),
    ]
    for changes, message in mistakes:
        with pytest.raises(DataFileError) as error:
            load(tutorial_json(**changes))
        assert str(error.value).startswith("toss.json: chapter 1") and message in str(error.value)
    with pytest.raises(DataFileError, match='"format" is "highroller-tutorial"'):
        load({**tutorial_json(), "format": "x"})
    with pytest.raises(DataFileError, match="'terms' 'nowhere:TERMS' does not load"):
        parse_tutorial(json.dumps(tutorial_json()).replace("x:TERMS", "nowhere:TERMS"), "toss.json", SPEC)
