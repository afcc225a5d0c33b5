"""Numbers and money in every language: any whole number is written, however long, with its digits in
order; finite floats too (Babel's default decimal context stops at 28 digits)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from highroller.core.words import LANGUAGES, Words, _babel_decimal, _decimal, _money_pattern

WORDS = {lang: Words(lang) for lang in LANGUAGES}


def digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


@settings(max_examples=300, deadline=None)
@given(st.integers(-(10**60), 10**60), st.sampled_from(LANGUAGES))
def test_any_whole_number_is_written_and_reads_back(value: int, lang: str) -> None:
    w = WORDS[lang]
    for written in (w.money(value), w.number(value)):
        assert int(digits(written)) == abs(value), written
        assert ("-" in written or "\u2212" in written) == (value < 0), written
    assert "$" in w.money(value)


@settings(max_examples=300, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(LANGUAGES))
def test_any_finite_float_is_written(value: float, lang: str) -> None:
    w = WORDS[lang]
    assert w.money(value) and w.number(value)


def test_the_amounts_that_broke_babel_are_written_the_languages_way() -> None:
    assert [WORDS[lang].money(10**28) for lang in LANGUAGES] == [
        "$10,000,000,000,000,000,000,000,000,000",
        "10\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\u202f000\xa0$",
        "10.000.000.000.000.000.000.000.000.000\xa0$",
    ]
    assert WORDS["de"].number(1e26) == "100.000.000.000.000.000.000.000.000"
    assert digits(WORDS["fr"].number(1e300)) == "1" + "0" * 300
    assert WORDS["fr"].number(math.pi) == "3,142"


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 10**40), st.sampled_from(LANGUAGES), st.booleans())
def test_whole_numbers_are_written_as_babel_writes_them(value: int, lang: str, as_money: bool) -> None:
    """The quick writing of whole numbers (a page may list thousands of amounts) is Babel's to the letter."""
    pattern = _money_pattern(lang) if as_money else None
    assert _decimal(value, lang, pattern) == _babel_decimal(value, lang, pattern)
