"""A profile's finished games, on SQLite and PostgreSQL: each seat's finish stored as the game ends (places
as the ratings rule them: ties share one, a leaver is last), the history a page at a time with its
replay and record, the statistics on a known set of games (wins, average places, head to head) with a
rating series that ends at the rating the leaderboard shows, the CSV export (a row per game, formula
cells neutralised) and the zip of records that replay exactly, and the refusals of hostile requests:
no or an unknown profile key, a malformed cursor, too many exports."""

from __future__ import annotations

import csv
import io
import json
import random
import zipfile
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from axe_playwright_python.sync_playwright import Axe
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from rated_play import ANN, BOB, LUCKIEST, Player, new_player, play_out, proxied, store_of
from web_helpers import create, step

from highroller.core.record_format import replay_game
from highroller.registry import make
from highroller.web.api.history_api import EXPORT_BURST
from highroller.web.history.backfill import fill_finishes
from highroller.web.history.export import safe_cell
from highroller.web.ratings.results import ranking_of, record
from highroller.web.store.database import Store
from highroller.web.store.finish_queries import places
from highroller.web.store.rows import SeatRow

PHONE = {"width": 390, "height": 844}


def played(client: TestClient, player: Player, games: int) -> list[str]:
    """The ids of `games` Luckiest Dice tables `player` played to the end against a bot."""
    ids = []
    for _ in range(games):
        body = {"game": "luckiest", "options": LUCKIEST, "bots": [None, "easy"], "name": player.name}
        made = client.post("/api/tables", json=body, headers=player.headers)
        assert made.status_code == 201, made.text
        play_out(client, made.json()["id"], {made.json()["seat"]: made.json()["token"]})
        ids.append(made.json()["id"])
    return ids


def finish(store: Store, table: str, at: float, seats: list[tuple[str | None, str | None, int, float, bool]]) -> None:
    """A finished game written as stored: (profile, guest name, place, score, left) per seat."""
    with store.transaction(write=True) as cursor:
        for seat, (profile, name, place, score, left) in enumerate(seats):
            store.run(
                cursor,
                "INSERT INTO hr_finishes (table_id, seat, game, players, profile_id, bot, name, place, score, "
                "left_game, finished_at, rated) VALUES (?, ?, 'lasvegas', ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
                (
                    table,
                    seat,
                    len(seats),
                    profile,
                    None if profile or name else "easy",
                    name,
                    place,
                    score,
                    int(left),
                    at,
                ),
            )


def test_places_are_the_ratings_places() -> None:
    returns = [5.0, 9.0, 5.0, 1.0, 9.0]
    left = [False, False, False, False, True]
    assert places(left, returns) == [2, 1, 2, 3, 4]
    seats = [SeatRow(seat, profile=f"p{seat}", control="left" if gone else None) for seat, gone in enumerate(left)]
    ranking = ranking_of(seats, returns, "people")
    assert [next(n for n, place in enumerate(ranking, 1) if f"profile:p{s}" in place) for s in range(5)] == places(
        left, returns
    )


def test_the_history_lists_each_finished_game_a_page_at_a_time(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    ann = new_player(client, *ANN)
    ids = played(client, ann, 2)
    first = client.get("/api/me/history", params={"limit": 1}, headers=ann.headers)
    assert first.status_code == 200, first.text
    page = first.json()
    assert [game["table"] for game in page["games"]] == ids[-1:] and page["next"]
    game = page["games"][0]
    table = client.get(f"/api/tables/{game['table']}").json()
    returns = table["result"]["returns"]
    mine = table["seats"].index(next(s for s in table["seats"] if s["name"] == "Ann"))
    assert game["score"] == returns[mine] and game["place"] == (1 if returns[mine] >= max(returns) else 2)
    assert [p["name"] for p in game["players"]][mine] == "Ann" and sum(p["you"] for p in game["players"]) == 1
    assert (game["title"], game["rated"], game["kept"]) == ("Luckiest Dice", False, True)
    assert client.get(game["record"]).status_code == 200 and game["replay"] == f"/replay/{game['table']}"
    rest = client.get("/api/me/history", params={"limit": 1, "before": page["next"]}, headers=ann.headers).json()
    assert [g["table"] for g in rest["games"]] == ids[:1] and rest["next"] is None
    french = client.get("/api/me/history", params={"lang": "fr"}, headers=ann.headers).json()
    assert french["games"][0]["title"] != "" and len(french["games"]) == 2


def test_the_head_to_head_lists_friends_first(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    ann, bob, cid = new_player(client, *ANN), new_player(client, *BOB), new_player(client, "Cid", "203.0.113.77")
    store = store_of(client)
    for n in range(3):
        finish(store, f"b{n}", float(n), [(ann.id, None, 1, 10, False), (bob.id, None, 2, 5, False)])
    finish(store, "c0", 5.0, [(ann.id, None, 2, 1, False), (cid.id, None, 1, 4, False)])

    def listed() -> list[tuple[str, bool]]:
        stats = client.get("/api/me/stats", headers=ann.headers).json()
        return [(o["name"], o["friend"]) for o in stats["opponents"]]

    assert listed() == [("Bob", False), ("Cid", False)]  # the most played first
    handle = client.get("/api/me/friends", headers=cid.headers).json()["handle"]
    assert client.put(f"/api/me/follows/{handle}", headers=ann.headers).status_code in (200, 204)
    assert listed() == [("Cid", True), ("Bob", False)]  # a friend before anyone


def test_statistics_on_known_games(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    ann, bob = new_player(client, *ANN), new_player(client, *BOB)
    store = store_of(client)
    finish(store, "g1", 1.0, [(ann.id, None, 1, 10, False), (bob.id, None, 2, 5, False)])
    finish(store, "g2", 2.0, [(ann.id, None, 1, 7, False), (bob.id, None, 1, 7, False), (None, None, 3, 1, False)])
    finish(store, "g3", 3.0, [(ann.id, None, 2, 9, True), (bob.id, None, 1, 3, False)])
    finish(store, "g4", 4.0, [(ann.id, None, 2, 2, False), (None, "Guest", 1, 4, False)])
    stats = client.get("/api/me/stats", headers=ann.headers)
    assert stats.status_code == 200, stats.text
    games = {(g["players"], g["played"], g["wins"], g["average_place"]) for g in stats.json()["games"]}
    assert games == {(2, 3, 1, 1.67), (3, 1, 1, 1.0)}
    assert stats.json()["opponents"] == [
        {"name": "Bob", "friend": False, "games": 3, "ahead": 1, "behind": 1, "tied": 1}
    ]
    history = client.get("/api/me/history", headers=ann.headers).json()["games"]
    assert [(g["table"], g["place"], g["kept"]) for g in history] == [
        ("g4", 2, False),
        ("g3", 2, False),
        ("g2", 1, False),
        ("g1", 1, False),
    ]
    assert [p["name"] for p in history[0]["players"]] == ["Ann", "Guest"] and history[1]["players"][0]["left"]


def test_the_rating_series_ends_at_the_rating_the_leaderboard_shows(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    ann = new_player(client, *ANN)
    store = store_of(client)
    me, others = ann.player, ["profile:x", "profile:y", "bot:easy"]
    for n in range(6):
        ranking = [[me], [others[n % 3]]] if n % 2 else [[others[n % 3]], [me, others[(n + 1) % 3]]]
        assert record(store, f"t{n}", "lasvegas", 2 + n % 2, ranking, float(n))
    assert record(store, "other", "lasvegas", 2, [["profile:x"], ["profile:y"]], 9.0)
    series = client.get("/api/me/stats", headers=ann.headers).json()["ratings"]
    boards = client.get("/api/me/ratings", headers=ann.headers).json()
    assert [(s["players"], s["games"]) for s in series] == [(2, 3), (3, 3)]
    assert {s["players"]: s["points"][-1]["rating"] for s in series} == {b["players"]: b["rating"] for b in boards}
    assert [p["at"] for p in series[0]["points"]] == [0.0, 2.0, 4.0]


def test_the_exports_list_every_game_and_their_records_replay(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    ann = new_player(client, *ANN)
    ids = played(client, ann, 2)
    finish(store_of(client), "old", 1.0, [(ann.id, None, 1, 3, False), (None, "=HYPERLINK(1)", 2, -1, False)])
    exported = client.get("/api/me/export.csv", headers=ann.headers)
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert [row["table"] for row in rows] == [*ids[::-1], "old"]
    assert rows[-1] | {"date": ""} == {
        "date": "",
        "game": "Las Vegas",
        "players": "Ann; '=HYPERLINK(1)",
        "place": "1",
        "score": "3",
        "rated": "no",
        "table": "old",
        "opponents": "'=HYPERLINK(1)",
    }
    assert rows[-1]["date"] == "1970-01-01T00:00:01+00:00" and rows[0]["game"] == "Luckiest Dice"
    assert [safe_cell(text) for text in ("+1", "-1", "@a", "a=b")] == ["'+1", "'-1", "'@a", "a=b"]
    zipped = client.get("/api/me/export.zip", headers=ann.headers)
    assert zipped.status_code == 200 and zipped.headers["content-type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(zipped.content))
    assert sorted(archive.namelist()) == sorted(f"highroller-luckiest-{table}.json" for table in ids)
    for table in ids:
        kept = json.loads(archive.read(f"highroller-luckiest-{table}.json"))
        assert kept == client.get(f"/api/tables/{table}/record").json()
        replay_game(make("luckiest", **kept["options"]), kept)


def test_hostile_requests_are_refused(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    ann = new_player(client, *ANN)
    for path in ("/api/me/history", "/api/me/stats", "/api/me/export.csv", "/api/me/export.zip"):
        assert client.get(path).status_code == 401
        unknown = client.get(path, headers={"X-Profile": "not-a-key"})
        assert unknown.status_code == 401 and unknown.json()["code"]
    for cursor in ("yesterday", "1.5~../etc", "9" * 13 + "~t", "1~" + "a" * 25):
        refused = client.get("/api/me/history", params={"before": cursor}, headers=ann.headers)
        assert (refused.status_code, refused.json()["code"]) == (422, "bad-cursor"), cursor
    for limit in (0, 51, -1):
        assert client.get("/api/me/history", params={"limit": limit}, headers=ann.headers).status_code == 422
    assert client.get("/api/me/history", params={"before": "0~a"}, headers=ann.headers).json() == {
        "games": [],
        "next": None,
    }
    answers = [client.get("/api/me/export.csv", headers=ann.headers) for _ in range(EXPORT_BURST + 1)]
    assert [a.status_code for a in answers] == [200] * EXPORT_BURST + [429]
    assert answers[-1].json()["code"] == "too-fast" and int(answers[-1].headers["Retry-After"]) > 60
    assert client.get("/api/me/export.zip", headers=ann.headers).status_code == 429


def test_the_refusals_are_translated(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    said: dict[str, set[str]] = {}
    for lang in ("en", "fr", "de"):
        ann = new_player(client, *ANN)
        answers = [client.get("/api/me/export.csv", params={"lang": lang}, headers=ann.headers) for _ in range(4)]
        cursor = client.get("/api/me/history", params={"lang": lang, "before": "x"}, headers=ann.headers)
        assert answers[-1].status_code == 429 and cursor.status_code == 422
        said[lang] = {answers[-1].json()["error"], cursor.json()["error"]}
    assert not said["en"] & said["fr"] and not said["en"] & said["de"] and not said["fr"] & said["de"]


@pytest.mark.slow  # Chromium
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_history_page_lists_a_finished_game_whose_replay_opens(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    ann = httpx2.post(server.url + "/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()
    made = create(server.url, "luckiest", LUCKIEST, [None, "easy"], ann["key"], name="Ann")
    rng = random.Random(5)
    while not step(server.url, made["id"], {made["seat"]: made["token"]}, rng)["finished"]:
        pass
    page = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    page.add_init_script(f"localStorage.setItem('highroller:profile', {ann['key']!r})")
    page.goto(server.url + "/me")
    page.click("text=See your history and statistics")
    page.wait_for_selector("#history li.finished-game")
    assert page.locator("#history li.finished-game").count() == 1
    assert "Luckiest Dice" in page.locator("#history").inner_text()
    assert page.locator("#stats tbody tr").count() == 1 and "Luckiest Dice" in page.locator("#stats").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "fits the phone's width"
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in {"serious", "critical"}] == []
    with page.expect_download() as downloading:
        page.click("#export-csv")
    assert made["id"] in downloading.value.path().read_text()
    page.click("text=Watch the replay")
    page.wait_for_url(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector("#where")
    page.click("#last")
    page.wait_for_selector("#log li")
    assert page.locator("#replay-error").inner_text() == "" and page.locator("#log li").count() > 1


def test_a_leaver_ranks_last_and_earlier_games_are_filled_in(make_client: Callable[..., TestClient]) -> None:
    client = proxied(make_client)
    ann, bob = new_player(client, *ANN), new_player(client, *BOB)
    body = {"game": "luckiest", "options": LUCKIEST, "bots": [None, None], "name": ann.name}
    made = client.post("/api/tables", json=body, headers=ann.headers).json()
    joined = client.post(f"/api/tables/{made['id']}/join", json={"name": bob.name}, headers=bob.headers).json()
    assert client.post(
        f"/api/tables/{made['id']}/leave", headers={"Authorization": f"Bearer {made['token']}"}
    ).is_success
    play_out(client, made["id"], {joined["seat"]: joined["token"]})
    [game] = client.get("/api/me/history", headers=ann.headers).json()["games"]
    assert (game["place"], game["players"][made["seat"]]["left"]) == (2, True)
    assert client.get("/api/me/stats", headers=bob.headers).json()["games"][0]["wins"] == 1
    store = store_of(client)
    with store.transaction(write=True) as cursor:  # as if it had ended before finishes were stored
        store.run(cursor, "DELETE FROM hr_finishes")
    assert client.get("/api/me/history", headers=ann.headers).json()["games"] == []

    async def fill() -> int:
        return await fill_finishes(store)

    assert client.portal is not None and client.portal.call(fill) == 1
    assert client.get("/api/me/history", headers=ann.headers).json()["games"] == [game]
