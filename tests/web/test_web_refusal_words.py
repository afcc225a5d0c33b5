"""Refusals and seat labels in the asker's language: an HTTP refusal in the language of its `lang`
parameter or its `Accept-Language` header (English otherwise, and always in the logs), a WebSocket
refusal in the language of the connection's hello, a bot's or an open seat's label in each language
(the log's lines, seat changes among them, and a connection's seats in its own, records in English),
and names shaped like a label in any language refused."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from highroller.web.http.errors import Phrase, Refused, accepted_language
from highroller.web.http.labels import seat_label
from highroller.web.http.names import NameRefused, display_name
from highroller.web.store.rows import SeatRow
from highroller.web.tables.log_words import named
from highroller.web.tables.table_log import change_texts
from highroller.web.tables.turns import seat_names

SQLITE = pytest.mark.parametrize("database", ["sqlite"], indirect=True)
"""The in-process client on SQLite: the words do not depend on the store."""


def _table(client: TestClient, bots: list[str | None]) -> dict[str, Any]:
    response = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": {"players": len(bots), "first_player": 0}, "bots": bots, "name": "Ann"},
    )
    assert response.status_code == 201, response.text
    return response.json()


def test_a_refusal_is_worded_in_each_language_and_kept_in_english() -> None:
    refused = Refused("seat {seat} is not free; free seats: {free}", 409, "seat-taken", seat=3, free="1, 2")
    assert str(refused) == refused.message == "seat 3 is not free; free seats: 1, 2"
    assert refused.in_language("fr") == "la place 3 n'est pas libre\u202f; places libres\u202f: 1, 2"
    assert refused.answer("de") == {"error": "Platz 3 ist nicht frei; freie Plätze: 1, 2", "code": "seat-taken"}
    who = Refused(
        "{who} sends requests too fast; slow down and try again in a moment",
        429,
        "too-fast",
        who=Phrase("your network"),
    )
    assert who.message.startswith("your network ") and who.in_language("fr").startswith("votre réseau ")
    called = Refused(
        "it is not your turn: {name} is on move",
        409,
        "not-your-turn",
        name={"en": "Hard bot 2", "fr": "Bot difficile 2", "de": "Schwerer Bot 2"},
    )
    assert called.message.endswith("Hard bot 2 is on move") and "Schwerer Bot 2 ist am Zug" in called.in_language("de")


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "en"),
        ("fr", "fr"),
        ("de-CH,de;q=0.9", "de"),
        ("es,fr;q=0.5,de;q=0.8", "de"),
        ("fr;q=0,en-GB;q=0.4", "en"),
        ("xx;q=bad,fr", "fr"),
        ("*", "en"),
    ],
)
def test_the_language_of_an_accept_language_header(header: str | None, lang: str) -> None:
    assert accepted_language(header) == lang


@SQLITE
def test_an_http_refusal_speaks_the_header_or_the_lang_parameter(client: TestClient) -> None:
    missing = "/api/tables/nosuchtable"
    english = client.get(missing).json()
    assert english == {"error": "there is no table with this id", "code": "no-table"}
    assert client.get(missing, headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8"}).json() == {
        "error": "il n'y a pas de table avec cet identifiant",
        "code": "no-table",
    }
    assert (
        client.get(missing, headers={"Accept-Language": "de"}).json()["error"] == "es gibt keinen Tisch mit dieser ID"
    )
    assert (
        client.get(missing, params={"lang": "de"}, headers={"Accept-Language": "fr"}).json()["error"]
        == "es gibt keinen Tisch mit dieser ID"
    )
    assert client.get(missing, headers={"Accept-Language": "es"}).json() == english
    refused = client.post(
        "/api/tables",
        json={"game": "lasvegas", "options": {"rounds": 0}, "bots": [None, "easy"]},
        headers={"Accept-Language": "fr"},
    )
    assert (
        refused.status_code == 422
        and refused.json()["code"] == "bad-option"
        and refused.json()["error"].startswith("rounds est un nombre entier d")
    )


@SQLITE
def test_a_name_refusal_speaks_the_askers_language(client: TestClient) -> None:
    table = _table(client, [None, None])
    refused = client.post(
        f"/api/tables/{table['id']}/join", json={"name": "Platz 2"}, headers={"Accept-Language": "de"}
    )
    assert refused.status_code == 422 and refused.json() == {
        "error": "„Platz 2“ sieht aus wie die Bezeichnung eines Bots oder eines Platzes; wähle einen anderen Namen",
        "code": "bad-name",
    }


@SQLITE
def test_a_websocket_refusal_speaks_the_hellos_language(client: TestClient) -> None:
    table = _table(client, [None, "easy"])
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "token": table["token"], "lang": "fr"})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "action", "version": 99, "action": {}})
        error = ws.receive_json()
    assert (
        error["type"] == "error"
        and error["code"] == "stale"
        and error["error"].startswith("action périmée\u202f: la table en est à la version ")
        and error["error"].endswith(", vous aviez vu la version 99")
    )


def test_labels_in_each_language() -> None:
    assert [seat_label("hard", 1, lang) for lang in ("en", "fr", "de")] == [
        "Hard bot 2",
        "Bot difficile 2",
        "Schwerer Bot 2",
    ]
    assert [seat_label(None, 2, lang) for lang in ("en", "fr", "de")] == ["Seat 3", "Place 3", "Platz 3"]
    assert [seat_label("greedy", 0, lang) for lang in ("en", "fr", "de")] == [
        "Greedy bot 1",
        "Bot glouton 1",
        "Bot Gier 1",
    ]


@SQLITE
def test_the_log_the_seats_and_the_record_name_bots(client: TestClient) -> None:
    table = _table(client, [None, "hard"])
    headers = {"Authorization": f"Bearer {table['token']}"}
    seen = {
        lang: client.get(f"/api/tables/{table['id']}", params={"lang": lang}, headers=headers).json()
        for lang in ("en", "fr", "de")
    }
    assert [seat["name"] for seat in seen["fr"]["seats"]] == ["Ann", "Bot difficile 2"]
    assert [seat["name"] for seat in seen["de"]["seats"]] == ["Ann", "Schwerer Bot 2"]
    assert [seat["name"] for seat in seen["en"]["seats"]] == ["Ann", "Hard bot 2"]
    actions = client.get(f"/api/tables/{table['id']}", headers=headers).json()
    while not actions["finished"]:
        assert (
            client.post(
                f"/api/tables/{table['id']}/actions",
                headers=headers,
                json={"version": actions["version"], "action": actions["legal"][0]["action"]},
            ).status_code
            == 200
        )
        actions = client.get(f"/api/tables/{table['id']}", headers=headers, params={"after": actions["version"]}).json()
        while not actions["finished"] and not actions["legal"]:
            actions = client.get(
                f"/api/tables/{table['id']}", headers=headers, params={"after": actions["version"]}
            ).json()
    logs = {
        lang: " ".join(
            line["text"]
            for line in client.get(f"/api/tables/{table['id']}", params={"lang": lang}, headers=headers).json()["log"]
        )
        for lang in ("en", "fr", "de")
    }
    assert "Hard bot 2" in logs["en"] and "Bot difficile 2" in logs["fr"] and "Schwerer Bot 2" in logs["de"]
    assert "Hard bot" not in logs["fr"] + logs["de"]
    record = client.get(f"/api/tables/{table['id']}/record").json()
    assert [seat["name"] for seat in record["table"]["seats"]] == ["Ann", "Hard bot 2"]


@pytest.mark.parametrize(
    "name",
    [
        "Bot difficile 2",
        "Schwerer Bot 3",
        "Leichter Bot 1",
        "Platz 4",
        "Place 2",
        "Bot greedy 3",
        "Greedy-Bot 2",
        "Schwerer Bot Ⅱ",
    ],
)
def test_a_name_shaped_like_a_label_in_any_language_is_refused(name: str) -> None:
    with pytest.raises(NameRefused, match="looks like a bot's or a seat's label"):
        display_name(name)


@pytest.mark.parametrize("name", ["Bottom 3", "Platzhirsch", "Placido 2"])
def test_a_name_near_a_label_is_accepted(name: str) -> None:
    assert display_name(name) == name


def test_a_seat_change_names_the_seat_and_the_stand_in_in_each_language() -> None:
    seats = [SeatRow(seat=seat) for seat in range(3)]
    texts = {
        lang: named(text, seat_names(seats)[lang]) for lang, text in change_texts("left", seats[2], "medium").items()
    }
    assert texts["en"] == "Seat 3 left the table: the medium bot plays that seat to the end."
    assert texts["fr"].startswith("Place 3 a quitté la table\u202f: le bot moyen ")
    assert texts["de"].startswith("Platz 3 hat den Tisch verlassen: Ein Bot der Stufe mittel ")
