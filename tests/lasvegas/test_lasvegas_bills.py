"""Bill-set data files: the shipped ones, a user's own, and clear errors for malformed ones."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import highroller as hr
from highroller.games.lasvegas.bills import MAX_BILL, MAX_BILLS, load_bills

GOOD = """
name = "small"
[[bill]]
value = 50000
count = 8
[[bill]]
value = 100000
count = 6
"""


def test_shipped_sets_load() -> None:
    assert len(load_bills("classic")) == 54 and sum(load_bills("classic")) == 2_500_000
    assert len(load_bills("biggie")) == 48


def test_a_users_bill_file_is_played_and_stored_in_the_record(tmp_path: Path) -> None:
    path = tmp_path / "bills.toml"
    path.write_text(GOOD)
    game = hr.make("lasvegas", players=3, bills=str(path))
    assert Counter(game.options["bills"]) == {50000: 8, 100000: 6}
    final = hr.play(game, ["greedy"] * 3, seed=4)
    path.unlink()  # the record holds the bills themselves, not the file name
    assert hr.replay(final.record()).record() == final.record()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[bill]\nvalue = 1", "not valid TOML"),
        ("[[bill]]\nvalue = " + "9" * 5000 + "\ncount = 1", "a number is too long to read"),
        ('name = "none"', "needs at least one \\[\\[bill\\]\\] table"),
        (
            "[[bill]]\nvalue = 10000\ncount = 2\ncolour = 'green'",
            "bill entry 1: unknown field\\(s\\) colour; allowed: value, count",
        ),
        ("[[bill]]\nvalue = 10000", "bill entry 1: missing 'count'"),
        ("[[bill]]\nvalue = 0\ncount = 2", "bill entry 1: 'value' must be a whole number from 1 to 10,000,000, not 0"),
        ("[[bill]]\nvalue = 10000\ncount = true", "'count' must be a whole number from 1 to 1,000, not True"),
        ("[[bill]]\nvalue = 10000.5\ncount = 1", "'value' must be a whole number from 1 to 10,000,000"),
        (
            "[[bill]]\nvalue = 10000001\ncount = 1",
            "bill entry 1: 'value' must be a whole number from 1 to 10,000,000, not 10000001",
        ),
        (
            "[[bill]]\nvalue = 10000\ncount = 1000000000000",
            "bill entry 1: 'count' must be a whole number from 1 to 1,000, not 1000000000000",
        ),
        (
            "[[bill]]\nvalue = 10000\ncount = 600\n[[bill]]\nvalue = 20000\ncount = 401",
            "bill entry 2: 401 more bills make 1,001; a bill set holds at most 1,000",
        ),
        ("[[bill]]\nvalue = 1\ncount = 1\n[[bill]]\nvalue = 1\ncount = 2", "bill entry 2: value 1 is listed twice"),
    ],
)
def test_malformed_bill_files_name_the_file_entry_and_problem(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(hr.DataFileError, match=message) as caught:
        load_bills(str(path))
    assert str(caught.value).startswith(f"{path}: ")
    with pytest.raises(hr.RulesError, match=message):
        hr.make("lasvegas", bills=str(path))


def test_a_bill_set_at_the_bounds_is_played(tmp_path: Path) -> None:
    path = tmp_path / "rich.toml"
    path.write_text(f"[[bill]]\nvalue = {MAX_BILL}\ncount = {MAX_BILLS - 1}\n[[bill]]\nvalue = 1\ncount = 1\n")
    assert Counter(load_bills(str(path))) == {MAX_BILL: MAX_BILLS - 1, 1: 1}
    final = hr.play(hr.make("lasvegas", players=2, bills=str(path), rounds=1), ["greedy"] * 2, seed=1)
    assert final.is_terminal() and max(final.returns()) >= MAX_BILL


def test_a_missing_file_says_what_is_allowed() -> None:
    with pytest.raises(
        hr.RulesError, match=r"bills: '/no/such.toml' is neither a preset \(classic, biggie\) nor a readable file"
    ):
        hr.make("lasvegas", bills="/no/such.toml")
