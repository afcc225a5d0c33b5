"""What the history routes answer, worked out in a thread: a page of a profile's finished games, its
statistics, and the finished games an export lists."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from highroller.web.history.names import game_title, mine, seat_names
from highroller.web.history.rating_series import rating_series
from highroller.web.history.statistics import STATS_GAMES, listed_opponents, tallies, versus
from highroller.web.http.errors import Refused
from highroller.web.ratings.leaderboards import player_names
from highroller.web.ratings.results import PROFILE
from highroller.web.store.database import Store
from highroller.web.store.finish_queries import Finish

PAGE = 50
"""The most games a page of the history holds."""
CURSOR = re.compile(r"^(\d{1,12}(?:\.\d{1,20})?)~([A-Za-z0-9_-]{1,24})$")


def cursor_of(game: Sequence[Finish]) -> str:
    """The cursor of the page after this game: when it ended and its table."""
    return f"{game[0].finished_at!r}~{game[0].table_id}"


def read_cursor(text: str | None) -> tuple[float, str] | None:
    """The (when, table id) a cursor names, or `Refused` (422) for one this server never gave."""
    if text is None:
        return None
    found = CURSOR.match(text)
    if found is None:
        raise Refused(
            "before is a cursor from the last page's next (a time, ~ and a table id), not {cursor}",
            422,
            "bad-cursor",
            cursor=repr(text[:40]),
        )
    return float(found[1]), found[2]


def history_page(
    store: Store, profile_id: str, before: tuple[float, str] | None, limit: int, lang: str
) -> dict[str, Any]:
    """(In a thread.) A page of the profile's finished games, the newest first, and the next page's cursor."""
    games = store.finished_tables(profile_id, limit + 1, before)
    shown = games[:limit]
    names = seat_names(store, shown, lang)
    return {
        "games": [_entry(game, profile_id, names, lang) for game in shown],
        "next": cursor_of(shown[-1]) if len(games) > limit else None,
    }


def _entry(game: Sequence[Finish], profile_id: str, names: dict[tuple[str, int], str], lang: str) -> dict[str, Any]:
    seat = mine(game, profile_id)
    return {
        "table": seat.table_id,
        "game": seat.game,
        "title": game_title(seat.game, lang),
        "finished_at": seat.finished_at,
        "place": seat.place,
        "score": seat.score,
        "players": [
            {
                "name": names[f.table_id, f.seat],
                "place": f.place,
                "score": f.score,
                "you": f.profile == profile_id,
                "left": f.left,
            }
            for f in game
        ],
        "rated": seat.rated is not None,
        "kept": seat.kept,
        "replay": f"/replay/{seat.table_id}",
        "record": f"/api/tables/{seat.table_id}/record",
    }


def stats_of(store: Store, profile_id: str, lang: str) -> dict[str, Any]:
    """(In a thread.) The profile's statistics: per game and player count, its rating over time, head to head."""
    games = store.finished_tables(profile_id, STATS_GAMES)
    friends = store.followed_by(profile_id)
    opponents = listed_opponents(versus(games, profile_id), friends)
    names = player_names(store, [PROFILE + v.opponent for v in opponents], lang)
    return {
        "games": [
            {
                "game": t.game,
                "title": game_title(t.game, lang),
                "players": t.players,
                "played": t.played,
                "wins": t.wins,
                "average_place": t.average_place,
            }
            for t in tallies(games, profile_id)
        ],
        "ratings": [
            {
                "game": s.game,
                "title": game_title(s.game, lang),
                "players": s.players,
                "games": s.games,
                "points": [{"at": p.at, "rating": p.rating} for p in s.points],
            }
            for s in rating_series(store, PROFILE + profile_id)
        ],
        "opponents": [
            {
                "name": names[PROFILE + v.opponent],
                "friend": v.opponent in friends,
                "games": v.games,
                "ahead": v.ahead,
                "behind": v.behind,
                "tied": v.tied,
            }
            for v in opponents
        ],
    }
