"""The answer shapes of a profile's history, statistics and export (`highroller.web.api.history_api`)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from highroller.web.api.answers import Answer


class HistoryPlayer(Answer):
    """A seat of a finished game."""

    name: str = Field(description="the seat's name, in the asked language")
    place: int = Field(description="1 for the best; equal scores share a place; those who left come last")
    score: float = Field(description="the seat's final return, as the game reports it")
    you: bool = Field(description="your seat")
    left: bool = Field(description="the person left the game (a stand-in played it to the end)")


class HistoryGame(Answer):
    """One finished game of yours."""

    table: str = Field(description="the table's id")
    game: str
    title: str = Field(description="the game's name, in the asked language")
    finished_at: float = Field(description="when it ended, in seconds since 1970")
    place: int = Field(description="your place (your best, if you held several seats)")
    score: float = Field(description="your final return")
    players: list[HistoryPlayer] = Field(description="every seat, in seat order")
    rated: bool
    kept: bool = Field(description="the table is still kept: its replay and record can be opened")
    replay: str = Field(description="the replay page's path")
    record: str = Field(description="the record download's path")


class History(Answer):
    """A page of your finished games, the newest first."""

    games: list[HistoryGame]
    next: str | None = Field(description="the cursor of the next page (send it as `before`); null on the last page")


class GameStats(Answer):
    """Your games of one game at one player count."""

    game: str
    title: str = Field(description="the game's name, in the asked language")
    players: int
    played: int
    wins: int = Field(description="games you finished first (a shared first place counts)")
    average_place: float


class RatingPoint(Answer):
    """Your rating after one rated game."""

    at: float = Field(description="when the game ended, in seconds since 1970")
    rating: float = Field(description="the rating a leaderboard shows (mean − 3σ) after it")


class RatingSeries(Answer):
    """Your rating over time on one leaderboard (a game and a player count)."""

    game: str
    title: str = Field(description="the game's name, in the asked language")
    players: int
    games: int = Field(description="your counted rated games there")
    points: list[RatingPoint] = Field(description="the oldest first, the last 500 at most; the last is your rating now")


class HeadToHead(Answer):
    """Your games with one other person with a profile."""

    name: str = Field(description="their name (a deleted profile: a former player)")
    friend: bool = Field(description="whether you follow them (friends are listed first)")
    games: int
    ahead: int = Field(description="games you finished ahead of them")
    behind: int
    tied: int


class Stats(Answer):
    """Your statistics."""

    games: list[GameStats] = Field(description="per game and player count")
    ratings: list[RatingSeries]
    opponents: list[HeadToHead] = Field(description="your friends, then the people you played most, at most 20")


def file_answer(media_type: str, description: str) -> dict[int | str, dict[str, Any]]:
    """A route's `responses=` entry for a file it sends."""
    return {200: {"description": description, "content": {media_type: {"schema": {"type": "string"}}}}}
