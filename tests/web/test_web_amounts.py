"""Amounts at their bounds, in every language, from the engine to the page: a Last Chance card of one's
own box pays at most $100,000 and a larger one is refused with that limit; games played at the bounds
(the most money, bet limit and payout) are narrated in English, French and German without a fault; and
a narration that does fail costs its line its words, never the table its step."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.core.state import State
from highroller.core.typed_input import typed_input_of
from highroller.core.words import LANGUAGES
from highroller.games.lastchance.cards import MAX_PAYOUT, MAX_ROLLS
from highroller.games.lastchance.rules import MAX_MONEY, MAX_PLAYERS, MIN_PLAYERS
from highroller.games.lastchance.steps import LAST_CHANCE, Bet, Bid
from highroller.registry import narration_of, words_of
from highroller.web.tables import log_words
from highroller.web.tables.log_words import Narrator

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
TYPED = typed_input_of(hr.game_spec("lastchance"))
OVER = "665JJ:1 $10000000000000000000000000000"
"""The card that once bricked a table: typed, it was taken, and its settlement had no French words."""


class Caught(logging.Handler):
    """The narrator's error records while it is in use."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def narrator_errors() -> Iterator[list[logging.LogRecord]]:
    caught = Caught()
    logger = logging.getLogger(log_words.__name__)
    logger.addHandler(caught)
    try:
        yield caught.records
    finally:
        logger.removeHandler(caught)


# ---------------------------------------------------------------- games at the bounds, narrated
CARD_DICE = st.lists(st.sampled_from("123456J"), min_size=5, max_size=5).map(" ".join)


def _boldest(state: State, rng: random.Random) -> Any:
    """A decision that moves the most money most of the time: the top bid, Last Chance!, the top wager."""
    legal = state.legal_actions()
    if rng.random() < 0.3:
        return rng.choice(legal)
    amounts = [a for a in legal if isinstance(a, (Bid, Bet)) or a == LAST_CHANCE]
    if not amounts:
        return rng.choice(legal)
    return max(
        amounts, key=lambda a: MAX_MONEY * 2 if a == LAST_CHANCE else a.amount if isinstance(a, Bid) else a.wager
    )


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(MIN_PLAYERS, MAX_PLAYERS), st.integers(0, 2**32), CARD_DICE, st.integers(1, MAX_ROLLS))
def test_a_game_at_the_bounds_is_narrated_in_every_language(players: int, seed: int, dice: str, rolls: int) -> None:
    game = hr.make("lastchance", players=players, money=MAX_MONEY, bet_limit=MAX_MONEY, cards=2, first_player=0)
    state = game.new_game(seed)
    narrator, rng = Narrator("lastchance", NAMES[:players]), random.Random(seed)
    log: list[dict[str, Any]] = []
    with narrator_errors() as errors:
        for _ in range(400):
            if state.is_terminal():
                break
            if state.current_player != hr.CHANCE:
                step = _boldest(state, rng)
            elif state.view(None)["phase"] == "draw":
                step = TYPED.parse(state, f"{dice}:{rolls} ${MAX_PAYOUT:,}")
            else:
                step = state.sample_chance()
            narrator.apply(state, step, log)
    assert errors == [], "no narration failed: no line fell back"
    assert all(set(line["text"]) == set(LANGUAGES) and all(line["text"].values()) for line in log)
    completed = [e for e in state.events if e["type"] == "settle" and e["success"]]
    for lang in LANGUAGES:
        money = words_of("lastchance", lang).money(MAX_PAYOUT)
        assert not completed or any(money in line["text"][lang] for line in log), f"the payout is told in {lang}"


def test_the_choices_at_the_bounds_have_words_in_every_language() -> None:
    state = hr.make("lastchance", players=2, money=MAX_MONEY, bet_limit=MAX_MONEY, first_player=0).new_game(1)
    state.apply(TYPED.parse(state, f"JJJJJ:1 ${MAX_PAYOUT:,}"))
    narrator = Narrator("lastchance", NAMES[:2])
    with narrator_errors() as errors:
        for lang in LANGUAGES:
            choice = narrator.choice(state, 0, Bid(MAX_MONEY), lang)
            assert words_of("lastchance", lang).money(MAX_MONEY) in choice["label"] + (choice["help"] or ""), lang
    assert errors == []


# ---------------------------------------------------------------- a narration that fails
class Broken:
    """A narration that raises whatever it is asked."""

    def describe_step(self, *_: Any) -> str | None:
        raise RuntimeError("no words for this step")

    def describe_event(self, *_: Any) -> str | None:
        raise RuntimeError("no words for this event")

    def label(self, _: Any) -> str:
        raise RuntimeError("no label")


def _breaking(monkeypatch: pytest.MonkeyPatch, *broken: str) -> None:
    monkeypatch.setattr(
        log_words, "narration_of", lambda game, lang: Broken() if lang in broken else narration_of(game, lang)
    )


def _game_at_a_decision() -> State:
    state = hr.make("lastchance", players=2, first_player=0).new_game(1)
    state.apply(TYPED.parse(state, "665JJ:2 $2500"))
    return state


def test_a_failing_language_falls_back_to_english_and_the_step_is_taken_once(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _breaking(monkeypatch, "fr")
    state, log = _game_at_a_decision(), list[dict[str, Any]]()
    narrator = Narrator("lastchance", NAMES[:2])
    with caplog.at_level(logging.ERROR, logger=log_words.__name__):
        narrator.apply(state, Bid(600), log)
    assert len(state.history) == 2 and state.history[-1] == (0, Bid(600)), "applied exactly once"
    assert log and all(line["n"] == 1 and line["text"]["fr"] == line["text"]["en"] for line in log)
    assert log[0]["text"]["de"] != log[0]["text"]["en"], "German still has its own words"
    failures = [r for r in caplog.records if r.name == log_words.__name__]
    assert len(failures) == len(log) and all(r.exc_info and "in fr" in r.getMessage() for r in failures), (
        "once per failing line"
    )
    choice = narrator.choice(state, 1, state.legal_actions()[0], "fr")
    assert choice["label"] == narration_of("lastchance", "en").label(state.legal_actions()[0])


def test_when_every_language_fails_the_line_is_the_step_or_event_itself(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _breaking(monkeypatch, *LANGUAGES)
    state, log = _game_at_a_decision(), list[dict[str, Any]]()
    narrator = Narrator("lastchance", NAMES[:2])
    with caplog.at_level(logging.ERROR, logger=log_words.__name__):
        narrator.apply(state, Bid(600), log)
        narrator.apply(state, state.legal_actions()[0], log)
    assert len(state.history) == 3
    texts = [line["text"] for line in log]
    assert texts[0] == dict.fromkeys(LANGUAGES, str(Bid(600)))
    assert any('"type": "auction"' in text["en"] for text in texts), "an event is shown as its JSON"
    assert all(len(set(text.values())) == 1 for text in texts)
    failures = [r for r in caplog.records if r.name == log_words.__name__]
    assert len(failures) == len(log) and all("in en, fr, de" in r.getMessage() for r in failures)
    action = state.legal_actions()[0]
    assert narrator.choice(state, state.current_player, action, "de") == {
        "label": str(action),
        "action": action.to_json(),
        "help": None,
    }


# ---------------------------------------------------------------- the web API
def _companion(client: TestClient, options: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        "/api/tables",
        json={"game": "lastchance", "options": options, "bots": [None, None], "real_dice": True, "hot_seat": NAMES[:2]},
    )
    assert response.status_code == 201, response.text
    return response.json()


def _act(client: TestClient, table: dict[str, Any], version: int, action: Any, lang: str = "en") -> Any:
    return client.post(
        f"/api/tables/{table['id']}/actions",
        params={"lang": lang},
        json={"version": version, "action": action},
        headers={"Authorization": f"Bearer {table['token']}"},
    )


def test_the_lobby_offers_and_checks_the_option_maxima(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    offered = {
        option["name"]: option["maximum"] for option in games["lastchance"]["options"] if option["kind"] == "int"
    }
    assert (offered["money"], offered["bet_limit"], offered["cards"]) == (MAX_MONEY, MAX_MONEY, 36)
    assert all(
        option["maximum"] is not None
        for game in games.values()
        for option in game["options"]
        if option["kind"] == "int"
    )
    for game, options in (
        ("lastchance", {"money": MAX_MONEY + 100}),
        ("lastchance", {"bet_limit": 10**28}),
        ("lasvegas", {"stock_amount": 10**9}),
    ):
        refused = client.post(
            "/api/tables",
            json={"game": game, "options": options, "bots": [None, None], "real_dice": True, "hot_seat": NAMES[:2]},
        )
        assert refused.status_code == 422 and refused.json()["code"] == "bad-option", refused.text


def test_a_typed_card_over_the_bound_is_refused_and_one_at_it_is_played(client: TestClient) -> None:
    options = {"players": 2, "cards": 1, "money": 600, "first_player": 0}
    table = _companion(client, options)
    for typed in (OVER, f"665JJ:1 ${MAX_PAYOUT + 100:,}", "665JJ:1 $" + "9" * 5000):
        refused = _act(client, table, 0, {"typed": typed})
        assert refused.status_code == 422 and refused.json()["code"] == "illegal", refused.text
        assert (
            "over the most a card can pay, $100,000" in refused.json()["error"] and len(refused.json()["error"]) < 500
        )
    refused = _act(client, table, 0, {"card": {"dice": "6 6 5 J J", "rolls": 1, "payout": 10**28}})
    assert refused.status_code == 422 and "$100,000" in refused.json()["error"]

    mirror = hr.make("lastchance", **options).new_game(seed=11)
    mirror.apply(TYPED.parse(mirror, f"JJJJJ:1 ${MAX_PAYOUT:,}"))
    answer = _act(client, table, 0, {"typed": f"JJJJJ:1 ${MAX_PAYOUT:,}"}, "fr")
    assert answer.status_code == 200, answer.text
    state, rng = answer.json(), random.Random(3)
    while not state["finished"]:
        if state["current_player"] == hr.CHANCE:
            outcome = mirror.sample_chance()
            mirror.apply(outcome)
            answer = _act(client, table, state["version"], outcome.to_json(), rng.choice(LANGUAGES))
        else:
            choice = rng.choice(state["legal"])["action"]
            mirror.apply(mirror.decode_step(choice))
            answer = _act(client, table, state["version"], choice, rng.choice(LANGUAGES))
        assert answer.status_code == 200, answer.text
        state = answer.json()
    assert state["result"]["returns"] == mirror.returns()
    for lang in LANGUAGES:
        seen = client.get(
            f"/api/tables/{table['id']}", params={"lang": lang}, headers={"Authorization": f"Bearer {table['token']}"}
        )
        assert seen.status_code == 200 and seen.json()["log"], seen.text


def test_a_table_whose_words_fail_is_still_served_after_a_restart(
    make_client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Steps played while a language's words failed are told, and stored, in English: a server started
    afresh on the same database serves the table, its record, its replay and its rematch with those
    words — and so does one that words the steps again (a table stored without its lines)."""
    _breaking(monkeypatch, "fr", "de")
    first = make_client()
    table = first.post(
        "/api/tables",
        json={"game": "lastchance", "options": {"players": 2, "cards": 1}, "bots": [None, None], "hot_seat": NAMES[:2]},
    ).json()
    me = {"Authorization": f"Bearer {table['token']}"}
    state = first.get(f"/api/tables/{table['id']}", headers=me).json()
    while not state["finished"]:
        answer = first.post(
            f"/api/tables/{table['id']}/actions",
            headers=me,
            json={"version": state["version"], "action": state["legal"][0]["action"]},
        )
        state = (
            first.get(f"/api/tables/{table['id']}", headers=me).json()
            if answer.status_code == 200
            else pytest.fail(answer.text)
        )
    english = [line["text"] for line in state["log"]]
    store = first.app.state.tables.store  # type: ignore[attr-defined]
    for unworded in (False, True):
        if unworded:  # as an earlier highroller stored it
            with store.transaction(write=True) as cursor:
                store.run(cursor, "UPDATE hr_steps SET lines = NULL, log_end = NULL WHERE table_id = ?", (table["id"],))
                store.run(cursor, "DELETE FROM hr_checkpoints WHERE table_id = ?", (table["id"],))
        again = make_client()  # a restart: the table is loaded from its stored steps
        for lang in LANGUAGES:
            seen = again.get(f"/api/tables/{table['id']}", params={"lang": lang})
            assert seen.status_code == 200 and seen.json()["finished"], seen.text
            assert [line["text"] for line in seen.json()["log"]] == english, "the English words stand in"
        assert again.get(f"/api/tables/{table['id']}/record").status_code == 200
        assert again.get(f"/api/tables/{table['id']}/replay").status_code == 200
        watching = again.post(f"/api/tables/{table['id']}/rematch")
        assert watching.status_code == 403 and watching.json()["code"] == "spectator"  # answered, not failed
