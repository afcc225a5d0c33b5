"""Play a seat of a highroller web table with your own bot, through the JSON API (standard library only).

Start a server (`highroller serve`), then either create a table with this bot in seat 1 and the
server's bots in the other seats, or join a table someone opened in the lobby:

    python examples/web_bot.py --game luckiest --opponents optimal
    python examples/web_bot.py --table TABLE_ID --name "My bot"

The loop: take a seat (the answer holds a secret seat token, sent as `Authorization: Bearer ...`),
long-poll the table (`GET /api/tables/ID?after=VERSION`), and when `legal` lists actions, post one of
them with the version it was chosen at. `choose` is the place for your own logic: it sees only what the
seat may see (the view) and the legal actions. As a demonstration it plays Luckiest Dice with the solved
expected-score policy and every other game at random.
"""

from __future__ import annotations

import argparse
import json
import random
import urllib.error
import urllib.request
from typing import Any


def call(
    server: str, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None
) -> dict[str, Any]:
    """One JSON request; a refusal raises `urllib.error.HTTPError` (its body says why)."""
    request = urllib.request.Request(
        f"{server}{path}", method=method, data=json.dumps(body).encode() if body is not None else None
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as response:
        answer: dict[str, Any] = json.load(response)
        return answer


def choose(game: str, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> Any:
    """Your bot: the JSON of one of the legal actions, chosen from the seat's view."""
    if game == "luckiest":
        from highroller.games.luckiest.policy import score_choice

        wanted = score_choice(view).to_json()
        for entry in legal:
            if entry["action"] == wanted:
                return entry["action"]
    return rng.choice(legal)["action"]


def play(server: str, table: str, name: str, seed: int) -> dict[str, Any]:
    """Take a seat at `table` and play until the game is over; the final result."""
    seat = call(server, "POST", f"/api/tables/{table}/join", {"name": name})
    token = seat["token"]
    rng = random.Random(seed)
    snapshot = call(server, "GET", f"/api/tables/{table}", token=token)
    while not snapshot["finished"]:
        if snapshot["legal"]:
            action = choose(snapshot["game"], snapshot["view"], snapshot["legal"], rng)
            try:
                snapshot = call(
                    server,
                    "POST",
                    f"/api/tables/{table}/actions",
                    {"version": snapshot["version"], "action": action},
                    token,
                )
            except urllib.error.HTTPError as error:
                if error.code != 409:  # 409: the table moved on (stale version); look again
                    raise
            continue
        snapshot = call(server, "GET", f"/api/tables/{table}?after={snapshot['version']}", token=token)
    return {"seat": seat["seat"], **snapshot["result"]}


def main() -> None:
    parser = argparse.ArgumentParser(description="Play a highroller web table with your own bot.")
    parser.add_argument("--server", default="http://127.0.0.1:8000")
    parser.add_argument("--table", help="join this table (its id, from the lobby or the table's address)")
    parser.add_argument("--game", default="luckiest", help="without --table: create a table of this game")
    parser.add_argument(
        "--opponents", default="optimal", help="without --table: the server's bots in the other seats, comma-separated"
    )
    parser.add_argument("--name", default="Web bot")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table = args.table
    if table is None:
        opponents = args.opponents.split(",")
        created = call(
            args.server,
            "POST",
            "/api/tables",
            {"game": args.game, "options": {"players": len(opponents) + 1}, "bots": [None, *opponents]},
        )
        table = created["id"]
        print(f"created table {table}: {args.server}/table/{table}")
    print(json.dumps(play(args.server, table, args.name, args.seed)))


if __name__ == "__main__":
    main()
