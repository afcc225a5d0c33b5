"""Hints: on your turn, the game's advice on each of your choices in your language (values by its
strongest estimate, never box-drawn text) and the move it or the game's strongest bot suggests, worked
out in an advice worker; refused to spectators, out of turn and at tables made without hints (which
their rematches keep)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from highroller.registry import game_spec, own_games
from highroller.web.api.answers import Hint


@pytest.fixture(scope="module")
def compiled_expert() -> None:
    """The expert's playouts for 2 players compiled (into the disk cache the hint workers load), so a
    hint on a fresh machine is not timed by the compiler."""
    import highroller as hr
    from highroller.core.state import CHANCE
    from highroller.games.lasvegas.expert import ExpertBot

    state = hr.make("lasvegas", players=2).new_game(seed=1)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    ExpertBot(1, playouts=1).chances(state)


def _table(client: TestClient, game: str, options: dict[str, Any], **extra: Any) -> dict[str, Any]:
    response = client.post(
        "/api/tables", json={"game": game, "options": options, "bots": [None, "easy"], "name": "Ann", **extra}
    )
    assert response.status_code == 201, response.text
    return response.json()


def _hint(client: TestClient, table: dict[str, Any], token: str | None, lang: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/api/tables/{table['id']}/hint", headers=headers, params={"lang": lang} if lang else None)


BOX_DRAWING = {chr(code) for code in range(0x2500, 0x2580)}


def _text_of(value: Any) -> str:
    """Every string in an answer, joined."""
    if isinstance(value, dict):
        return " ".join(_text_of(item) for item in value.values())
    if isinstance(value, list):
        return " ".join(_text_of(item) for item in value)
    return value if isinstance(value, str) else ""


def _my_turn(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    for _ in range(400):
        state = client.get(f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {table['token']}"}).json()
        if state["legal"]:
            return state
        client.get(f"/api/tables/{table['id']}", params={"after": state["version"]})
    raise AssertionError("never my turn")


@pytest.mark.parametrize("game", [name for name in own_games() if game_spec(name).move_advice])
def test_a_hint_suggests_a_legal_choice_with_the_games_advice_in_each_language(
    client: TestClient, game: str, compiled_expert: None
) -> None:
    table = _table(client, game, {"players": 2}, stand_in="easy")
    state = _my_turn(client, table)
    legal = [choice["action"] for choice in state["legal"]]
    answers = {}
    for lang in ("en", "fr", "de"):
        answer = _hint(client, table, table["token"], lang)
        assert answer.status_code == 200, answer.text
        hint = answers[lang] = answer.json()
        Hint.model_validate(hint)  # the shape /openapi.json documents
        advice = hint["advice"]
        assert hint["action"] in legal and hint["label"] and hint["version"] == state["version"]
        assert not BOX_DRAWING & set(_text_of(hint)), hint
        assert advice["best"] is None or (advice["best"] in legal and advice["best"] == hint["action"])
        assert all(move["action"] in legal for move in advice["moves"])
        for value in [move["value"] for move in advice["moves"]] + [
            fact["value"] for fact in advice["facts"] if fact["measure"] == "chance"
        ]:
            assert advice["measure"] != "chance" or 0 <= value <= 1
        assert all(0 <= fact["value"] <= 1 for fact in advice["facts"] if fact["measure"] == "chance")
        assert all(str(move["value"]) != "-0.0" for move in advice["moves"])
        assert _hint(client, table, table["token"], lang).json() == hint
    titles = {lang: answer["advice"]["title"] for lang, answer in answers.items()}
    assert titles["en"] and len(set(titles.values())) == 3, titles  # the game's words in each language
    assert answers["en"]["action"] == answers["fr"]["action"] == answers["de"]["action"]
    assert _hint(client, table, table["token"], "xx").status_code == 422


def test_where_the_advice_prefers_no_move_the_strongest_bot_suggests_one(client: TestClient) -> None:
    table = _table(client, "lastchance", {"players": 2, "first_player": 0}, stand_in="easy")
    state = _my_turn(client, table)
    assert state["view"]["phase"] == "auction"
    hint = _hint(client, table, table["token"]).json()
    assert hint["advice"]["best"] is None and hint["advice"]["moves"] == [] and len(hint["advice"]["facts"]) == 3
    assert hint["bot"] == "bidder" and hint["action"] in [choice["action"] for choice in state["legal"]]


def test_hints_are_refused_to_spectators_and_at_tables_without_them(client: TestClient) -> None:
    table = _table(client, "luckiest", {"players": 2})
    _my_turn(client, table)
    spectator = _hint(client, table, None)
    assert spectator.status_code == 403 and spectator.json()["code"] == "spectator"
    strict = _table(client, "luckiest", {"players": 2, "rounds": 1}, hints=False)
    assert client.get(f"/api/tables/{strict['id']}").json()["hints"] is False
    _my_turn(client, strict)
    refused = _hint(client, strict, strict["token"])
    assert refused.status_code == 403 and refused.json()["code"] == "no-hints"
    bad = client.post("/api/tables", json={"game": "luckiest", "options": {}, "bots": [None, "easy"], "hints": "no"})
    assert bad.status_code == 422 and bad.json()["code"] == "malformed"


def test_a_hint_out_of_turn_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/tables", json={"game": "lasvegas", "options": {"players": 2}, "bots": [None, None], "name": "Ann"}
    )
    table = response.json()
    refused = _hint(client, table, table["token"])
    assert refused.status_code == 409 and refused.json()["code"] == "not-your-turn"


def test_each_choice_says_what_it_does(client: TestClient) -> None:
    table = _table(client, "lastchance", {"players": 2, "first_player": 0})
    legal = _my_turn(client, table)["legal"]
    helps = {choice["label"]: choice["help"] for choice in legal}
    assert helps["pass"] == "Ann passes." and helps["bid $100"] == "Ann bids $100."
    assert "Last Chance" in helps["Last Chance! (once a game)"] and "$5,000" in helps["Last Chance! (once a game)"]


def test_win_chances_come_where_the_game_has_an_estimate(client: TestClient) -> None:
    table = _table(client, "luckiest", {"players": 2})
    state = _my_turn(client, table)
    assert state["advice"] is True
    answer = client.get(f"/api/tables/{table['id']}/advice")  # anyone watching may see it
    assert answer.status_code == 200, answer.text
    advice = answer.json()
    assert advice["version"] == state["version"] and len(advice["chances"]) == 2 and advice["note"] is None
    assert abs(sum(advice["chances"]) - 1) < 1e-3 and all(0 <= c <= 1 for c in advice["chances"])
    assert client.get(f"/api/tables/{table['id']}/advice").json() == advice
    lasvegas = _table(client, "lasvegas", {"players": 2, "first_player": 0})
    assert client.get(f"/api/tables/{lasvegas['id']}").json()["advice"] is False
    assert client.get(f"/api/tables/{lasvegas['id']}/advice").json() | {"version": 0} == {
        "version": 0,
        "chances": None,
        "note": None,
    }
    games = {
        game["name"]: (game["win_chances"], game["table_note"])
        for game in client.get("/api/games").json()
        if game["name"] in own_games()
    }
    assert games == {
        name: (bool(game_spec(name).win_chances), bool(game_spec(name).table_note)) for name in own_games()
    }
    assert any(chances for chances, _ in games.values()) and any(note for _, note in games.values())


def test_last_chance_notes_the_cards_exact_odds_in_the_language_asked_for(client: TestClient) -> None:
    table = _table(client, "lastchance", {"players": 2, "first_player": 0})
    state = _my_turn(client, table)
    assert state["advice"] is True and state["view"]["phase"] == "auction"
    card = state["view"]["card"]["id"]
    english = client.get(f"/api/tables/{table['id']}/advice").json()
    assert english["chances"] is None
    assert (
        english["note"].startswith(f"Card {card}: ")
        and "Expected payout: $" in english["note"]
        and "Break-even bid" in english["note"]
    )
    french = client.get(f"/api/tables/{table['id']}/advice", params={"lang": "fr"}).json()
    assert french["note"].startswith(f"Carte {card}\u202f: ") and "Gain espéré" in french["note"]
    assert client.get(f"/api/tables/{table['id']}/advice", params={"lang": "xx"}).status_code == 422


def test_a_table_without_hints_shows_no_advice(client: TestClient) -> None:
    strict = _table(client, "luckiest", {"players": 2}, hints=False)
    assert client.get(f"/api/tables/{strict['id']}").json()["advice"] is False
    refused = client.get(f"/api/tables/{strict['id']}/advice")
    assert refused.status_code == 403 and refused.json()["code"] == "no-hints"
