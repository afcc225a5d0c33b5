"""What the store holds of a table, as the code reads and writes it: its row, seats, seat changes,
steps' log lines, checkpoint and turn; and the presence counts, bot workers' claims, request origins and
quota usage the store counts, and the store's errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

UNDO = "undo"
"""The seat change that notes a companion table's undo."""

TIMED_OUT = "timeout"
"""The seat change that notes a move the stand-in played at a turn-based table when its person's time
(and time bank) ran out: the seat stays theirs, and so does their next move."""

CLOSED = "closed"
"""The seat change that gives a person's seat to the stand-in for the rest of the game as the host
closes the table (`highroller admin close`)."""

IDLE = "idle"
"""The seat change that gives a person's seat to the stand-in for the rest of the game, as "left" does,
when nothing happened at a game without a turn timer for `Settings.untimed_expiry` seconds."""


@dataclass
class SeatRow:
    """One seat: a bot's name, or a person's display name and the hash of their secret token.

    `control` is None while the seat plays as it was taken; "away" while a stand-in bot plays for a
    person whose turn timer ran out (until they are back); "left" once the person gave the seat to a
    stand-in for the rest of the game."""

    seat: int
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    control: str | None = None
    profile: str | None = None
    """The profile whose seat it is (taken with one), whose every device is given the seat's token."""
    bank: float | None = None
    """Seconds left in the person's time bank (a turn-based table's), spent when a move's own time runs out."""
    network: str | None = None
    """The keyed hash of the network the person took the seat from (`Origin.network`): a rated table
    seats one person per network."""
    taken_by: str | None = None
    """Where the person took the seat from: the `Origin.address` of the request (a keyed hash, or
    `quotas.LOCAL`'s for the server's own machine), so that its maker may close a table it alone plays at."""


@dataclass(frozen=True)
class SeatChange:
    """A person going away, coming back or leaving, when the table had played `step` steps; or
    (`change` "undo", at a companion table) taking back the steps from `step` on, `detail` then holding
    what the step taken back did in each language (JSON)."""

    revision: int
    step: int
    seat: int
    change: str
    at: float
    detail: str | None = None


@dataclass(frozen=True)
class Turn:
    """Where a change leaves the table's clock: when its next automatic move is `due` (a bot's, a
    waiting draw's, or the stand-in's when a person's time runs out), the person whose move it is
    (`waiting`, their seat; None when no person is on move) and since when (`since`), and who is on
    move (`mover`: a seat, `CHANCE` or `TERMINAL`; None before the game starts)."""

    due: float | None = None
    waiting: int | None = None
    since: float | None = None
    mover: int | None = None

    def columns(self) -> dict[str, Any]:
        """The table's columns this turn sets."""
        return {"due": self.due, "waiting": self.waiting, "waiting_since": self.since, "mover": self.mover}


Texts = dict[str, str]
"""The same words in each language: {"en": ..., "fr": ..., "de": ...}."""

StepLines = list[Texts]
"""The log lines one step made (its own line, then its events'), narrated with seat marks."""


@dataclass(frozen=True)
class Checkpoint:
    """A table's state after its first `version` steps, pickled by the engine `engine`
    (`highroller.web.tables.checkpoints`)."""

    version: int
    engine: str
    state: bytes


@dataclass
class TableRow:
    """A table as stored: header, seats, seat changes and the steps from number `steps_from` on."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    created: float
    finished: bool
    rematch: str | None
    seats: list[SeatRow]
    steps: list[Any]
    revision: int = 0
    version: int = 0
    started: bool = False
    timer: int | None = None
    stand_in: str | None = None
    bot_delay: float = 0.6
    due: float | None = None
    changes: list[SeatChange] = field(default_factory=list)
    steps_from: int = 0
    hints: bool = True
    real_dice: bool = False
    """A companion table: the people type every chance step (the real dice, bills and cards at their
    table); the server draws none."""
    waiting: int | None = None
    """The seat of the person whose move it is (None: nobody's, or a bot's)."""
    waiting_since: float | None = None
    """When the move fell to the person `waiting`."""
    bank: float | None = None
    """Seconds of time bank each person starts with (None: no time bank)."""
    rated: str | None = None
    """None: not rated; "people": the people's ratings change; "all": the bots are rated as players too."""
    lines: list[StepLines | None] = field(default_factory=list)
    """The log lines of each step in `steps` (None: a step stored by an earlier highroller, not narrated yet)."""
    log_before: int | None = 0
    """How many log lines the steps before `steps_from` made (None: unknown, an earlier highroller stored them)."""
    checkpoint: Checkpoint | None = None
    """The table's stored state after some step (loaded on request: `Store.load_table`'s `tail`)."""
    mover: int | None = None
    """Who was on move after the table's last change, as stored (None: not stored, or not started)."""
    last_line: Texts | None = None
    """The log's last line, as stored (None: none yet, or not stored)."""

    @property
    def turn(self) -> Turn:
        """The table's clock as stored."""
        return Turn(due=self.due, waiting=self.waiting, since=self.waiting_since, mover=self.mover)


WATCHING = -1
"""The seat of presence counts that hold no seat: the watchers."""


@dataclass(frozen=True)
class PresenceCount:
    """One server process's connections to a table that hold `seat` (`WATCHING`: none), and how many
    of them show the page."""

    seat: int
    visible: int
    connections: int


@dataclass(frozen=True)
class Claim:
    """A table whose automatic move a bot worker has leased, at the revision it was claimed."""

    table_id: str
    revision: int


@dataclass(frozen=True)
class Origin:
    """Where a request came from, as stored: keyed hashes of the client's address (an IPv4 address or
    an IPv6 /64) and of its network (an IPv4 /24 or an IPv6 /48), never the addresses themselves."""

    address: str
    network: str


@dataclass(frozen=True)
class Usage:
    """What quotas are checked against: unfinished tables in all, those with a bot seat that are
    being played, and the tables an address and its network created (unfinished, with a bot seat,
    and in the last minute)."""

    open_tables: int
    playing_bot_tables: int
    open_by_address: int
    open_by_network: int
    bot_tables_by_address: int
    bot_tables_by_network: int
    created_by_address: int
    created_by_network: int


class StoreError(Exception):
    """The database refused or failed a write."""


class Conflict(StoreError):
    """The table changed meanwhile: the step is not the next one, or the seat is no longer as seen."""
