"""The shapes of the chat's requests and answers (`highroller.web.api.chat_api`, and the chat messages of
a table's WebSocket), strict as the others (`highroller.web.api.messages`, `highroller.web.api.answers`)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from highroller.web.api.answers import Answer
from highroller.web.api.messages import Strict

MAX_CHAT_FIELD = 2000
"""Longest text field a chat request may carry (the text itself is held to 300 characters once normalised)."""


class ChatSend(Strict):
    """A chat message: text typed, or a quick phrase's code; a spectator gives a name."""

    text: str | None = Field(default=None, max_length=MAX_CHAT_FIELD, description="plain text, at most 300 characters")
    phrase: str | None = Field(
        default=None, max_length=40, description="a quick phrase's code: good-luck, well-played, thumbs-up, …"
    )
    name: str | None = Field(default=None, max_length=200, description="a spectator's name (seated people use theirs)")


class WsChat(ChatSend):
    """A chat message on the table's WebSocket."""

    type: Literal["chat"]


class ChatRecordSwitch(Strict):
    """A seated person's yes or no to the chat going into the game's record."""

    include: bool


class ChatReport(Strict):
    """Why a message is reported to the host."""

    reason: Literal["abuse", "spam", "cheating", "other"]


class ChatQuiet(Strict):
    """Whether the profile is told of chat messages at its turn-based tables while away."""

    notify: bool


class ChatItem(Answer):
    """One message as readers get it."""

    id: int = Field(description="its number at the table (ask for those after it with ?after=)")
    at: float = Field(description="when it was sent (seconds since 1970)")
    seat: int | None = Field(description="the author's seat; null: a spectator")
    author: str
    watching: bool = Field(description="the author is a spectator")
    phrase: str | None = Field(description="a quick phrase's code, shown in each reader's language")
    text: str | None = Field(description="the text as typed: plain text, never HTML")


class ChatPage(Answer):
    """A table's chat: who may chat, the messages (the last 50, or those after `after`) and this seat's switch."""

    rule: Literal["players", "everyone", "off"]
    messages: list[ChatItem]
    record: bool | None = Field(description="whether this seat said yes to the chat in the record; null: a spectator")


class ChatSent(Answer):
    """The message sent."""

    message: ChatItem


class ChatRecordAnswer(Answer):
    """This seat's switch, and whether the record holds the chat now (every seated person said yes)."""

    include: bool
    everyone: bool


class ChatReported(Answer):
    """The report, as the host's `highroller admin reports` lists it."""

    report: str


class ChatQuietAnswer(Answer):
    notify: bool
