"""The rating rules, on SQLite and PostgreSQL: a rated table seats each profile once, online, two
people or more; profiles made on the spot (sock puppets), a second profile from the same address or
network, and the same two profiles playing again and again cannot move a rating (each refused with
the reason when they take a seat, or a game past the daily bound stored as not counted, and told so);
a profile deleted during a game ranks last and the other's result stands; a rebuild from the stored
results gives the same numbers."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from rated_play import (
    ANN,
    BOB,
    LUCKIEST,
    auth,
    create,
    established,
    join,
    new_player,
    plackett_luce,
    play_out,
    proxied,
    rate_pass,
    rated_table,
    ratings_in,
    refused,
    results_in,
    sit,
    store_of,
)

from highroller.web.ratings.results import PAIR_GAMES, rebuild, record
from highroller.web.settings import DAY


def farmed(client: TestClient, table: str, tokens: dict[int, str], leaver: str) -> None:
    """The farming: the second profile leaves at once (the stand-in plays for it), the first plays it out."""
    assert client.post(f"/api/tables/{table}/leave", headers=auth(leaver)).status_code == 200
    play_out(client, table, tokens)


def test_a_rated_table_seats_each_profile_once_online_and_with_two_people(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    ann, bob = established(client, move_clock, ANN, BOB)
    made = rated_table(client, ann, [None, None])
    assert made["rated"] == "people"
    refused(
        client.post(f"/api/tables/{made['id']}/join", json={"name": "Bob"}, headers={"X-Forwarded-For": bob.address}),
        403,
        "rated-needs-profile",
    )
    refused(client.post(f"/api/tables/{made['id']}/join", json={"name": "Annie"}, headers=ann.headers), 409, "seated")
    join(client, made["id"], bob)
    base = {"game": "luckiest", "options": LUCKIEST, "bots": [None, None], "rated": "people"}
    for extra, headers, status, code in (
        ({"real_dice": True, "name": "Ann"}, ann.headers, 422, "bad-rated"),
        ({"hot_seat": ["Ann", "Bob"]}, ann.headers, 422, "bad-rated"),
        ({"name": "Ann", "bots": [None, "easy"]}, ann.headers, 422, "bad-rated"),
        ({"name": "Ann"}, {"X-Forwarded-For": ann.address}, 403, "rated-needs-profile"),
    ):
        refused(client.post("/api/tables", json={**base, **extra}, headers=headers), status, code)


def test_profiles_made_on_the_spot_cannot_sit_at_a_rated_table(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    [ann] = established(client, move_clock, ANN)
    table = rated_table(client, ann, [None, None])["id"]
    puppet = new_player(client, "Pup", "198.51.100.7")
    reason = refused(sit(client, table, puppet), 403, "not-established")
    assert reason == (
        "rated tables are for established profiles, a day old and with 3 games played to the end at any table (against "
        "bots too);"
        " yours needs another 23 hours and 3 more games"
    )
    french = client.post(
        f"/api/tables/{table}/join", json={"name": "Pup"}, headers={**puppet.headers, "Accept-Language": "fr"}
    ).json()["error"]
    assert french.endswith("il manque au vôtre encore 23 heures et 3 parties de plus")
    assert refused(create(client, puppet, [None, None]), 403, "not-established") == reason
    quitter = new_player(client, "Quit", "192.0.2.7")
    for _ in range(3):  # games left at once, the stand-in playing them out, are not games played
        body = {"game": "luckiest", "options": LUCKIEST, "bots": [None, "easy"], "name": "Quit"}
        made = client.post("/api/tables", json=body, headers=quitter.headers)
        farmed(client, made.json()["id"], {}, made.json()["token"])
    move_clock(DAY)
    assert refused(sit(client, table, quitter), 403, "not-established").endswith("yours needs 3 more games")
    assert refused(sit(client, table, puppet), 403, "not-established").endswith("yours needs 3 more games")
    assert rate_pass(client) == 0 and ratings_in(store_of(client)) == {}, "no rated game was played"
    assert sit(client, table, new_player(client, "Pet", "198.51.100.8")).json()["code"] == "not-established"
    [ready] = established(client, move_clock, ("Rex", "198.51.100.9"))
    assert join(client, table, ready)


def test_two_profiles_from_one_address_or_one_network_cannot_play_a_rated_game(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    ann, twin, neighbour, dan, eve, fay = established(
        client,
        move_clock,
        ANN,
        ("Twin", "203.0.113.7"),
        ("Nell", "203.0.113.99"),
        ("Dan", "2001:db8:1::1"),
        ("Eve", "2001:db8:1:2::5"),
        BOB,
    )
    made = rated_table(client, ann, [None, None])
    for puppet in (twin, neighbour):  # the same address, and another address of the same /24
        reason = refused(sit(client, made["id"], puppet), 409, "same-network")
        assert reason.startswith(
            "someone at this rated table plays from your network: rated games are between people on different networks"
        )
    german = client.post(
        f"/api/tables/{made['id']}/join", json={"name": "Nell"}, headers={**neighbour.headers, "Accept-Language": "de"}
    ).json()
    assert german["error"].startswith("an diesem gewerteten Tisch spielt schon jemand aus deinem Netzwerk")
    other = rated_table(client, dan, [None, None])["id"]
    refused(sit(client, other, eve), 409, "same-network")  # another /64 of the same IPv6 /48
    tokens = {made["seat"]: made["token"], 1 - made["seat"]: join(client, made["id"], fay)}
    farmed(client, made["id"], tokens, tokens[1 - made["seat"]])
    rate_pass(client)
    assert {player for _, _, player in ratings_in(store_of(client))} == {ann.player, fay.player}, (
        "the puppets never sat down"
    )


def test_repeated_games_between_two_profiles_stop_counting_past_the_daily_bound(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    ann, bob, cid = established(client, move_clock, ANN, BOB, ("Cid", "192.0.2.7"))

    def seated_pair() -> tuple[str, dict[int, str], str]:
        made = rated_table(client, ann, [None, None])
        bobs = join(client, made["id"], bob)
        return made["id"], {made["seat"]: made["token"]}, bobs

    tables = []
    for _ in range(PAIR_GAMES - 1):
        table, tokens, bobs = seated_pair()
        farmed(client, table, tokens, bobs)
        rate_pass(client)
        tables.append(table)
    side_by_side = [seated_pair(), seated_pair()]  # both seated before either ends: the second ends past the bound
    for table, tokens, bobs in side_by_side:
        farmed(client, table, tokens, bobs)
        tables.append(table)
    assert rate_pass(client) == 2
    games = {player: count for (_, _, player), (_, _, count) in ratings_in(store_of(client)).items()}
    assert games == {ann.player: PAIR_GAMES, bob.player: PAIR_GAMES}
    for table in tables[:PAIR_GAMES]:
        assert client.get(f"/api/tables/{table}/rating").json() == {
            "table": table,
            "recorded": True,
            "counted": True,
            "code": None,
            "reason": None,
        }
    void = client.get(f"/api/tables/{tables[-1]}/rating").json()
    first, second = sorted([ann, bob], key=lambda player: player.player)  # the pair as stored
    assert void == {
        "table": tables[-1],
        "recorded": True,
        "counted": False,
        "code": "pair",
        "reason": f"{first.name} and {second.name} had already finished 3 rated games together in the 24 hours before "
        f"it ended, the most that count",
    }
    french = client.get(f"/api/tables/{tables[-1]}/rating", params={"lang": "fr"}).json()["reason"]
    assert french == (
        f"{first.name} et {second.name} avaient déjà terminé 3 parties classées ensemble dans les 24 heures précédant "
        f"sa fin, le maximum qui compte"
    )

    later = rated_table(client, ann, [None, None])
    reason = refused(sit(client, later["id"], bob), 409, "played-enough")
    assert reason == (
        "you and Ann have finished 3 rated games together in the last 24 hours, the most that count:"
        " you can play a rated game together again in 23 hours, or an unrated one now"
    )
    refused(sit(client, rated_table(client, bob, [None, None])["id"], ann), 409, "played-enough")
    three = rated_table(client, cid, [None, None, None])["id"]
    join(client, three, ann)
    refused(sit(client, three, bob), 409, "played-enough")  # nor with a third beside them
    join(client, later["id"], cid)  # another profile plays Ann at once
    unfinished = client.get(f"/api/tables/{three}/rating").json()
    assert (unfinished["recorded"], unfinished["counted"]) == (False, None)
    assert client.get(f"/api/tables/{unfinished_unrated(client)}/rating").json()["code"] == "not-rated"
    assert client.get("/api/tables/nosuchtable/rating").status_code == 404

    move_clock(DAY)
    table, tokens, bobs = seated_pair()
    farmed(client, table, tokens, bobs)
    rate_pass(client)
    assert client.get(f"/api/tables/{table}/rating").json()["counted"] is True, "a day later they count again"
    assert ratings_in(store_of(client))[("luckiest", 2, bob.player)][2] == PAIR_GAMES + 1
    kept = ratings_in(store_of(client))
    assert rebuild(store_of(client)) == (PAIR_GAMES + 1, 2)
    assert ratings_in(store_of(client)) == kept


def voids(client: TestClient) -> dict[str, str | None]:
    """Each stored result's table, and why it counted for nobody (None: it counted)."""
    store = store_of(client)
    with store.transaction() as cursor:
        return dict(store.run(cursor, "SELECT table_id, void FROM hr_results").fetchall())


def unfinished_unrated(client: TestClient) -> str:
    """The id of a new table that is not rated."""
    made = client.post("/api/tables", json={"game": "luckiest", "options": LUCKIEST, "bots": [None, None]})
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def test_a_game_of_three_past_one_pairs_bound_counts_for_nobody(client: TestClient) -> None:
    store = store_of(client)
    for n in range(PAIR_GAMES):
        assert record(store, f"pair-{n}", "lasvegas", 2, [["profile:a"], ["profile:b"]], 1000.0 + n)
    assert record(store, "three", "lasvegas", 3, [["profile:c"], ["profile:a"], ["profile:b"]], 1010.0)
    assert record(store, "with-a-bot", "lasvegas", 3, [["profile:a"], ["bot:hard"], ["profile:c"]], 1020.0)
    assert record(store, "next-day", "lasvegas", 2, [["profile:b"], ["profile:a"]], 1000.0 + DAY)
    assert voids(client) == {
        "pair-0": None,
        "pair-1": None,
        "pair-2": None,
        "three": "pair profile:a profile:b",
        "with-a-bot": None,
        "next-day": None,
    }
    ratings = ratings_in(store)
    assert ("lasvegas", 3, "profile:b") not in ratings and ratings[("lasvegas", 3, "profile:c")][2] == 1
    assert [ratings[("lasvegas", 2, player)][2] for player in ("profile:a", "profile:b")] == [PAIR_GAMES + 1] * 2
    assert record(store, "alone", "lasvegas", 2, [], 1030.0)
    assert client.get("/api/tables/alone/rating").json()["reason"] == "it had fewer than two players to rate"
    assert rebuild(store) == (PAIR_GAMES + 2, 4)
    assert ratings_in(store) == ratings


def test_a_profile_deleted_during_a_game_ranks_last_and_the_others_result_stands(
    make_client: Callable[..., TestClient], move_clock: Callable[[float], None]
) -> None:
    client = proxied(make_client)
    ann, bob = established(client, move_clock, ANN, BOB)
    made = rated_table(client, ann, [None, None])
    bob_seat, bob_token = 1 - made["seat"], join(client, made["id"], bob)
    assert client.delete("/api/me", headers={"X-Profile": ann.key}).status_code == 200
    state = play_out(client, made["id"], {bob_seat: bob_token})
    assert state["seats"][made["seat"]]["name"] == f"Seat {made['seat'] + 1}" and state["seats"][made["seat"]]["left"]
    rate_pass(client)
    [(table, _, _, _, ranking)] = results_in(store_of(client))
    assert (table, ranking) == (made["id"], f'[["{bob.player}"], ["{ann.player}"]]')
    winner, loser = plackett_luce([1, 2])
    assert ratings_in(store_of(client)) == {
        ("luckiest", 2, bob.player): (*winner, 1),
        ("luckiest", 2, ann.player): (*loser, 1),
    }
    assert client.get(f"/api/tables/{made['id']}/rating").json()["counted"] is True
