"""The quick phrases and reactions a person may send by code: each reader's page shows the code's
English text in its own language (the web catalogs translate it), so people of different languages
understand each other's phrases. The list is fixed: any other code is refused."""

from __future__ import annotations

PHRASES: dict[str, str] = {
    "good-luck": "Good luck",
    "well-played": "Well played",
    "thinking": "Thinking…",
    "nice-roll": "Nice roll!",
    "oops": "Oops",
    "thanks": "Thanks",
    "your-turn": "Your turn",
    "thumbs-up": "👍",
    "smile": "😄",
    "wow": "😮",
    "dice": "🎲",
    "clover": "🍀",
    "phew": "😅",
}
"""Each phrase's code and its English text (an emoji is the same in every language)."""


def is_phrase(code: str) -> bool:
    """Whether `code` is one of the quick phrases."""
    return code in PHRASES
