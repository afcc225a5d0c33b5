"""Making a table the way a person does, in the lobby page in Chromium: shared by the browser tests."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page


def create_in_lobby(page: Page, base: str, game: str, options: dict[str, Any], seats: dict[int, str]) -> str:
    """Open the lobby, choose the game, fill in its rule options (the folded ones too), choose the
    player of each seat named in `seats` (the others keep the lobby's choice), sit Anna and create the
    table; its page's address."""
    page.goto(base + "/")
    page.select_option("#game", game)
    page.locator("#more").evaluate("node => node.open = true")  # every rule, folded away
    for name, value in options.items():
        page.fill(f"#opt-{name}", str(value))
    page.dispatch_event("#opt-players", "input")
    for seat, choice in seats.items():
        page.select_option(f"select[name=seat-{seat}]", choice)
    page.fill("#name", "Anna")
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("#board[data-version]")
    return page.url
