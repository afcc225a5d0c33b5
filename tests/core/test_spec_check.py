"""A spec is checked when the registry loads it: each part it names in a package must be there — an
import path's module found (and, for the parts every front end needs at once, the name in it), a
file or folder in its package — and the error names the game, where it comes from and the part.
Checking never imports an optional extra."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import highroller as hr
from highroller.core.spec import GameSpec
from highroller.core.spec_check import GameSpecError, check_spec

SOURCE = "package some-dice"


def spec(**changes: object) -> GameSpec:
    """Luckiest Dice's spec with some parts changed."""
    return replace(hr.game_spec("luckiest"), **changes)


def test_every_registered_spec_passes() -> None:
    for name in hr.available_games():
        check_spec(hr.game_spec(name), SOURCE)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"board": "x:board.js"}, "board 'x:board.js' not found: there is no module 'x'"),
        (
            {"board": "highroller.games.luckiest:bord.js"},
            "board 'highroller.games.luckiest:bord.js' not found: package 'highroller.games.luckiest' has no file "
            "'bord.js'",
        ),
        (
            {"presets": "highroller.games.luckiest:presets.toml"},
            "presets 'highroller.games.luckiest:presets.toml' not found: package 'highroller.games.luckiest' has no "
            "file",
        ),
        (
            {"guide": "highroller.games.luckiest:guides"},
            "guide 'highroller.games.luckiest:guides' not found: module 'highroller.games.luckiest' has no 'guides'",
        ),
        (
            {"renderer": "highroller.games.luckiest.render:RENDERERS"},
            "renderer 'highroller.games.luckiest.render:RENDERERS' not found: module "
            "'highroller.games.luckiest.render' has no 'RENDERERS'",
        ),
        (
            {"renderer": "highroller.games.luckiest.render.RENDERER"},
            "renderer is an import path 'package.module:name', not 'highroller.games.luckiest.render.RENDERER'",
        ),
        (
            {"narration": "highroller.games.luckiest.narration:narration"},
            "narration 'highroller.games.luckiest.narration:narration' not found: there is no module "
            "'highroller.games.luckiest.narration'",
        ),
        ({"view": ""}, "view is an import path 'package.module:name', not ''"),
        (
            {"batch": "highroller.games.luckiest.batches:ENGINE"},
            "batch 'highroller.games.luckiest.batches:ENGINE' not found: there is no module",
        ),
        (
            {"tools": {"solve": "highroller.games.luckiest.cli:solve", "odds": "highroller.games.luckiest.clis:odds"}},
            "tools['odds'] 'highroller.games.luckiest.clis:odds' not found: there is no module "
            "'highroller.games.luckiest.clis'",
        ),
        (
            {"make": "highroller.games.luckiest.state:LuckiestGame"},
            "make is a function of the options that makes the game, not 'highroller",
        ),
    ],
)
def test_a_broken_part_is_named_with_the_game_and_where_it_comes_from(changes: dict[str, object], message: str) -> None:
    with pytest.raises(GameSpecError, match="^" + re.escape(f"GameSpec of 'luckiest' ({SOURCE}): {message}")):
        check_spec(spec(**changes), SOURCE)


def test_a_part_whose_module_fails_to_import_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken_words").mkdir()
    (tmp_path / "broken_words" / "__init__.py").write_text("")
    (tmp_path / "broken_words" / "render.py").write_text("raise RuntimeError('no terminal here')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(
        GameSpecError,
        match=r"renderer 'broken_words.render:RENDERER': importing 'broken_words.render' fails: RuntimeError: no "
        r"terminal here",
    ):
        check_spec(spec(renderer="broken_words.render:RENDERER"), SOURCE)
    monkeypatch.delitem(sys.modules, "broken_words")


def test_a_module_not_imported_yet_is_only_looked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch engine's module is found, not imported: a wrong name in it is left to its first use."""
    monkeypatch.delitem(sys.modules, "highroller.games.luckiest.batch", raising=False)
    check_spec(spec(batch="highroller.games.luckiest.batch:NO_ENGINE"), SOURCE)
    assert "highroller.games.luckiest.batch" not in sys.modules


def test_loading_every_spec_imports_no_optional_extra() -> None:
    code = (
        "import sys, highroller as hr\nfor name in hr.available_games(): hr.game_spec(name)\nprint(sorted({'numba', "
        "'fastapi', 'gymnasium', 'pyspiel'} & set(sys.modules)))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]"


def test_text_that_names_no_part_is_left_alone() -> None:
    check_spec(spec(summary="Odds: exact", default_bot="mcts:iterations=400"), SOURCE)
