"""Ratings of rated tables, on SQLite and PostgreSQL: games played through the API rate their players
exactly as OpenSkill's Plackett-Luce model does for the ranking (shared places are ties, a leaver is
last, a table rated "all" rates its bots, one rated "people" needs two people), every result is applied
once however many passes and processes look, a rebuild from the stored results gives the same numbers
to the last bit, and the leaderboard lists the players with enough games in order, marks your line
(provisional while you have too few) and refuses what it cannot show; `highroller ratings` rebuilds and
shows them too, the leaderboard page shows them on a phone, and a rated table's end says whether the
game counted. The rules against sock puppets: tests/web/test_web_rating_rules.py."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import httpx2
import pytest
from axe_playwright_python.sync_playwright import Axe
from click.testing import CliRunner
from fastapi.testclient import TestClient
from playwright.sync_api import Browser
from rated_play import (
    ANN,
    BOB,
    LUCKIEST,
    auth,
    create,
    established,
    join,
    plackett_luce,
    play_out,
    proxied,
    rate_pass,
    rated_table,
    ratings_in,
    refused,
    results_in,
    store_of,
)
from web_helpers import seated_page, step

from highroller.cli.main import cli
from highroller.web.people.profiles import create_profile
from highroller.web.ratings.leaderboards import LEAST_GAMES
from highroller.web.ratings.rated_seats import ESTABLISHED_GAMES
from highroller.web.ratings.results import PAIR_GAMES, ranking_of, rebuild, record, updated
from highroller.web.settings import DAY
from highroller.web.store.database import Store
from highroller.web.store.dialects import open_store
from highroller.web.store.rows import SeatRow

PHONE = {"width": 390, "height": 844}
LONG_NAME = "Maximilianwolfeschlegelsteinhausenberger"
"""A display name of 40 letters in one word: the phone's table must wrap it, not widen the page."""


def places(returns: list[float]) -> list[int]:
    return [1 + sum(other > mine for other in returns) for mine in returns]


def test_a_rated_game_between_two_profiles_rates_both_as_plackett_luce_does(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    ann, bob = established(client, move_clock, ANN, BOB)
    made = rated_table(client, ann, [None, None])
    tokens = {made["seat"]: made["token"], 1 - made["seat"]: join(client, made["id"], bob)}
    returns = play_out(client, made["id"], tokens)["result"]["returns"]
    rate_pass(client)
    store = store_of(client)
    expected = plackett_luce(places(returns))
    ratings = ratings_in(store)
    assert ratings == {("luckiest", 2, ann.player): (*expected[0], 1), ("luckiest", 2, bob.player): (*expected[1], 1)}
    [(table, seq, game, players, _)] = results_in(store)
    assert (table, seq, game, players) == (made["id"], 1, "luckiest", 2)
    board = client.get("/api/ratings/luckiest", params={"players": 2}, headers=ann.headers).json()
    assert (board["lines"], board["total"], board["provisional"], board["least_games"]) == ([], 0, 2, LEAST_GAMES), (
        "one game: not listed yet"
    )
    assert (board["you"]["name"], board["you"]["you"], board["you"]["provisional"], board["you"]["games"]) == (
        "Ann",
        True,
        True,
        1,
    )
    mine = client.get("/api/me/ratings", headers=bob.headers).json()
    assert [(r["game"], r["players"], r["mu"], r["sigma"], r["games"], r["provisional"]) for r in mine] == [
        ("luckiest", 2, *expected[1], 1, True)
    ]
    assert client.get(f"/api/tables/{made['id']}/rating").json()["counted"] is True


def test_equal_returns_share_a_place_and_a_leaver_ranks_last() -> None:
    seats = [
        SeatRow(0, name="A", profile="a"),
        SeatRow(1, name="B", profile="b"),
        SeatRow(2, name="C", profile="c", control="left"),
        SeatRow(3, bot="hard"),
    ]
    assert ranking_of(seats, [5.0, 5.0, 9.0, 7.0], "people") == [["profile:a", "profile:b"], ["profile:c"]]
    assert ranking_of(seats, [5.0, 5.0, 9.0, 7.0], "all") == [["bot:hard"], ["profile:a", "profile:b"], ["profile:c"]]
    seats[1] = SeatRow(1, name="B", profile="b", control="left")
    assert ranking_of(seats, [1.0, 8.0, 9.0, 0.0], "people") == [["profile:a"], ["profile:b", "profile:c"]]
    assert ranking_of(seats[:1] + seats[3:], [1.0, 0.0], "people") == [], (
        "one person and a bot left out: nothing to rate"
    )
    tied = updated({}, [["profile:a", "profile:b"], ["profile:c"]])
    assert [
        (tied[p].rating.mu, tied[p].rating.sigma) for p in ("profile:a", "profile:b", "profile:c")
    ] == plackett_luce([1, 1, 2])


def test_a_tie_is_stored_and_rated_as_a_shared_place(client: TestClient) -> None:
    store = store_of(client)
    assert record(store, "tied", "lasvegas", 3, [["profile:a", "profile:b"], ["profile:c"]], 1.0)
    expected = plackett_luce([1, 1, 2])
    assert ratings_in(store) == {
        ("lasvegas", 3, f"profile:{p}"): (*rating, 1) for p, rating in zip("abc", expected, strict=True)
    }


def test_a_player_who_left_ranks_last_whatever_their_score(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    ann, bob = established(client, move_clock, ANN, BOB)
    made = rated_table(client, ann, [None, None])
    bob_seat = 1 - made["seat"]
    bob_token = join(client, made["id"], bob)
    left = client.post(f"/api/tables/{made['id']}/leave", headers=auth(made["token"]))
    assert left.status_code == 200, left.text
    play_out(client, made["id"], {bob_seat: bob_token})
    rate_pass(client)
    [(_, _, _, _, ranking)] = results_in(store_of(client))
    assert ranking == f'[["{bob.player}"], ["{ann.player}"]]'
    winner, loser = plackett_luce([1, 2])
    assert ratings_in(store_of(client)) == {
        ("luckiest", 2, bob.player): (*winner, 1),
        ("luckiest", 2, ann.player): (*loser, 1),
    }


def test_a_table_rated_all_rates_its_bot_and_one_rated_people_needs_two_people(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    [ann] = established(client, move_clock, ANN)
    everyone = rated_table(client, ann, [None, "easy"], "all")
    returns = play_out(client, everyone["id"], {everyone["seat"]: everyone["token"]})["result"]["returns"]
    reason = refused(create(client, ann, [None, "easy"], "people"), 422, "bad-rated")
    assert (
        reason
        == 'a table rated for its people needs two people or more; with one person and bots, rate the bots too ("all")'
    )
    rate_pass(client)
    store = store_of(client)
    assert [table for table, *_ in results_in(store)] == [everyone["id"]]
    ann_rating, bot_rating = plackett_luce(places(returns))
    assert ratings_in(store) == {
        ("luckiest", 2, ann.player): (*ann_rating, 1),
        ("luckiest", 2, "bot:easy"): (*bot_rating, 1),
    }
    with store.transaction(write=True) as cursor:  # listed as if they had played enough games
        store.run(cursor, "UPDATE hr_ratings SET games = ?", (LEAST_GAMES,))
    board = client.get("/api/ratings/luckiest", params={"players": 2, "lang": "fr"}).json()
    assert {(line["name"], line["bot"]) for line in board["lines"]} == {("Ann", None), ("Bot facile", "easy")}
    assert client.get("/api/ratings/luckiest", params={"players": 2}).json()["lines"][0]["name"] in {"Ann", "Easy bot"}


def test_rebuilding_from_the_results_gives_the_same_numbers_to_the_last_bit(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    ann, bob = established(client, move_clock, ANN, BOB)
    for _ in range(2):
        made = rated_table(client, ann, [None, None, "easy"], "all")
        tokens = {made["seat"]: made["token"], 1: join(client, made["id"], bob)}
        play_out(client, made["id"], tokens)
    store = store_of(client)
    record(store, "by-hand", "luckiest", 3, [["bot:easy", "profile:x"], ["bot:easy"], ["profile:y"]], 2.0)
    for n in range(PAIR_GAMES + 1):  # the last past the pair's bound: stored, counted for nobody
        record(store, f"pair-{n}", "lasvegas", 2, [["profile:p"], ["profile:q"]], 3.0 + n)
    rate_pass(client)
    kept = ratings_in(store)
    assert len(results_in(store)) == 3 + PAIR_GAMES + 1 and kept[("luckiest", 3, "bot:easy")][2] == 3
    assert kept[("lasvegas", 2, "profile:p")][2] == PAIR_GAMES
    with store.transaction(write=True) as cursor:
        store.run(cursor, "UPDATE hr_ratings SET mu = 0, sigma = 1, games = 0")
        store.run(
            cursor,
            "INSERT INTO hr_ratings (game, players, player, mu, sigma, games) VALUES ('lasvegas', 4, 'profile:gone', "
            "1, 1, 1)",
        )
    assert rebuild(store) == (3 + PAIR_GAMES, 7)
    assert ratings_in(store) == kept


def test_a_result_is_applied_once_however_many_passes_and_processes_look(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    first, second = proxied(make_client), make_client()
    ann, bob = established(first, move_clock, ANN, BOB)
    made = rated_table(first, ann, [None, None])
    play_out(first, made["id"], {made["seat"]: made["token"], 1 - made["seat"]: join(first, made["id"], bob)})
    assert rate_pass(first) + rate_pass(second) + rate_pass(first) <= 1
    assert [table for table, *_ in results_in(store_of(second))] == [made["id"]]
    assert {games for _, _, games in ratings_in(store_of(first)).values()} == {1}
    outcomes: list[bool] = []

    def race(store: Store) -> None:
        outcomes.append(record(store, "raced", "lasvegas", 2, [["profile:a"], ["profile:b"]], 3.0))

    racers = [threading.Thread(target=race, args=(store_of(client),)) for client in (first, second, first, second)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(outcomes) == [False, False, False, True]
    assert [seq for table, seq, *_ in results_in(store_of(first))] == [1, 2]
    assert ratings_in(store_of(second))[("lasvegas", 2, "profile:a")][2] == 1


def test_the_leaderboard_lists_enough_games_in_order_marks_your_line_and_refuses_what_it_cannot_show(
    client: TestClient,
) -> None:
    store = store_of(client)
    ids = {}
    keys = {}
    for name in ("Ann", "Bob", "Cid", "Dan"):
        made, keys[name] = create_profile(store, name, ["en"])
        ids[name] = "profile:" + made.id
    ann, bob, cid, dan = (ids[name] for name in ("Ann", "Bob", "Cid", "Dan"))
    rankings = [[[ann], [bob], [cid]], [[ann], [bob, cid]], [[bob], [ann], [cid]]]
    for n in range(LEAST_GAMES):  # a day apart: within the bound of games a pair counts a day
        assert record(store, f"game-{n}", "lasvegas", 3, rankings[n % len(rankings)], n * DAY)
    record(store, "newcomer", "lasvegas", 3, [["bot:hard"], [dan], ["bot:easy"]], LEAST_GAMES * DAY)
    record(store, "other", "lasvegas", 5, [["bot:hard"], [ann]], 4.0)
    board = client.get("/api/ratings/lasvegas", params={"players": 3}).json()
    ratings = ratings_in(store)
    conservative = {player: mu - 3 * sigma for (_, players, player), (mu, sigma, _) in ratings.items() if players == 3}
    assert [line["name"] for line in board["lines"]] == ["Ann", "Bob", "Cid"], (
        "Dan and the bots have one game each: not listed"
    )
    assert sorted(conservative[p] for p in (ann, bob, cid))[::-1] == [conservative[p] for p in (ann, bob, cid)]
    assert [line["rank"] for line in board["lines"]] == [1, 2, 3] and (board["total"], board["provisional"]) == (3, 3)
    assert board["player_counts"] == [3] and board["least_games"] == LEAST_GAMES
    assert [line["rating"] for line in board["lines"]] == [round(conservative[p], 1) for p in (ann, bob, cid)]
    assert [(line["mu"], line["sigma"], line["games"]) for line in board["lines"]] == [
        ratings[("lasvegas", 3, p)] for p in (ann, bob, cid)
    ]
    assert not any(line["provisional"] for line in board["lines"])
    assert board["you"] is None and not any(line["you"] for line in board["lines"])
    assert client.get("/api/ratings/lasvegas").json()["players"] == 3, (
        "the preset's four players list nobody: the first count that does"
    )
    short = client.get(
        "/api/ratings/lasvegas", params={"players": 3, "limit": 1}, headers={"X-Profile": keys["Cid"]}
    ).json()
    assert [line["name"] for line in short["lines"]] == ["Ann"] and (
        short["you"]["name"],
        short["you"]["rank"],
        short["you"]["you"],
    ) == ("Cid", 3, True)
    newcomer = client.get("/api/ratings/lasvegas", params={"players": 3}, headers={"X-Profile": keys["Dan"]}).json()[
        "you"
    ]
    higher = sum(conservative[p] > conservative[dan] for p in (ann, bob, cid))
    assert (newcomer["name"], newcomer["games"], newcomer["provisional"], newcomer["rank"]) == (
        "Dan",
        1,
        True,
        higher + 1,
    )
    five = client.get(
        "/api/ratings/lasvegas", params={"players": 5, "lang": "de"}, headers={"X-Profile": keys["Ann"]}
    ).json()
    assert (five["lines"], five["total"], five["provisional"], five["you"]["provisional"]) == ([], 0, 2, True)
    assert client.delete("/api/me", headers={"X-Profile": keys["Bob"]}).status_code == 200
    assert [line["name"] for line in client.get("/api/ratings/lasvegas", params={"players": 3}).json()["lines"]] == [
        "Ann",
        "Former player",
        "Cid",
    ]
    mine = client.get("/api/me/ratings", headers={"X-Profile": keys["Ann"]}).json()
    assert [(r["game"], r["players"], r["rank"], r["provisional"]) for r in mine] == [
        ("lasvegas", 3, 1, False),
        ("lasvegas", 5, 1, True),
    ]

    unknown = client.get("/api/ratings/poker")
    assert (
        unknown.status_code == 404
        and unknown.json()["code"] == "no-game"
        and "lasvegas, lastchance, luckiest" in unknown.json()["error"]
    )
    for players in (1, 7):
        wrong = client.get("/api/ratings/lasvegas", params={"players": players})
        assert (wrong.status_code, wrong.json()) == (
            422,
            {"error": "players is from 2 to 6 for lasvegas", "code": "bad-players"},
        )
    for params in ({"players": 13}, {"limit": 0}, {"limit": 201}, {"limit": "many"}):
        assert client.get("/api/ratings/lasvegas", params=params).json()["code"] == "malformed"
    assert client.get("/api/me/ratings").status_code == 401
    assert (
        client.get("/api/ratings/lasvegas", params={"players": 3}, headers={"X-Profile": "not-a-key"}).status_code
        == 200
    )
    assert ratings_in(store) == ratings, "reading changes nothing"


def test_the_ratings_command_rebuilds_and_shows_a_leaderboard(database: str) -> None:
    store = open_store(database)
    try:
        ann = "profile:" + create_profile(store, "Ann", ["en"])[0].id
        bob = "profile:" + create_profile(store, "Bob", ["en"])[0].id
        for n in range(LEAST_GAMES):
            record(
                store,
                f"game-{n}",
                "lasvegas",
                3,
                [[bob], [ann], ["bot:hard"]] if n % 2 else [[bob], ["bot:hard"], [ann]],
                n * DAY,
            )
        kept = ratings_in(store)
    finally:
        store.close()
    runner = CliRunner()
    rebuilt = runner.invoke(cli, ["ratings", "--db", database, "rebuild"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert rebuilt.output.strip() == f"ratings rebuilt from {LEAST_GAMES} rated results: 3 players"
    shown = runner.invoke(cli, ["ratings", "--db", database, "show", "lasvegas", "--players", "3"])
    assert shown.exit_code == 0, shown.output
    assert "3 players: 3 listed" in shown.output
    order = [shown.output.index(name) for name in ("Bob", "Hard bot", "Ann")]
    assert order == sorted(order)
    refused = runner.invoke(cli, ["ratings", "--db", database, "show", "lasvegas", "--players", "7"])
    assert refused.exit_code == 2 and "lasvegas is rated at 2 to 6 players" in refused.output
    store = open_store(database)
    try:
        assert ratings_in(store) == kept
    finally:
        store.close()


@pytest.mark.slow  # Chromium
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_leaderboard_page_fits_a_phone_marks_your_line_and_is_accessible(
    browser: Browser, serve: Callable[..., Any], database: str
) -> None:
    server = serve(0.0)
    names = ("Ann", LONG_NAME, "Cid", "Dan")
    made = {
        name: httpx2.post(server.url + "/api/profiles", json={"name": name, "languages": ["en"]}).json()
        for name in names
    }
    ann, long, cid, dan = (f"profile:{made[name]['id']}" for name in names)
    store = open_store(database)
    try:
        for n in range(LEAST_GAMES):
            record(
                store, f"game-{n}", "lasvegas", 3, [[long], [ann], [cid]] if n % 2 else [[long], [cid], [ann]], n * DAY
            )
        record(store, "newcomer", "lasvegas", 3, [["bot:hard"], [dan], ["bot:easy"]], LEAST_GAMES * DAY)
    finally:
        store.close()
    page = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    page.add_init_script(f"localStorage.setItem('highroller:profile', {made['Cid']['key']!r})")
    page.goto(f"{server.url}/ratings/lasvegas?players=3")
    page.wait_for_selector("#lines tr.mine")
    assert page.locator("#lines tr td.name bdi").all_inner_texts() == [LONG_NAME, "Cid", "Ann"]
    assert page.locator("#lines tr.mine bdi").inner_text() == "Cid" and page.locator("#players").input_value() == "3"
    assert page.locator("#summary").inner_text() == "3 players listed · 3 more players not listed yet"
    assert (
        page.locator("#least").inner_text()
        == f"A player is listed after {LEAST_GAMES} rated games at this game and player count."
    )
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), (
        "the table fits the phone's width"
    )
    results = Axe().run(page)
    assert [
        violation["id"]
        for violation in results.response["violations"]
        if violation["impact"] in {"serious", "critical"}
    ] == []
    page.select_option("#game", "luckiest")
    page.wait_for_function("() => location.pathname === '/ratings/luckiest'")
    assert "Nobody is listed" in page.locator("#lines").inner_text()
    assert "not rated here yet" in page.locator("#yours").inner_text()
    page.click("text=Back to the lobby")
    page.wait_for_url(server.url + "/")
    newcomer = browser.new_context(viewport=PHONE, has_touch=True).new_page()
    newcomer.add_init_script(f"localStorage.setItem('highroller:profile', {made['Dan']['key']!r})")
    newcomer.goto(f"{server.url}/ratings/lasvegas?players=3")
    newcomer.wait_for_selector("#yours:not(:empty)")
    assert newcomer.locator("#yours").inner_text().endswith("after 1 rated game, provisional: not listed yet")
    assert newcomer.locator("#lines tr.mine").count() == 0


@pytest.mark.slow  # Chromium
@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_the_end_of_a_rated_table_says_the_game_counted(
    browser: Browser, serve: Callable[..., Any], database: str, move_clock: Callable[[float], None]
) -> None:
    base = serve(0.0, ["--forwarded-allow-ips", "*"]).url
    rng = random.Random(7)
    headers = {}
    for name, address in (ANN, BOB):
        key = httpx2.post(
            base + "/api/profiles", json={"name": name, "languages": ["en"]}, headers={"X-Forwarded-For": address}
        ).json()["key"]
        headers[name] = {"X-Profile": key, "X-Forwarded-For": address}
        for _ in range(ESTABLISHED_GAMES):
            body = {"game": "luckiest", "options": LUCKIEST, "bots": [None, "easy"], "name": name}
            practice = httpx2.post(base + "/api/tables", json=body, headers=headers[name])
            while not step(base, practice.json()["id"], {0: practice.json()["token"]}, rng)["finished"]:
                pass
    move_clock(DAY)
    body = {"game": "luckiest", "options": LUCKIEST, "bots": [None, None], "name": "Ann", "rated": "people"}
    made = httpx2.post(base + "/api/tables", json=body, headers=headers["Ann"]).json()
    bob = httpx2.post(f"{base}/api/tables/{made['id']}/join", json={"name": "Bob"}, headers=headers["Bob"]).json()
    httpx2.post(
        f"{base}/api/tables/{made['id']}/leave", headers={"Authorization": f"Bearer {bob['token']}"}
    ).raise_for_status()
    while not step(base, made["id"], {made["seat"]: made["token"]}, rng)["finished"]:
        pass
    page = seated_page(browser, base, made, viewport=PHONE, has_touch=True)
    page.wait_for_selector("#rating-outcome a", timeout=30_000)  # once the server's next pass has recorded the result
    assert page.locator("#rating-outcome").inner_text() == "This game counted for the ratings. See the leaderboard"
    results = Axe().run(page)
    assert [
        violation["id"]
        for violation in results.response["violations"]
        if violation["impact"] in {"serious", "critical"}
    ] == []
    page.click("#rating-outcome a")
    page.wait_for_url(f"{base}/ratings/luckiest?players=2")
