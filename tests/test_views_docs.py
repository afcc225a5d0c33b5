"""Each game's view, steps and events are documented in docs/views/<game>.md, and the page keeps to
the declared view: every key path of its JSON Schema is in the page's view table and nothing else is;
every event type a game writes is in its events table. The game pages of the docs are what
scripts/game_docs.py makes of the games' folders (the view's table from its TypedDicts, the rules'
"In short" from the guide): running it changes nothing."""

from __future__ import annotations

import importlib.util
import re
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Literal, NotRequired

import pytest
from typing_extensions import TypedDict

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.game_loop import play
from highroller.core.rng import derive_seed
from highroller.core.spec import load_object
from highroller.core.viewschema import schema_paths, view_schema

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs" / "views"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("game_docs", ROOT / "scripts" / "game_docs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GAME_DOCS = _script()
GAMES = GAME_DOCS.own_games()
"""highroller's own games, whose pages these docs hold (a game of another package keeps its own)."""


def _section(name: str, heading: str) -> str:
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    match = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, f"docs/views/{name}.md has no '## {heading}' section"
    return match.group(1)


def _first_cells(section: str) -> list[str]:
    rows = [line for line in section.splitlines() if line.startswith("|") and not line.startswith("|---")]
    return [row.split("|")[1].strip() for row in rows[1:]]


@pytest.mark.parametrize("name", GAMES)
def test_the_view_table_lists_exactly_the_declared_keys(name: str) -> None:
    declared = schema_paths(view_schema(load_object(hr.game_spec(name).view)))
    documented = {path for cell in _first_cells(_section(name, "The view")) for path in re.findall(r"`([^`]+)`", cell)}
    assert declared - documented == set(), f"keys of the view not documented in docs/views/{name}.md"
    assert documented - declared == set(), f"docs/views/{name}.md documents keys the view does not declare"


@pytest.mark.parametrize("name", GAMES)
def test_the_events_table_lists_every_event_the_game_writes(name: str) -> None:
    written: set[str] = set()
    spec = hr.game_spec(name)
    for number, options in enumerate(spec.checker_configs):
        game = hr.make(name, **options)
        seed = derive_seed(number, "events")
        state = play(game, [RandomBot(derive_seed(seed, seat)) for seat in range(game.num_players)], seed=seed)
        written |= {event["type"] for event in state.events}
    documented = set(re.findall(r'"type": "([^"]+)"', _section(name, "Events")))
    assert written - documented == set(), f"events not documented in docs/views/{name}.md"


def test_every_page_is_of_a_registered_game() -> None:
    assert {path.stem for path in DOCS.glob("*.md")} == set(GAMES)


def test_the_game_pages_are_what_the_script_makes_of_the_games_folders() -> None:
    wanted = GAME_DOCS.pages(GAMES, ROOT / "docs")
    assert {path.parent.name for path in wanted} == {"views", "rules"} and len(wanted) == 2 * len(GAMES)
    stale = [
        str(path.relative_to(ROOT))
        for path, text in wanted.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], "run python scripts/game_docs.py"


class _Item(TypedDict):
    face: int
    """The face."""


class _Sample(TypedDict):
    phase: Literal["roll", "over"]
    """What happens now."""
    items: list[_Item]
    """The items, | kept."""
    by_owner: NotRequired[dict[str, _Item | None]]
    """Items by owner."""
    secret: int


def test_the_view_table_is_made_from_the_key_docstrings() -> None:
    rows = list(islice(GAME_DOCS.view_rows(_Sample), 4))
    assert rows == [
        ("phase", '`"roll"` or `"over"`', "what happens now"),
        ("items", "list of objects", "the items, | kept"),
        ("items[].face", "int", "the face"),
        ("by_owner", "map string → object or null", "*optional*: items by owner"),
    ]
    with pytest.raises(ValueError, match=r"_Sample.secret has no docstring"):
        GAME_DOCS.view_table(_Sample)


def test_the_rules_page_keeps_its_own_sections_and_quotes_the_guide() -> None:
    spec = hr.game_spec(GAMES[0])
    page = GAME_DOCS.rules_page(spec, "# Title\n\n## In short\n\nold words\n\n## Rulings\n\nkept\n")
    assert GAME_DOCS.guide_text(spec).strip() in page and "old words" not in page
    assert page.startswith("# Title\n\n## In short\n") and page.endswith("## Rulings\n\nkept\n")
    assert GAME_DOCS.rules_page(spec, None).startswith(f"# {spec.title}")
