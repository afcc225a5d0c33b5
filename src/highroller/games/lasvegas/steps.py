"""Las Vegas steps: the placing action, and the two chance outcomes (a roll, a casino's bills)."""

# highroller: compile

from __future__ import annotations

from typing import Any, NamedTuple

from highroller.core.dice import Counts, faces_from_counts

NO_DICE: Counts = (0, 0, 0, 0, 0, 0)
FACE_WORDS = ("", "1s", "2s", "3s", "4s", "5s", "6s")


class Place(NamedTuple):
    """Place every rolled die showing `face` on casino `face`, or on the bandit. A named tuple: the
    engine tests placements against the legal ones on every move, and tuples compare in C."""

    face: int
    bandit: bool = False

    def __str__(self) -> str:
        where = "the bandit" if self.bandit else f"casino {self.face}"
        return f"{FACE_WORDS[self.face]} on {where}"

    def to_json(self) -> dict[str, int]:
        return {"bandit" if self.bandit else "place": self.face}


PLACE = tuple(Place(face) for face in range(7))
BANDIT = tuple(Place(face, bandit=True) for face in range(7))


class Roll(NamedTuple):
    """The faces a roll shows: counts per face of the roller's own dice and neutral dice, and the
    Biggie's face (0 when no Biggie was rolled). A named tuple: rolls are made on every turn."""

    own: Counts
    biggie: int
    neutral: Counts

    def face_total(self, face: int) -> int:
        """How many dice show `face` (the Biggie counted once here: it is one die)."""
        index = face - 1
        return self.own[index] + self.neutral[index] + (1 if self.biggie == face else 0)

    def __str__(self) -> str:
        parts = []
        if sum(self.own):
            parts.append(" ".join(map(str, faces_from_counts(self.own))))
        if self.biggie:
            parts.append(f"Biggie {self.biggie}")
        if sum(self.neutral):
            parts.append("neutral " + " ".join(map(str, faces_from_counts(self.neutral))))
        return " | ".join(parts) or "no dice"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"own": faces_from_counts(self.own)}
        if self.biggie:
            data["biggie"] = self.biggie
        if sum(self.neutral):
            data["neutral"] = faces_from_counts(self.neutral)
        return data


class Stock(NamedTuple):
    """The bills drawn for one casino, high to low."""

    bills: tuple[int, ...]

    def __str__(self) -> str:
        return " + ".join(f"${b:,}" for b in self.bills) if self.bills else "no bills (the pile is empty)"

    def to_json(self) -> dict[str, list[int]]:
        return {"bills": list(self.bills)}
