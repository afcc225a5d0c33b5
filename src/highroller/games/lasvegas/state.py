"""The Las Vegas game: each round stocks the casinos (chance), then players roll (chance) and place
dice (decision) until all dice are placed; the casinos are scored and the next round starts.

Owners are indexed 0..players-1 for the seats and `players` for the imaginary neutral owner. The bill
pile is kept as a multiset of unseen bills plus, in the classic edition, the known bills put under it;
drawing from it is a chance step, so the pile has no hidden order to leak.
"""

# highroller: compile

from __future__ import annotations

import random
from functools import cache
from typing import Any, cast

from mypy_extensions import mypyc_attr

from highroller.core.game import RulesGame
from highroller.core.rng import first_seat
from highroller.core.state import CHANCE, TERMINAL, State, Step
from highroller.games.lasvegas.mixed_rolls import mixed_rolls
from highroller.games.lasvegas.payouts import Scored, pay_casinos
from highroller.games.lasvegas.phases import CHOOSE, LEFTOVER, OVER, ROLL, STOCK
from highroller.games.lasvegas.roll_tables import (
    PLAIN_LEGAL,
    PLAIN_ROLLS,
    check_roll,
    draw_roll,
    legal_placements,
    roll_outcomes,
)
from highroller.games.lasvegas.rules import CASINOS, LasVegasRules, resolve_rules
from highroller.games.lasvegas.seat_view import seat_view
from highroller.games.lasvegas.step_json import decode
from highroller.games.lasvegas.steps import Place, Roll, Stock
from highroller.games.lasvegas.stocking import (
    DrawnPile,
    bill_kinds,
    check_stock,
    draw_stock,
    stock_distribution,
    take_from_pile,
)

BANDIT_INDEX = CASINOS


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (core.compiled): made, copied and subclassed as in Python
class LasVegasState(State):
    """One position of a Las Vegas game."""

    __slots__ = (
        "bandit_faces",
        "biggie",
        "box",
        "casino_bills",
        "denominations",
        "dice",
        "drawn_pile",
        "first",
        "last_roller",
        "last_round",
        "legal",
        "money",
        "neutral",
        "own",
        "phase",
        "pile",
        "pips",
        "roll",
        "round",
        "rules",
        "seats_after",
        "stocking",
        "top",
        "turn",
        "under",
        "won",
    )

    def __init__(self, game: LasVegasGame, seed: int) -> None:
        super().__init__(game, seed)
        rules = game.rules
        self.rules = rules
        players = rules.players
        self.round = 0
        first = first_seat(seed, players) if rules.first_player is None else rules.first_player
        self.first = first
        self.turn = first
        self.last_roller = first
        self.seats_after = _seats_after(players)
        owners = rules.owners
        self.dice = [[0] * owners for _ in range(rules.casinos)]
        self.pips = [0] * owners
        self.top = [0] * owners
        self.bandit_faces = 0
        self.casino_bills: list[list[int]] = [[] for _ in range(rules.casinos)]
        self.denominations, pile = bill_kinds(rules.bills)
        self.pile = list(pile)
        self.under: list[int] = []
        self.box: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.money = [0] * players
        self.roll: Roll | None = None
        self.legal: tuple[Place, ...] = ()
        self.last_round: tuple[int, Scored] | None = None
        """The last round's number and, per casino, its payout event and the bills left untaken."""
        self.drawn_pile: DrawnPile | None = None
        """After this state sampled a casino's bills, what they take off the pile (applying that sample
        takes it)."""
        self._start_round()

    # ------------------------------------------------------------------ engine API
    def legal_actions(self) -> tuple[Place, ...]:
        return self.legal

    def apply(self, step: Any) -> None:
        """`State.apply`, the same checks and the same result, with the steps nearly every game is made
        of (a placement, and a roll or a casino's bills this state sampled) worked here in one call."""
        player = self.current_player
        if player >= 0:
            if (
                step.__class__ is not Place or step not in self.legal
            ):  # a bare tuple equal to a placement is no placement
                raise self._refusal(step)
            self._apply_action(step)
        elif step is self._sampled and step is not None:
            phase = self.phase
            if phase == ROLL:
                self._rolled(cast(Roll, step))
            elif phase == STOCK and self.drawn_pile is not None:
                pile, from_under = self.drawn_pile
                self.pile = list(pile)
                if from_under:
                    del self.under[:from_under]
                self._stocked(cast(Stock, step))
            else:
                State.apply(self, step)
                return
            self._sampled = None
            self.chance_count += 1
        else:
            State.apply(self, step)
            return
        self.history.append((player, step))

    def sample_chance(self, rng: random.Random | None = None) -> Step:
        """`State.sample_chance`, with a seat's roll and a casino's bills (most chance steps) drawn here
        in one call."""
        phase = self.phase
        if phase == ROLL and rng is None:
            seat = self.turn
            own, big, neutral = self.own[seat], self.biggie[seat], self.neutral[seat]
            draws = (
                PLAIN_ROLLS[own]
                if own < len(PLAIN_ROLLS) and not big and not neutral
                else mixed_rolls(own, big, neutral)
            )
            outcome: Step = draws.draw(self._stream.draw(self.chance_count))
        elif phase == STOCK and rng is None:
            bits = self._stream.draw(self.chance_count)
            outcome, self.drawn_pile = draw_stock(self.rules, self.pile, self.under, self.denominations, bits)
        else:
            return State.sample_chance(self, rng)
        self._sampled = outcome
        return outcome

    def roller(self) -> int | None:
        """The seat rolling (the first player rolls the leftover neutral dice); None while stocking."""
        if self.phase == ROLL:
            return self.turn
        return self.first if self.phase == LEFTOVER else None

    def returns(self) -> list[float]:
        return [float(m) for m in self.money]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        keys = [(self.money[s], len(self.won[s])) for s in range(self.rules.players)]
        best = max(keys)
        return [s for s, key in enumerate(keys) if key == best]

    def clone(self) -> LasVegasState:
        other = LasVegasState.__new__(LasVegasState)
        self._clone_base(other)
        other.rules = self.rules
        other.round = self.round
        other.phase = self.phase
        other.stocking = self.stocking
        other.turn = self.turn
        other.first = self.first
        other.last_roller = self.last_roller
        other.seats_after = self.seats_after
        other.own = list(self.own)
        other.biggie = list(self.biggie)
        other.neutral = list(self.neutral)
        other.dice = [list(d) for d in self.dice]
        other.pips = list(self.pips)
        other.top = list(self.top)
        other.bandit_faces = self.bandit_faces
        other.casino_bills = [list(b) for b in self.casino_bills]
        other.denominations = self.denominations
        other.pile = list(self.pile)
        other.under = list(self.under)
        other.box = list(self.box)
        other.won = [list(w) for w in self.won]
        other.money = list(self.money)
        other.roll = self.roll
        other.legal = self.legal
        other.last_round = self.last_round  # built once when a round is scored, never changed after
        other.drawn_pile = self.drawn_pile
        return other

    # ------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        rules = self.rules
        players = rules.players
        self.own = [rules.dice_per_player] * players
        self.biggie = [rules.biggie] * players
        self.neutral = [rules.neutral_dice] * players
        self.turn = self.first
        self.stocking = 0
        self.phase = STOCK
        self.current_player = CHANCE
        self.events.append({"type": "round", "round": self.round + 1, "first": self.first})

    def _start_turns(self) -> None:
        self.turn = self.first
        self.phase = ROLL
        self.current_player = CHANCE

    def _score_round(self) -> None:
        rules = self.rules
        round_number = self.round + 1
        leftovers = self.under if rules.untaken == "under" else self.box
        dice, bills, pips, top = self.dice, self.casino_bills, self.pips, self.top
        scored = pay_casinos(dice, bills, pips, top, round_number, self.money, self.won, self.events, leftovers)
        players, casinos, owners = rules.players, rules.casinos, rules.owners
        self.casino_bills = [[] for _ in range(casinos)]
        self.dice = [[0] * owners for _ in range(casinos)]
        self.pips = [0] * owners
        self.top = [0] * owners
        self.bandit_faces = 0
        self.last_round = (round_number, scored)
        self.round += 1
        if self.round == rules.rounds:
            self.phase = OVER
            self.current_player = TERMINAL
            self.events.append(
                {
                    "type": "end",
                    "money": list(self.money),
                    "bills": [len(w) for w in self.won],
                    "winners": self.winners(),
                }
            )
            return
        self.first = (self.first + 1) % players if rules.next_starter == "left" else self.last_roller
        self._start_round()

    # ------------------------------------------------------------------ decisions
    def _apply_action(self, action: Place) -> None:
        roll = self.roll
        assert roll is not None
        seat = self.turn
        face = action.face
        index = face - 1
        own = roll.own[index]
        neutral = roll.neutral[index]
        big = roll.biggie == face
        weight = own + 2 if big else own
        players = self.rules.players
        if action.bandit:
            dice = self.dice[BANDIT_INDEX]
            if weight:
                self.pips[seat] += face * weight
                self.top[seat] = max(self.top[seat], face)
            if neutral:
                self.pips[players] += face * neutral
                self.top[players] = max(self.top[players], face)
            self.bandit_faces |= 1 << face
        else:
            dice = self.dice[index]
        dice[seat] += weight
        own_left, biggie_left, neutral_left = self.own, self.biggie, self.neutral
        own_left[seat] -= own
        if big:
            biggie_left[seat] = False
        if neutral:
            dice[players] += neutral
            neutral_left[seat] -= neutral
        self.last_roller = seat
        self.roll = None
        self.legal = ()
        self.last_round = None  # the new round's first die is down: the last round's result leaves the table
        for after in self.seats_after[seat]:  # the next seat with dice left rolls; the round ends when nobody has any
            if own_left[after] or biggie_left[after] or neutral_left[after]:
                self.turn = after
                self.phase = ROLL
                self.current_player = CHANCE
                return
        self._score_round()

    # ------------------------------------------------------------------ chance
    def roll_sizes(self) -> tuple[int, int, int]:
        """(own dice, Biggie 0/1, neutral dice) rolled at this chance step."""
        if self.phase == LEFTOVER:
            return 0, 0, self.rules.neutral_leftover
        seat = self.turn
        return self.own[seat], self.biggie[seat], self.neutral[seat]

    def _sample_chance(self, bits: int) -> Roll | Stock:
        phase = self.phase
        if phase == STOCK:
            stock, self.drawn_pile = draw_stock(self.rules, self.pile, self.under, self.denominations, bits)
            return stock
        own, big, neutral = self.roll_sizes()
        return draw_roll(own, big, neutral, bits)

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == STOCK:
            distribution = stock_distribution(self.rules, self.pile, self.under, self.denominations)
            return [(Stock(bills), float(p)) for bills, p in distribution.items()]
        own, big, neutral = self.roll_sizes()
        return roll_outcomes(own, big, neutral)

    def _check_outcome(self, outcome: Any) -> None:
        if self.phase == STOCK:
            check_stock(self.rules, self.pile, self.under, self.denominations, outcome)
            return
        own, big, neutral = self.roll_sizes()
        check_roll(own, big, neutral, outcome)

    def _rolled(self, roll: Roll) -> None:
        """The seat to move has rolled: it chooses among the placements the roll allows."""
        self.roll = roll
        legal = None if self.rules.bandit else PLAIN_LEGAL.get(id(roll))
        self.legal = legal_placements(roll, self.rules.bandit, self.bandit_faces) if legal is None else legal
        self.phase = CHOOSE
        self.current_player = self.turn

    def _apply_outcome(self, outcome: Any) -> None:
        phase = self.phase
        if phase == ROLL:
            self._rolled(outcome)
        elif phase == STOCK:
            take_from_pile(self.pile, self.under, self.denominations, outcome.bills)
            self._stocked(outcome)
        else:  # the leftover neutral dice are placed on their casinos without a choice
            neutral_owner = self.rules.players
            for index, count in enumerate(outcome.neutral):
                self.dice[index][neutral_owner] += count
            self._start_turns()

    # ------------------------------------------------------------------ the bill pile
    def _stocked(self, stock: Stock) -> None:
        """The casino being stocked has these bills (taken off the pile already); the next casino is
        stocked, or the round's turns begin."""
        self.casino_bills[self.stocking] = list(stock.bills)
        self.stocking += 1
        if self.stocking == len(self.casino_bills):  # every casino is stocked
            if self.rules.neutral_leftover:
                self.phase = LEFTOVER
            else:
                self._start_turns()

    # ------------------------------------------------------------------ information and records
    def view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self, seat)

    def decode_step(self, data: Any) -> Place | Roll | Stock:
        return decode(self.phase, data)


@cache
def _seats_after(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat in turn after it, ending with itself."""
    return tuple(tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players))


class LasVegasGame(RulesGame[LasVegasRules]):
    """Las Vegas with fixed rule options (see `rules.resolve_rules`)."""

    name = "lasvegas"
    resolve = staticmethod(resolve_rules)
    state_class = LasVegasState
