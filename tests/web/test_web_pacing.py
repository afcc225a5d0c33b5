"""Rolls one at a time: at a table whose bots are paced (`bot_delay` > 0) a chance step that follows
another (Las Vegas's first roll after the new bills, Last Chance's rolls after the side bets) is
stored on its own, when it falls due, so people see each roll; the game's record is the one an
unpaced table draws all at once, whatever the timing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from conftest import TEST_SETTINGS

import highroller as hr
from highroller.core.state import CHANCE
from highroller.web.bots.thinking import Job, play_move
from highroller.web.store.dialects import open_store
from highroller.web.store.rows import Claim
from highroller.web.tables import held_tables as tables_module
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.turns import advance, next_due

GAMES = [
    ("lasvegas", {"players": 2, "rounds": 1, "dice_per_player": 4}),
    ("lastchance", {"players": 2, "cards": 2, "money": 600}),
]


def _chances(steps: list[Any]) -> int:
    return sum("chance" in step for step in steps)


def _bot_game(
    database: str, game: str, options: dict[str, Any], bot_delay: float, monkeypatch: pytest.MonkeyPatch
) -> list[list[Any]]:
    """A table of two bots opened and played to the end by the bot worker's `play_move`; the steps of
    each commit, the opening first."""
    monkeypatch.setattr(tables_module, "fresh_seed", lambda: 2061)
    store = open_store(database)
    try:
        tables = Tables(store, TEST_SETTINGS)

        async def opened() -> str:
            table, _ = await tables.open(
                hr.make(game, **options), ["easy", "easy"], None, "easy", None, None, bot_delay=bot_delay
            )
            return table.id

        table_id = asyncio.run(opened())
        row = store.load_table(table_id)
        assert row is not None
        commits = [row.steps]
        while not row.finished:
            assert play_move(Job(database, Claim(table_id, row.revision), "test"))[0] == "played"
            after = store.load_table(table_id, row.version)
            assert after is not None
            commits.append(after.steps)
            row = after
        return commits
    finally:
        store.close()


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[game for game, _ in GAMES])
def test_a_paced_table_stores_one_chance_step_a_commit_and_the_same_record(
    database: str, game: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    at_once = _bot_game(database, game, options, 0.0, monkeypatch)
    paced = _bot_game(database, game, options, 0.5, monkeypatch)
    assert any(_chances(steps) > 1 for steps in at_once), (
        "unpaced, a decision and the chance steps after it are one commit"
    )
    assert all(_chances(steps) <= 1 for steps in paced), "paced, each roll is a commit of its own"
    assert [step for steps in paced for step in steps] == [step for steps in at_once for step in steps]


def test_advance_stops_between_chance_steps_only_when_paced() -> None:
    state = hr.make("lasvegas", players=2, rounds=1).new_game(seed=5)
    assert len(advance(state, state.sample_chance(), paced=True)) == 1 and state.current_player == CHANCE, (
        "the next draw waits"
    )
    assert next_due(state, [], None, 0.5, 100.0, draws=True) == 100.5, "a waiting draw falls due after the bot delay"
    assert next_due(state, [], None, 0.5, 100.0, draws=False) is None, "a companion table never draws"
    while state.current_player == CHANCE:  # each casino's bills, then the first roll: one at a time
        assert len(advance(state, state.sample_chance(), paced=True)) == 1
    unpaced = hr.make("lasvegas", players=2, rounds=1).new_game(seed=5)
    assert len(advance(unpaced, unpaced.sample_chance())) == len(state.history) > 2 and unpaced.history == state.history
