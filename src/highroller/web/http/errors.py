"""The one way the web server turns a request down: `Refused`, answered as `{"error", "code"}` in the
asker's language.

A refusal's message is an English template with `{name}` placeholders and the values to fill in:
`Refused("seat {seat} is not free; free seats: {free}", 409, "seat-taken", seat=3, free="1, 2")`.
The web catalog translates the template (scripts/update_catalogs.py extracts it); `str(error)` and
the logs keep the English. A value that is words itself is a `Phrase`, translated with the message,
or the same words in every language, `{lang: text}`.
An HTTP request names its language with a `lang` query parameter or the `Accept-Language` header.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection

from highroller.core.words import LANGUAGES
from highroller.web.http.catalog import web_words


class Phrase:
    """Words that fill a placeholder of a message and are translated with it: `Phrase("your address")`."""

    def __init__(self, text: str, /, **values: Any) -> None:
        self.text = text
        self.values = values

    def in_language(self, lang: str) -> str:
        """The phrase in `lang`, its own values filled in (phrases among them translated too)."""
        return web_words(lang)(self.text, **{name: worded(value, lang) for name, value in self.values.items()})

    def __str__(self) -> str:
        return self.in_language("en")


def worded(value: Any, lang: str) -> Any:
    """A message's value as it is written in `lang`: a `Phrase` translated, words already written in
    every language (`{lang: text}`) in `lang`'s, anything else as it is."""
    if isinstance(value, Phrase):
        return value.in_language(lang)
    return value[lang] if isinstance(value, dict) and lang in value else value


class Refused(Exception):
    """A request turned down with a reason; nothing changed. `message` is the English template of the
    reason, `values` fill its placeholders; `status` is the HTTP status to answer, `retry_after` the
    seconds after which trying again may succeed (sent as `Retry-After`)."""

    def __init__(
        self, message: str, status: int = 400, code: str = "refused", *, retry_after: int | None = None, **values: Any
    ) -> None:
        self.reason = Phrase(message, **values)
        self.message = self.reason.in_language("en")
        super().__init__(self.message)
        self.status = status
        self.code = code
        self.retry_after = retry_after

    def in_language(self, lang: str) -> str:
        """The reason in `lang` (one of `LANGUAGES`)."""
        return self.reason.in_language(lang)

    def answer(self, lang: str) -> dict[str, str]:
        """The JSON body of the refusal in `lang`: `{"error", "code"}`."""
        return {"error": self.in_language(lang), "code": self.code}


def accepted_language(header: str | None) -> str:
    """The first language of an `Accept-Language` header (by its q weights) that the pages speak, else English."""
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate((header or "")[:500].split(",")):
        tag, _, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        base = tag.strip().lower().split("-")[0]
        if base in LANGUAGES and quality > 0:
            ranked.append((-quality, place, base))
    return min(ranked)[2] if ranked else "en"


def asked_language(connection: HTTPConnection) -> str:
    """The language a request asks for: its `lang` query parameter if the pages speak it, else its
    `Accept-Language` header's choice, else English."""
    lang = connection.query_params.get("lang")
    return lang if lang in LANGUAGES else accepted_language(connection.headers.get("accept-language"))
