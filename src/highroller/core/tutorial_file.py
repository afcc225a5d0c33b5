"""A game's tutorials as data: the JSON file its spec's `tutorial` names, read and checked on load.

The file::

    {"format": "highroller-tutorial", "version": 1,
     "terms": "package.module:TERMS",      # the game's TutorialTerms: its claims and board targets
     "level": "easy",                      # the bot level (or bot) playing the other seats off the script
     "chapters": [{
        "id": "classic", "title": "Your first game",     # the title: English, translated in the catalog
        "preset": "classic", "options": {"players": 3},  # a preset of the game, options over it (both optional)
        "seed": 1, "seat": 0, "names": ["You", "Ben", "Carla"],   # every seat's name, translated too
        "steps": [
          {"say": "Casino 3 holds {bills}.", "point": [{"kind": "casino", "index": 3}],
           "claims": [{"claim": "casino_bills", "casino": 3, "equals": [50000, 20000], "as": "bills"}]},
          {"chance": {"own": [3, 3, 5]}},
          {"seat": 0, "action": {"place": 3}, "say": "Place your 3s on casino 3.",
           "otherwise": "That works too, but ..."}],
        "until": {"say": "Now play a real game against easy bots.", "preset": "classic", "level": "easy"}}]}

A script's entry is a step of the game in a record's step JSON (`{"chance": ...}` or `{"seat": n,
"action": ...}`), or only words (no step); any entry may carry `say` (said before its step),
`point` (board targets of the kinds the terms declare) and `claims` (facts its words rely on, each
`{"claim": name, <its arguments>, "equals": value}`, worded into the placeholder named by `as`, by
default the claim's name). Steps of the learner's seat are the learner's to play, and carry
`otherwise`, said when the learner plays another legal move. `until` closes the chapter: its last
line and the real game it offers (a bot level and, optionally, a preset).

Loading checks everything a lesson relies on, with errors naming the file, the chapter, the step
(counted from 1) and what is allowed: the fields, the options (against the game's option specs and
the game itself), every step (replayed from the seed: the script's main line), every claim (true on
the main line), the placeholders of every text, the point kinds and the closing's preset and level.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from highroller.core.errors import DataFileError, HighrollerError, RecordError
from highroller.core.game import Game
from highroller.core.presets import load_presets
from highroller.core.record_format import recorded_step
from highroller.core.spec import GameSpec, load_object
from highroller.core.state import CHANCE, State
from highroller.core.tutorial_terms import TutorialTerms
from highroller.core.values import is_whole

FORMAT = "highroller-tutorial"
VERSION = 1
TOP = ("format", "version", "terms", "level", "chapters")
CHAPTER = ("id", "title", "preset", "options", "seed", "seat", "names", "steps", "until")
CHAPTER_REQUIRED = ("id", "title", "seat", "names", "steps", "until")
ENTRY = ("chance", "seat", "action", "say", "point", "claims", "otherwise")
UNTIL = ("say", "preset", "level")


@dataclass(frozen=True)
class ClaimUse:
    """A claim an entry's words rely on: its name, arguments, expected value and placeholder."""

    name: str
    args: Mapping[str, Any]
    equals: Any
    placeholder: str


@dataclass(frozen=True)
class Entry:
    """One entry of a chapter's script: a step (or none) and what is said and shown with it."""

    number: int
    """Its place in the script, from 1 (as errors name it)."""
    step: Mapping[str, Any] | None
    """The step as a record holds it, None for words only."""
    say: str
    points: tuple[Mapping[str, Any], ...]
    claims: tuple[ClaimUse, ...]
    otherwise: str

    @property
    def seat(self) -> int | None:
        """Who takes the step: a seat, `CHANCE`, or None for words only."""
        if self.step is None:
            return None
        return CHANCE if "chance" in self.step else int(self.step["seat"])


@dataclass(frozen=True)
class Closing:
    """How a chapter ends: its last line and the real game it offers."""

    say: str
    preset: str
    """The real game's preset ("": the game's default options)."""
    level: str


@dataclass(frozen=True)
class Chapter:
    """One lesson: a game, the learner's seat, the seats' names and the script."""

    id: str
    title: str
    game: Game
    seed: int
    seat: int
    names: tuple[str, ...]
    entries: tuple[Entry, ...]
    until: Closing
    to_the_end: bool
    """Whether the script plays the game to its end (then a lesson that left the script plays on to it)."""


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial, checked."""

    spec: GameSpec
    where: str
    terms: TutorialTerms
    level: str
    chapters: tuple[Chapter, ...]

    def chapter(self, chapter_id: str) -> Chapter:
        """The chapter of this id; `KeyError` naming the ids."""
        for chapter in self.chapters:
            if chapter.id == chapter_id:
                return chapter
        raise KeyError(f"no chapter {chapter_id!r}; chapters: {', '.join(c.id for c in self.chapters)}")


def tutorial_texts(tutorial: Tutorial) -> list[str]:
    """Every text of the tutorial a catalog translates: titles, names, explanations, closings."""
    texts: list[str] = []
    for chapter in tutorial.chapters:
        texts += [chapter.title, *chapter.names]
        texts += [text for entry in chapter.entries for text in (entry.say, entry.otherwise) if text]
        texts.append(chapter.until.say)
    return texts


def load_tutorial(spec: GameSpec) -> Tutorial | None:
    """The tutorial the spec's `tutorial` names (None when it names none), checked."""
    if not spec.tutorial:
        return None
    package, _, file = spec.tutorial.partition(":")
    resource = resources.files(package).joinpath(file)
    return parse_tutorial(resource.read_text("utf-8"), str(resource), spec)


def parse_tutorial(text: str, where: str, spec: GameSpec, terms: TutorialTerms | None = None) -> Tutorial:
    """The tutorial in JSON `text` for the game of `spec`, checked; `where` names the file in errors.
    `terms` stands in for those the file names (a game's tests try terms of their own)."""
    try:
        data = json.loads(text)
    except ValueError as problem:
        raise DataFileError(f"{where}: not valid JSON: {problem}") from problem
    _fields(data, TOP, TOP, where)
    if data["format"] != FORMAT or data["version"] != VERSION:
        raise DataFileError(f'{where}: "format" is "{FORMAT}" and "version" {VERSION}')
    if terms is None:
        terms = _terms(data["terms"], where)
    level = _level(spec, data["level"], where)
    chapters = data["chapters"]
    if not isinstance(chapters, list) or not chapters:
        raise DataFileError(f"{where}: 'chapters' is a non-empty list of chapters")
    tutorial = Tutorial(spec, where, terms, level, ())
    parsed: list[Chapter] = []
    for index, entry in enumerate(chapters):
        chapter = _chapter(tutorial, entry, f"{where}: chapter {index + 1}")
        if any(seen.id == chapter.id for seen in parsed):
            raise DataFileError(f"{where}: chapter {index + 1}: the id {chapter.id!r} is used twice")
        parsed.append(chapter)
    return Tutorial(spec, where, terms, level, tuple(parsed))


def claim_values(terms: TutorialTerms, state: State, claims: Sequence[ClaimUse]) -> list[Any]:
    """What each claim reads off `state`."""
    return [terms.claims[use.name].evaluate(state, use.args) for use in claims]


def _fields(data: Any, allowed: Sequence[str], required: Sequence[str], label: str) -> None:
    if not isinstance(data, dict):
        raise DataFileError(f"{label}: an object with {', '.join(allowed)}")
    unknown = sorted(map(str, set(data) - set(allowed)))
    if unknown:
        raise DataFileError(f"{label}: unknown field(s) {', '.join(unknown)}; allowed: {', '.join(allowed)}")
    missing = [name for name in required if name not in data]
    if missing:
        raise DataFileError(f"{label}: missing {', '.join(missing)}")


def _text(value: Any, label: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DataFileError(f"{label}: a non-empty text, not {value!r}")
    return value


def _terms(path: Any, where: str) -> TutorialTerms:
    try:
        terms = load_object(_text(path, f"{where}: 'terms'"))
    except (ImportError, AttributeError, ValueError) as problem:
        raise DataFileError(f"{where}: 'terms' {path!r} does not load: {problem}") from problem
    if not isinstance(terms, TutorialTerms):
        raise DataFileError(f"{where}: 'terms' {path!r} is not a TutorialTerms")
    return terms


def _level(spec: GameSpec, level: Any, label: str) -> str:
    if level not in spec.levels and level not in spec.bots:
        raise DataFileError(
            f"{label}: level {level!r} is none of the game's levels ({', '.join(spec.levels)}) or bots "
            f"({', '.join(spec.bots)})"
        )
    return str(level)


def _chapter(tutorial: Tutorial, data: Any, label: str) -> Chapter:
    spec = tutorial.spec
    _fields(data, CHAPTER, CHAPTER_REQUIRED, label)
    chapter_id = _text(data["id"], f"{label}: 'id'")
    label = f"{label} ({chapter_id})"
    game = _game(spec, data.get("preset"), data.get("options", {}), label)
    seed = data.get("seed", 1)
    if not is_whole(seed) or seed < 0:
        raise DataFileError(f"{label}: 'seed' is a non-negative whole number, not {seed!r}")
    seat = data["seat"]
    if not is_whole(seat) or not 0 <= seat < game.num_players:
        raise DataFileError(f"{label}: 'seat' is the learner's seat, 0 to {game.num_players - 1}, not {seat!r}")
    names = data["names"]
    if not isinstance(names, list) or len(names) != game.num_players:
        raise DataFileError(f"{label}: 'names' lists the {game.num_players} seats' names in seat order")
    names = [_text(name, f"{label}: 'names'") for name in names]
    steps = data["steps"]
    if not isinstance(steps, list) or not steps:
        raise DataFileError(f"{label}: 'steps' is a non-empty list of script entries")
    entries = tuple(
        _entry(tutorial.terms, item, number, seat, f"{label}: step {number}") for number, item in enumerate(steps, 1)
    )
    until = data["until"]
    _fields(until, UNTIL, ("say", "level"), f"{label}: 'until'")
    closing = Closing(
        _no_placeholders(_text(until["say"], f"{label}: 'until'"), f"{label}: 'until'"),
        _preset_id(spec, until["preset"], f"{label}: 'until'") if "preset" in until else "",
        _level(spec, until["level"], f"{label}: 'until'"),
    )
    chapter = Chapter(
        chapter_id, _text(data["title"], f"{label}: 'title'"), game, seed, seat, tuple(names), entries, closing, False
    )
    final = main_line(tutorial.terms, chapter, label)
    return replace(chapter, to_the_end=final.is_terminal())


def _preset_id(spec: GameSpec, preset: Any, label: str) -> str:
    ids = [found.id for found in load_presets(spec)]
    if preset not in ids:
        raise DataFileError(f"{label}: preset {preset!r} is none of the game's presets ({', '.join(ids) or 'none'})")
    return str(preset)


def _game(spec: GameSpec, preset: Any, options: Any, label: str) -> Game:
    """The chapter's game: the preset's options (if it names one), then its own."""
    chosen: dict[str, Any] = {}
    if preset is not None:
        preset_id = _preset_id(spec, preset, label)
        chosen.update(next(found.options for found in load_presets(spec) if found.id == preset_id))
    if not isinstance(options, dict):
        raise DataFileError(f"{label}: 'options' is an object of the game's options")
    names = [option.name for option in spec.options]
    for name in options:
        if name not in names:
            raise DataFileError(f"{label}: unknown option {name!r}; options: {', '.join(names)}")
    chosen.update(options)
    try:
        return spec.make(**chosen)
    except HighrollerError as problem:
        raise DataFileError(f"{label}: the game refuses these options: {problem}") from problem


def _entry(terms: TutorialTerms, data: Any, number: int, learner: int, label: str) -> Entry:
    _fields(data, ENTRY, (), label)
    kinds = [kind for kind in ("chance", "seat") if kind in data]
    if len(kinds) > 1 or ("seat" in data) != ("action" in data):
        raise DataFileError(f'{label}: a step is {{"chance": ...}} or {{"seat": n, "action": ...}}, or none (words)')
    step = {key: data[key] for key in ("chance", "seat", "action") if key in data} or None
    claims = tuple(
        _claim(terms, item, f"{label}: claim {index + 1}") for index, item in enumerate(_list(data, "claims", label))
    )
    placeholders = {use.placeholder for use in claims}
    say = _placeholders(_text(data["say"], f"{label}: 'say'"), placeholders, label) if "say" in data else ""
    mine = step is not None and step.get("seat") == learner
    if mine != ("otherwise" in data):
        raise DataFileError(
            f"{label}: 'otherwise' is said when the learner plays another move: every step of the learner's "
            "seat has one, and no other entry"
        )
    otherwise = _placeholders(_text(data["otherwise"], f"{label}: 'otherwise'"), placeholders, label) if mine else ""
    points = tuple(
        _point(terms, item, f"{label}: point {index + 1}") for index, item in enumerate(_list(data, "point", label))
    )
    return Entry(number, step, say, points, claims, otherwise)


def _list(data: Mapping[str, Any], key: str, label: str) -> list[Any]:
    found = data.get(key, [])
    if not isinstance(found, list):
        raise DataFileError(f"{label}: '{key}' is a list")
    return found


def _claim(terms: TutorialTerms, data: Any, label: str) -> ClaimUse:
    if not isinstance(data, dict) or not isinstance(data.get("claim"), str) or "equals" not in data:
        raise DataFileError(f'{label}: a claim is {{"claim": name, <arguments>, "equals": value}}')
    name = data["claim"]
    claim = terms.claims.get(name)
    if claim is None:
        raise DataFileError(f"{label}: unknown claim {name!r}; claims: {', '.join(sorted(terms.claims))}")
    args = {key: value for key, value in data.items() if key not in ("claim", "equals", "as")}
    if set(args) != set(claim.args):
        raise DataFileError(
            f"{label}: claim {name!r} takes the arguments {', '.join(claim.args) or 'none'}, "
            f"not {', '.join(sorted(args)) or 'none'}"
        )
    placeholder = data.get("as", name)
    if not isinstance(placeholder, str) or not placeholder.isidentifier():
        raise DataFileError(f"{label}: 'as' names a placeholder, not {placeholder!r}")
    return ClaimUse(name, args, data["equals"], placeholder)


def _point(terms: TutorialTerms, data: Any, label: str) -> Mapping[str, Any]:
    kinds = ", ".join(f"{kind} ({', '.join(fields) or 'no fields'})" for kind, fields in terms.points.items())
    if not isinstance(data, dict) or data.get("kind") not in terms.points:
        raise DataFileError(f'{label}: a board target is {{"kind": ..., <fields>}}, of the kinds {kinds}')
    fields = terms.points[data["kind"]]
    if set(data) != {"kind", *fields} or not all(is_whole(data[name]) for name in fields):
        raise DataFileError(f"{label}: a {data['kind']} target has the whole-number fields {', '.join(fields)}")
    return dict(data)


def _named(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _placeholders(text: str, known: set[str], label: str) -> str:
    unknown = sorted(_named(text) - known)
    if unknown:
        raise DataFileError(
            f"{label}: {text!r} has the placeholder(s) {', '.join(unknown)}, which no claim of the entry fills "
            f"(its claims fill: {', '.join(sorted(known)) or 'none'})"
        )
    return text


def _no_placeholders(text: str, label: str) -> str:
    return _placeholders(text, set(), label)


def main_line(terms: TutorialTerms, chapter: Chapter, label: str) -> State:
    """Replay the script from the seed, checking every claim before its entry's step; the final state,
    or `DataFileError` naming the step (`label`: the chapter as errors name it)."""
    state = chapter.game.new_game(chapter.seed)
    for entry in chapter.entries:
        where = f"{label}: step {entry.number}"
        try:
            values = claim_values(terms, state, entry.claims)
        except (LookupError, TypeError, ValueError) as problem:
            raise DataFileError(f"{where}: a claim cannot be read here: {problem!r}") from problem
        for use, value in zip(entry.claims, values, strict=True):
            if value != use.equals:
                raise DataFileError(
                    f"{where}: claim {use.name!r} ({json.dumps(dict(use.args))}) is {value!r} here, not {use.equals!r}"
                )
        if entry.step is not None:
            try:
                state.apply(recorded_step(state, entry.step, len(state.history)))
            except HighrollerError as problem:
                reason = str(problem).partition(": ")[2] if isinstance(problem, RecordError) else str(problem)
                raise DataFileError(f"{where}: {json.dumps(entry.step)} does not replay: {reason}") from problem
    return state
