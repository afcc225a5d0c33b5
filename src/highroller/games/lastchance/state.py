"""The Last Chance game: each card is drawn (chance), auctioned, bet on, and rolled for (chance, with
the joker lock as the roller's decision) until someone completes it; money is settled after every
attempt, broke players leave, and the game ends when the agreed number of cards is completed.

Seats sit in order around the table: "to the left" of seat s is seat s + 1. The undrawn cards are
a set, not a pile: drawing is a uniform chance step over them, so no hidden order exists to leak.
"""

# highroller: compile

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from highroller.core.game import RulesGame
from highroller.core.rng import first_seat
from highroller.core.state import CHANCE, TERMINAL, State
from highroller.games.lastchance.cards import Card
from highroller.games.lastchance.chance import (
    check_draw,
    check_roll,
    draw_card,
    draw_outcomes,
    draw_roll,
    roll_outcomes,
)
from highroller.games.lastchance.phases import AUCTION, BETS, DRAW, LOCK, OVER, ROLL
from highroller.games.lastchance.position import Position, lock, lockable, matched_faces, place, start
from highroller.games.lastchance.rules import UNIT, LastChanceRules, resolve_rules
from highroller.games.lastchance.seat_view import seat_view
from highroller.games.lastchance.settlement import settle
from highroller.games.lastchance.step_json import decode
from highroller.games.lastchance.steps import (
    LAST_CHANCE,
    LOCKS,
    PASS,
    WAIT,
    Action,
    Bet,
    Bid,
    Draw,
    LastChance,
    Lock,
    Outcome,
    Roll,
    bet_choices,
    bids_between,
)

NOBODY = -1


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (core.compiled): made, copied and subclassed as in Python
class LastChanceState(State):
    """One position of a Last Chance game."""

    __slots__ = (
        "active",
        "bets",
        "bid",
        "card",
        "completed",
        "high_bid",
        "high_bidder",
        "last_chance",
        "last_roll",
        "lc_used",
        "left",
        "legal",
        "money",
        "opener",
        "passes",
        "phase",
        "position",
        "rolling",
        "rolls_used",
        "rules",
        "turn",
        "undrawn",
        "won",
    )

    def __init__(self, game: LastChanceGame, seed: int) -> None:
        super().__init__(game, seed)
        rules = game.rules
        players = rules.players
        self.rules = rules
        self.money = [rules.money] * players
        self.active = [True] * players
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.lc_used = [False] * players
        self.undrawn = [card.id for card in rules.deck]
        self.completed = 0
        self.card: Card | None = None
        self.position: Position | None = None
        first = rules.first_player
        self.opener = first_seat(seed, players) if first is None else first
        self.turn = self.opener
        self._clear_attempt()
        self.legal: tuple[Action, ...] = ()
        self.phase = DRAW
        self.current_player = CHANCE

    # ------------------------------------------------------------------ engine API
    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    def returns(self) -> list[float]:
        return [float(m) for m in self.money]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        qualified = [s for s in range(self.rules.players) if self.active[s] and self.won[s]]
        if not qualified:
            return []
        best = max(self.money[s] for s in qualified)
        return [s for s in qualified if self.money[s] == best]

    def clone(self) -> LastChanceState:
        other = LastChanceState.__new__(LastChanceState)
        self._clone_base(other)
        for name in (
            "rules",
            "phase",
            "completed",
            "card",
            "position",
            "opener",
            "turn",
            "high_bid",
            "high_bidder",
            "passes",
            "rolling",
            "bid",
            "last_chance",
            "rolls_used",
            "last_roll",
            "left",
            "legal",
        ):
            setattr(other, name, getattr(self, name))
        other.money = list(self.money)
        other.active = list(self.active)
        other.won = [list(w) for w in self.won]
        other.lc_used = list(self.lc_used)
        other.undrawn = list(self.undrawn)
        other.bets = list(self.bets)
        return other

    def roller(self) -> int | None:
        """At a chance step, whose draw or roll it is: the opener draws the card, the rolling seat rolls."""
        if self.phase == DRAW:
            return self.opener
        return self.rolling if self.phase == ROLL else None

    @property
    def rolls_left(self) -> int:
        """Rolls the roller still has in this attempt (the card's rolls before the attempt starts)."""
        return self.card.rolls - self.rolls_used if self.card is not None else 0

    def active_seats(self) -> list[int]:
        return [s for s in range(self.rules.players) if self.active[s]]

    def _next_active(self, seat: int) -> int:
        """The first active seat to the left of `seat` (NOBODY if none is left)."""
        players = self.rules.players
        for step in range(1, players + 1):
            if self.active[(seat + step) % players]:
                return (seat + step) % players
        return NOBODY

    # ------------------------------------------------------------------ the auction
    def _clear_attempt(self) -> None:
        """Forget the last attempt's auction, bets and rolls (the card keeps its dice)."""
        self.high_bid = 0
        self.high_bidder = NOBODY
        self.passes = 0
        self.rolling = NOBODY
        self.bid = 0
        self.last_chance = False
        self.bets: list[Bet | None] = [None] * self.rules.players
        self.rolls_used = 0
        self.last_roll: Roll | None = None
        self.left: tuple[int, ...] = ()

    def _start_auction(self) -> None:
        self._clear_attempt()
        if len(self.active_seats()) == 1:  # a lone survivor: nobody to bid against, nobody to bet
            self._auction_won(self.opener, 0, last_chance=False)
            return
        self._auction_turn(self.opener)

    def _auction_turn(self, seat: int) -> None:
        self.phase = AUCTION
        self.turn = self.current_player = seat
        lowest = max(UNIT, self.high_bid + UNIT)
        bids = bids_between(lowest, self.money[seat])
        self.legal = (PASS, *bids) if self.lc_used[seat] else (PASS, LAST_CHANCE, *bids)

    def _auction_action(self, seat: int, action: Action) -> None:
        if isinstance(action, LastChance):
            self.lc_used[seat] = True
            self._auction_won(seat, self.money[seat], last_chance=True)
            return
        if isinstance(action, Bid):
            self.high_bid = action.amount
            self.high_bidder = seat
            self.passes = 0
        else:
            self.passes += 1
            others = len(self.active_seats()) - 1
            if self.high_bidder != NOBODY and self.passes == others:
                self._auction_won(self.high_bidder, self.high_bid, last_chance=False)
                return
            if self.high_bidder == NOBODY and self.passes == others + 1:
                self._auction_won(self.opener, 0, last_chance=False)
                return
        self._auction_turn(self._next_active(seat))

    def _auction_won(self, seat: int, bid: int, *, last_chance: bool) -> None:
        assert self.card is not None
        self.rolling = seat
        self.bid = bid
        self.last_chance = last_chance
        self.money[seat] -= bid
        self.events.append(
            {"type": "auction", "card": self.card.id, "roller": seat, "bid": bid, "last_chance": last_chance}
        )
        self._bet_turn(seat)

    # ------------------------------------------------------------------ side bets
    def _bet_turn(self, after: int) -> None:
        seat = self._next_active(after)
        if seat in (NOBODY, self.rolling):
            self._start_rolling()
            return
        self.phase = BETS
        self.turn = self.current_player = seat
        self.legal = bet_choices(min(self.rules.bet_limit, self.money[seat]))

    # ------------------------------------------------------------------ rolling
    def _start_rolling(self) -> None:
        self.phase = ROLL
        self.turn = self.rolling
        self.current_player = CHANCE
        self.legal = ()

    def _after_roll(self) -> None:
        assert self.position is not None and self.card is not None
        self.left = ()
        if self.position.complete:
            self._settle(success=True)
        elif self.rolls_used == self.card.rolls:
            self._settle(success=False)
        else:
            self.phase = ROLL
            self.current_player = CHANCE
            self.legal = ()

    # ------------------------------------------------------------------ settling
    def _settle(self, *, success: bool) -> None:
        card, roller = self.card, self.rolling
        assert card is not None and self.position is not None
        self.events.append(settle(card, roller, self.bid, self.bets, success, self.money))
        if success:
            self.won[roller].append(card.id)
            self.completed += 1
            self.events.append({"type": "card won", "card": card.id, "seat": roller, "payout": card.payout})
        self._eliminate()
        if not self.active_seats():
            self._end("nobody is left")
        elif success:
            self.opener = roller
            self.card = self.position = None
            self._clear_attempt()
            if self.completed == self.rules.cards:
                self._end("every card is completed")
            else:
                self.phase = DRAW
                self.current_player = CHANCE
                self.legal = ()
        else:
            self.opener = roller if self.active[roller] else self._next_active(roller)
            self.events.append(
                {
                    "type": "continue",
                    "card": card.id,
                    "matched": matched_faces(card, self.position),
                    "opener": self.opener,
                }
            )
            self._start_auction()

    def _eliminate(self) -> None:
        for seat in range(self.rules.players):
            if self.active[seat] and self.money[seat] == 0:
                self.active[seat] = False
                self.events.append({"type": "eliminated", "seat": seat, "cards": self.won[seat]})
                self.won[seat] = []

    def _end(self, reason: str) -> None:
        self.phase = OVER
        self.current_player = TERMINAL
        self.legal = ()
        self.events.append(
            {
                "type": "end",
                "reason": reason,
                "money": list(self.money),
                "cards": [list(w) for w in self.won],
                "winners": self.winners(),
            }
        )

    # ------------------------------------------------------------------ decisions
    def _apply_action(self, action: Action) -> None:
        seat = self.current_player
        if self.phase == AUCTION:
            self._auction_action(seat, action)
        elif self.phase == BETS:
            assert isinstance(action, Bet)
            self.bets[seat] = action
            self._bet_turn(seat)
        else:
            assert self.position is not None
            if isinstance(action, Lock):
                self.position = lock(self.position, self.left, action.face)[0]
            self._after_roll()

    # ------------------------------------------------------------------ chance
    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == DRAW:
            return draw_outcomes(self.rules, self.undrawn)
        return roll_outcomes(self._dice())

    def _sample_chance(self, bits: int) -> Outcome:
        if self.phase == DRAW:
            return draw_card(self.rules, self.undrawn, bits)
        return draw_roll(self._dice(), bits)

    def _check_outcome(self, outcome: Any) -> None:
        if self.phase == DRAW:
            check_draw(self.rules, self.undrawn, outcome)
        else:
            check_roll(self._dice(), outcome)

    def _apply_outcome(self, outcome: Outcome) -> None:
        if isinstance(outcome, Draw):
            self.card = outcome.card
            self.position = start(outcome.card)
            if not outcome.own:
                self.undrawn.remove(outcome.card.id)
            self.events.append(
                {"type": "card", "card": outcome.card.id, "number": self.completed + 1, "opener": self.opener}
            )
            self._start_auction()
            return
        assert self.position is not None
        self.rolls_used += 1
        self.last_roll = outcome
        self.position, left = place(self.position, outcome.counts)
        faces = lockable(self.position, left)
        if faces:
            self.left = left
            self.phase = LOCK
            self.current_player = self.rolling
            self.legal = (*(LOCKS[f] for f in faces), WAIT)
        else:
            self._after_roll()

    def _dice(self) -> int:
        assert self.position is not None
        return self.position.dice

    # ------------------------------------------------------------------ information
    def view(self, seat: int | None) -> dict[str, Any]:
        return seat_view(self, seat)

    # ------------------------------------------------------------------ decoding
    def decode_step(self, data: Any) -> Action | Outcome:
        return decode(self, data)


class LastChanceGame(RulesGame[LastChanceRules]):
    """Last Chance with fixed rule options (see `rules.resolve_rules`)."""

    name = "lastchance"
    resolve = staticmethod(resolve_rules)
    state_class = LastChanceState
