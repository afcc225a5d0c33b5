"""The shapes of what clients send, over HTTP and the WebSocket: strict, with unknown fields refused."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

MAX_MESSAGE = 16 * 1024
"""Largest WebSocket message or HTTP body accepted, in bytes (an action is a few dozen)."""
MAX_VERSION = 10**9
"""The largest version (steps played) or log index a client may name: far past any game's length."""
MAX_SEATS = 12
"""More seats than any game has."""
MAX_BOT_DELAY = 5.0
"""The longest pause, in seconds, a table may ask its bots to make before they move."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateTable(Strict):
    """A new table: the game, rule options (unset ones take the game's preset), one entry per seat,
    the turn timer and the stand-in bot for absent people, and the creator's name to sit down at once."""

    game: str = Field(max_length=40)
    options: dict[str, Any] = Field(default_factory=dict)
    bots: list[Annotated[str, Field(max_length=40)] | None] = Field(
        max_length=MAX_SEATS, description="one entry per seat: a bot name of the game, or null for a person"
    )
    timer: int | None = Field(
        default=None,
        description="seconds a person has for each move, from the server's --min-timer (10 by default) to 604,800 (a "
        "week); 3,600 or more makes a turn-based table; null: no timer",
    )
    bank: int | None = Field(
        default=None,
        description="a turn-based table's time bank: seconds each person may spend past their moves' timers in the "
        "whole game, up to 604,800; null: none",
    )
    rated: Literal["people", "all"] | None = Field(
        default=None,
        description="a rated table: each player's rating for the game changes with the result (people: only people are "
        "rated; all: bots too); only players with a profile sit at one",
    )
    stand_in: str | None = Field(
        default=None,
        max_length=40,
        description="the level (or bot) that plays for a person who is away or left; default: medium",
    )
    name: str | None = Field(
        default=None,
        max_length=200,
        description="sit down in the first person's seat under this name (the answer then holds the seat token)",
    )
    hints: bool = Field(
        default=True,
        description="whether the players may ask for a hint (POST /api/tables/{id}/hint); false for a table that "
        "forbids them",
    )
    real_dice: bool = Field(
        default=False,
        description="a companion table beside a real one: the people type every chance step (their real dice, bills "
        "drawn, card turned up); the server draws none",
    )
    hot_seat: list[Annotated[str, Field(max_length=200)]] | None = Field(
        default=None,
        max_length=MAX_SEATS,
        description="the people's names in seat order: the creator's one device holds every person's seat (the answer "
        "holds its token); instead of `name`",
    )
    bot_delay: float | None = Field(
        default=None,
        ge=0,
        le=MAX_BOT_DELAY,
        description="seconds between two bot moves, up to 5; default: the server's (--bot-delay)",
    )
    chat: Literal["players", "everyone", "off"] = Field(
        default="players",
        description="who may chat at the table: the seated people (players), spectators too (everyone), or nobody "
        "(off)",
    )


class Join(Strict):
    """Take a seat with a display name: the first free one, or the seat given."""

    name: str = Field(max_length=200)
    seat: int | None = Field(
        default=None,
        ge=0,
        lt=MAX_SEATS,
        description="the seat to take, counted from 0 (the page's seat 1 is 0); default: the first free one",
    )


class Act(Strict):
    """An action (its JSON, as listed in `legal`) and the version of the table it was chosen at."""

    version: int = Field(ge=0, le=MAX_VERSION)
    action: Any


class Refusal(BaseModel):
    """Every refusal of the API: a sentence saying what is wrong and what is allowed, and a code."""

    model_config = ConfigDict(extra="forbid")

    error: str = Field(description="what is wrong, and what is allowed instead")
    code: str = Field(description="a stable, kebab-case reason: stale, not-your-turn, rate-limited, …")


REFUSALS: dict[int | str, dict[str, Any]] = {
    status: {"model": Refusal, "description": meaning}
    for status, meaning in (
        (401, "no usable seat token"),
        (403, "a token of another table, or a spectator acting"),
        (404, "no such table or game"),
        (409, "stale, not your turn, not started, seat taken, away, left, game over"),
        (410, "a table whose stored steps this server can no longer replay"),
        (413, "body over 16 KiB"),
        (422, "malformed, illegal, a bad option, name or timer"),
        (429, "a quota or a request rate (Retry-After says when to try again)"),
        (431, "request line and headers over 64 KiB"),
        (503, "the step was not saved, or the advice could not be worked out now"),
    )
}
"""The refusals every API call may answer, as the OpenAPI description shows them."""


class Hello(Strict):
    """First WebSocket message: the seat token, or none to watch."""

    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=100)
    lang: Literal["en", "fr", "de"] = Field(default="en", description="the language of the log lines and choices")


class WsAct(Strict):
    type: Literal["action"]
    version: int = Field(ge=0, le=MAX_VERSION)
    action: Any


class Ping(Strict):
    type: Literal["ping"]


class Visibility(Strict):
    """The page was hidden (`visible` false) or shown again: a seat whose every page is hidden is away."""

    type: Literal["presence"]
    visible: bool


ClientMessage = Annotated[Hello | WsAct | Ping | Visibility, Field(discriminator="type")]
client_message: TypeAdapter[Hello | WsAct | Ping | Visibility] = TypeAdapter(ClientMessage)


def explain(error: ValidationError) -> str:
    """A validation error in one readable line."""
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "message"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)
