"""The shapes of the API's answers, as its OpenAPI description shows them.

The routes build their answers as plain dicts (`highroller.web.api.games_and_tables`, `highroller.web.tables.snapshots`,
`summary_of` in `highroller.web.tables.table_summary`, `highroller.web.bots.hints`); these models only describe them,
field by field, for `/openapi.json` and `/docs`. They are declared with `responses=`, never as a
`response_model`, so an answer is sent exactly as it was built: nothing is filtered or coerced on the
way out. A field that is not listed is never sent (`additionalProperties: false`), a field that may be
null says so, and the tests fuzz the live server to hold the answers to these shapes
(tests/web/test_web_fuzz.py). What each game shows of its position (`view`) is a free object here:
each game describes its own at `GET /api/games/{game}/view-schema`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel
from pydantic.json_schema import SkipJsonSchema

from highroller.core.game import OptionKind


def _left_out_when_unused(schema: dict[str, Any]) -> None:
    """A field that is absent where it does not apply, never null: its schema names no default."""
    schema.pop("default", None)


def documented(model: Any, description: str, status: int = 200) -> dict[int | str, dict[str, Any]]:
    """A route's `responses=` entry for its answer: documented, and sent as the route built it."""
    return {status: {"model": model, "description": description}}


class Answer(BaseModel):
    """An answer with exactly these fields."""

    model_config = ConfigDict(extra="forbid")


class OptionInfo(Answer):
    """A rule option as the lobby form offers it."""

    name: str
    label: str = Field(description="the option's name in words, in the asked language")
    kind: OptionKind
    help: str
    choices: list[str] = Field(description="the values of a `choice` option")
    presets: list[str] = Field(description="the built-in values of a `text` option (the only ones the web takes)")
    minimum: int | None
    maximum: int | None
    seat: bool = Field(description="an int option naming a seat, counted from 0")
    preset: int | str | bool | None = Field(
        description="the value the game's preset takes; null where it is not a plain value"
    )


class PresetInfo(Answer):
    """A named set of rule options the lobby offers first."""

    id: str
    name: str = Field(description="in the asked language")
    description: str = Field(description="one line, in the asked language")
    players: list[int] = Field(description="the player counts it suits")
    options: dict[str, Any] = Field(
        description="the rule options it sets (the players are chosen apart); the others take the game's defaults"
    )


class GameInfo(Answer):
    """A game: its words, named presets, rule options, bots and seats."""

    name: str
    title: str
    summary: str
    presets: list[PresetInfo] = Field(description="the first one is the lobby's choice")
    options: list[OptionInfo]
    levels: dict[str, str] = Field(description='each level with the bot it plays here: {"easy": "greedy", …}')
    bots: list[str]
    default_bot: str
    stand_in: str = Field(description="the bot that plays for absent people when a table names none")
    players: int = Field(description="the preset's number of seats")
    win_chances: bool = Field(description="whether the advice gives each seat's chance of winning")
    table_note: bool = Field(description="whether the advice gives a note on the position")
    tutorial: bool = Field(description="whether the game has a tutorial (GET /api/tutorials, the page /learn/GAME)")


class ViewSchema(RootModel[dict[str, Any]]):
    """The JSON Schema of what a seat sees of a game (the table's `view`)."""


class Rules(Answer):
    """A game's rules in short."""

    game: str
    lang: str = Field(
        description="the language asked for: en, fr or de (the English text where that language is missing)"
    )
    html: str
    tutorial: bool = Field(description="whether the game has a tutorial (the page /learn/GAME)")


class SeatInfo(Answer):
    """A seat as everybody sees it."""

    seat: int = Field(description="counted from 0")
    name: str = Field(description="the person's display name, a bot's label, or 'Seat N' while open")
    bot: str | None = Field(description="the bot playing the seat; null for a person")
    taken: bool
    away: bool = Field(description="a stand-in bot plays for the person (their time ran out, or they left)")
    left: bool
    bank: int | None = Field(description="seconds left in the person's time bank; null without one")


class SeatAtTable(SeatInfo):
    """A seat as everybody at the table sees it, with whether its person is there."""

    presence: Literal["online", "away", "offline", "bot"] = Field(
        description="online: a connection holds the seat with its page visible; away: connections hold it, every page "
        "hidden; offline: none; bot: a bot's seat"
    )


class Timer(Answer):
    """A table's turn timer."""

    seconds: int = Field(description="seconds a person has for each move")
    stand_in: str | None = Field(description="the level (or bot) that plays for a person whose time ran out")
    bank: float | None = Field(
        description="seconds of time bank each person starts with (spent past a move's timer); null: none"
    )
    turn_based: bool = Field(description="moves have an hour or more: a table played over hours or days")


class TableHeader(Answer):
    """What every answer about a table says of it."""

    id: str
    game: str
    title: str
    seats: list[SeatInfo]
    open_seats: list[int] = Field(description="the seats still free, counted from 0")
    started: bool = Field(description="every seat is taken: play has begun")
    finished: bool
    version: int = Field(description="the number of steps played: an action names the version it was chosen at")
    created: float = Field(description="when the table was made, in seconds since 1970")
    timer: Timer | None = Field(description="null: moves are not timed")
    hints: bool = Field(description="whether the players may ask for hints and advice")
    real_dice: bool = Field(description="a companion table, whose people type every chance step")
    rated: Literal["people", "all"] | None = Field(
        description="null: not rated; people: the people's ratings change with the result; all: the bots' too"
    )


class TableSummary(TableHeader):
    """A table as the lobby lists it."""

    stand_in: str | None = Field(description="the level (or bot) that plays for absent people")
    options: dict[str, Any] = Field(description="the game's rule options, every one resolved")


class LobbyTable(TableSummary):
    """A table in the lobby's list."""

    preset: str | None = Field(
        description="the id of the game's preset whose rules the table plays; null for other rules"
    )


class CreatedTable(TableSummary):
    """The new table; with `name` or `hot_seat`, the seat taken and its secret token too."""

    seat: int | SkipJsonSchema[None] = Field(
        default=None, json_schema_extra=_left_out_when_unused, description="the seat taken"
    )
    token: str | SkipJsonSchema[None] = Field(
        default=None,
        json_schema_extra=_left_out_when_unused,
        description="the seat token: keep it secret, send it as `Authorization: Bearer`",
    )


class Joined(Answer):
    """A seat taken."""

    table: str
    seat: int
    token: str = Field(description="the seat token: keep it secret, send it as `Authorization: Bearer`")


class Closable(Answer):
    """Whether the asker may close a table: it is its maker and nobody else plays at it."""

    closable: bool
    started: bool = Field(
        description="closing a game in progress gives the maker's seats to the stand-in; an unstarted table is deleted"
    )


class Closed(Answer):
    """A table closed by its maker."""

    table: str
    deleted: bool = Field(
        description="true: the table had not started and is gone; false: the stand-in plays the game to its end"
    )


class Choice(Answer):
    """A legal action of the seat on move, as the page offers it."""

    label: str
    action: Any = Field(description="the action's JSON, to send as it is")
    help: str | None = Field(description="what the action would do, in the log's words")
    confirm: str | SkipJsonSchema[None] = Field(
        default=None,
        json_schema_extra=_left_out_when_unused,
        description="a question to ask before playing it (a move that cannot be taken back or is made once a game); "
        "absent for the others",
    )


class LogLine(Answer):
    """A line of the table's log."""

    n: int = Field(description="the step it tells of")
    text: str


class Result(Answer):
    """A finished game's outcome."""

    returns: list[float] = Field(description="each seat's final score")
    winners: list[int] = Field(description="the winning seats (several on a shared win)")
    unit: Literal["money", "points"] = Field(description="what the scores count")


class ScoringRow(Answer):
    """One scoring of a score sheet (a round, a card)."""

    label: str = Field(description='the scoring in words: "Round 2", "Card 3: completed"')
    step: int = Field(description="the step that scored it")
    scores: list[float] = Field(description="what each seat gained there (negative: lost)")
    detail: list[str] | None = Field(description='a few words per seat ("" for none); null when there are none')


class ScoreSheet(Answer):
    """Every scoring so far (`highroller.core.sheet`): the same for every seat and spectator."""

    unit: Literal["money", "points"] = Field(description="what the numbers count")
    start: list[float] = Field(description="each seat's score before any scoring")
    rows: list[ScoringRow] = Field(description="the scorings, in the order of their steps; a later sheet keeps them")
    totals: list[float] = Field(description="start plus every row's scores: the game's final scores at its end")


class TableState(TableHeader):
    """The table as a seat (or a spectator) sees it now."""

    type: Literal["state"]
    seats: list[SeatAtTable]  # type: ignore[assignment]
    watchers: int = Field(
        description="connections to the table that hold no seat (each open WebSocket or waiting long poll counted once)"
    )
    seat: int | None = Field(description="the seat the token plays now; null for a spectator")
    current_player: int = Field(
        description="the seat on move; -1 at a chance step (dice, bills, cards), -2 once the game is over"
    )
    view: dict[str, Any] = Field(
        description="what this seat sees of the game: its schema is at GET /api/games/{game}/view-schema"
    )
    legal: list[Choice] = Field(description="the seat's legal actions when it is on move; else empty")
    clock: float | None = Field(description="seconds left on the turn timer of the person on move; null without one")
    last_chance: int | None = Field(description="the step number of the last chance step; null before any")
    log_from: int = Field(
        description="the place in the whole log of the first line sent: a state holds the lines from the one asked for "
        "(`log_from`), or at most its last 200;"
        " earlier ones: GET /api/tables/{id}/log"
    )
    log: list[LogLine]
    rematch: str | None = Field(description="the id of the rematch table, once one is made")
    advice: bool = Field(description="whether GET /api/tables/{id}/advice has something to say at this table")
    typing: str | None = Field(description="at a companion table waiting for the real dice: what to type; else null")
    undo: bool = Field(
        description="at a companion table: whether a person's step can be taken back (POST /api/tables/{id}/undo)"
    )
    result: Result | None = Field(description="null until the game is over")
    warming: bool = Field(description="a bot here plays as a cheaper one while the server still compiles what it needs")
    sheet: ScoreSheet | None = Field(
        description="the game's score sheet, in the message's language; null for a game without one"
    )


class MoveValue(Answer):
    """One choice with its value."""

    action: Any = Field(description="the action's JSON, as listed in `legal`")
    label: str = Field(description="the choice's name in the language asked")
    value: float = Field(description="its value, read as the advice's `measure` says")


class Fact(Answer):
    """A figure about the position."""

    label: str
    value: float
    measure: Literal["chance", "money", "points"]


class MoveAdvice(Answer):
    """The game's advice on a move: each choice valued by its strongest estimate (`highroller.core.advice`)."""

    measure: Literal["chance", "money", "points"] = Field(
        description="how a value reads: chance a probability from 0 to 1, money dollars, points points"
    )
    title: str = Field(description="what the values are, in the language asked")
    moves: list[MoveValue] = Field(description="the choices valued, best first (none where they are too many)")
    best: Any = Field(description="the action the estimate prefers; null where it prefers none")
    facts: list[Fact]


class Hint(Answer):
    """The move suggested to the seat on move, with the game's advice on each choice."""

    action: Any = Field(description="the action's JSON, as listed in `legal`")
    label: str = Field(description="the action's name in the language asked")
    bot: str | None = Field(
        description="the bot that chose the move where the advice prefers none; null when the advice chose"
    )
    advice: MoveAdvice | None = Field(description="the game's advice on this decision; null where it has none")
    version: int = Field(description="the version the hint is for")


class Advice(Answer):
    """What everyone at a table may see of its step now."""

    version: int
    chances: list[float] | None = Field(
        description="each seat's chance of winning; null where the game has no estimate here"
    )
    note: str | None = Field(description="the game's note on the position; null where it has none")


class Frame(Answer):
    """A finished game's table after some number of steps."""

    view: dict[str, Any] = Field(description="what a spectator sees of the game then")
    log_end: int = Field(description="how many of the replay's log lines tell of the steps up to here")
    chance: bool = Field(description="whether the step that led here was a chance step")


class Replay(TableSummary):
    """Every position of a finished game, and its whole log."""

    frames: list[Frame] = Field(description="frame n is the table after n steps")
    log: list[LogLine] = Field(description="the whole log, in the language asked")


class LogPage(Answer):
    """Lines of a table's log."""

    log_from: int = Field(description="the place of the first line sent in the whole log")
    log: list[LogLine] = Field(description="at most 200 lines, in the language asked")


class Record(RootModel[dict[str, Any]]):
    """A finished game's record (docs/records.md), with the table's seats, timer and seat changes under "table"."""
