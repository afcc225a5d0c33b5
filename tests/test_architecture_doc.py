"""docs/architecture.md names only what exists: every source path and module it gives is in the tree."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"


def _named_paths(text: str) -> list[str]:
    return list(re.findall(r"`((?:src|tests|packages|docs)/[^`<>*]+?)`", text))


def test_every_path_the_architecture_names_exists() -> None:
    named = _named_paths(DOC.read_text(encoding="utf-8"))
    assert len(named) > 20, "the document names the modules of each flow"
    missing = [path for path in named if not (ROOT / path).exists()]
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_every_file_a_games_folder_is_said_to_hold_is_in_each_built_in_game() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("A game's folder holds everything of that game:")[1].split("\n\n")[1]
    files = [name for row in table.splitlines()[2:] for name in re.findall(r"`([a-z_]+\.(?:py|js|css|md))`", row)]
    assert "spec.py" in files and "narrate.py" in files
    games = [folder for folder in (ROOT / "src/highroller/games").iterdir() if (folder / "spec.py").exists()]
    missing = [f"{game.name}/{name}" for game in games for name in files if not (game / name).exists()]
    assert not missing, missing


def test_the_quick_lane_command_is_the_readmes() -> None:
    quick = 'python -m pytest -m "not slow" -n auto'
    assert quick in DOC.read_text(encoding="utf-8") and quick in (ROOT / "README.md").read_text(encoding="utf-8")
