"""What a chat message may hold: a quick phrase's code from the fixed list, or plain text of at most
`MAX_TEXT` characters held to the Unicode hygiene of display names (`highroller.web.http.names`: no
direction overrides, no invisible or control characters; runs of whitespace, line breaks too, become
one space). Text is never HTML: the page shows it as text."""

from __future__ import annotations

from highroller.web.chat.phrases import PHRASES, is_phrase
from highroller.web.http.errors import Refused
from highroller.web.http.names import normalise, refused_character

MAX_TEXT = 300
"""Most characters (code points) of a message's text, once normalised."""


def checked_content(text: str | None, phrase: str | None) -> tuple[str | None, str | None]:
    """The message's (phrase, text): exactly one of them, checked; else `Refused` saying what is allowed."""
    if (text is None) == (phrase is None):
        raise Refused("send either text or a quick phrase's code (phrase), not both nor neither", 422, "bad-chat")
    if phrase is not None:
        if not is_phrase(phrase):
            raise Refused(
                "there is no quick phrase {phrase}; the phrases are {phrases}",
                422,
                "unknown-phrase",
                phrase=repr(phrase[:40]),
                phrases=", ".join(PHRASES),
            )
        return phrase, None
    return None, checked_text(text or "")


def checked_text(raw: str) -> str:
    """The text as it is kept and shown, or `Refused`."""
    if len(raw) > 4 * MAX_TEXT:  # far too long: refused before any work on it
        raise Refused("a message can have at most {most} characters", 422, "too-long", most=MAX_TEXT)
    text = normalise(raw)
    if not text:
        raise Refused("type a message: it cannot be empty or only spaces", 422, "empty-message")
    if len(text) > MAX_TEXT:
        raise Refused("a message can have at most {most} characters", 422, "too-long", most=MAX_TEXT)
    refused = refused_character(text)
    if refused:
        raise Refused("a message cannot contain {char}: {reason}", 422, "bad-text", char=refused[0], reason=refused[1])
    return text
