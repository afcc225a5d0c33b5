"""Schemathesis fuzzes the JSON API of a live `highroller serve` (SQLite, every quota off) from its own
/openapi.json: every operation, as a spectator and as a seated player, with seeded valid and invalid
requests. No answer may be a server error, and each one's status, content type and body must be
documented (the refusals of `REFUSALS`, the answers of `highroller.web.api.answers`); and no request may
keep the server's event loop busy past 50 ms (its log warns of any: `highroller.web.http.loopwatch`).

Generated ids would hardly ever name a table or a game, so the path parameters mix in the ids of real
tables (waiting for a player, in play in each game, at a companion table, timed, finished) and the real
games, and table creations mix in bodies that create one. A seated player's requests carry, through an
auth provider, the seat token of the table in their path. A long poll's `after` is moved past every
table's version, so that no request waits out the 25 s poll. `benchmarks/web_fuzz.py` runs the same
with many more examples.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from conftest import TEST_SETTINGS, Server
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Err
from schemathesis.errors import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from web_helpers import create, step

from highroller.core.state import CHANCE
from highroller.games.lasvegas.expert import ExpertBot
from highroller.registry import available_games, make
from highroller.web.app import create_app
from highroller.web.http.loopwatch import BUSY
from highroller.web.learn.lessons import chapters_of, tutorial_games
from highroller.web.ratings.rated_seats import ESTABLISHED_GAMES
from highroller.web.settings import DAY
from highroller.web.store.dialects import open_store

SEED = 2061
EXAMPLES = 200
"""Requests per operation and way of calling (as a spectator, seated)."""
SECONDS = 120.0
"""The most one way of calling may take: operations not reached by then are sent fewer requests."""
BATCH = 50
"""Requests an operation is sent before the next operation has its turn."""
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
TIMEOUT = 60.0
"""Seconds a request may take (a hint is worked out in a worker process)."""
LONGEST_GAME = 10_000
"""More steps than any fuzzed table plays: a long poll for a version past it answers at once."""
SERVER_FLAGS = ["--bot-processes", "1"]


@dataclass(frozen=True)
class Tables:
    """Real tables of the fuzzed server, each with the seat token of the person who made it."""

    tokens: dict[str, str]
    """Table id -> token."""
    base: str
    profile: str
    """The key of the profile that made the tables (sent as X-Profile by a seated caller)."""

    def token_for(self, case: schemathesis.Case) -> str:
        """The token of the table named in the request's path; for any other request, another table's."""
        table_id = (case.path_parameters or {}).get("table_id")
        return self.tokens[table_id] if table_id in self.tokens else next(iter(self.tokens.values()))

    def profile_for(self, case: schemathesis.Case) -> str:
        """The tables' profile's key; a profile of its own for a request that deletes its profile."""
        if case.operation.label == "DELETE /api/me":
            return new_profile(self.base)
        return self.profile


def new_profile(base: str) -> str:
    """The key of a new profile."""
    made = requests.post(f"{base}/api/profiles", json={"name": "Ann", "languages": ["en"]}, timeout=TIMEOUT)
    made.raise_for_status()
    return str(made.json()["key"])


def start_server(scratch: Path) -> Server:
    """`highroller serve` on a SQLite file in `scratch`, every quota and rate off, once the Las Vegas
    expert's playouts for 2 players are compiled into the disk cache the hint workers load (as in
    tests/web/test_web_hints.py): a hint at a Las Vegas table is then not timed by the compiler."""
    state = make("lasvegas", players=2).new_game(seed=1)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    ExpertBot(1, playouts=1).chances(state)
    server = Server(str(scratch / "tables.sqlite3"), 0.0, SERVER_FLAGS, scratch)
    server.start()
    return server


def seat_table(
    base: str, game: str, bots: list[str | None], profile: str | None = None, **extra: Any
) -> tuple[str, str]:
    """A new two-seat table with the table's creator seated (as `profile`'s seat, given its key): its
    id and the creator's token."""
    made = create(base, game, {"players": 2}, bots, profile, stand_in="easy", **extra)
    return made["id"], made["token"]


def established_profile(base: str, move_clock: Callable[[float], None]) -> str:
    """The key of a new profile that may sit at a rated table: its games against a bot played, a day older."""
    profile = new_profile(base)
    rng = random.Random(SEED)
    for _ in range(ESTABLISHED_GAMES):
        table, token = seat_table(base, "luckiest", [None, "easy"], profile, name="Ann")
        while not step(base, table, {0: token}, rng)["finished"]:
            pass
    move_clock(DAY)
    return profile


def real_tables(base: str, move_clock: Callable[[float], None]) -> Tables:
    """One table of each kind the routes treat apart: waiting for a player, in play (one per game), at
    a companion table (one device for both people), timed (Ann's one second runs out at once, and a
    stand-in plays for her), turn-based and rated (Ann's established profile's seat) and finished
    (played to the end with seeded moves)."""
    profile = established_profile(base, move_clock)
    made = [
        seat_table(base, "lasvegas", [None, None], name="Ann"),
        seat_table(base, "lasvegas", [None, None], profile, name="Ann", timer=86400, bank=3600, rated="people"),
        *(seat_table(base, game, [None, "easy"], name="Ann") for game in available_games()),
        seat_table(base, "lasvegas", [None, None], real_dice=True, hot_seat=["Ann", "Bob"]),
        seat_table(base, "luckiest", [None, "easy"], name="Ann", timer=1),
    ]
    finished, token = seat_table(base, "luckiest", [None, "easy"], name="Ann")
    rng = random.Random(SEED)
    while not step(base, finished, {0: token}, rng)["finished"]:
        pass
    return Tables(dict([*made, (finished, token)]), base, profile)


def half_and_half(generated: st.SearchStrategy[Any], real: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Values of `generated` and of `real`, as many of each (`|` would give `real` one branch among
    the many of a generated union)."""
    return st.booleans().flatmap(lambda is_real: real if is_real else generated)


def fuzzed_schema(base: str, tables: Tables, *, seated: bool) -> schemathesis.BaseSchema:
    """The server's API as Schemathesis reads it from /openapi.json, with hooks that mix real table ids,
    real games and valid creations into the generated requests, and (`seated`) the seat tokens."""
    schema = schemathesis.openapi.from_url(f"{base}/openapi.json", config=schemathesis.Config())
    games = available_games()
    chapters = [(game, chapter["id"]) for game in tutorial_games() for chapter in chapters_of(game, "en")]
    creations = st.fixed_dictionaries(
        {
            "game": st.sampled_from(games),
            "options": st.just({"players": 2}),
            "bots": st.lists(st.sampled_from([None, "easy"]), min_size=2, max_size=2),
        },
        optional={
            "name": st.text(max_size=30),
            "timer": st.none() | st.integers(1, 100) | st.sampled_from([3600, 86400]),
            "bank": st.none() | st.integers(0, 86400),
            "rated": st.sampled_from([None, "people", "all"]),
            "hints": st.booleans(),
            "real_dice": st.booleans(),
        },
    )

    @schema.hook
    def before_generate_path_parameters(
        context: schemathesis.HookContext, strategy: st.SearchStrategy[Any]
    ) -> st.SearchStrategy[Any]:
        path = context.operation.path if context.operation is not None else ""
        if "{table_id}" in path:  # with a chat message's number where the path has one
            numbers = {"message": st.integers(0, 5)} if "{message}" in path else {}
            return half_and_half(
                strategy, st.fixed_dictionaries({"table_id": st.sampled_from(sorted(tables.tokens)), **numbers})
            )
        if "{chapter}" in path:  # a tutorial's chapter: half of them real ones
            return half_and_half(
                strategy, st.sampled_from(chapters).map(lambda pair: {"game": pair[0], "chapter": pair[1]})
            )
        if "{game}" in path:
            return half_and_half(strategy, st.sampled_from(games).map(lambda game: {"game": game}))
        return strategy

    @schema.hook
    def before_generate_body(
        context: schemathesis.HookContext, strategy: st.SearchStrategy[Any]
    ) -> st.SearchStrategy[Any]:
        creating = context.operation is not None and context.operation.label == "POST /api/tables"
        return half_and_half(strategy, creations) if creating else strategy

    @schema.hook
    def map_query(context: schemathesis.HookContext, query: Any) -> Any:
        after = query.get("after") if isinstance(query, dict) else None
        if isinstance(after, int) and not isinstance(after, bool) and 0 <= after < LONGEST_GAME:
            return {**query, "after": after + LONGEST_GAME}
        return query

    if seated:

        @schema.auth(refresh_interval=None)
        class SeatToken:
            """The token of the seat at the table the request names."""

            def get(self, case: schemathesis.Case, context: schemathesis.AuthContext) -> str:
                return tables.token_for(case)

            def set(self, case: schemathesis.Case, data: str, context: schemathesis.AuthContext) -> None:
                case.headers["Authorization"] = f"Bearer {data}"
                case.headers["X-Profile"] = tables.profile_for(case)

    return schema


@dataclass
class Outcome:
    """What one operation was sent and how it answered."""

    label: str
    sent: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    failures: dict[str, str] = field(default_factory=dict)
    """One report (the checks that failed, the answer and a curl command) per kind of failure."""


def fuzz(schema: schemathesis.BaseSchema, *, examples: int, seconds: float, seed: int) -> list[Outcome]:
    """Send each operation of `schema` up to `examples` generated requests, valid and invalid, `BATCH`
    at a time in turn, for at most about `seconds`; what each operation was sent and answered."""
    operations = []
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise result.err()  # a part of /openapi.json that Schemathesis cannot read
        operations.append(result.ok())
    outcomes = {operation.label: Outcome(operation.label) for operation in operations}
    deadline = time.monotonic() + seconds
    for batch, start in enumerate(range(0, examples, BATCH)):
        for operation in operations:
            if time.monotonic() > deadline:
                return list(outcomes.values())
            _send(
                operation,
                outcomes[operation.label],
                min(BATCH, examples - start),
                _seed_of(seed, operation.label, batch),
            )
    return list(outcomes.values())


def _seed_of(seed: int, label: str, batch: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed} {label} {batch}".encode()).digest()[:8], "big")


def _send(operation: schemathesis.APIOperation, outcome: Outcome, examples: int, seed: int) -> None:
    """One seeded Hypothesis run of `examples` requests to `operation`, every answer validated."""
    modes = [schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE]
    strategy = st.one_of([operation.as_strategy(mode) for mode in modes])

    @hypothesis_seed(seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def send(case: schemathesis.Case) -> None:
        outcome.sent += 1
        try:
            response = case.call(timeout=TIMEOUT)
        except requests.RequestException as error:
            outcome.failures.setdefault(
                f"no answer: {type(error).__name__}", f"{error}\n\n    {case.as_curl_command()}"
            )
            return
        outcome.statuses[response.status_code] += 1
        try:
            case.validate_response(response, checks=CHECKS)
        except FailureGroup as failed:
            kind = f"{response.status_code} " + ", ".join(sorted({failure.title for failure in failed.exceptions}))
            outcome.failures.setdefault(kind, failed.message)

    send()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`highroller serve` on a SQLite file, every quota and rate off, for the whole module."""
    served = start_server(tmp_path_factory.mktemp("fuzz"))
    yield served
    served.kill()
    served.print_errors()


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    """An in-process app on a SQLite file, every quota off."""
    with TestClient(create_app(open_store(tmp_path / "tables.sqlite3"), TEST_SETTINGS)) as client:
        yield client


@pytest.mark.slow
@pytest.mark.parametrize("seated", [False, True], ids=["spectator", "seated"])
def test_every_answer_is_documented(server: Server, seated: bool, move_clock: Callable[[float], None]) -> None:
    """Every operation, as a spectator or seated: documented answers only, the real tables reached, and none of
    their seat tokens nor the profile key sent in the server's log."""
    tables = real_tables(server.url, move_clock)
    outcomes = fuzz(fuzzed_schema(server.url, tables, seated=seated), examples=EXAMPLES, seconds=SECONDS, seed=SEED)
    for outcome in outcomes:
        print(f"{outcome.label}: {outcome.sent} requests, statuses {dict(sorted(outcome.statuses.items()))}")
    failures = [f"{outcome.label}: {report}" for outcome in outcomes for report in outcome.failures.values()]
    assert not failures, "\n".join(failures)
    assert all(outcome.sent for outcome in outcomes)
    reached = [outcome for outcome in outcomes if "{table_id}" in outcome.label]
    assert reached and all(set(outcome.statuses) - {404, 422} for outcome in reached), (
        "the real tables were never reached"
    )
    busy = server.errors.read_text().split(BUSY)[1:] if server.errors.exists() else []
    assert not busy, "no request may keep the event loop busy past 50 ms:\n" + "\n".join(BUSY + block for block in busy)
    said = server.errors.read_text()
    assert f"path=/api/tables/{next(iter(tables.tokens))}" in said, "a line per request"
    assert not [secret for secret in (*tables.tokens.values(), tables.profile) if secret in said]


def test_a_body_that_is_not_utf8_is_malformed_json(sqlite_client: TestClient) -> None:
    """JSON is UTF-8 text: a body that is not is refused as malformed like any other bad JSON (the
    fuzzer found it answered 400 `bad-request`, a status no route documents)."""
    table = sqlite_client.post(
        "/api/tables", json={"game": "lasvegas", "options": {"players": 2}, "bots": [None, None]}
    ).json()["id"]
    for path in ("/api/tables", f"/api/tables/{table}/join", f"/api/tables/{table}/actions"):
        response = sqlite_client.post(path, content=b'{"name": "\xff"}', headers={"Content-Type": "application/json"})
        assert (response.status_code, response.json()["code"]) == (422, "malformed"), (path, response.text)
