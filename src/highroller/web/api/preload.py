"""What a server process runs of every game, loaded before it serves: otherwise the first request that
needs a game's score sheet, typed input, rules in short, view schema or lobby description imports and
builds it on the event loop (a tenth of a second or more, while everybody waits). Bots, hints, advice
and replays run in worker processes, which load what they need themselves."""

from __future__ import annotations

from highroller.core.spec_parts import score_sheet, view_type
from highroller.core.typed_input import typed_input_of
from highroller.core.viewschema import view_schema
from highroller.core.words import LANGUAGES
from highroller.registry import available_games, game_spec, make, narration_of, words_of
from highroller.web.api.game_info import listed_games
from highroller.web.api.guides import guide_html


def preload() -> None:
    """Load and build, for every game, what the server process runs of it; and each language's list of games."""
    for name in available_games():
        spec = game_spec(name)
        make(name)
        for lang in LANGUAGES:
            narration_of(name, lang)
            words_of(name, lang)
            guide_html(name, lang)
        view_schema(view_type(spec))
        typed_input_of(spec)
        score_sheet(spec)
    for lang in LANGUAGES:
        listed_games(lang)
