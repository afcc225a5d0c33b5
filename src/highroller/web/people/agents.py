"""The browser and the system a device's `User-Agent` header names, read once, when the device signs
in, into names from fixed lists ("Chrome", "Android"): nothing the header says is stored but these
names, and a profile's devices are told apart by them ("Chrome on Android")."""

from __future__ import annotations

from dataclasses import dataclass

from highroller.web.http.catalog import web_words

MAX_HEADER = 512
"""How much of the header is read (real ones are a few hundred characters)."""
BROWSERS = (
    ("EdgA/", "Edge"),
    ("EdgiOS/", "Edge"),
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("FxiOS/", "Firefox"),
    ("Firefox/", "Firefox"),
    ("CriOS/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
"""What names each browser, in the order to look for it: browsers built on Chrome name Chrome too,
and Chrome names Safari."""
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iPadOS"),
    ("CrOS", "ChromeOS"),
    ("Windows", "Windows"),
    ("Macintosh", "macOS"),
    ("Linux", "Linux"),
)
"""What names each system, in the order to look for it: Android names Linux too, an iPhone "Mac OS X"."""


@dataclass(frozen=True)
class Agent:
    """A device's browser and system (None: not one of those known)."""

    browser: str | None = None
    system: str | None = None

    def label(self, lang: str) -> str:
        """The device in a few words of `lang`: "Chrome on Android", "Firefox", "a browser on Linux"."""
        w = web_words(lang)
        if self.browser and self.system:
            return w("{browser} on {system}", browser=self.browser, system=self.system)
        if self.browser:
            return self.browser
        return w("a browser on {system}", system=self.system) if self.system else w("an unknown browser")


def agent_of(header: str | None) -> Agent:
    """The browser and system a `User-Agent` header names."""
    text = (header or "")[:MAX_HEADER]
    browser = next((name for mark, name in BROWSERS if mark in text), None)
    system = next((name for mark, name in SYSTEMS if mark in text), None)
    return Agent(browser, system)
