"""What a seat sees of a Last Chance position: the dict `LastChanceState.view` returns (declared as types
in `view.py`). It reads only what `ViewedState` names of a position, so the state uses it without this
module importing the state."""

# highroller: compile

from __future__ import annotations

from typing import Any, Protocol

from highroller.core.dice import faces_from_counts
from highroller.core.state import GameOfState
from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.phases import PHASES
from highroller.games.lastchance.position import Position, matched_faces
from highroller.games.lastchance.rules import LastChanceRules
from highroller.games.lastchance.steps import Bet, Roll


class ViewedState(Protocol):
    """What the view reads of a position (`LastChanceState` holds it)."""

    game: GameOfState
    rules: LastChanceRules
    phase: int
    current_player: int
    card: Card | None
    position: Position | None
    completed: int
    opener: int
    high_bid: int
    high_bidder: int
    passes: int
    rolling: int
    bid: int
    last_chance: bool
    bets: list[Bet | None]
    rolls_used: int
    last_roll: Roll | None
    left: tuple[int, ...]
    money: list[int]
    active: list[bool]
    won: list[list[int]]
    lc_used: list[bool]

    @property
    def rolls_left(self) -> int: ...

    def winners(self) -> list[int]: ...


def seat_view(state: ViewedState, seat: int | None) -> dict[str, Any]:
    """Everything `seat` sees of the position (`None`: a spectator): in Last Chance all of it, the deck
    being drawn from without an order."""
    options = state.game.options  # a copy each time it is read
    card, position = state.card, state.position
    table: dict[str, Any] | None = None
    if card is not None and position is not None:
        table = {
            **card.to_json(),
            "matched": matched_faces(card, position),
            "open": {"faces": faces_from_counts(position.need)[::-1], "jokers": position.jokers},
            "locked": position.locked,
        }
    return {
        "game": "lastchance",
        "seat": seat,
        "rules": {k: options[k] for k in ("players", "money", "cards", "bet_limit")},
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "card": table,
        "card_number": min(state.completed + 1, state.rules.cards),
        "cards_to_play": state.rules.cards - state.completed,
        "opener": state.opener,
        "auction": {"high_bid": state.high_bid, "high_bidder": state.high_bidder, "passes": state.passes},
        "roller": state.rolling,
        "bid": state.bid,
        "last_chance": state.last_chance,
        "bets": {str(s): b.to_json() for s, b in enumerate(state.bets) if b is not None},
        "rolls_used": state.rolls_used,
        "rolls_left": state.rolls_left,
        "roll": state.last_roll.faces() if state.last_roll is not None else None,
        "unplaced": faces_from_counts(state.left)[::-1] if state.left else [],
        "players": [
            {
                "seat": s,
                "money": state.money[s],
                "active": state.active[s],
                "cards": list(state.won[s]),
                "last_chance_used": state.lc_used[s],
            }
            for s in range(state.rules.players)
        ],
        "winners": state.winners(),
    }
