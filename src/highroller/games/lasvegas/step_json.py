"""The JSON form of a Las Vegas step in a record: `decode` reads one in a phase of the game (its shape
only; the state judges whether it is legal there)."""

from __future__ import annotations

from typing import Any

from highroller.core.dice import counts_from_faces
from highroller.core.errors import IllegalAction
from highroller.core.values import is_whole
from highroller.games.lasvegas.phases import CHOOSE, LEFTOVER, ROLL, STOCK
from highroller.games.lasvegas.steps import BANDIT, PLACE, Place, Roll, Stock


def decode(phase: int, data: Any) -> Place | Roll | Stock:
    """The step a record's JSON names in this phase."""
    if phase == CHOOSE:
        if isinstance(data, dict) and len(data) == 1:
            ((key, face),) = data.items()
            if key in ("place", "bandit") and is_whole(face) and 1 <= face <= 6:
                return (BANDIT if key == "bandit" else PLACE)[face]
        raise IllegalAction(f'an action is {{"place": face}} or {{"bandit": face}} with a face 1-6, not {data!r}')
    if phase == STOCK:
        if (
            isinstance(data, dict)
            and set(data) == {"bills"}
            and isinstance(data["bills"], list)
            and all(is_whole(b) for b in data["bills"])
        ):
            return Stock(tuple(sorted(data["bills"], reverse=True)))
        raise IllegalAction(f'a stocking outcome is {{"bills": [amounts]}}, not {data!r}')
    if phase in (ROLL, LEFTOVER):
        if isinstance(data, dict) and set(data) <= {"own", "biggie", "neutral"}:
            try:
                own = counts_from_faces(data.get("own", []))
                neutral = counts_from_faces(data.get("neutral", []))
            except (ValueError, TypeError) as error:
                raise IllegalAction(f"a roll lists faces 1-6: {error}") from error
            biggie = data.get("biggie", 0)
            if is_whole(biggie):
                return Roll(own, biggie, neutral)
        raise IllegalAction(f'a roll is {{"own": [faces], "biggie": face, "neutral": [faces]}}, not {data!r}')
    raise IllegalAction("the game is over")
