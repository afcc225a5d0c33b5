"""The tutorials API: the games with a tutorial and their chapters, and lessons played through it — the
script's moves to the end, another move answered ("that works too"), a lesson taken up again from the
moves a device kept (the same position, on a fresh server), and every bad request refused clearly
with nothing kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from highroller.web.learn.lessons import tutorial_games


def lesson(
    client: TestClient, chapter: str, moves: list[Any], action: Any = None, lang: str = "en", game: str = "lasvegas"
) -> Any:
    answer = client.post(
        f"/api/tutorials/{game}/{chapter}", params={"lang": lang}, json={"moves": moves, "action": action}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def another_move(answer: Any) -> Any:
    """A legal move of the learner's turn other than the script's."""
    turn = answer["turn"]
    return next(choice["action"] for choice in turn["legal"] if choice["action"] != turn["suggestion"])


def play_through(client: TestClient, game: str, chapter: str, lang: str = "en") -> tuple[Any, list[Any]]:
    """Play the script's move at every turn; the last answer and every frame shown."""
    answer = lesson(client, chapter, [], lang=lang, game=game)
    frames = list(answer["frames"])
    for _ in range(300):
        if answer["end"] is not None:
            return answer, frames
        turn = answer["turn"]
        assert turn["suggestion"] in [choice["action"] for choice in turn["legal"]]
        answer = lesson(client, chapter, answer["moves"], turn["suggestion"], lang=lang, game=game)
        frames += answer["frames"]
    raise AssertionError("the lesson did not end")


def test_the_tutorials_are_listed_with_their_chapters_in_the_asked_language(client: TestClient) -> None:
    listed = client.get("/api/tutorials", params={"lang": "fr"}).json()
    assert [entry["game"] for entry in listed] == tutorial_games()
    vegas = next(entry for entry in listed if entry["game"] == "lasvegas")
    assert [c["id"] for c in vegas["chapters"]] == ["classic", "biggie", "neutral", "bandit"]
    assert vegas["chapters"][0]["title"] != "Your first game"  # in French
    games = {game["name"]: game["tutorial"] for game in client.get("/api/games").json()}
    assert games["lasvegas"] is True
    assert client.get("/api/games/lasvegas/rules").json()["tutorial"] is True


@pytest.mark.slow  # every chapter, a request a move
@pytest.mark.parametrize("game", tutorial_games())
def test_every_chapter_plays_to_its_end_through_the_api(client: TestClient, game: str) -> None:
    for entry in client.get("/api/tutorials").json():
        if entry["game"] != game:
            continue
        for chapter in entry["chapters"]:
            end, frames = play_through(client, game, chapter["id"])
            assert end["end"]["say"] and end["end"]["level"]
            assert any(frame.get("say") for frame in frames)
            assert not any(frame.get("otherwise") for frame in frames)
            assert all(isinstance(frame["view"], dict) for frame in frames)


def test_the_classic_lesson_says_what_the_script_says_and_offers_a_real_game(client: TestClient) -> None:
    end, frames = play_through(client, "lasvegas", "classic")
    said = [frame["say"] for frame in frames if frame.get("say")]
    assert said[0].startswith("Welcome to Las Vegas!")
    assert any("$110,000" in text for text in said)
    assert any(frame.get("line") for frame in frames)
    assert end["end"] == {
        "say": "That is the whole game. Now play a real one against easy bots.",
        "preset": "classic",
        "level": "easy",
        "players": 3,
        "options": {"edition": "classic", "players": 3},
        "won": True,
    }
    assert len(end["moves"]) == 3


def test_another_move_is_answered_and_the_lesson_goes_on(client: TestClient) -> None:
    first = lesson(client, "classic", [])
    other = next(
        choice["action"] for choice in first["turn"]["legal"] if choice["action"] != first["turn"]["suggestion"]
    )
    answer = lesson(client, "classic", first["moves"], other)
    assert answer["frames"][1]["otherwise"] is True and answer["frames"][1]["say"].startswith("That works too")
    assert answer["moves"] == [other]
    assert answer["turn"] is not None or answer["end"] is not None


@pytest.mark.slow
def test_a_lesson_is_taken_up_again_from_the_moves_a_device_kept(
    client: TestClient, make_client: Callable[..., TestClient]
) -> None:
    first = lesson(client, "classic", [])
    other = next(
        choice["action"] for choice in first["turn"]["legal"] if choice["action"] != first["turn"]["suggestion"]
    )
    played = lesson(client, "classic", [], other)
    again = lesson(make_client(), "classic", played["moves"])
    assert again["view"] == played["view"] and again["turn"] == played["turn"] and again["end"] == played["end"]
    assert again["frames"] == played["frames"][1:]  # what followed the learner's last move, shown again


def test_the_lesson_speaks_the_asked_language(client: TestClient) -> None:
    english = lesson(client, "classic", [])
    german = lesson(client, "classic", [], lang="de")
    assert german["names"] != english["names"] and german["title"] != english["title"]
    assert german["frames"][0]["say"] != english["frames"][0]["say"]
    assert german["turn"]["legal"][0]["label"]


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("/api/tutorials/chess/classic", {}, 404, "no-tutorial"),
        ("/api/tutorials/lasvegas/nope", {}, 404, "no-chapter"),
        ("/api/tutorials/..%2Fetc/classic", {}, 404, None),
        ("/api/tutorials/lasvegas/classic", {"moves": [{"place": 9}]}, 422, "bad-lesson"),
        ("/api/tutorials/lasvegas/classic", {"moves": ["x"] * 201}, 422, "malformed"),
        ("/api/tutorials/lasvegas/classic", {"action": {"place": 9}}, 422, "illegal"),
        ("/api/tutorials/lasvegas/classic", {"action": "nonsense"}, 422, "illegal"),
        ("/api/tutorials/lasvegas/classic", {"moves": [], "extra": 1}, 422, "malformed"),
        ("/api/tutorials/lasvegas/classic", {"moves": "x"}, 422, "malformed"),
    ],
)
def test_bad_lesson_requests_are_refused_clearly(
    client: TestClient, path: str, body: Any, status: int, code: str | None
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.text
    if code is not None:
        assert answer.json()["code"] == code and answer.json()["error"]


def test_a_move_after_the_end_is_refused(client: TestClient) -> None:
    end, _ = play_through(client, "lasvegas", "biggie")
    answer = client.post("/api/tutorials/lasvegas/biggie", json={"moves": end["moves"], "action": end["moves"][-1]})
    assert answer.status_code == 409 and answer.json()["code"] == "not-your-turn"
