"""Moves that cannot be taken back, or are made once a game, ask first: a choice in `legal` carries the
question to ask (`confirm`) in the page's language, worded by the game's narration (`confirm`)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

LAST_CHANCE = "last chance"


def _seated_table(client: TestClient) -> tuple[str, dict[str, str]]:
    made = client.post(
        "/api/tables",
        json={
            "game": "lastchance",
            "options": {"players": 2, "cards": 2, "money": 600, "first_player": 0},
            "bots": [None, None],
            "name": "Ann",
        },
    ).json()
    bob = client.post(f"/api/tables/{made['id']}/join", json={"name": "Bob"}).json()
    return made["id"], {"Ann": made["token"], "Bob": bob["token"]}


def _legal(client: TestClient, table: str, token: str, lang: str) -> list[dict[str, Any]]:
    state = client.get(
        f"/api/tables/{table}", params={"lang": lang}, headers={"Authorization": f"Bearer {token}"}
    ).json()
    return list(state["legal"])


def test_calling_last_chance_asks_first_in_every_language(client: TestClient) -> None:
    table, tokens = _seated_table(client)
    on_move = next(token for token in tokens.values() if _legal(client, table, token, "en"))
    questions = {}
    for lang in ("en", "fr", "de"):
        choices = {str(choice["action"]): choice for choice in _legal(client, table, on_move, lang)}
        questions[lang] = choices[LAST_CHANCE]["confirm"]
        assert all("confirm" not in choice for action, choice in choices.items() if action != LAST_CHANCE), (
            "only the once-a-game call asks"
        )
    assert (
        questions["en"] == "Call “Last Chance!” now? Each player may call it once a game, and it cannot be taken back."
    )
    assert len(set(questions.values())) == 3, "each language asks in its own words"
    assert "once a game" in {str(c["action"]): c for c in _legal(client, table, on_move, "en")}[LAST_CHANCE]["label"]
