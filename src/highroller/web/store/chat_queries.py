"""The queries of a table's chat: its messages (`hr_chat`, numbered per table), who may chat there
(`hr_chat_rules`), each seat's yes or no to the chat in the record (`hr_chat_record`), the messages
reported to the host (`hr_chat_reports`) and the chat notifications owed (`hr_chat_unseen`,
`hr_chat_quiet`). A new message, or one hidden, is announced to the other processes like a table's
change (`highroller.web.store.changes.chat_payload`)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from highroller.web.store.changes import chat_payload
from highroller.web.store.transaction import Transactions

CHAT_TABLES = ("hr_chat", "hr_chat_rules", "hr_chat_record", "hr_chat_reports", "hr_chat_unseen")
"""The chat's tables keyed by table, deleted with it."""

_COLUMNS = "n, at, seat, author, profile_id, phrase, text, hidden"
TRIES = 5
"""Times a message is numbered again when another process numbered one the same meanwhile."""


@dataclass(frozen=True)
class ChatMessage:
    """One message: its number at the table, when, the author's seat (None: a spectator), name and
    profile, and a quick phrase's code or the text typed; `hidden` once the host hid it."""

    n: int
    at: float
    seat: int | None
    author: str
    profile: str | None
    phrase: str | None
    text: str | None
    hidden: bool = False

    def shown(self) -> dict[str, Any]:
        """The message as readers get it (never the author's profile)."""
        return {
            "id": self.n,
            "at": self.at,
            "seat": self.seat,
            "author": self.author,
            "watching": self.seat is None,
            "phrase": self.phrase,
            "text": self.text,
        }


@dataclass(frozen=True)
class Report:
    """A message reported to the host, as `highroller admin reports` lists it."""

    id: str
    table_id: str
    n: int
    author: str
    text: str
    reporter: str
    reason: str
    at: float


def _message(row: Sequence[Any]) -> ChatMessage:
    return ChatMessage(
        int(row[0]), float(row[1]), row[2], row[3], row[4], row[5], row[6], bool(row[7]) if len(row) > 7 else False
    )


class ChatQueries(Transactions):
    """A table's chat, its rules, the record switches, the reports and the notifications owed."""

    def set_chat_rule(self, table_id: str, who: str) -> None:
        with self.transaction(write=True) as cursor:
            self.run(cursor, "DELETE FROM hr_chat_rules WHERE table_id = ?", (table_id,))
            self.run(cursor, "INSERT INTO hr_chat_rules (table_id, who) VALUES (?, ?)", (table_id, who))

    def chat_rule(self, table_id: str) -> str | None:
        """Who may chat at the table ("players", "everyone" or "off"); None when it never said."""
        with self.transaction() as cursor:
            row = self.run(cursor, "SELECT who FROM hr_chat_rules WHERE table_id = ?", (table_id,)).fetchone()
        return None if row is None else str(row[0])

    def add_chat(
        self,
        table_id: str,
        at: float,
        seat: int | None,
        author: str,
        profile: str | None,
        phrase: str | None,
        text: str | None,
        owed: Sequence[str] = (),
    ) -> ChatMessage:
        """Store a message as the table's next, owing a notification of it to the profiles `owed`; the message."""
        for attempt in range(TRIES):
            try:
                with self.transaction(write=True) as cursor:
                    last = self.run(cursor, "SELECT MAX(n) FROM hr_chat WHERE table_id = ?", (table_id,)).fetchone()
                    message = ChatMessage((last[0] or 0) + 1, at, seat, author, profile, phrase, text)
                    self.run(
                        cursor,
                        f"INSERT INTO hr_chat (table_id, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)",
                        (table_id, message.n, at, seat, author, profile, phrase, text),
                    )
                    for profile_id in owed:
                        self._owe(cursor, table_id, profile_id, message.n, at)
                    self._announce_chat(table_id, message)
                return message
            except self.integrity_errors:
                if attempt == TRIES - 1:
                    raise
        raise AssertionError("unreachable")

    def _owe(self, cursor: Any, table_id: str, profile_id: str, n: int, at: float) -> None:
        updated = self.run(
            cursor,
            "UPDATE hr_chat_unseen SET count = count + 1, last_n = ? WHERE table_id = ? AND profile_id = ?",
            (n, table_id, profile_id),
        ).rowcount
        if not updated:
            self.run(
                cursor,
                "INSERT INTO hr_chat_unseen (table_id, profile_id, since, count, last_n) VALUES (?, ?, ?, 1, ?)",
                (table_id, profile_id, at, n),
            )

    def _announce_chat(self, table_id: str, message: ChatMessage) -> None:
        if self.shared:
            self._local.changes.append(chat_payload(table_id, message.shown(), message.profile, message.hidden))

    def chat_messages(self, table_id: str, after: int, limit: int) -> list[ChatMessage]:
        """The table's last `limit` messages after number `after` that are not hidden, oldest first."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                f"SELECT {_COLUMNS} FROM hr_chat WHERE table_id = ? AND n > ? AND hidden = 0 ORDER BY n DESC LIMIT ?",
                (table_id, after, limit),
            ).fetchall()
        return [_message(row) for row in reversed(rows)]

    def chat_message(self, table_id: str, n: int) -> ChatMessage | None:
        with self.transaction() as cursor:
            row = self.run(
                cursor, f"SELECT {_COLUMNS} FROM hr_chat WHERE table_id = ? AND n = ?", (table_id, n)
            ).fetchone()
        return None if row is None else _message(row)

    def latest_chat(self, table_id: str) -> int:
        """The number of the table's last message (0: none)."""
        with self.transaction() as cursor:
            row = self.run(cursor, "SELECT MAX(n) FROM hr_chat WHERE table_id = ?", (table_id,)).fetchone()
        return int(row[0] or 0)

    # ------------------------------------------------------------------ the record's switches
    def set_chat_record(self, table_id: str, seats: Sequence[int], include: bool) -> None:
        with self.transaction(write=True) as cursor:
            for seat in seats:
                self.run(cursor, "DELETE FROM hr_chat_record WHERE table_id = ? AND seat = ?", (table_id, seat))
                self.run(
                    cursor,
                    "INSERT INTO hr_chat_record (table_id, seat, include) VALUES (?, ?, ?)",
                    (table_id, seat, int(include)),
                )

    def chat_record_switches(self, table_id: str) -> dict[int, bool]:
        """Each seat's yes or no to the chat in the record (a seat that never said is absent)."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor, "SELECT seat, include FROM hr_chat_record WHERE table_id = ?", (table_id,)
            ).fetchall()
        return {int(row[0]): bool(row[1]) for row in rows}

    # ------------------------------------------------------------------ reports
    def report_chat(
        self, table_id: str, n: int, reporter: str, reporter_name: str, reason: str, at: float
    ) -> str | None:
        """Report message `n`; the report's id, or None if this reporter reported it already."""
        report = secrets.token_hex(4)
        try:
            with self.transaction(write=True) as cursor:
                self.run(
                    cursor,
                    "INSERT INTO hr_chat_reports (id, table_id, n, reporter, reporter_name, reason, at, state) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, 'open')",
                    (report, table_id, n, reporter, reporter_name, reason, at),
                )
        except self.integrity_errors:
            return None
        return report

    def open_reports(self, limit: int = 200) -> list[Report]:
        """The reports not yet closed, oldest first, with the message reported."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT r.id, r.table_id, r.n, c.author, COALESCE(c.text, c.phrase), r.reporter_name, r.reason, r.at "
                "FROM hr_chat_reports r JOIN hr_chat c ON c.table_id = r.table_id AND c.n = r.n "
                "WHERE r.state = 'open' ORDER BY r.at LIMIT ?",
                (limit,),
            ).fetchall()
        return [
            Report(row[0], row[1], int(row[2]), row[3], row[4] or "", row[5], row[6], float(row[7])) for row in rows
        ]

    def settle_report(self, report: str, hide: bool) -> ChatMessage | None:
        """Close a report (`hide`: hide its message for every reader, closing every report of it); the
        message reported, or None for no such report."""
        with self.transaction(write=True) as cursor:
            found = self.run(cursor, "SELECT table_id, n FROM hr_chat_reports WHERE id = ?", (report,)).fetchone()
            if found is None:
                return None
            table_id, n = found[0], int(found[1])
            if hide:
                self.run(cursor, "UPDATE hr_chat SET hidden = 1 WHERE table_id = ? AND n = ?", (table_id, n))
                self.run(
                    cursor, "UPDATE hr_chat_reports SET state = 'closed' WHERE table_id = ? AND n = ?", (table_id, n)
                )
            else:
                self.run(cursor, "UPDATE hr_chat_reports SET state = 'closed' WHERE id = ?", (report,))
            row = self.run(
                cursor, f"SELECT {_COLUMNS} FROM hr_chat WHERE table_id = ? AND n = ?", (table_id, n)
            ).fetchone()
            message = None if row is None else _message(row)
            if message is not None and hide:
                self._announce_chat(table_id, message)
        return message

    # ------------------------------------------------------------------ notifications owed
    def chat_owed(self, since_before: float, limit: int = 100) -> list[tuple[str, str, int, int]]:
        """The notifications owed since before `since_before`: (table, profile, messages, last message's number)."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor,
                "SELECT table_id, profile_id, count, last_n FROM hr_chat_unseen WHERE since < ? ORDER BY since LIMIT ?",
                (since_before, limit),
            ).fetchall()
        return [(row[0], row[1], int(row[2]), int(row[3])) for row in rows]

    def take_chat_owed(self, table_id: str, profile_id: str, last_n: int) -> bool:
        """Settle a notification owed, as it was read (whether this call did: one process alone does)."""
        with self.transaction(write=True) as cursor:
            return bool(
                self.run(
                    cursor,
                    "DELETE FROM hr_chat_unseen WHERE table_id = ? AND profile_id = ? AND last_n = ?",
                    (table_id, profile_id, last_n),
                ).rowcount
            )

    def profile_seats(self, table_id: str, profile_id: str) -> list[int]:
        """The seats the profile holds at the table."""
        with self.transaction() as cursor:
            rows = self.run(
                cursor, "SELECT seat FROM hr_seats WHERE table_id = ? AND profile_id = ?", (table_id, profile_id)
            ).fetchall()
        return [int(row[0]) for row in rows]

    def set_chat_quiet(self, profile_id: str, quiet: bool) -> None:
        with self.transaction(write=True) as cursor:
            self.run(cursor, "DELETE FROM hr_chat_quiet WHERE profile_id = ?", (profile_id,))
            if quiet:
                self.run(cursor, "INSERT INTO hr_chat_quiet (profile_id) VALUES (?)", (profile_id,))

    def chat_quiet(self, profile_id: str) -> bool:
        """Whether the profile wants no chat notifications."""
        with self.transaction() as cursor:
            row = self.run(cursor, "SELECT 1 FROM hr_chat_quiet WHERE profile_id = ?", (profile_id,)).fetchone()
        return row is not None
