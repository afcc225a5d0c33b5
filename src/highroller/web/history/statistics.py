"""A profile's statistics from its finished games: per game and player count the games played, the
wins (first place, shared or not) and the average place; and head to head, against the people with a
profile it played, friends first and then the most played, how often it finished ahead, behind or tied
(`listed_opponents` chooses whom)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from highroller.web.history.names import mine
from highroller.web.store.finish_queries import Finish

STATS_GAMES = 10_000
"""The most recent finished games the statistics count."""
OPPONENTS = 20
"""The most opponents the head-to-head lists."""


@dataclass
class Tally:
    """The games of one game and player count."""

    game: str
    players: int
    played: int = 0
    wins: int = 0
    places: int = 0

    @property
    def average_place(self) -> float:
        """The mean of the places, to two decimals."""
        return round(self.places / self.played, 2) if self.played else 0.0


@dataclass
class Versus:
    """The games played with one other profile, and who finished ahead."""

    opponent: str
    games: int = 0
    ahead: int = 0
    behind: int = 0
    tied: int = 0


def tallies(games: Sequence[Sequence[Finish]], profile_id: str) -> list[Tally]:
    """Per game and player count, ordered by game then player count."""
    found: dict[tuple[str, int], Tally] = {}
    for game in games:
        seat = mine(game, profile_id)
        tally = found.setdefault((seat.game, seat.players), Tally(seat.game, seat.players))
        tally.played += 1
        tally.wins += seat.place == 1
        tally.places += seat.place
    return [found[key] for key in sorted(found)]


def versus(games: Sequence[Sequence[Finish]], profile_id: str) -> dict[str, Versus]:
    """Against every other profile met at a table: the games together and who finished ahead (each
    one's best placed seat)."""
    found: dict[str, Versus] = {}
    for game in games:
        seat = mine(game, profile_id)
        others = {f.profile for f in game if f.profile and f.profile != profile_id and f.bot is None}
        for other in others:
            theirs = mine(game, other)
            entry = found.setdefault(other, Versus(other))
            entry.games += 1
            entry.ahead += seat.place < theirs.place
            entry.behind += seat.place > theirs.place
            entry.tied += seat.place == theirs.place
    return found


def listed_opponents(found: dict[str, Versus], friends: set[str], limit: int = OPPONENTS) -> list[Versus]:
    """The opponents the head-to-head lists: the friends (the profiles followed) first, then the others,
    each the most played first (then by id, so the list is stable), at most `limit`."""
    return sorted(found.values(), key=lambda v: (v.opponent not in friends, -v.games, v.opponent))[:limit]
