"""What each seat (or a spectator) sees of a table now: its state message, with the seats' presence,
the turn clock, the choices of the seat on move and the score sheet, the choices and the sheet worked
out once per step and language however often asked."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from highroller.core.botspec import ready
from highroller.core.game import Game
from highroller.core.sheet import ScoreSheet
from highroller.core.spec_parts import score_sheet
from highroller.core.state import CHANCE, State
from highroller.core.typed_input import typed_input_of
from highroller.registry import game_spec, words_of
from highroller.web import clock
from highroller.web.store.rows import SeatRow
from highroller.web.tables.log_words import Narrator, in_language
from highroller.web.tables.offer import offered as offer
from highroller.web.tables.presence import Seen
from highroller.web.tables.table_log import Window
from highroller.web.tables.table_summary import seats_status
from highroller.web.tables.turns import automatic, seat_names

log = logging.getLogger(__name__)


class ShownTable(Protocol):
    """What a snapshot reads of a table (a `highroller.web.tables.seated_copy.SeatedCopy`)."""

    id: str
    game: Game
    state: State
    seats: list[SeatRow]
    window: Window
    rematch: str | None
    revision: int
    stand_in: str | None
    hints: bool
    due: float | None
    timer: int | None
    real_dice: bool

    @property
    def version(self) -> int: ...

    @property
    def started(self) -> bool: ...

    @property
    def finished(self) -> bool: ...

    def summary(self, lang: str = "en") -> dict[str, Any]: ...

    def undoable(self) -> int | None: ...


class Snapshots:
    """The state messages of one table copy; `seen(table_id)` says who is at the table
    (`highroller.web.tables.presence`), `warming()` whether this process's warm-up still runs."""

    def __init__(self, table: ShownTable, seen: Callable[[str], Seen], warming: Callable[[], bool]) -> None:
        self.table = table
        self._seen = seen
        self._warming = warming
        self._offered: dict[str, tuple[tuple[int, int, int], list[dict[str, Any]]]] = {}
        """The choices last offered in each language, with the (version, revision, seat) they are for."""
        self._sheets: dict[str, tuple[tuple[int, int], ScoreSheet | None]] = {}
        """The score sheet last worked out in each language, with the (version, revision) it is for."""

    def snapshot(self, seat: int | None, log_from: int = 0, lang: str = "en") -> dict[str, Any]:
        """Everything `seat` may see now: its view, its legal actions if on move, and the log (in `lang`)."""
        table = self.table
        state = table.state
        mover = state.current_player
        on_move = table.started and seat is not None and mover == seat and not automatic(table.seats[seat])
        last_chance = next((n for n in range(len(state.history) - 1, -1, -1) if state.history[n][0] == CHANCE), None)
        return {
            "type": "state",
            **{k: v for k, v in table.summary().items() if k not in ("options", "stand_in")},
            "seats": self._seats_present(lang),
            "watchers": self._seen(table.id).watchers,
            "seat": seat,
            "current_player": mover,
            "view": state.view(seat),
            "legal": self._choices(mover, lang) if on_move else [],
            "clock": self._clock(),
            "last_chance": last_chance,
            "log_from": max(log_from, table.window.base),
            "log": in_language(
                table.window.lines[max(0, log_from - table.window.base) :], lang, seat_names(table.seats)
            ),
            "rematch": table.rematch,
            "advice": table.hints
            and bool(game_spec(table.game.name).win_chances or game_spec(table.game.name).table_note),
            "typing": self._typing_help(lang)
            if table.real_dice and table.started and mover == CHANCE and seat is not None
            else None,
            "undo": table.real_dice and seat is not None and table.undoable() is not None,
            "result": {
                "returns": state.returns(),
                "winners": state.winners(),
                "unit": game_spec(table.game.name).returns_unit,
            }
            if table.finished
            else None,
            "warming": self._bots_warming(),
            "sheet": self._sheet(lang),
        }

    def _clock(self) -> float | None:
        """Seconds left on the turn timer of the person on move, if one runs."""
        table = self.table
        mover = table.state.current_player
        if not table.timer or not table.started or mover < 0 or automatic(table.seats[mover]) or table.due is None:
            return None
        return round(max(0.0, table.due - clock.now()), 1)

    def _seats_present(self, lang: str) -> list[dict[str, Any]]:
        """The seats, each with its `presence`: "bot" for a bot's seat, else its person's online, away or offline."""
        seats = self.table.seats
        seen = self._seen(self.table.id)
        return [
            {**status, "presence": "bot" if row.bot is not None else seen.status(row.seat)}
            for status, row in zip(seats_status(seats, lang), seats, strict=True)
        ]

    def _bots_warming(self) -> bool:
        """Whether a bot playing here waits on this process's warm-up, and plays as a cheaper bot meanwhile."""
        table = self.table
        if table.finished or not self._warming():
            return False
        spec = game_spec(table.game.name)
        playing = {row.bot for row in table.seats if row.bot is not None}
        if table.stand_in is not None and any(row.control is not None for row in table.seats):
            playing.add(table.stand_in)
        return any(not ready(spec, bot, table.game) for bot in playing)

    def _typing_help(self, lang: str) -> str:
        """What the people at a companion table type now, in `lang` (the game's `typed_input`)."""
        table = self.table
        return typed_input_of(game_spec(table.game.name)).help(table.state, words_of(table.game.name, lang))

    def _choices(self, seat: int, lang: str) -> list[dict[str, Any]]:
        """The legal actions of the seat on move (at most `offer.MAX_OFFERED` of them), each with its
        label, JSON and what it would do in the log's words (the help a page shows on hover or tap), in
        `lang`; worked out once per step and language, however often asked."""
        table = self.table
        key = (table.version, table.revision, seat)
        offered = self._offered.get(lang)
        if offered is None or offered[0] != key:
            narrator = Narrator(
                table.game.name, seat_names(table.seats)
            )  # what a choice would do, worded with the names
            offered = self._offered[lang] = (
                key,
                [narrator.choice(table.state, seat, action, lang) for action in offer(table.state.legal_actions())],
            )
        return offered[1]

    def _sheet(self, lang: str) -> ScoreSheet | None:
        """The game's score sheet in `lang` (None for a game without one, or whose sheet fails: that is
        logged, and the table goes on); worked out once per step and language, however often asked.
        It holds nothing hidden from anyone, so every seat and spectator gets the same."""
        table = self.table
        sheet_of = score_sheet(game_spec(table.game.name))
        if sheet_of is None:
            return None
        key = (table.version, table.revision)
        kept = self._sheets.get(lang)
        if kept is None or kept[0] != key:
            try:
                sheet: ScoreSheet | None = sheet_of(table.state, words_of(table.game.name, lang))
            except Exception:  # a sheet's bug must not stop the table
                log.exception("the score sheet of table %s failed at step %d", table.id, table.version)
                sheet = None
            kept = self._sheets[lang] = (key, sheet)
        return kept[1]
