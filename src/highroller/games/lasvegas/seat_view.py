"""What a seat sees of a Las Vegas position: the dict `LasVegasState.view` returns (declared as types in
`view.py`). It reads only what `ViewedState` names of a position, so the state uses it without this module
importing the state."""

# highroller: compile

from __future__ import annotations

from typing import Any, Protocol

from highroller.core.state import GameOfState
from highroller.games.lasvegas.payouts import Scored, by_owner, round_result
from highroller.games.lasvegas.phases import PHASES
from highroller.games.lasvegas.rules import CASINOS, LasVegasRules
from highroller.games.lasvegas.steps import Place, Roll
from highroller.games.lasvegas.stocking import pile_contents


class ViewedState(Protocol):
    """What the view reads of a position (`LasVegasState` holds it)."""

    game: GameOfState
    rules: LasVegasRules
    round: int
    phase: int
    current_player: int
    turn: int
    first: int
    casino_bills: list[list[int]]
    dice: list[list[int]]
    pips: list[int]
    bandit_faces: int
    money: list[int]
    won: list[list[int]]
    own: list[int]
    biggie: list[bool]
    neutral: list[int]
    roll: Roll | None
    legal: tuple[Place, ...]
    pile: list[int]
    denominations: tuple[int, ...]
    under: list[int]
    box: list[int]
    last_round: tuple[int, Scored] | None

    def winners(self) -> list[int]: ...


def seat_view(state: ViewedState, seat: int | None) -> dict[str, Any]:
    """Everything `seat` sees of the position (`None`: a spectator): in Las Vegas all of it, the bill pile
    as what it holds (it has no order)."""
    options = state.game.options  # a copy each time it is read
    rules = state.rules
    players = rules.players
    casinos = []
    for index in range(rules.casinos):
        entry: dict[str, Any] = {
            "casino": index + 1,
            "bandit": index == CASINOS,
            "bills": sorted(state.casino_bills[index], reverse=True),
            "dice": by_owner(state.dice[index], players),
        }
        if index == CASINOS:
            entry["pips"] = by_owner(state.pips, players)
            entry["faces"] = [f for f in range(1, 7) if state.bandit_faces >> f & 1]
        casinos.append(entry)
    pile, denominations, under = state.pile, state.denominations, state.under
    return {
        "game": "lasvegas",
        "seat": seat,
        "rules": {
            k: options[k] for k in ("edition", "players", "dice_per_player", "biggie", "rounds", "neutral", "bandit")
        },
        "round": min(state.round + 1, rules.rounds),
        "phase": PHASES[state.phase],
        "current_player": state.current_player,
        "turn": state.turn,
        "first_player": state.first,
        "casinos": casinos,
        "players": [
            {
                "seat": s,
                "money": state.money[s],
                "bills": len(state.won[s]),
                "dice": state.own[s],
                "biggie": state.biggie[s],
                "neutral": state.neutral[s],
            }
            for s in range(players)
        ],
        "roll": state.roll.to_json() if state.roll is not None else None,
        "legal": [a.to_json() for a in state.legal],
        "pile": {
            "count": sum(pile) + len(under),
            "contents": {str(b): c for b, c in pile_contents(pile, denominations, under).items()},
        },
        "box": sorted(state.box, reverse=True),
        "winners": state.winners(),
        "last_round": None if state.last_round is None else round_result(*state.last_round),
    }
