"""Every golden playthrough replays to the very text in its file: any change of a game's rules,
legal-action order, chance draws, words or views shows up here as a diff. A change meant to happen
rewrites the files (`python tests/playthroughs/regenerate.py`) in the same commit."""

from __future__ import annotations

import difflib
from itertools import islice
from pathlib import Path

import pytest
from playthrough import PLAYTHROUGHS, Playthrough, write

HERE = Path(__file__).resolve().parent


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_a_playthrough_is_what_its_golden_file_says(playthrough: Playthrough) -> None:
    golden = (HERE / playthrough.file_name).read_text(encoding="utf-8")
    now = write(playthrough)
    if now != golden:
        diff = difflib.unified_diff(golden.splitlines(), now.splitlines(), "golden", "now", lineterm="", n=2)
        shown = "\n".join(islice(diff, 60))
        pytest.fail(f"{playthrough.file_name} changed (regenerate with tests/playthroughs/regenerate.py if meant):\n{shown}")


def test_every_game_has_a_playthrough() -> None:
    import highroller as hr

    assert {p.game for p in PLAYTHROUGHS} == set(hr.available_games())
    assert len({p.file_name for p in PLAYTHROUGHS}) == len(PLAYTHROUGHS)
