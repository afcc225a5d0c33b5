"""A lesson: one chapter of a game's tutorial (`highroller.core.tutorial_file`) played by a person,
knowing no game. Every front end runs the same loop:

    lesson = Lesson(tutorial, "classic", words)      # words: the game's catalog in the person's language
    while not isinstance(moment := lesson.next(), Finished):
        if isinstance(moment, Turn):
            lesson.play(the person's move)           # IllegalAction, nothing changed, if it is not legal
        else:
            lesson.proceed()                         # an Explanation said, an Automatic step applied

`next()` tells what happens now and changes nothing that a front end sees (asked twice, it answers the
same): an `Explanation` to show (its words filled in from the claims, in the lesson's language, and
the board targets it points at), an `Automatic` step (a chance step or another seat's move, for the
front end to narrate before `proceed()` applies it), the learner's `Turn` (with the script's move as
the suggestion), or the end (`Finished`: the closing line and the real game it offers).

The learner may play any legal move. The script's move goes on with the script; another one is
accepted, its entry's `otherwise` is said, and the script goes on as far as it stays legal: each
step of the script is taken when it is legal where the game now is, else chance is drawn from the
state's own seeded stream and another seat is played by the tutorial's bot level. An explanation is
said only when its claims hold, read live off the state, so nothing false is ever said; the words of a
step that is no longer the script's are not said either. A chapter whose script plays the game to its
end plays on to the end after leaving the script.

`progress()` is JSON (the chapter and every step applied, as a record holds steps); `Lesson.resume`
makes the lesson again from it, on the same device or another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from highroller.core.botspec import resolve_bot
from highroller.core.errors import HighrollerError, IllegalAction, RecordError
from highroller.core.record_format import recorded_step
from highroller.core.state import CHANCE, JSON, State, Step
from highroller.core.tutorial_file import Chapter, Entry, Tutorial, claim_values
from highroller.core.words import Words


@dataclass(frozen=True)
class Explanation:
    """Words to show, and the board targets they point at."""

    text: str
    points: tuple[Mapping[str, Any], ...]
    otherwise: bool
    """Whether they answer the learner's playing another move than the script's."""
    entry: int
    """The number of the script's entry they come from (from 1)."""


@dataclass(frozen=True)
class Automatic:
    """A step the lesson takes: chance (`player` is `CHANCE`) or another seat's move."""

    player: int
    step: Step


@dataclass(frozen=True)
class Turn:
    """The learner is to move; `suggestion` is the script's move (None where the script has none here)."""

    seat: int
    suggestion: Step | None
    points: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Finished:
    """The lesson is over: its last line, and the real game it offers (a preset, a bot level)."""

    text: str
    preset: str
    level: str


Moment = Explanation | Automatic | Turn | Finished


def _as_recorded(player: int, step: Step) -> dict[str, JSON]:
    return {"chance": step.to_json()} if player == CHANCE else {"seat": player, "action": step.to_json()}


class Lesson:
    """One chapter being played (see the module's docstring)."""

    def __init__(self, tutorial: Tutorial, chapter_id: str, words: Words) -> None:
        self.tutorial = tutorial
        self.chapter: Chapter = tutorial.chapter(chapter_id)
        self.words = words
        self.names = [words(name) for name in self.chapter.names]
        """The seats' names in the lesson's language."""
        self.state: State = self.chapter.game.new_game(self.chapter.seed)
        self.left_script = False
        """Whether the learner has played another move than the script's."""
        self._bot, self._bot_params = resolve_bot(tutorial.spec, tutorial.level)
        self._cursor = 0
        self._said = False
        self._aside: Explanation | None = None
        self._moment: Moment | None = None

    # ------------------------------------------------------------------ what happens now
    def next(self) -> Moment:
        """What happens now (asked again, the same answer)."""
        if self._moment is None:
            self._moment = self._find()
        return self._moment

    def proceed(self) -> None:
        """Go past an `Explanation` or take an `Automatic` step."""
        moment = self.next()
        if isinstance(moment, Automatic):
            self.state.apply(moment.step)
            self._stepped()
        elif isinstance(moment, Explanation):
            if moment.otherwise:
                self._aside = None
        else:
            raise IllegalAction("the learner is to move" if isinstance(moment, Turn) else "the lesson is over")
        self._moment = None

    def play(self, action: Step) -> None:
        """The learner's move: the script's goes on with it, another legal one is accepted (its
        `otherwise` is said next), an illegal one is refused (`IllegalAction`) with nothing changed."""
        moment = self.next()
        if not isinstance(moment, Turn):
            raise IllegalAction("it is not the learner's turn")
        other = moment.suggestion is not None and action.to_json() != moment.suggestion.to_json()
        entry = self.chapter.entries[self._cursor] if other else None
        aside = self._words(entry.otherwise, entry, True) if entry is not None else None
        self.state.apply(action)
        self.left_script = self.left_script or other
        self._aside = aside
        self._stepped()
        self._moment = None

    # ------------------------------------------------------------------ progress
    def progress(self) -> dict[str, JSON]:
        """The lesson so far as JSON: its chapter and every step applied."""
        return {"chapter": self.chapter.id, "steps": self.state.record()["steps"]}

    @classmethod
    def resume(cls, tutorial: Tutorial, progress: Any, words: Words) -> Lesson:
        """The lesson `progress` describes, played again up to where it was; `RecordError` if it is
        not a lesson of this tutorial."""
        if (
            not isinstance(progress, dict)
            or set(progress) != {"chapter", "steps"}
            or not isinstance(progress["steps"], list)
        ):
            raise RecordError('a lesson\'s progress is {"chapter": id, "steps": [steps]}')
        try:
            lesson = cls(tutorial, progress["chapter"], words)
        except KeyError as problem:
            raise RecordError(str(problem)) from problem
        for index, saved in enumerate(progress["steps"]):
            lesson._replay(index, saved)
        return lesson

    def _replay(self, index: int, saved: Any) -> None:
        moment = self.next()
        while isinstance(moment, Explanation):
            self.proceed()
            moment = self.next()
        if isinstance(moment, Automatic) and _as_recorded(moment.player, moment.step) == saved:
            self.proceed()
        elif isinstance(moment, Turn):
            step = recorded_step(self.state, saved, index)
            try:
                self.play(step)
            except IllegalAction as problem:
                raise RecordError(f"step {index}: {problem}") from problem
        else:
            raise RecordError(f"step {index}: {saved} is not what the lesson does there")

    # ------------------------------------------------------------------ the script
    def _find(self) -> Moment:
        if self._aside is not None:
            return self._aside
        entries = self.chapter.entries
        while self._cursor < len(entries):
            entry = entries[self._cursor]
            scripted = self._scripted(entry)
            if not self._said:
                self._said = True
                if entry.say and (entry.step is None or scripted is not None):
                    said = self._words(entry.say, entry, False)
                    if said is not None:
                        return said
            if entry.step is None or self.state.is_terminal():
                self._next_entry()
                continue
            return self._step(entry, scripted)
        if self.state.is_terminal() or not self.chapter.to_the_end:
            until = self.chapter.until
            return Finished(self.words(until.say), until.preset, until.level)
        return self._step(None, None)

    def _scripted(self, entry: Entry) -> Step | None:
        """The entry's step, if it is the game's next step and legal there."""
        state = self.state
        if entry.step is None or entry.seat != state.current_player:
            return None
        try:
            step = recorded_step(state, entry.step, len(state.history))
            state.clone().apply(step)
        except HighrollerError:
            return None
        return step

    def _step(self, entry: Entry | None, scripted: Step | None) -> Moment:
        state = self.state
        player = state.current_player
        if player == self.chapter.seat:
            return Turn(player, scripted, entry.points if entry is not None and scripted is not None else ())
        if scripted is not None:
            return Automatic(player, scripted)
        if player == CHANCE:
            return Automatic(player, state.sample_chance())
        bot = self._bot(len(state.history), **self._bot_params)
        return Automatic(player, bot.choose(state))

    def _stepped(self) -> None:
        if self._cursor < len(self.chapter.entries):
            self._next_entry()

    def _next_entry(self) -> None:
        self._cursor += 1
        self._said = False

    def _words(self, text: str, entry: Entry, otherwise: bool) -> Explanation | None:
        """The entry's text with its claims worded in, if they all hold now; None if one does not."""
        try:
            values = claim_values(self.tutorial.terms, self.state, entry.claims)
        except (LookupError, TypeError, ValueError):  # a fact of the script's position that is not there now
            return None
        if any(value != use.equals for use, value in zip(entry.claims, values, strict=True)):
            return None
        claims = self.tutorial.terms.claims
        filled = {
            use.placeholder: claims[use.name].shown(value, self.words, self.names)
            for use, value in zip(entry.claims, values, strict=True)
        }
        return Explanation(self.words(text, **filled), entry.points, otherwise, entry.number)
