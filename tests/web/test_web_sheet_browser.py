"""The score sheet in Chromium: the latest scoring as a card above the board, with each seat's gain,
that its close button puts away, and the whole sheet as a table in a dialog opened from the header."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser
from web_helpers import call, create, people_on_move, seated_page, step

pytestmark = pytest.mark.slow  # the table in Chromium


@pytest.fixture(params=["sqlite"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    return str(tmp_path / "tables.sqlite3")


def test_the_latest_scoring_and_the_sheet_dialog(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    table = create(
        server.url,
        "lasvegas",
        {"players": 2, "first_player": 0, "dice_per_player": 2, "rounds": 3},
        [None, "easy"],
        name="Ann",
    )
    rng = random.Random(3)
    state = call(server.url, "GET", f"/api/tables/{table['id']}")
    while not state["sheet"]["rows"]:
        state = step(server.url, table["id"], {0: table["token"]}, rng)
    sheet = people_on_move(server.url, table["id"], {0: table["token"]})["sheet"]  # nothing moves until Ann does
    row = sheet["rows"][-1]

    page = seated_page(browser, server.url, table)
    card = page.locator("#scoring .latest-scoring")
    card.wait_for()
    assert "Latest scoring" in card.locator("h2").inner_text() and row["label"] in card.locator("h2").inner_text()
    gains = card.locator(".scoring-gains li")
    assert gains.count() == 2
    for seat, score in enumerate(row["scores"]):
        assert gains.nth(seat).locator(".scoring-amount").inner_text() == (f"+${score:,}" if score else "$0")

    page.click("#sheet-button")
    dialog = page.locator("dialog#sheet")
    dialog.wait_for(state="visible")
    grid = dialog.locator("table.sheet")
    assert grid.locator("caption").inner_text() == "Score sheet"
    assert grid.locator("thead th[scope=col]").count() == 3 and "Ann" in grid.locator("thead").inner_text()
    assert grid.locator("tbody th[scope=row]").all_inner_texts() == [
        f"Round {n}" for n in range(1, len(sheet["rows"]) + 1)
    ]
    totals = grid.locator("tfoot tr")
    assert totals.locator("th[scope=row]").inner_text() == "Total"
    best = max(sheet["totals"])
    cells = totals.locator("td")
    for seat, total in enumerate(sheet["totals"]):
        cell = cells.nth(seat)
        assert cell.inner_text().startswith(f"${total:,}")
        assert ("leader" in (cell.get_attribute("class") or "")) == (total == best and len(set(sheet["totals"])) > 1)
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")

    card.locator(".scoring-close").click()
    card.wait_for(state="detached")


def test_losses_have_a_minus_sign_and_the_starting_money_a_row(browser: Browser, serve: Callable[..., Any]) -> None:
    server = serve(0.0)
    table = create(server.url, "lastchance", {"players": 2, "first_player": 0}, [None, "easy"], name="Ann")
    rng = random.Random(5)
    state = call(server.url, "GET", f"/api/tables/{table['id']}")
    while not any(score < 0 for row in state["sheet"]["rows"] for score in row["scores"]):
        assert not state["finished"], "a whole game without a loss"
        state = step(server.url, table["id"], {0: table["token"]}, rng)
    sheet = people_on_move(server.url, table["id"], {0: table["token"]})["sheet"]  # nothing moves until Ann does
    page = seated_page(browser, server.url, table)
    page.click("#sheet-button")
    grid = page.locator("dialog#sheet table.sheet")
    grid.wait_for()
    assert grid.locator("tbody tr.sheet-start").inner_text().split("\t") == ["Start", "$5,000", "$5,000"]
    losses = [f"\u2212${-score:,}" for row in sheet["rows"] for score in row["scores"] if score < 0]
    shown = [text.split("\n")[0] for text in grid.locator("tbody td.loss").all_inner_texts()]
    assert shown == losses
