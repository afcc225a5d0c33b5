"""What a table offers at high stakes: at most a thousand choices, runs of amounts thinned to evenly
spaced values from the smallest up (the page's amount field steps through them), the other choices
kept, and every legal amount still accepted when sent."""

from __future__ import annotations

import itertools
import time

from fastapi.testclient import TestClient

import highroller as hr
from highroller.core.state import CHANCE
from highroller.games.lastchance.steps import Bid
from highroller.web.tables.offer import MAX_OFFERED, offered


def test_a_long_run_of_amounts_is_thinned_evenly_and_the_rest_is_kept() -> None:
    state = hr.make("lastchance", players=6, money=1_000_000).new_game(1)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    legal = state.legal_actions()
    assert len(legal) > 10_000
    offer = offered(legal)
    bids = [action.amount for action in offer if isinstance(action, Bid)]
    assert len(offer) <= MAX_OFFERED and set(offer) <= set(legal)
    assert [action for action in legal if not isinstance(action, Bid)] == [
        action for action in offer if not isinstance(action, Bid)
    ]
    assert (
        bids[0] == min(a.amount for a in legal if isinstance(a, Bid))
        and len({b - a for a, b in itertools.pairwise(bids)}) == 1
    )
    small = hr.make("lastchance", players=2).new_game(1)
    while small.current_player == CHANCE:
        small.apply(small.sample_chance())
    assert offered(small.legal_actions()) == list(small.legal_actions())


def test_a_table_at_a_million_dollars_offers_a_thousand_bids_and_takes_any(client: TestClient) -> None:
    table = client.post(
        "/api/tables",
        json={
            "game": "lastchance",
            "options": {"players": 2, "money": 1_000_000, "first_player": 0},
            "bots": [None, None],
            "hot_seat": ["Ann", "Bob"],
        },
    ).json()
    me = {"Authorization": f"Bearer {table['token']}"}
    started = time.perf_counter()
    state = client.get(f"/api/tables/{table['id']}", headers=me).json()
    assert time.perf_counter() - started < 2.0
    assert 900 <= len(state["legal"]) <= MAX_OFFERED
    offered_bids = {
        choice["action"]["bid"]
        for choice in state["legal"]
        if isinstance(choice["action"], dict) and "bid" in choice["action"]
    }
    hidden = next(amount for amount in range(100, 1_000_001, 100) if amount not in offered_bids)
    answer = client.post(
        f"/api/tables/{table['id']}/actions", json={"version": state["version"], "action": {"bid": hidden}}, headers=me
    )
    assert answer.status_code == 200, answer.text
    assert any(f"{hidden:,}" in line["text"] for line in answer.json()["log"])
