"""Who may sit at a rated table: the rules that keep sock-puppet profiles off the leaderboards, told
when a person takes a seat (or creates a rated table seated), never found out at the end.

- A table rated for its people ("people") has two people's seats or more; a rated table is played
  online, each person on their own device (not with real dice, nor one device for all).
- A profile, and one seat a profile: each person sends their profile's key.
- Established profiles only: at least `ESTABLISHED_AGE` old, with `ESTABLISHED_GAMES` games played to
  the end at any table (against bots too; a game left early does not count), or rated already. A
  profile made on the spot is refused, told what it still needs.
- One person per network: each person's seat notes the network it was taken from (the keyed hash of
  its IPv4 /24 or IPv6 /48, `highroller.web.http.quotas`), and a second person from the same network is
  refused: people of one household or office play each other at unrated tables.
- At most `results.PAIR_GAMES` counted results between the same two people in a day: past it, a seat
  beside the other is refused until the oldest of those results is a day old (games already under way
  are bounded when they end: `results.void_of`).
"""

from __future__ import annotations

from collections.abc import Sequence

from highroller.core.words import LANGUAGES
from highroller.web import clock
from highroller.web.http.catalog import web_words
from highroller.web.http.errors import Refused
from highroller.web.people.notifier import time_left
from highroller.web.ratings.results import ALL, PAIR_GAMES, PAIR_WINDOW, PROFILE, together
from highroller.web.settings import DAY
from highroller.web.store.database import Store
from highroller.web.store.rows import Origin, SeatRow

ESTABLISHED_AGE = DAY
"""How old a profile must be to sit at a rated table."""
ESTABLISHED_GAMES = 3
"""The games a profile must have played to the end (at any table) to sit at a rated table."""


def check_rated_table(rated: str, bots: Sequence[str | None], hot_seat: Sequence[str], real_dice: bool) -> None:
    """Refuse a rated table that cannot be rated as asked."""
    if hot_seat or real_dice:
        raise Refused(
            "a rated table is played online, each person on their own device: not with hot_seat or real_dice",
            422,
            "bad-rated",
        )
    if rated != ALL and sum(bot is None for bot in bots) < 2:
        raise Refused(
            "a table rated for its people needs two people or more; with one person and bots, rate the bots too "
            '("all")',
            422,
            "bad-rated",
        )


def still_needed(store: Store, profile: str, now: float) -> tuple[float, int]:
    """What a profile still needs to sit at a rated table: (seconds to wait, games to finish); (0, 0) once it is
    established."""
    with store.transaction() as cursor:
        made = store.run(cursor, "SELECT created FROM hr_profiles WHERE id = ?", (profile,)).fetchone()
        played = store.run(
            cursor,
            "SELECT COUNT(DISTINCT s.table_id) FROM hr_seats s JOIN hr_tables t ON t.id = s.table_id"
            " WHERE s.profile_id = ? AND s.bot IS NULL AND t.finished = 1 AND COALESCE(s.control, '') <> 'left'",
            (profile,),
        ).fetchone()
        rated = store.run(cursor, "SELECT 1 FROM hr_ratings WHERE player = ? LIMIT 1", (PROFILE + profile,)).fetchone()
    wait = ESTABLISHED_AGE if made is None else max(0.0, float(made[0]) + ESTABLISHED_AGE - now)
    return wait, 0 if rated else max(0, ESTABLISHED_GAMES - int(played[0]))


def check_rated_seat(store: Store, seats: Sequence[SeatRow], profile: str | None, origin: Origin | None) -> None:
    """Refuse a person a seat at a rated table whose seats are `seats` (none: the table they create)
    unless they may sit there: a profile not seated yet, established, from a network nobody seated
    comes from, and within the bound of counted games with each person seated."""
    if profile is None:
        raise Refused(
            "a rated table seats only players with a profile: send its key in the X-Profile header",
            403,
            "rated-needs-profile",
        )
    people = [row for row in seats if row.bot is None and row.token_hash is not None]
    if any(row.profile == profile for row in people):
        raise Refused("your profile already sits at this rated table", 409, "seated")
    if origin is not None and any(row.network == origin.network for row in people):
        raise Refused(
            "someone at this rated table plays from your network: rated games are between people on different networks,"
            " so people of one household or office play each other at unrated tables",
            409,
            "same-network",
        )
    now = clock.now()
    wait, games = still_needed(store, profile, now)
    if wait or games:
        raise Refused(
            "rated tables are for established profiles, a day old and with {games} games played to the end at any "
            "table (against bots too);"
            " yours needs {missing}",
            403,
            "not-established",
            games=ESTABLISHED_GAMES,
            missing=_missing(wait, games),
        )
    with store.transaction() as cursor:
        for row in people:
            ended = (
                together(store, cursor, PROFILE + profile, PROFILE + row.profile, now - PAIR_WINDOW)
                if row.profile
                else []
            )
            if len(ended) >= PAIR_GAMES:
                again = ended[len(ended) - PAIR_GAMES] + PAIR_WINDOW - now
                raise Refused(
                    "you and {name} have finished {count} rated games together in the last 24 hours, the most that "
                    "count:"
                    " you can play a rated game together again in {wait}, or an unrated one now",
                    409,
                    "played-enough",
                    name=row.name or "",
                    count=PAIR_GAMES,
                    wait={lang: time_left(again, web_words(lang)) for lang in LANGUAGES},
                )


def _missing(wait: float, games: int) -> dict[str, str]:
    """What a profile still needs, in each language: "another 5 hours and 2 more games"."""
    texts = {}
    for lang in LANGUAGES:
        w = web_words(lang)
        needs = [w("another {time}", time=time_left(wait, w))] if wait else []
        needs += [w.plural(games, "{n} more game", "{n} more games")] if games else []
        texts[lang] = w.joined(needs)
    return texts
