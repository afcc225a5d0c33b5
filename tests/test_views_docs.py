"""Each game's view, steps and events are documented in docs/views/<game>.md, and the page keeps to
the declared view: every key path of its JSON Schema is in the page's view table and nothing else is;
every event type a game writes is in its events table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.play import play
from highroller.core.rng import derive_seed
from highroller.core.spec import load_object
from highroller.core.viewschema import schema_paths, view_schema

DOCS = Path(__file__).parents[1] / "docs" / "views"
GAMES = hr.available_games()


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
