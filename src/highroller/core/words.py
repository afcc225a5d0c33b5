"""Words in the languages highroller speaks: translations read from gettext catalogs (.po files, read
as they are with Babel, no compiled files), and numbers and money written the way each language
writes them.

A catalog's message ids are the English text, with `{name}` placeholders. `Words(lang, catalogs)`
looks a text up in those catalogs and fills in its placeholders; English needs no catalog. Money is
in dollars, as the games print their bills: "$80,000", "80 000 $", "80.000 $". Every whole number is
written, however long, and every finite float.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, localcontext
from functools import cache, lru_cache
from importlib.resources.abc import Traversable
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent, parse_pattern

LANGUAGES = ("en", "fr", "de")
"""The languages of the pages, the log and the narration; English is the source of every text."""

COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
"""Small counts in words ("three 4s"); every game's catalog translates them (`Words.count`)."""
AND = "{first} and {last}"
"""How a list ends ("Ann, Bob and Cy"); every game's catalog translates it (`Words.joined`)."""
CLAUSES = "{first}; {then}"
"""How clauses follow one another ("Ann takes $10,000; Bob takes $20,000", in French with a narrow
no-break space before the semicolon); every game's catalog translates it (`Words.clauses`)."""


def check_language(lang: Any) -> str:
    """`lang` if it is one of `LANGUAGES`, else ValueError saying which are."""
    if lang not in LANGUAGES:
        raise ValueError(f"a language is one of {', '.join(LANGUAGES)}, not {str(lang)[:20]!r}")
    return str(lang)


def read_catalog(folder: Traversable, lang: str) -> dict[str, str | tuple[str, ...]]:
    """The translated messages of `folder/<lang>.po`: {English: translation}, a plural message under
    its singular id with all its forms and under its plural id (where the English has two) with the
    last; nothing if the file is missing. Untranslated and fuzzy entries are left out (the English
    shows instead)."""
    path = folder.joinpath(f"{lang}.po")
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    found: dict[str, str | tuple[str, ...]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if isinstance(message.id, (tuple, list)):
            forms = tuple(message.string)
            if all(forms):
                found[message.id[0]] = forms
                if message.id[1] != message.id[0]:
                    found[message.id[1]] = forms[-1]
        else:
            found[message.id] = str(message.string)
    return found


@cache
def _fraction_digits(lang: str, pattern: str | None) -> int:
    """The most digits `pattern` (by default the language's number pattern) writes after the point."""
    return parse_pattern(pattern or Locale.parse(lang).decimal_formats[None]).frac_prec[1]


@cache
def _whole_form(lang: str, pattern: str | None) -> tuple[str, str, str] | None:
    """How `lang` writes a whole number with `pattern`, read off Babel's own writing of one: (before
    the digits, the thousands separator, after them); None where groups of three do not hold."""
    written = format_decimal(1000, format=pattern, locale=lang)
    one = written.index("1")
    thousands = written.index("000", one)
    form = written[:one], written[one + 1 : thousands], written[thousands + 3 :]
    sample = 12345678901234567890
    return form if _whole(sample, form) == format_decimal(sample, format=pattern, locale=lang) else None


def _whole(value: int, form: tuple[str, str, str]) -> str:
    before, separator, after = form
    return before + f"{value:,}".replace(",", separator) + after


def _decimal(value: float, lang: str, pattern: str | None = None) -> str:
    """`value` as `lang` writes it (with `pattern`, Babel's). A whole number that is not negative is
    written by the form Babel writes them in (`_whole_form`): a table's choices may hold thousands of
    amounts, and Babel takes tens of microseconds to write one."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        form = _whole_form(lang, pattern)
        if form is not None:
            return _whole(value, form)
    return _babel_decimal(value, lang, pattern)


@lru_cache(maxsize=8192, typed=True)
def _babel_decimal(value: float, lang: str, pattern: str | None = None) -> str:
    """`value` as Babel writes it in `lang`: the same counts and amounts recur in every log line of
    every table.

    Babel rounds in the current decimal context, of 28 digits by default: too few for a number of 26
    digits and the 3 decimals of a number pattern. Here it rounds in a context with a digit for every
    digit the number and the pattern need."""
    number = Decimal(value) if isinstance(value, int) else Decimal(str(value))
    with localcontext() as context:
        context.prec = max(context.prec, number.adjusted() + 1 + _fraction_digits(lang, pattern))
        return format_decimal(number, format=pattern, locale=lang)


@cache
def _money_pattern(lang: str) -> str:
    """The language's currency pattern without cents and with a literal "$"."""
    pattern: str = Locale.parse(lang).currency_formats["standard"].pattern.split(";")[0]
    return pattern.replace(".00", "").replace("¤", "'$'")


class Words:
    """The words of one language, from the catalogs given (English: the message ids themselves)."""

    def __init__(self, lang: str, catalogs: Iterable[Traversable] = ()) -> None:
        self.lang = check_language(lang)
        self._messages: dict[str, str | tuple[str, ...]] = {}
        if lang != "en":
            for folder in catalogs:
                self._messages.update(read_catalog(folder, lang))
        self._plural = lru_cache(maxsize=1024)(Locale.parse(lang).plural_form)

    def __call__(self, text: str, /, **values: Any) -> str:
        """`text` in this language, its `{name}` placeholders filled in."""
        found = self._messages.get(text, text)
        translated = found if isinstance(found, str) else found[0]
        return translated.format(**values) if values else translated

    def plural(self, number: int, one: str, other: str, /, **values: Any) -> str:
        """`one` or `other` (as this language chooses for `number`), with `{n}` the number written out."""
        found = self._messages.get(one)
        if isinstance(found, tuple):
            text = found[0] if self._plural(number) == "one" else found[-1]
        else:
            text = one if number == 1 else other
        return text.format(**{"n": self.number(number), **values})

    def count(self, count: int) -> str:
        """A small count in words: "three"; larger ones in figures."""
        return self(COUNT_WORDS[count]) if 0 <= count < len(COUNT_WORDS) else self.number(count)

    def joined(self, items: list[str]) -> str:
        """ "Ann", "Ann and Bob", "Ann, Bob and Cy" in this language ("" for none)."""
        if len(items) < 2:
            return "".join(items)
        return self(AND, first=", ".join(items[:-1]), last=items[-1])

    def clauses(self, items: Iterable[str]) -> str:
        """Clauses one after another, as this language separates them: "a; b; c"."""
        return self(CLAUSES, first="", then="").join(items)

    def number(self, value: float) -> str:
        if self.lang == "en":
            return f"{value:,}"
        return _decimal(value, self.lang)

    def percent(self, fraction: float) -> str:
        """A chance as this language writes it, to a tenth of a percent: "23.4%", "23,4 %"."""
        pattern = Locale.parse(self.lang).percent_formats[None].pattern.replace("#,##0", "#,##0.0", 1)
        return format_percent(fraction, format=pattern, locale=self.lang)

    def money(self, amount: float) -> str:
        """Dollars as this language writes them: "$80,000", "80 000 $", "80.000 $"."""
        if self.lang == "en":
            return f"${amount:,}"
        return _decimal(amount, self.lang, _money_pattern(self.lang))
