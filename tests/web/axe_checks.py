"""axe-core's accessibility checks on a Chromium page (axe-playwright-python): the serious and critical
violations, each with its rule, its help and the first elements it names."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

AXE = Axe()
SERIOUS = {"serious", "critical"}


def serious_violations(page: Page) -> list[str]:
    """The serious and critical violations on `page` as it is now, in words (none: an empty list)."""
    results = AXE.run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']} — "
        f"{[node['target'] for node in violation['nodes'][:3]]}"
        for violation in results.response["violations"]
        if violation["impact"] in SERIOUS
    ]
