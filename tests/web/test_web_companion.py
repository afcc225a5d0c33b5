"""Companion tables: the app beside a real table. The people type every chance step (their real dice,
the bills drawn, the card turned up) and the server draws none; only outcomes that can occur are
taken, a typed step can be taken back until a decision follows it, and one device can hold every
person's seat (hot seat). Whole games of each game are played through the API on both backends."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import highroller as hr

GAMES = [
    ("lasvegas", {"players": 2, "rounds": 1, "dice_per_player": 3, "first_player": 0}),
    ("lastchance", {"players": 2, "cards": 2, "money": 600, "first_player": 0}),
    ("luckiest", {"players": 2, "rounds": 1}),
]


def _companion(
    client: TestClient, game: str, options: dict[str, Any], bots: list[str | None], names: list[str]
) -> dict[str, Any]:
    response = client.post(
        "/api/tables", json={"game": game, "options": options, "bots": bots, "real_dice": True, "hot_seat": names}
    )
    assert response.status_code == 201, response.text
    table = response.json()
    assert table["real_dice"] is True and table["started"] is True
    return table


def _get(client: TestClient, table: dict[str, Any], **params: Any) -> dict[str, Any]:
    answer = client.get(
        f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {table['token']}"}, params=params
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def _act(client: TestClient, table: dict[str, Any], version: int, action: Any) -> Any:
    return client.post(
        f"/api/tables/{table['id']}/actions",
        json={"version": version, "action": action},
        headers={"Authorization": f"Bearer {table['token']}"},
    )


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_whole_companion_game_typed_on_one_device(client: TestClient, game: str, options: dict[str, Any]) -> None:
    table = _companion(client, game, options, [None, None], ["Ann", "Bob"])
    mirror = hr.make(game, **options).new_game(seed=11)  # the real table: its own dice, the same steps
    rng = random.Random(game)
    state = _get(client, table)
    assert state["undo"] is False and (state["typing"] is not None) == (state["current_player"] == -1)
    while not state["finished"]:
        if state["current_player"] == hr.CHANCE:
            outcome = mirror.sample_chance()
            mirror.apply(outcome)
            answer = _act(client, table, state["version"], outcome.to_json())
        else:
            assert state["seat"] == state["current_player"], "the hot-seat device acts as the seat on move"
            assert state["typing"] is None and state["legal"]
            choice = rng.choice(state["legal"])["action"]
            mirror.apply(mirror.decode_step(choice))
            answer = _act(client, table, state["version"], choice)
        assert answer.status_code == 200, answer.text
        state = answer.json()
    assert state["result"]["returns"] == mirror.returns()
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert len(record["steps"]) == len(mirror.history)


def test_typed_dice_are_read_as_the_terminal_reads_them_and_impossible_ones_refused(client: TestClient) -> None:
    table = _companion(client, "luckiest", {"players": 2, "rounds": 1}, [None, None], ["Ann", "Bob"])
    state = _get(client, table)
    assert state["current_player"] == 0  # Luckiest Dice starts with a decision
    state = _act(client, table, state["version"], state["legal"][1]["action"]).json()
    assert state["current_player"] == -1 and "12 dice" in state["typing"]
    refused = _act(client, table, state["version"], {"typed": "1 2 3"})
    assert refused.status_code == 422 and refused.json()["code"] == "illegal" and "12 dice" in refused.json()["error"]
    refused = _act(client, table, state["version"], {"typed": "7 7 7 7 7 7 7 7 7 7 7 7"})
    assert refused.status_code == 422
    assert _get(client, table)["version"] == state["version"], "a refusal changes nothing"
    typed = _act(client, table, state["version"], {"typed": "1 1 2 2 3 3 4 4 5 5 6 6"})
    assert typed.status_code == 200, typed.text
    assert any("1 1 2 2 3 3 4 4 5 5 6 6" in line["text"] for line in typed.json()["log"])
    spectator = client.post(
        f"/api/tables/{table['id']}/actions", json={"version": typed.json()["version"], "action": {"typed": "1"}}
    )
    assert spectator.status_code == 403


def _undo(client: TestClient, table: dict[str, Any]) -> Any:
    return client.post(f"/api/tables/{table['id']}/undo", headers={"Authorization": f"Bearer {table['token']}"})


def _position(state: dict[str, Any]) -> dict[str, Any]:
    """What a snapshot says of the game itself (not of its log)."""
    return {key: state[key] for key in ("version", "current_player", "view", "legal", "typing", "finished")}


LAS_VEGAS = {"players": 2, "rounds": 1, "dice_per_player": 2, "first_player": 0}
BILLS = ("90k", "10k 50k", "20k 30k", "40k 10k", "70k", "80k")


def _typed(client: TestClient, table: dict[str, Any], state: dict[str, Any], *entries: str) -> dict[str, Any]:
    for entry in entries:
        answer = _act(client, table, state["version"], {"typed": entry})
        assert answer.status_code == 200, answer.text
        state = answer.json()
    return state


def test_typed_dice_are_taken_back_and_the_log_says_so(client: TestClient) -> None:
    table = _companion(client, "lasvegas", LAS_VEGAS, [None, None], ["Ann", "Bob"])
    state = _get(client, table)
    nothing = _undo(client, table)
    assert nothing.status_code == 409 and nothing.json()["code"] == "no-undo"
    state = _act(client, table, state["version"], {"typed": "60k"}).json()
    assert state["undo"] is True and state["version"] == 1
    undone = _undo(client, table)
    assert undone.status_code == 200, undone.text
    assert undone.json()["version"] == 0 and undone.json()["current_player"] == -1 and undone.json()["undo"] is False
    took_back = [line["text"] for line in undone.json()["log"] if "took back" in line["text"]]
    assert len(took_back) == 1 and took_back[0].startswith("Ann took back: ") and "60,000" in took_back[0]
    french = _get(client, table, lang="fr")["log"]
    assert any(line["text"].startswith("Ann a repris\u202f: ") for line in french), french


def test_a_placement_is_taken_back_exactly(make_client: Any) -> None:
    client = make_client()
    table = _companion(client, "lasvegas", LAS_VEGAS, [None, None], ["Ann", "Bob"])
    _typed(client, table, _get(client, table), *BILLS, "3 5")
    before = _get(client, table)
    assert before["current_player"] == 0 and before["undo"] is True
    placed = _act(client, table, before["version"], before["legal"][0]["action"]).json()
    assert placed["version"] == before["version"] + 1 and placed["undo"] is True
    undone = _undo(client, table)
    assert undone.status_code == 200, undone.text
    after = _get(client, table)
    assert _position(after) == _position(before)
    assert after["log"][-1]["text"].startswith("Ann took back: Ann placed"), after["log"][-1]
    restarted = make_client()  # a fresh server replays the stored steps: the same table
    replayed = restarted.get(f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {table['token']}"}).json()
    assert _position(replayed) == _position(before) and replayed["log"] == after["log"]
    again = _act(client, table, after["version"], before["legal"][-1]["action"])
    assert again.status_code == 200 and again.json()["version"] == placed["version"]


def test_an_undo_takes_back_the_bot_moves_after_a_persons_step(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": LAS_VEGAS, "bots": [None, "easy"], "real_dice": True, "name": "Ann"},
    )
    table = response.json()
    state = _typed(client, table, _get(client, table), *BILLS, "3 5")
    state = _act(client, table, state["version"], state["legal"][0]["action"]).json()
    typed = _typed(client, table, state, "2 6")  # the bot's real dice; it places them itself
    for _ in range(200):
        state = _get(client, table)
        if state["current_player"] != 1:
            break
        client.get(f"/api/tables/{table['id']}", params={"after": state["version"]})
    assert state["version"] == typed["version"] + 1 and state["undo"] is True, "the bot placed after the typed dice"
    undone = _undo(client, table).json()
    assert undone["version"] == typed["version"] - 1 and undone["current_player"] == -1, (
        "the bot's placement went with the dice typed before it"
    )
    assert undone["log"][-1]["text"].startswith("Ann took back: ") and "2 6" in undone["log"][-1]["text"]


def test_a_refused_undo_changes_nothing(client: TestClient) -> None:
    table = _companion(client, "lasvegas", LAS_VEGAS, [None, None], ["Ann", "Bob"])
    state = _typed(client, table, _get(client, table), *BILLS)
    spectator = client.post(f"/api/tables/{table['id']}/undo")
    assert spectator.status_code == 403 and spectator.json()["code"] == "spectator"
    assert _get(client, table) == state | {"log_from": 0, "log": _get(client, table)["log"]}
    plain = client.post(
        "/api/tables", json={"game": "lasvegas", "options": LAS_VEGAS, "bots": [None, None], "name": "Ann"}
    ).json()
    seen = _get(client, plain)
    assert seen["undo"] is False
    refused = _undo(client, plain)
    assert refused.status_code == 409 and refused.json()["code"] == "no-undo"
    assert _get(client, plain) == seen


def test_a_bot_at_a_companion_table_plays_after_the_typed_dice(client: TestClient) -> None:
    response = client.post(
        "/api/tables",
        json={
            "game": "luckiest",
            "options": {"players": 2, "rounds": 1},
            "bots": ["easy", None],
            "real_dice": True,
            "name": "Ann",
        },
    )
    table = response.json()
    for _ in range(200):
        state = _get(client, table)
        if state["current_player"] == -1:
            break
        client.get(f"/api/tables/{table['id']}", params={"after": state["version"]})
    assert state["current_player"] == -1 and state["typing"], "the bot bet; the dice are Ann's to type"
    version = state["version"]
    assert _act(client, table, version, {"typed": "1 1 1 1 1 1 1 1 1 1 1 1"}).status_code == 200


def test_a_hot_seat_table_names_each_person(client: TestClient) -> None:
    refused = client.post(
        "/api/tables",
        json={"game": "luckiest", "options": {"players": 3}, "bots": [None, None, "easy"], "hot_seat": ["Ann"]},
    )
    assert refused.status_code == 422 and refused.json()["code"] == "bad-names"
    made = client.post(
        "/api/tables",
        json={"game": "luckiest", "options": {"players": 3}, "bots": [None, None, "easy"], "hot_seat": ["Ann", "Bob"]},
    ).json()
    assert (
        [seat["name"] for seat in made["seats"]][:2] == ["Ann", "Bob"]
        and made["started"] is True
        and made["real_dice"] is False
    )


def test_a_last_chance_card_of_ones_own_box_is_typed_and_its_odds_shown(client: TestClient) -> None:
    table = _companion(client, "lastchance", {"players": 2, "first_player": 0}, [None, None], ["Ann", "Bob"])
    state = _get(client, table)
    assert "665JJ:2 $2500" in state["typing"]
    state = _act(client, table, state["version"], {"typed": "6 6 6 6 J:3 $900"}).json()
    assert state["view"]["card"]["id"] == 37 and state["view"]["card"]["payout"] == 900
    note = client.get(f"/api/tables/{table['id']}/advice").json()["note"]
    assert note.startswith("Card 37: ") and "in 3 rolls" in note


@pytest.mark.parametrize(
    ("game", "options", "english", "french", "german"),
    [
        (
            "lasvegas",
            {"players": 2, "first_player": 0},
            "bills drawn for casino 1",
            "billets tirés pour le casino 1",
            "Geldscheine für Casino 1",
        ),
        (
            "lastchance",
            {"players": 2, "first_player": 0},
            "type the id of the card drawn",
            "tapez le numéro de la carte",
            "Nummer der gezogenen Karte",
        ),
    ],
)
def test_what_to_type_is_said_in_the_language_asked_for(
    client: TestClient, game: str, options: dict[str, Any], english: str, french: str, german: str
) -> None:
    table = _companion(client, game, options, [None, None], ["Ann", "Bob"])
    assert english in _get(client, table)["typing"]
    assert french in _get(client, table, lang="fr")["typing"]
    assert german in _get(client, table, lang="de")["typing"]
