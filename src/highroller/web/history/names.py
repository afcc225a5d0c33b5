"""How a history names the seats of a finished game in a language: a profile by its name now (a deleted
one as a former player), a bot by its seat's label, a guest by the name they played under."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from highroller.registry import available_games, game_spec, words_of
from highroller.web.http.labels import seat_label
from highroller.web.ratings.leaderboards import player_names
from highroller.web.ratings.results import PROFILE
from highroller.web.store.database import Store
from highroller.web.store.finish_queries import Finish


def seat_names(store: Store, games: Iterable[Sequence[Finish]], lang: str) -> dict[tuple[str, int], str]:
    """Each seat's name in `lang`, by (table id, seat)."""
    games = list(games)
    profiles = sorted({PROFILE + f.profile for game in games for f in game if f.profile and f.bot is None})
    named = player_names(store, profiles, lang)
    return {
        (f.table_id, f.seat): named[PROFILE + f.profile]
        if f.profile and f.bot is None
        else (f.name if f.bot is None and f.name else seat_label(f.bot, f.seat, lang))
        for game in games
        for f in game
    }


def mine(game: Sequence[Finish], profile_id: str) -> Finish:
    """The profile's seat at a game it sat at (its best placed one, when it held several)."""
    return min((f for f in game if f.profile == profile_id), key=lambda f: (f.place, f.seat))


def game_title(game: str, lang: str) -> str:
    """A game's title in `lang`; its name when it is no longer installed."""
    if game not in available_games():
        return game
    return words_of(game, lang)(game_spec(game).title)
