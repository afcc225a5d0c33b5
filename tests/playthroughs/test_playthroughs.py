"""Every golden playthrough of every registered game replays to the very text in its file: any change
of a game's rules, legal-action order, chance draws, words or views shows up here as a diff. A change
meant to happen rewrites the files (`python tests/playthroughs/regenerate.py`) in the same commit."""

from __future__ import annotations

import difflib
import json
from itertools import islice
from pathlib import Path

import pytest
from playthrough import LIST, PLAYTHROUGHS, Playthrough, playthroughs_folder, playthroughs_of, write

import highroller as hr
from highroller import registry


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_a_playthrough_is_what_its_golden_file_says(playthrough: Playthrough) -> None:
    golden = playthrough.golden.read_text(encoding="utf-8")
    now = write(playthrough)
    if now != golden:
        diff = difflib.unified_diff(golden.splitlines(), now.splitlines(), "golden", "now", lineterm="", n=2)
        shown = "\n".join(islice(diff, 60))
        pytest.fail(
            f"{playthrough.golden} changed (regenerate with tests/playthroughs/regenerate.py if meant):\n{shown}"
        )


def test_every_game_of_highroller_has_playthroughs() -> None:
    """highroller's own games each keep theirs; a game of another package may (and is replayed then)."""
    own = registry.own_games()
    assert own and all(playthroughs_of(name) for name in own)
    assert len({p.name for p in PLAYTHROUGHS}) == len(PLAYTHROUGHS)


@pytest.mark.parametrize("game", [name for name in hr.available_games() if hr.game_spec(name).playthroughs])
def test_a_playthroughs_folder_holds_what_its_list_names_and_nothing_else(game: str) -> None:
    folder = playthroughs_folder(game)
    assert folder is not None
    held = {entry.name for entry in folder.iterdir() if entry.name.endswith(".txt")}
    assert held == {p.file_name for p in playthroughs_of(game)}


def test_a_malformed_list_says_what_it_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / LIST).write_text(json.dumps([{"name": "x", "bots": ["random"]}]), encoding="utf-8")
    monkeypatch.setattr("playthrough.playthroughs_folder", lambda game: tmp_path)
    with pytest.raises(ValueError, match='has a "name" and may have "options" and "seed"'):
        playthroughs_of("lasvegas")
