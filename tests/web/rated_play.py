"""Helpers of the ratings tests: players with a profile, each behind an address that a trusted proxy
forwards (every in-process client is one address: the proxy tells them apart), rated tables played
through the API, one pass of recording results, and the stored results and ratings."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

from highroller.web.ratings.rated_seats import ESTABLISHED_GAMES
from highroller.web.ratings.rating_keeper import record_finished
from highroller.web.settings import DAY
from highroller.web.store.database import Store

LUCKIEST = {"players": 2, "rounds": 1}
ANN, BOB = ("Ann", "203.0.113.7"), ("Bob", "198.51.100.7")
"""Two people (name, address) on networks of their own."""
RatingRows = dict[tuple[str, int, str], tuple[float, float, int]]


@dataclass(frozen=True)
class Player:
    """A person with a profile, on a device at `address`."""

    name: str
    id: str
    key: str
    address: str

    @property
    def player(self) -> str:
        """Who the player is on a leaderboard."""
        return "profile:" + self.id

    @property
    def headers(self) -> dict[str, str]:
        """What the player's requests send: the profile's key, and the address the proxy saw."""
        return {"X-Profile": self.key, "X-Forwarded-For": self.address}


def proxied(make_client: Callable[..., TestClient]) -> TestClient:
    """A server behind a trusted proxy, which forwards each player's address."""
    return make_client(forwarded_allow_ips="*")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_player(client: TestClient, name: str, address: str) -> Player:
    """A new profile made from `address`."""
    made = client.post("/api/profiles", json={"name": name, "languages": ["en"]}, headers={"X-Forwarded-For": address})
    assert made.status_code == 201, made.text
    return Player(name, made.json()["id"], made.json()["key"], address)


def establish(client: TestClient, *players: Player) -> None:
    """Each player plays the games an established profile has played to the end, against a bot at an unrated table."""
    for player in players:
        for _ in range(ESTABLISHED_GAMES):
            body = {"game": "luckiest", "options": LUCKIEST, "bots": [None, "easy"], "name": player.name}
            made = client.post("/api/tables", json=body, headers=player.headers)
            assert made.status_code == 201, made.text
            play_out(client, made.json()["id"], {made.json()["seat"]: made.json()["token"]})


def established(client: TestClient, move_clock: Callable[[float], None], *people: tuple[str, str]) -> list[Player]:
    """Established players of these (name, address): made, their games played, a day older."""
    players = [new_player(client, name, address) for name, address in people]
    establish(client, *players)
    move_clock(DAY)
    return players


def create(client: TestClient, player: Player, bots: list[str | None], rated: str = "people", **options: Any) -> Any:
    """The answer to `player` creating a rated Luckiest Dice table and sitting down."""
    body = {
        "game": "luckiest",
        "options": {**LUCKIEST, "players": len(bots), **options},
        "bots": bots,
        "name": player.name,
        "rated": rated,
    }
    return client.post("/api/tables", json=body, headers=player.headers)


def rated_table(client: TestClient, player: Player, bots: list[str | None], rated: str = "people") -> dict[str, Any]:
    """A rated table `player` created and sits at."""
    made = create(client, player, bots, rated)
    assert made.status_code == 201, made.text
    return dict(made.json())


def sit(client: TestClient, table: str, player: Player) -> Any:
    """The answer to `player` taking a seat at the table."""
    return client.post(f"/api/tables/{table}/join", json={"name": player.name}, headers=player.headers)


def join(client: TestClient, table: str, player: Player) -> str:
    """`player`'s token at the table, sat down."""
    joined = sit(client, table, player)
    assert joined.status_code == 200, joined.text
    return str(joined.json()["token"])


def refused(response: Any, status: int, code: str) -> str:
    """The refusal's reason, checked to be `code` with `status`."""
    assert (response.status_code, response.json()["code"]) == (status, code), response.text
    return str(response.json()["error"])


def look(client: TestClient, table: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table}", headers=auth(token) if token else {}, params=params)
    assert response.status_code == 200, response.text
    return dict(response.json())


def play_out(client: TestClient, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """The people of `tokens` (seat: token) play their first choice on their turns, the bots theirs, to the end; the
    table then."""
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the game did not finish"
        state = look(client, table)
        if state["finished"]:
            return state
        token = tokens.get(state["current_player"])
        mine = look(client, table, token) if token else None
        if mine is not None and mine["legal"]:
            choice = {"version": mine["version"], "action": mine["legal"][0]["action"]}
            acted = client.post(f"/api/tables/{table}/actions", json=choice, headers=auth(token or ""))
            assert acted.status_code == 200, acted.text
        else:
            look(client, table, after=state["version"])


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.tables.store  # type: ignore[attr-defined]
    return store


def rate_pass(client: TestClient) -> int:
    """One recording pass in the client's server process."""
    tables = client.app.state.tables  # type: ignore[attr-defined]

    async def one_pass() -> int:
        recorded: int = await record_finished(store_of(client), tables)
        return recorded

    assert client.portal is not None
    return client.portal.call(one_pass)


def ratings_in(store: Store) -> RatingRows:
    with store.transaction() as cursor:
        rows = store.run(cursor, "SELECT game, players, player, mu, sigma, games FROM hr_ratings").fetchall()
    return {(row[0], int(row[1]), row[2]): (float(row[3]), float(row[4]), int(row[5])) for row in rows}


def results_in(store: Store) -> list[tuple[str, int, str, int, str]]:
    with store.transaction() as cursor:
        rows = store.run(cursor, "SELECT table_id, seq, game, players, ranking FROM hr_results ORDER BY seq").fetchall()
    return [(row[0], int(row[1]), row[2], int(row[3]), row[4]) for row in rows]


def plackett_luce(ranks: list[int]) -> list[tuple[float, float]]:
    """What OpenSkill's Plackett-Luce model makes of new players finishing at these ranks."""
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in ranks], ranks=[float(rank) for rank in ranks])
    return [(team[0].mu, team[0].sigma) for team in rated]
