"""Each game's rules in short: served as HTML per language for the table's Rules panel, refused
clearly for anything else, present in every language for every built-in game, and quoted word for
word by the game's rules page in docs/rules/."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import highroller as hr
from highroller.core.words import LANGUAGES
from highroller.registry import own_games

DOCS = Path(__file__).parents[2] / "docs" / "rules"


def _guide_text(name: str, lang: str) -> str:
    package, _, folder = hr.game_spec(name).guide.partition(":")
    return files(package).joinpath(folder, f"{lang}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", own_games())
def test_every_game_has_its_guide_in_every_language_and_the_docs_quote_it(name: str) -> None:
    for lang in LANGUAGES:
        assert len(_guide_text(name, lang).split()) > 60
    assert _guide_text(name, "en").strip() in (DOCS / f"{name}.md").read_text(encoding="utf-8")


def test_the_rules_are_served_as_html_per_language(client: TestClient) -> None:
    english = client.get("/api/games/lasvegas/rules").json()
    french = client.get("/api/games/lasvegas/rules", params={"lang": "fr"}).json()
    german = client.get("/api/games/luckiest/rules", params={"lang": "de"}).json()
    assert english["lang"] == "en" and "<li><strong>The Biggie</strong>" in english["html"]
    assert "<strong>Le Biggie</strong>" in french["html"] and "casino" in french["html"]
    assert "Würfel" in german["html"] and "<ul>" in german["html"]


def test_bad_rules_requests_are_refused_clearly(client: TestClient) -> None:
    bad_lang = client.get("/api/games/lasvegas/rules", params={"lang": "../../etc/passwd"})
    assert (
        bad_lang.status_code == 422
        and bad_lang.json()["code"] == "bad-lang"
        and "en, fr, de" in bad_lang.json()["error"]
    )
    unknown = client.get("/api/games/chess/rules")
    assert unknown.status_code == 404 and unknown.json()["code"] == "no-game"
    assert client.get("/api/games/..%2F..%2Fsrc/rules").status_code == 404
