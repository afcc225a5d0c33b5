"""Las Vegas as numbers.

Actions (12): 0-5 put the dice showing face 1-6 on casino 1-6; 6-11 put the dice showing face 1-6 on
the one-armed bandit (only legal when the bandit is played). Rewards are dollars / 10,000.

Chance in parts: a roll of own dice, a Biggie and neutral dice would list up to millions of outcomes
(8 own and 4 neutral dice: 1,287 × 126), so it is drawn as up to three independent parts — the own
dice's multiset, the Biggie's face, the neutral dice's multiset — each at most 6,188 values (12 dice).
Stocking a casino is one part: the game's exact distribution of the bills it receives.

Observation: numbers in [0, 1]; *owners* are the seats counted from the observer (0 = itself, 1 = the
next seat, ...) followed by the neutral owner, so `owners = players + 1`. With `D` the bill set's
denominations, the length is `5 + 1 + 7 × (6 + owners) + owners + 6 + 7 × players + 18 + 2 + D`:

| entries | meaning |
|---|---|
| 5 | phase one-hot: stock, leftover-neutral, roll, choose, over |
| 1 | round / rounds |
| 7 × 6 | per casino (the 7th is the bandit; zeros when not played): its 5 highest bills / the highest bill in the set,
its bill count / bills in the set |
| 7 × owners | per casino: each owner's dice on it / that owner's dice per round (a Biggie counts two) |
| owners | bandit pips per owner / (6 × that owner's dice per round) |
| 6 | faces already on the bandit |
| 5 × players | per seat: money / all bills' value, bills won / bills in the set, own dice left / dice per player,
Biggie still in hand, neutral dice left / neutral dice per player |
| players | whose turn it is, one-hot |
| players | the round's first player, one-hot |
| 18 | the roll to place: own dice per face / dice per player, the Biggie's face one-hot, neutral dice per face /
neutral dice per roll |
| 2 | bills in the pile / bills in the set, bills in the box / bills in the set |
| D | bills of each denomination (low to high) in the pile / that denomination's count in the set |
"""

from __future__ import annotations

from math import ceil, comb
from typing import Any, NamedTuple

from highroller.core.dice import multiset_table
from highroller.core.encoder import Encoder
from highroller.core.state import State
from highroller.games.lasvegas.steps import NO_DICE, Place, Roll

PHASES = ("stock", "leftover-neutral", "roll", "choose", "over")
CASINO_SLOTS = 7
TOP_BILLS = 5
FACES = 6


class RollPart(NamedTuple):
    """One part of a roll: the own dice, the Biggie or the neutral dice (`value`: counts per face, or
    the Biggie's face)."""

    kind: str
    value: Any

    def __str__(self) -> str:
        if self.kind == "biggie":
            return f"Biggie {self.value}"
        return f"{self.kind} " + "".join(str(face) * count for face, count in enumerate(self.value, start=1))


def dice_part(kind: str, dice: int) -> list[tuple[Any, float]]:
    """Every multiset of `dice` dice as a part of a roll, with its probability."""
    return [(RollPart(kind, counts), p) for counts, p in multiset_table(dice).distribution()]


BIGGIE_PART = [(RollPart("biggie", face), 1 / 6) for face in range(1, 7)]


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
        return (
            5
            + 1
            + CASINO_SLOTS * (TOP_BILLS + 1 + owners)
            + owners
            + FACES
            + 7 * self.players
            + 18
            + 2
            + len(self.denominations)
        )

    @property
    def action_names(self) -> tuple[str, ...]:
        return (
            *(f"{face}s on casino {face}" for face in range(1, 7)),
            *(f"{face}s on the bandit" for face in range(1, 7)),
        )

    def action_index(self, action: Any) -> int | None:
        if isinstance(action, Place):
            return action.face - 1 + (FACES if action.bandit else 0)
        return None

    @property
    def reward_scale(self) -> float:
        return 10_000.0

    @property
    def return_range(self) -> tuple[float, float]:
        return 0.0, sum(self.bills) / self.reward_scale

    @property
    def max_chance_part(self) -> int:
        options = self.game.options
        dice = (self.dice_per_player, self.neutral_dice, options["neutral_leftover"])
        if options["stock_rule"] == "count":
            bills = options["stock_amount"]
        else:
            bills = ceil(options["stock_amount"] / self.bills[0])
        stockings = comb(len(self.denominations) + bills, bills)  # multisets of at most that many bills
        return max(6, stockings, *(len(multiset_table(n).outcomes) for n in dice))

    @property
    def max_game_length(self) -> int:
        per_seat = (self.dice_per_player + 1 + self.neutral_dice) * 4  # a placement and up to 3 roll parts
        return self.rounds * (CASINO_SLOTS + 1 + self.players * per_seat)

    def roll_parts(self, state: State) -> list[list[tuple[Any, float]]]:
        """The parts of the roll at this chance step: own dice, Biggie, neutral dice (those rolled)."""
        view = state.view(None)
        if view["phase"] == "leftover-neutral":
            return [dice_part("neutral", self.game.options["neutral_leftover"])]
        player = view["players"][view["turn"]]
        parts = [dice_part("own", player["dice"])] if player["dice"] else []
        if player["biggie"]:
            parts.append(BIGGIE_PART)
        if player["neutral"]:
            parts.append(dice_part("neutral", player["neutral"]))
        return parts

    def chance_part(self, state: State, drawn: tuple[Any, ...]) -> list[tuple[Any, float]] | None:
        if state.view(None)["phase"] == "stock":
            return super().chance_part(state, drawn)
        parts = self.roll_parts(state)
        return parts[len(drawn)] if len(drawn) < len(parts) else None

    def join_chance(self, state: State, drawn: tuple[Any, ...]) -> Any:
        if not drawn or not isinstance(drawn[0], RollPart):
            return super().join_chance(state, drawn)
        values = {part.kind: part.value for part in drawn}
        return Roll(values.get("own", NO_DICE), values.get("biggie", 0), values.get("neutral", NO_DICE))

    def _owner_key(self, seat: int, owner: int) -> str:
        """The view's key of the owner `owner` positions after `seat` (the last owner is neutral)."""
        return "neutral" if owner == self.players else str((seat + owner) % self.players)

    def _per_owner(self, counts: dict[str, int], seat: int, unit: int) -> list[float]:
        return [
            counts.get(self._owner_key(seat, owner), 0) / (unit * self.owner_dice[owner])
            for owner in range(self.owners)
        ]

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
