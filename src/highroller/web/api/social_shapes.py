"""The shapes of the friends, blocks and invitations routes: what a client sends and what it is answered."""

from __future__ import annotations

from pydantic import Field

from highroller.web.api.answers import Answer
from highroller.web.api.messages import Strict


class Person(Answer):
    """A profile as anyone may see it: its public handle and name."""

    handle: str = Field(description="the profile's public handle (its shared link is /people/{handle})")
    name: str


class PersonPage(Person):
    """A profile's public page: its handle and name, and what you are to it."""

    you: bool = Field(description="the profile whose key the request sent")
    following: bool = Field(description="you follow this profile (false without a profile key)")
    blocked: bool = Field(description="you blocked this profile (false without a profile key)")


class FollowInfo(Person):
    """A profile you follow, or no longer follow."""

    following: bool


class BlockInfo(Person):
    """A profile you block, or no longer block."""

    blocked: bool


class FriendInfo(Person):
    """A profile you follow."""

    online: bool = Field(description="a device of theirs was seen lately, or a page holds a seat of theirs")


class FriendTable(Answer):
    """An unfinished table a friend sits at or made."""

    id: str
    game: str
    title: str = Field(description="the game's name, in the asked language")
    players: list[str] = Field(description="the seats' names, in seat order")
    open_seats: int = Field(description="free seats (0: a game in play, to watch)")
    started: bool
    friends: list[str] = Field(description="the handles of your friends at it")


class Friends(Answer):
    """Your friends, their tables and the profiles you blocked."""

    handle: str = Field(description="your own public handle: share /people/{handle} to be followed")
    friends: list[FriendInfo]
    tables: list[FriendTable] = Field(description="tables still filling first, then games in play")
    blocked: list[Person]


class SeatPerson(Person):
    """A seat of a table taken with a profile."""

    seat: int = Field(description="counted from 0")


class TablePeople(Answer):
    """The seats of a table taken with a profile, and whether it still takes people (to invite)."""

    people: list[SeatPerson]
    open_seats: int = Field(description="free seats (0: started, full or finished)")


class NewInvitation(Strict):
    """An invitation: the table you sit at and the friend you invite to it."""

    table: str = Field(max_length=24)
    handle: str = Field(max_length=22, description="the public handle of a profile you follow")


class InvitationSent(Answer):
    """An invitation sent."""

    table: str
    handle: str


class InvitationInfo(Answer):
    """An invitation to you, still open."""

    id: str
    table: str
    game: str
    title: str = Field(description="the game's name, in the asked language")
    inviter: str | None = Field(description="who invited you (a name); null for a rematch's")
    at: float = Field(description="when, in seconds since 1970")
    expires: float = Field(description="when it expires at the latest (sooner if the table starts or fills)")


class Declined(Answer):
    """An invitation declined."""

    declined: bool
