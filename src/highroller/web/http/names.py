"""Display names that people type when they take a seat: normalised, then checked so that none can
hide text, change its direction, pass for someone else at the table, or pass for a bot.

`display_name` returns the name as it will be shown, or raises `NameRefused` with one sentence saying
why. It applies, in order:

1. Variation selectors are dropped (emoji still show), then Unicode NFKC normalisation (full-width
   letters become ASCII, ligatures split, no-break and ideographic spaces become spaces).
2. Every run of whitespace becomes one plain space; leading and trailing spaces go.
3. The result must have 1 to 40 characters (code points).
4. Refused: control, format, private-use, surrogate and unassigned characters, line and paragraph
   separators, and the invisible letters, marks and symbols in `INVISIBLE`. A zero width joiner is
   allowed only between two emoji (category So, or a skin-tone modifier before it), as in 👩‍💻 and 👩🏽‍💻.
5. Refused: a combining mark at the start (it would sit on the text before the name), and more than
   3 combining marks in a row ("Zalgo" text).
6. The name needs at least one letter, digit or symbol.
7. Mixed scripts follow Unicode TR39's "highly restrictive" level: one script, or Latin with
   Chinese, Japanese or Korean.
8. Names are compared by keys made with the confusable skeleton of Unicode TR39, as ICU's
   SpoofChecker computes it ("Ⅱ", "II" and "11" become "ll", "0" becomes "O", "m" becomes "rn",
   Cyrillic "Рорру" becomes Latin "Poppy"). A key is a skeleton, casefolded and decomposed, keeping
   only its letters and digits, so that accents and other combining marks, spaces and punctuation do
   not tell names apart (a name with no letter or digit keeps all of it). The skeleton tells case
   apart ("I" looks like "l" but "i" does not; Greek "Ν" looks like "N" but "ν" like "v"), so each name
   has two keys: that of the name as typed, which catches look-alikes that need a capital ("Ian" and
   "lan"), and that of the casefolded name, which catches the same name in another case ("ΝΙΚΟΣ" and
   "νικος"). Two names clash when they share a key: when they look alike once case and marks are set
   aside. So "Lan" clashes with "Ian" (it is "lan" with a capital), while "lan" and "ian" do not (the
   dot shows). A name must not clash with one already at the table, and no key of it may have the
   shape of the labels the server gives bots and open seats in any language the pages speak ("Bot",
   "Hard bot 2", "Seat 4", "Bot difficile 2", "Platz 4"); that shape is written with the keys of
   the labels' words and the digits, so "Hard bot Ⅱ", "Seat l" and "Greedy bot O" are labels too.

A profile's name (`profile_name`), shown on the leaderboard too, also must not have the shape of the
leaderboard's own labels in any language: a bot rated as a player by its level or description ("Hard
bot", "Bot difficile", "Bot schwer", "Greedy bot") and a deleted profile ("Former player", "Ancien
joueur", "Ehemaliger Spieler"), look-alikes included.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterable
from typing import Any

import icu  # type: ignore[import-untyped]
from confusable_homoglyphs import categories  # type: ignore[import-untyped]

from highroller.web.http.errors import Phrase
from highroller.web.http.labels import board_label_templates, bot_names, label_templates, level_words

MAX_LENGTH = 40
"""Most characters (code points) a display name may have once normalised."""

MAX_MARKS = 3
"""Most combining marks (categories Mn and Me) allowed in a row."""

ZWJ = "\u200d"
SKIN_TONES = range(0x1F3FB, 0x1F400)
"""The emoji modifiers (category Sk) that may come before a zero width joiner: 👩🏽‍💻."""

INVISIBLE = frozenset(
    [4447, 4448, 12644, 65440, 10240, 847, 6068, 6069, *list(range(6155, 6160)), *list(range(917504, 917632))]
)
"""Code points refused although their category (letter, mark, symbol) would allow them: Hangul
fillers, the braille blank, the combining grapheme joiner, Khmer inherent vowels, Mongolian
variation selectors and vowel separator, and tag characters."""

_REASONS = {
    "Cc": Phrase("control characters are not text"),
    "Cf": Phrase("it is invisible or changes the text's direction"),
    "Co": Phrase("private-use characters look different on every device"),
    "Cs": Phrase("it is half of a broken character"),
    "Cn": Phrase("it is unassigned or newer than this server's Unicode {version}", version=unicodedata.unidata_version),
    "Zl": Phrase("a display name must fit on one line"),
    "Zp": Phrase("a display name must fit on one line"),
}
"""Why each refused category is refused."""

_UNNAMED = {"Cc": "CONTROL CHARACTER", "Co": "PRIVATE USE CHARACTER", "Cs": "SURROGATE", "Cn": "UNASSIGNED"}
"""What to call a refused character that has no Unicode name, by category."""

_VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")

_WHITESPACE = re.compile("[^\\S\u2028\u2029]+")
"""Runs of whitespace (what str.isspace accepts) except line and paragraph separators, which are refused."""

_IGNORED_SCRIPTS = frozenset({"COMMON", "INHERITED"})

_SCRIPT_SETS = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
"""Scripts that TR39's "highly restrictive" level lets a name mix (Japanese, Chinese, Korean)."""

_SPOOF_CHECKER = icu.SpoofChecker()
"""ICU's implementation of Unicode TR39; it computes the confusable skeletons of the comparison keys."""


class NameRefused(ValueError):
    """A display name that cannot be used; str(error) says why, in one sentence a person understands.
    `reason`: that sentence as a message of the web catalog, to be said in any language."""

    def __init__(self, message: str, /, **values: Any) -> None:
        self.reason = Phrase(message, **values)
        super().__init__(str(self.reason))


def display_name(raw: str, *, taken: Iterable[str] = ()) -> str:
    """The name as it will be shown, or NameRefused. `taken`: the names of the people already at the table."""
    name = normalise(raw)
    _check_length(name)
    _check_characters(name)
    _check_marks(name)
    _check_substance(name)
    _check_scripts(name)
    _check_unique(name, taken)
    return name


def profile_name(raw: str) -> str:
    """A profile's name as it will be shown, or NameRefused: a display name that does not look like the
    leaderboard's label of a bot or of a former player either."""
    name = display_name(raw)
    if any(_BOARD_LABEL.fullmatch(key) for key in comparison_keys(name)):
        raise NameRefused(
            '"{name}" looks like the label the leaderboard gives a bot or a former player; pick another name', name=name
        )
    return name


def same_name(a: str, b: str) -> bool:
    """Whether two names would look the same to people, case and accents aside (they share a comparison key)."""
    return not comparison_keys(a).isdisjoint(comparison_keys(b))


def normalise(raw: str) -> str:
    """Variation selectors dropped, NFKC, each run of whitespace one space, none at either end."""
    text = unicodedata.normalize("NFKC", _VARIATION_SELECTORS.sub("", raw))
    return _WHITESPACE.sub(" ", text).strip(" ")


def comparison_keys(name: str) -> frozenset[str]:
    """The keys of the normalised name as typed and casefolded: two names that share one look alike."""
    text = normalise(name)
    return frozenset({_key(text), _key(text.casefold())})


def _key(text: str) -> str:
    """The confusable skeleton of `text`, casefolded and decomposed: its letters and digits (so no
    combining marks); if it has none, all of it."""
    skeleton: str = _SPOOF_CHECKER.getSkeleton(0, text)
    folded = unicodedata.normalize("NFD", skeleton.casefold())
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LN") or folded


def _any_key(*texts: str) -> str:
    """A regular expression that matches any comparison key of any of `texts`."""
    keys = sorted({key for text in texts for key in comparison_keys(text)})
    return f"(?:{'|'.join(map(re.escape, keys))})"


_DIGIT = _any_key(*string.digits)
_BOT_NAMES = _any_key(*bot_names())


def _label_shape(template: str, bot: str = f"{_BOT_NAMES}?") -> str:
    """A label template (`labels.label_templates`) as a regular expression over comparison keys: its
    words by their keys, `{n}` by the digits' keys, `{bot}` by `bot` (the keys of the games' bot names,
    or none)."""
    shape = []
    for part in re.split(r"(\{n\}|\{bot\})", template):
        if part == "{n}":
            shape.append(f"{_DIGIT}+")
        elif part == "{bot}":
            shape.append(bot)
        elif any(char.isalnum() for char in part):
            shape.append(_any_key(part))
    return "".join(shape)


_BOT = _any_key("bot")
_LABEL = re.compile("|".join([_BOT, f".*{_BOT}{_DIGIT}+", *map(_label_shape, label_templates())]))
"""Comparison keys shaped like the server's labels in any language ("Bot", "Hard bot 2", "MCTS bot 3",
"Seat 4", "Bot difficile 2", "Platz 4"), or ending in "bot" and a number, written with the keys of
their parts, so that their look-alikes match too: "Hard bot Ⅱ", "Seat l"."""


_BOARD_LABEL = re.compile(
    "|".join(
        _label_shape(template, f"(?:{_any_key(*level_words())}|{_BOT_NAMES})") for template in board_label_templates()
    )
)
"""Comparison keys shaped like the leaderboard's labels in any language ("Hard bot", "Bot difficile",
"Greedy bot", "Former player"), look-alikes included."""


def refused_character(text: str) -> tuple[str, Phrase] | None:
    """The first character of `text` a display name could not contain by its kind (invisible, changing
    the direction, a control character…: rule 4), described as people can look it up, and why; None
    when there is none. Other texts people type (chat messages) are held to the same rule."""
    for index, char in enumerate(text):
        reason = _refusal(text, index)
        if reason:
            return _describe(char), reason
    return None


def _describe(char: str) -> str:
    """A refused character as people can look it up: U+202E (RIGHT-TO-LEFT OVERRIDE)."""
    label = unicodedata.name(char, "") or _UNNAMED[unicodedata.category(char)]
    return f"U+{ord(char):04X} ({label})"


def _check_length(name: str) -> None:
    if not name:
        raise NameRefused("type a name: a display name cannot be empty or only spaces")
    if len(name) > MAX_LENGTH:
        raise NameRefused("a display name can have at most {most} characters", most=MAX_LENGTH)


def _check_characters(name: str) -> None:
    refused = refused_character(name)
    if refused:
        raise NameRefused("a display name cannot contain {char}: {reason}", char=refused[0], reason=refused[1])


def _refusal(name: str, index: int) -> Phrase | None:
    """Why the character at `index` cannot be in a name, or None if it can."""
    char = name[index]
    if char == ZWJ:
        return None if _joins_emoji(name, index) else Phrase("it is only allowed between two emoji")
    if ord(char) in INVISIBLE:
        return _REASONS["Cf"]
    return _REASONS.get(unicodedata.category(char))


def _joins_emoji(name: str, index: int) -> bool:
    """Whether an emoji comes before `index` (category So, or a skin-tone modifier) and one (So) after it."""
    if not 0 < index < len(name) - 1:
        return False
    before, after = name[index - 1], name[index + 1]
    return (unicodedata.category(before) == "So" or ord(before) in SKIN_TONES) and unicodedata.category(after) == "So"


def _check_marks(name: str) -> None:
    if unicodedata.category(name[0]) in ("Mn", "Me"):
        raise NameRefused("a display name cannot start with an accent or other combining mark")
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if run > MAX_MARKS:
            raise NameRefused(
                "a display name can have at most {most} accents or other combining marks in a row", most=MAX_MARKS
            )


def _check_substance(name: str) -> None:
    if not any(unicodedata.category(char)[0] in "LNS" for char in name):
        raise NameRefused("a display name needs at least one letter, digit or symbol")


def _check_scripts(name: str) -> None:
    scripts = list(dict.fromkeys(script for script in map(_script, name) if script not in _IGNORED_SCRIPTS))
    if len(scripts) > 1 and not any(set(scripts) <= allowed for allowed in _SCRIPT_SETS):
        raise NameRefused(
            "a display name cannot mix {scripts} letters, as look-alikes could impersonate someone: "
            "use one script (Latin may go with Chinese, Japanese or Korean)",
            scripts=_join(scripts),
        )


def _script(char: str) -> str:
    """The Unicode script of a character: 'LATIN', 'CYRILLIC', 'COMMON', 'INHERITED'..."""
    script: str = categories.aliases_categories(char)[0]
    return script


def _join(scripts: list[str]) -> Phrase:
    """['LATIN', 'OLD_ITALIC', 'GREEK'] as 'Latin, Old Italic and Greek' (Unicode's names of the scripts)."""
    words = [script.replace("_", " ").title() for script in scripts]
    return Phrase("{first} and {last}", first=", ".join(words[:-1]), last=words[-1])


def _check_unique(name: str, taken: Iterable[str]) -> None:
    keys = comparison_keys(name)
    if any(_LABEL.fullmatch(key) for key in keys):
        raise NameRefused("\"{name}\" looks like a bot's or a seat's label; pick another name", name=name)
    if any(not keys.isdisjoint(comparison_keys(other)) for other in taken):
        raise NameRefused('a name like "{name}" is already at this table; pick another name', name=name)
