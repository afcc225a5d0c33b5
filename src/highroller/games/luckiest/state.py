"""The Luckiest Dice game: each turn the player bets on an unused card (decision), rolls the dice not
yet placed (chance), places the matching dice on the card, then banks or bets again; a roll matching
nothing busts the turn. Seat 0 starts every round; a round is one turn per seat.
"""

# highroller: compile

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from mypy_extensions import mypyc_attr

from highroller.core.dice import MultisetTable, counts_from_faces, faces_from_counts, multiset_table, roll_steps
from highroller.core.errors import IllegalAction
from highroller.core.game import RulesGame
from highroller.core.state import CHANCE, TERMINAL, State
from highroller.games.luckiest.cards import CARD_BY_ID, CARDS, card_masks
from highroller.games.luckiest.rules import DICE, LuckiestRules, resolve_rules
from highroller.games.luckiest.steps import BANK, BETS, Bank, Bet, Roll

CHOOSE, ROLL, OVER = range(3)
PHASES = ("choose", "roll", "over")
NO_DICE = (0,) * 6
TABLES = tuple(multiset_table(n) for n in range(DICE + 1))

Step = Bet | Bank | Roll


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (core.compiled): made, copied and subclassed as in Python
class LuckiestState(State):
    """One position of a Luckiest Dice game."""

    __slots__ = (
        "bet",
        "dice_left",
        "last_roll",
        "legal",
        "masks",
        "phase",
        "placed",
        "points",
        "rolls",
        "round",
        "rules",
        "scores",
        "turn",
        "used",
    )

    def __init__(self, game: LuckiestGame, seed: int) -> None:
        super().__init__(game, seed)
        self.rules = game.rules
        self.masks = game.masks
        self.round = 0
        self.scores: list[list[int]] = [[] for _ in range(self.rules.players)]
        self._start_turn(0)

    # ------------------------------------------------------------------ engine API
    def legal_actions(self) -> tuple[Bet | Bank, ...]:
        return self.legal

    def totals(self) -> list[int]:
        """Each seat's banked points so far."""
        return [sum(rounds) for rounds in self.scores]

    def returns(self) -> list[float]:
        return [float(total) for total in self.totals()]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        totals = self.totals()
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def clone(self) -> LuckiestState:
        other = LuckiestState.__new__(LuckiestState)
        self._clone_base(other)
        for name in (
            "rules",
            "masks",
            "round",
            "turn",
            "phase",
            "dice_left",
            "used",
            "points",
            "bet",
            "rolls",
            "last_roll",
            "legal",
        ):
            setattr(other, name, getattr(self, name))
        other.placed = list(self.placed)
        other.scores = [list(rounds) for rounds in self.scores]
        return other

    # ------------------------------------------------------------------ turns and rounds
    def _start_turn(self, seat: int) -> None:
        self.turn = seat
        self.dice_left = DICE
        self.used = 0
        self.placed: list[tuple[int, ...]] = [NO_DICE] * len(CARDS)
        self.points = 0
        self.bet = -1
        self.rolls = 0
        self.last_roll: Roll | None = None
        self.phase = CHOOSE
        self.current_player = seat
        self.legal: tuple[Bet | Bank, ...] = BETS

    def _end_turn(self, gained: int) -> None:
        seat = self.turn
        self.scores[seat].append(gained)
        players = self.rules.players
        if seat + 1 < players:
            self._start_turn(seat + 1)
            return
        self.round += 1
        self.events.append(
            {"type": "round", "round": self.round, "scores": [s[-1] for s in self.scores], "totals": self.totals()}
        )
        if self.round < self.rules.rounds:
            self._start_turn(0)
            return
        self.phase = OVER
        self.current_player = TERMINAL
        self.legal = ()
        self.events.append({"type": "end", "totals": self.totals(), "winners": self.winners()})

    def _bank(self, automatic: bool) -> None:
        seat = self.turn
        self.events.append(
            {
                "type": "bank",
                "round": self.round + 1,
                "seat": seat,
                "points": self.points,
                "total": sum(self.scores[seat]) + self.points,
                "automatic": automatic,
            }
        )
        self._end_turn(self.points)

    # ------------------------------------------------------------------ decisions
    def _apply_action(self, action: Bet | Bank) -> None:
        if isinstance(action, Bank):
            self._bank(automatic=False)
            return
        self.bet = action.card
        self.used |= 1 << action.card
        self.phase = ROLL
        self.current_player = CHANCE
        self.legal = ()

    # ------------------------------------------------------------------ chance
    def _table(self) -> MultisetTable:
        return TABLES[self.dice_left]

    def _sample_chance(self, bits: int) -> Roll:
        dice = self.dice_left
        roll: Roll = roll_steps(Roll, dice).draw(bits)
        return roll

    def _chance_outcomes(self) -> list[tuple[Roll, float]]:
        return [(Roll(counts), p) for counts, p in self._table().distribution()]

    def _check_outcome(self, outcome: Any) -> None:
        if not (isinstance(outcome, Roll) and self._table().contains(outcome.counts)):
            raise IllegalAction(f"a roll of {_dice_words(self.dice_left)} (faces 1-6) is expected here, not {outcome}")

    def _apply_outcome(self, outcome: Roll) -> None:
        card = CARDS[self.bet]
        mask = self.masks[self.bet]
        kept = _kept(mask, outcome.counts)
        matched = sum(kept)
        self.rolls += 1
        self.last_roll = outcome
        if not matched:
            self.events.append(
                {
                    "type": "bust",
                    "round": self.round + 1,
                    "seat": self.turn,
                    "card": card.id,
                    "roll": outcome.to_json()["roll"],
                    "lost": self.points,
                }
            )
            self._end_turn(0)
            return
        self.placed[self.bet] = kept
        self.dice_left -= matched
        self.points += matched * card.points
        self.bet = -1
        if not self.dice_left:
            self._bank(automatic=True)
            return
        self.phase = CHOOSE
        self.current_player = self.turn
        self.legal = _legal(self.used)

    # ------------------------------------------------------------------ information
    def view(self, seat: int | None) -> dict[str, Any]:
        rules = self.rules
        return {
            "game": "luckiest",
            "seat": seat,
            "rules": {"players": rules.players, "rounds": rules.rounds, "faces": rules.faces.to_json()},
            "round": min(self.round + 1, rules.rounds),
            "phase": PHASES[self.phase],
            "current_player": self.current_player,
            "turn": self.turn,
            "dice_left": self.dice_left,
            "points": self.points,
            "rolls": self.rolls,
            "bet": CARDS[self.bet].id if self.bet >= 0 else None,
            "cards": [
                {
                    "card": card.id,
                    "label": card.label,
                    "points": card.points,
                    "used": bool(self.used >> card.index & 1),
                    "dice": faces_from_counts(self.placed[card.index]),
                }
                for card in CARDS
            ],
            "last_roll": self.last_roll.to_json()["roll"] if self.last_roll is not None else None,
            "scores": [list(rounds) for rounds in self.scores],
            "totals": self.totals(),
            "legal": [action.to_json() for action in self.legal],
            "winners": self.winners(),
        }

    # ------------------------------------------------------------------ decoding and typed input
    def decode_step(self, data: Any) -> Step:
        if self.phase == CHOOSE:
            if data == "bank":
                return BANK
            if (
                isinstance(data, dict)
                and set(data) == {"bet"}
                and isinstance(data["bet"], str)
                and data["bet"] in CARD_BY_ID
            ):
                return BETS[CARD_BY_ID[data["bet"]].index]
            raise IllegalAction(
                f'an action is "bank" or {{"bet": card}} with a card of {", ".join(CARD_BY_ID)}; not {data!r}'
            )
        if self.phase == ROLL:
            if isinstance(data, dict) and set(data) == {"roll"} and isinstance(data["roll"], list):
                try:
                    return Roll(counts_from_faces(data["roll"]))
                except ValueError as error:
                    raise IllegalAction(f"a roll lists faces 1-6: {error}") from error
            raise IllegalAction(f'a roll is {{"roll": [faces]}} with {_dice_words(self.dice_left)}, not {data!r}')
        raise IllegalAction("the game is over")


def _dice_words(dice: int) -> str:
    return f"{dice} {'die' if dice == 1 else 'dice'}"


@lru_cache(maxsize=1 << 16)
def _kept(mask: int, counts: tuple[int, ...]) -> tuple[int, ...]:
    """The counts of a roll on the faces a card's mask matches (bit f for face f + 1), zero elsewhere."""
    return tuple(count if mask >> face & 1 else 0 for face, count in enumerate(counts))


@cache
def _legal(used: int) -> tuple[Bet | Bank, ...]:
    """The choices after a roll that placed dice: bank, or bet on a card not used yet (bit i: card i)."""
    return (BANK, *(bet for bet in BETS if not used >> bet.card & 1))


class LuckiestGame(RulesGame[LuckiestRules]):
    """Luckiest Dice with fixed rule options (see `rules.resolve_rules`)."""

    name = "luckiest"
    resolve = staticmethod(resolve_rules)
    state_class = LuckiestState

    def __init__(self, rules: LuckiestRules) -> None:
        super().__init__(rules)
        self.masks = card_masks(rules.faces)
