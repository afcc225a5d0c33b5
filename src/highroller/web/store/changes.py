"""How a committed change is told to every server process: the payload of PostgreSQL's
`NOTIFY highroller` (the table, its new revision, when its next automatic move is due and, as they fit,
the new steps with their log lines; or who is at it, or a chat message), and reading it back (`listen`
hears it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from highroller.web.store.rows import StepLines

CHANNEL = "highroller"
"""The PostgreSQL notification channel of table changes."""

GONE = -1
"""The revision announced for a table that was deleted (expired)."""

NOTIFY_LIMIT = 7900
"""PostgreSQL refuses notification payloads of 8000 bytes or more: beyond this the steps stay out."""


@dataclass(frozen=True)
class Change:
    """A table changed: its new revision (`GONE`: deleted), when its next automatic move is due, and,
    when the change was only new steps that fit in a notification, those steps from number `first`
    with their log lines (empty when they did not fit as well)."""

    table_id: str
    revision: int
    due: float | None = None
    first: int = 0
    steps: tuple[Any, ...] = ()
    lines: tuple[StepLines, ...] = ()
    presence: str | None = None
    """Set when only who is at the table changed: the process whose connections changed ("": the
    rows of processes gone were deleted); `revision` is then 0."""
    chat: dict[str, Any] | None = None
    """Set when only the chat changed: the message as readers get it, with its author's profile
    (`profile`) and whether the host hid it (`hidden`); `revision` is then 0."""


def change_payload(
    table_id: str,
    revision: int,
    due: float | None,
    steps: Sequence[Any] = (),
    first: int = 0,
    lines: Sequence[StepLines] | None = None,
) -> str:
    """A change notification's payload (JSON), with the new steps and their log lines, or the steps
    alone, as they fit."""
    change: dict[str, Any] = {"table": table_id, "revision": revision, "due": due}
    if steps:
        with_steps = {**change, "first": first, "steps": list(steps)}
        for payload in ({**with_steps, "lines": list(lines)} if lines else None, with_steps):
            text = None if payload is None else json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
            if text is not None and len(text.encode()) <= NOTIFY_LIMIT:
                return text
    return json.dumps(change, separators=(",", ":"))


def chat_payload(table_id: str, message: dict[str, Any], profile: str | None, hidden: bool) -> str:
    """The payload announcing a chat message (new, or `hidden` by the host); a message is at most a
    few hundred characters, so it always fits."""
    chat = {**message, "profile": profile, "hidden": hidden}
    return json.dumps({"table": table_id, "chat": chat}, separators=(",", ":"), ensure_ascii=False)


def parse_change(payload: str) -> Change | None:
    """The change a notification's payload describes; None if it is not one of ours."""
    try:
        data = json.loads(payload)
        if "chat" in data:
            return Change(table_id=str(data["table"]), revision=0, chat=dict(data["chat"]))
        if "presence" in data:
            return Change(table_id=str(data["table"]), revision=0, presence=str(data["presence"]))
        due = data["due"]
        return Change(
            table_id=str(data["table"]),
            revision=int(data["revision"]),
            due=None if due is None else float(due),
            first=int(data.get("first", 0)),
            steps=tuple(data.get("steps", ())),
            lines=tuple(data.get("lines", ())),
        )
    except (ValueError, KeyError, TypeError):
        return None
