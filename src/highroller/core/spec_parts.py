"""The parts of a game its spec names by import path, loaded with their types: one function per field,
which imports what the field names only when called and returns it as what the field promises (None where
the spec leaves the field empty). Readers, editors and mypy follow a game's parts through these; a part
that is not what its field promises raises `GameSpecError` naming the game and the field.

The typed input is `highroller.core.typed_input.typed_input_of`; the parts whose types belong to a front
end have their loaders there: the terminal renderer (`highroller.cli.rendering.renderer_of`), the batch
engine (`highroller.batch.engine.find_engine`) and the analysis (`highroller.batch.analysis.analysis_of`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from highroller.core.advice import MoveAdvice
from highroller.core.narration import Narration
from highroller.core.sheet import ScoreSheet
from highroller.core.spec import GameSpec, load_object
from highroller.core.spec_check import GameSpecError
from highroller.core.state import State
from highroller.core.words import Words

if TYPE_CHECKING:  # NumPy, which the encoder needs, is loaded with the encoder only
    from highroller.core.encoder import Encoder

SheetOf = Callable[[State, Words], ScoreSheet]
"""A score sheet of a position, in some words."""
AdviceOf = Callable[[State, int, Words], MoveAdvice | None]
"""The advice on a seat's move in a position, in some words (None: none there)."""
ChancesOf = Callable[[State], list[float] | None]
"""Each seat's chance of winning from a position (None: not known there)."""
NoteOf = Callable[[State, Words], str | None]
"""A line of advice about a position, in some words (None: nothing to say)."""


def _part(spec: GameSpec, field: str) -> Any:
    """What the spec's field `field` names, or None for an empty field."""
    path: str = getattr(spec, field)
    return load_object(path) if path else None


def _function(spec: GameSpec, field: str) -> Any:
    found = _part(spec, field)
    if found is not None and not callable(found):
        raise GameSpecError(f"{spec.name}: the spec's {field} names {getattr(spec, field)!r}, which is not a function")
    return found


def view_type(spec: GameSpec) -> type:
    """The `TypedDict` a state's `view` returns."""
    found = _part(spec, "view")
    if not isinstance(found, type):
        raise GameSpecError(f"{spec.name}: the spec's view names {spec.view!r}, which is not a type")
    return found


def narration_in(spec: GameSpec) -> Callable[[str], Narration]:
    """The game's words as a function of the language: the spec names a `Narration` (one language, given
    whatever the language) or such a function."""
    named = _part(spec, "narration")
    if hasattr(named, "describe_step"):
        return lambda _lang: cast("Narration", named)
    if not callable(named):
        raise GameSpecError(f"{spec.name}: the spec's narration names {spec.narration!r}, which is no Narration")
    return cast("Callable[[str], Narration]", named)


def encoder_class(spec: GameSpec) -> type[Encoder] | None:
    """The class of the game's encoder for the learning adapters (made with a `Game`)."""
    from highroller.core.encoder import Encoder

    found = _part(spec, "encoder")
    if found is not None and not (isinstance(found, type) and issubclass(found, Encoder)):
        raise GameSpecError(f"{spec.name}: the spec's encoder names {spec.encoder!r}, which is not an Encoder class")
    return found


def score_sheet(spec: GameSpec) -> SheetOf | None:
    """The function making the game's score sheet."""
    return cast("SheetOf | None", _function(spec, "score_sheet"))


def move_advice(spec: GameSpec) -> AdviceOf | None:
    """The function advising a person's move (the web's Hint, the terminal's `?`)."""
    return cast("AdviceOf | None", _function(spec, "move_advice"))


def win_chances(spec: GameSpec) -> ChancesOf | None:
    """The function giving each seat's chance of winning."""
    return cast("ChancesOf | None", _function(spec, "win_chances"))


def table_note(spec: GameSpec) -> NoteOf | None:
    """The function giving a line of advice about the position."""
    return cast("NoteOf | None", _function(spec, "table_note"))


def warm_up(spec: GameSpec) -> Callable[[], None] | None:
    """The function doing the game's slow first-time work ahead of play."""
    return cast("Callable[[], None] | None", _function(spec, "warm_up"))


def extra_benchmarks(spec: GameSpec) -> Callable[[], list[tuple[str, str]]] | None:
    """The function giving the (what, figure) rows `highroller bench` also prints for the game."""
    return cast("Callable[[], list[tuple[str, str]]] | None", _function(spec, "extra_benchmarks"))
