"""Las Vegas as numbers.

Actions (12): 0-5 put the dice showing face 1-6 on casino 1-6; 6-11 put the dice showing face 1-6 on
the one-armed bandit (only legal when the bandit is played).

Observation: numbers in [0, 1]; *owners* are the seats counted from the observer (0 = itself, 1 = the
next seat, ...) followed by the neutral owner, so `owners = players + 1`. With `D` the bill set's
denominations, the length is `5 + 1 + 7 × (6 + owners) + owners + 6 + 7 × players + 18 + 2 + D`:

| entries | meaning |
|---|---|
| 5 | phase one-hot: stock, leftover-neutral, roll, choose, over |
| 1 | round / rounds |
| 7 × 6 | per casino (the 7th is the bandit; zeros when not played): its 5 highest bills / the highest bill in the set, its bill count / bills in the set |
| 7 × owners | per casino: each owner's dice on it / that owner's dice per round (a Biggie counts two) |
| owners | bandit pips per owner / (6 × that owner's dice per round) |
| 6 | faces already on the bandit |
| 5 × players | per seat: money / all bills' value, bills won / bills in the set, own dice left / dice per player, Biggie still in hand, neutral dice left / neutral dice per player |
| players | whose turn it is, one-hot |
| players | the round's first player, one-hot |
| 18 | the roll to place: own dice per face / dice per player, the Biggie's face one-hot, neutral dice per face / neutral dice per roll |
| 2 | bills in the pile / bills in the set, bills in the box / bills in the set |
| D | bills of each denomination (low to high) in the pile / that denomination's count in the set |
"""

from __future__ import annotations

from typing import Any

from highroller.envs.encoders.base import Encoder
from highroller.games.lasvegas.steps import Place

PHASES = ("stock", "leftover-neutral", "roll", "choose", "over")
CASINO_SLOTS = 7
TOP_BILLS = 5
FACES = 6


class LasVegasEncoder(Encoder):
    """The encoding documented in this module."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        options = game.options
        self.bills: list[int] = sorted(options["bills"])
        self.denominations = sorted(set(self.bills))
        self.rounds: int = options["rounds"]
        self.dice_per_player: int = options["dice_per_player"]
        self.neutral_dice: int = options["neutral_dice"]
        seat_dice = self.dice_per_player + (2 if options["biggie"] else 0)
        neutral_total = self.neutral_dice * self.players + options["neutral_leftover"]
        self.owner_dice = [seat_dice] * self.players + [max(neutral_total, 1)]
        self.neutral_roll = max(self.neutral_dice, options["neutral_leftover"], 1)

    @property
    def owners(self) -> int:
        return self.players + 1

    @property
    def observation_size(self) -> int:
        owners = self.owners
        return 5 + 1 + CASINO_SLOTS * (TOP_BILLS + 1 + owners) + owners + FACES + 7 * self.players + 18 + 2 + len(self.denominations)

    @property
    def action_names(self) -> tuple[str, ...]:
        return (*(f"{face}s on casino {face}" for face in range(1, 7)), *(f"{face}s on the bandit" for face in range(1, 7)))

    def action_index(self, action: Any) -> int | None:
        if isinstance(action, Place):
            return action.face - 1 + (FACES if action.bandit else 0)
        return None

    @property
    def reward_scale(self) -> float:
        return 10_000.0

    def _owner_key(self, seat: int, owner: int) -> str:
        """The view's key of the owner `owner` positions after `seat` (the last owner is neutral)."""
        return "neutral" if owner == self.players else str((seat + owner) % self.players)

    def _per_owner(self, counts: dict[str, int], seat: int, unit: int) -> list[float]:
        return [counts.get(self._owner_key(seat, owner), 0) / (unit * self.owner_dice[owner]) for owner in range(self.owners)]

    def features(self, view: dict[str, Any], seat: int) -> list[float]:
        top = self.bills[-1]
        casinos: list[dict[str, Any] | None] = [*view["casinos"], *[None] * (CASINO_SLOTS - len(view["casinos"]))]
        bills: list[float] = []
        dice: list[float] = []
        for casino in casinos:
            held = casino["bills"][:TOP_BILLS] if casino else []
            bills += [b / top for b in held] + [0.0] * (TOP_BILLS - len(held))
            bills.append(len(casino["bills"]) / len(self.bills) if casino else 0.0)
            dice += self._per_owner(casino["dice"], seat, 1) if casino else [0.0] * self.owners
        bandit = casinos[-1]
        pips = self._per_owner(bandit["pips"], seat, FACES) if bandit else [0.0] * self.owners
        bandit_faces = [float(bandit is not None and face in bandit["faces"]) for face in range(1, 7)]
        seats = [view["players"][(seat + offset) % self.players] for offset in range(self.players)]
        players: list[float] = []
        for player in seats:
            players += [
                player["money"] / sum(self.bills),
                player["bills"] / len(self.bills),
                player["dice"] / self.dice_per_player,
                float(player["biggie"]),
                player["neutral"] / max(self.neutral_dice, 1),
            ]
        over = view["phase"] == "over"
        return [
            *(float(view["phase"] == name) for name in PHASES),
            view["round"] / self.rounds,
            *bills,
            *dice,
            *pips,
            *bandit_faces,
            *players,
            *self.one_hot_seat(seat, None if over else view["turn"]),
            *self.one_hot_seat(seat, view["first_player"]),
            *self._roll(view["roll"]),
            view["pile"]["count"] / len(self.bills),
            len(view["box"]) / len(self.bills),
            *(view["pile"]["contents"].get(str(d), 0) / self.bills.count(d) for d in self.denominations),
        ]

    def _roll(self, roll: dict[str, Any] | None) -> list[float]:
        own = [0.0] * FACES
        biggie = [0.0] * FACES
        neutral = [0.0] * FACES
        if roll is not None:
            for face in roll["own"]:
                own[face - 1] += 1 / self.dice_per_player
            if roll.get("biggie"):
                biggie[roll["biggie"] - 1] = 1.0
            for face in roll.get("neutral", []):
                neutral[face - 1] += 1 / self.neutral_roll
        return own + biggie + neutral
