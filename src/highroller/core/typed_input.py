"""What a person types at a real table: a game's `TypedInput` reads the text into a step and tells, in
words of any language, what to type.

A game names its own with the spec's `typed_input` (`package.module:NAME`); a game without one takes
the number of a legal action at a decision, and no typed chance steps (`NUMBERED`). Text the game does
not take raises `TypedRefusal`, whose reason is worded in whichever language shows it; any other
`IllegalAction` (or error) says why in English, and in another language that the game does not take
it here. The terminal's `highroller play` and the web's companion tables read typed steps through here.

People type in their own language: a game reads its words ("card", "carte", "Karte": `Said`) in every
language its catalogs translate them to, in any case, accents optional (`plain`).
The texts of this module are in every game's catalog.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from highroller.core.errors import IllegalAction
from highroller.core.spec import load_object
from highroller.core.state import CHANCE, State, Step
from highroller.core.words import LANGUAGES, Words

if TYPE_CHECKING:
    from highroller.core.spec import GameSpec

StateT_contra = TypeVar("StateT_contra", bound=State, contravariant=True)

IN_THE_GAMES_WORDS = "{reason}"
"""A message template that is one reason already worded in every language (`{lang: text}`): a refusal
of typed text, in the game's own words."""


class TypedInput(Protocol[StateT_contra]):
    """How a game reads what a person types: moves, and the dice rolled or the cards drawn at a table."""

    def parse(self, state: StateT_contra, text: str) -> Step:
        """The step `text` stands for at this position; `TypedRefusal` (or `IllegalAction`) saying what
        to type instead. Legality is judged by `apply`, though a game may refuse an illegal step here."""
        ...

    def help(self, state: StateT_contra, words: Words) -> str:
        """One line telling a person what to type at this step, in the language of `words` (the
        game's catalog: `highroller.registry.words_of`)."""
        ...


class TypedRefusal(IllegalAction):
    """Typed text a game does not take. `reason(words)` says why, in the language of `words` (the
    game's catalog); the exception's own message is the English."""

    def __init__(self, reason: Callable[[Words], str]) -> None:
        super().__init__(reason(Words("en")))
        self.reason = reason


def reason(error: Exception, words: Words) -> str:
    """Why typed text was refused: a `TypedRefusal` in the language of `words`, any other error as it
    says in English, and in another language that the game does not take it here."""
    w = words
    if isinstance(error, TypedRefusal):
        return error.reason(w)
    return str(error) if w.lang == "en" else w("the game does not take this here")


def explained(error: Exception, state: State, typed: TypedInput[Any], words: Words) -> str:
    """Why typed text was refused, in the language of `words`, followed by what to type where the
    reason does not say it already."""
    said = reason(error, words)
    expected = typed.help(state, words)
    return said if expected in said else f"{said} ({expected})"


class Numbered:
    """Typed input for a game without its own: at a decision the number of a legal action in the
    listed order, or its exact text; chance steps are left to the program."""

    def parse(self, state: State, text: str) -> Step:
        if state.current_player == CHANCE:
            raise TypedRefusal(lambda w: w("this game does not accept typed chance outcomes"))
        return by_number(state, text)

    def help(self, state: State, words: Words) -> str:
        w = words
        if state.current_player == CHANCE:
            return w("this chance step is resolved by the program")
        return w("type the number of your choice")


NUMBERED = Numbered()
LISTED = 40
"""A refusal lists this many legal actions at most."""


def by_number(state: State, text: str) -> Step:
    """The legal action numbered `text` (from 1, in the listed order) or written as `text`."""
    text = text.strip()
    legal = state.legal_actions()
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    for action in legal:
        if str(action).lower() == text.lower():
            return action
    listing = ", ".join(str(action) for action in legal[:LISTED]) + (
        f", … ({len(legal) - LISTED} more)" if len(legal) > LISTED else ""
    )
    raise TypedRefusal(lambda w: w("type the number of one of: {listing}", listing=listing))


def plain(text: str) -> str:
    """Typed text as it is read: lower case, accents and other marks dropped, one space between words."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return " ".join("".join(char for char in decomposed if not unicodedata.combining(char)).split())


@cache
def _said(package: str, text: str, aliases: tuple[str, ...]) -> frozenset[str]:
    found = {text.removeprefix(Said.PREFIX), *aliases}
    for lang in LANGUAGES[1:]:
        translated = Words(lang, [files(package).joinpath("locale")])(text)
        if translated != text:
            found.update(translated.split("|"))
    return frozenset(plain(word) for word in found)


class Said:
    """The words people type at a table of the game in `package`, in every language: `said(text,
    *aliases)` is `text`'s English (less a "typed: " prefix, which keeps a typed word apart from the same
    English shown elsewhere), its `aliases` and its translations in the game's catalogs, as `plain` reads
    them. A translation may give several words, split by "|": "passe|passer"."""

    PREFIX = "typed: "

    def __init__(self, package: str) -> None:
        self.package = package

    def __call__(self, text: str, *aliases: str) -> frozenset[str]:
        return _said(self.package, text, aliases)


def either(words: Iterable[str]) -> str:
    """A regular expression matching any of `words`, the longest first."""
    return "(?:" + "|".join(re.escape(word) for word in sorted(words, key=lambda word: (-len(word), word))) + ")"


def typed_input_of(spec: GameSpec) -> TypedInput[Any]:
    """The game's typed input (its spec's `typed_input`), or `NUMBERED` for a game without one."""
    if not spec.typed_input:
        return NUMBERED
    typed: TypedInput[Any] = load_object(spec.typed_input)
    return typed
