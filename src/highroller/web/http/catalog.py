"""The words of the server's own messages (refusals, seat changes, labels, notifications) in a language:
the web's catalog (`web/locale/<lang>.po`, which scripts/update_catalogs.py makes from `w(...)`)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from highroller.core.words import Words


@cache
def web_words(lang: str) -> Words:
    """The words of the server's own messages (seat changes) in `lang`."""
    return Words(lang, [files("highroller.web").joinpath("locale")])
