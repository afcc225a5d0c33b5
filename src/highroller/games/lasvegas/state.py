"""The Las Vegas game: each round stocks the casinos (chance), then players roll (chance) and place
dice (decision) until all dice are placed; the casinos are scored and the next round starts.

Owners are indexed 0..players-1 for the seats and `players` for the imaginary neutral owner. The bill
pile is kept as a multiset of unseen bills plus, in the classic edition, the known bills put under it;
drawing from it is a chance step, so the pile has no hidden order to leak.
"""

# highroller: compile

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache, lru_cache
from itertools import compress
from typing import Any, cast

from mypy_extensions import mypyc_attr

from highroller.core.dice import Counts, MultisetTable, counts_from_faces, multiset_table, roll_steps, uniform_below
from highroller.core.errors import IllegalAction
from highroller.core.game import RulesGame
from highroller.core.rng import first_seat, mix64
from highroller.core.state import CHANCE, TERMINAL, State, Step
from highroller.core.values import is_whole
from highroller.games.lasvegas.legal import legal_codes
from highroller.games.lasvegas.mixed_rolls import mixed_rolls
from highroller.games.lasvegas.rules import CASINOS, LasVegasRules, resolve_rules
from highroller.games.lasvegas.scoring import cancelled, rank_bandit, rank_casino
from highroller.games.lasvegas.steps import BANDIT, NO_DICE, PLACE, Place, Roll, Stock

STOCK, LEFTOVER, ROLL, CHOOSE, OVER = range(5)
PHASES = ("stock", "leftover-neutral", "roll", "choose", "over")
BANDIT_INDEX = CASINOS
TABLES = tuple(multiset_table(n) for n in range(9))  # the common sizes; larger ones on first use


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
        self.denominations, pile = _bill_kinds(rules.bills)
        self.pile = list(pile)
        self.under: list[int] = []
        self.box: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.money = [0] * players
        self.roll: Roll | None = None
        self.legal: tuple[Place, ...] = ()
        self.last_round: tuple[int, list[tuple[dict[str, Any], list[int]]]] | None = None
        """The last round's number and, per casino, its payout event and the bills left untaken."""
        self.drawn_pile: tuple[tuple[int, ...], int] | None = None
        """After this state sampled a casino's bills: the unseen bills of each kind left, and how many
        bills came from under the pile (what applying that sample takes off the pile)."""
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
            outcome = self._sample_stock(self._stream.draw(self.chance_count))
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
        players = rules.players
        labels = _owner_labels(players)
        round_number = self.round + 1
        leftovers = self.under if rules.untaken == "under" else self.box
        events, money, won = self.events, self.money, self.won
        scored: list[tuple[dict[str, Any], list[int]]] = []
        for index, dice in enumerate(self.dice):
            bills = self.casino_bills[index]  # high to low, as stocked
            is_bandit = index == BANDIT_INDEX
            if is_bandit:
                ranking = tuple(rank_bandit(dice, self.pips, self.top, players))
                ranked, by_owner = tuple(labels[owner] for owner in ranking), _by_owner(dice, players)
            else:
                ranking, ranked, by_owner = _casino_result(dice)
            untaken = bills[len(ranking) :]
            for owner, bill in zip(ranking, bills):
                if owner == players:  # the neutral owner's bill is not taken
                    untaken.append(bill)
                    untaken.sort(reverse=True)
                else:
                    won[owner].append(bill)
                    money[owner] += bill
            event: dict[str, Any] = {
                "type": "payout",
                "round": round_number,
                "casino": index + 1,
                "bills": bills,
                "dice": dict(by_owner),  # a copy: the kept one serves every game
                "paid": dict(zip(ranked, bills)),
            }
            if is_bandit:
                event["pips"] = _by_owner(self.pips, players)
            events.append(event)
            leftovers.extend(untaken)
            scored.append((event, untaken))
        casinos, owners = rules.casinos, rules.owners
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

    def _legal_for(self, roll: Roll) -> tuple[Place, ...]:
        """The placements a roll allows: one per face shown (and per face not yet on the bandit)."""
        if self.rules.bandit:
            return _placements(legal_codes(_shown(roll), self.bandit_faces, True))
        legal = _LEGAL.get(roll)
        if legal is None:
            legal = _placements(_shown(roll))
            if len(_LEGAL) < _LEGAL_LIMIT:
                _LEGAL[roll] = legal
        return legal

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
            return self._sample_stock(bits)
        own, big, neutral = self.roll_sizes()
        steps = (
            mixed_rolls(own, bool(big), neutral)
            if big or neutral
            else PLAIN_ROLLS[own]
            if own < len(PLAIN_ROLLS)
            else roll_steps(_plain_roll, own)
        )
        roll: Roll = steps.draw(bits)
        return roll

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == STOCK:
            return [(Stock(bills), float(p)) for bills, p in self._stock_distribution().items()]
        own, big, neutral = self.roll_sizes()
        own_table, neutral_table = _table(own), _table(neutral)
        biggies = [(f, 1 / 6) for f in range(1, 7)] if big else [(0, 1.0)]
        return [
            (Roll(o, b, n), po * pb * pn)
            for o, po in own_table.distribution()
            for b, pb in biggies
            for n, pn in neutral_table.distribution()
        ]

    def _check_outcome(self, outcome: Any) -> None:
        if self.phase == STOCK:
            self._check_stock(outcome)
            return
        own, big, neutral = self.roll_sizes()
        if not (
            isinstance(outcome, Roll)
            and _table(own).contains(outcome.own)
            and _table(neutral).contains(outcome.neutral)
            and (0 < outcome.biggie <= 6 if big else outcome.biggie == 0)
        ):
            raise IllegalAction(f"a roll of {_roll_words(own, big, neutral)} is expected here, not {outcome}")

    def _rolled(self, roll: Roll) -> None:
        """The seat to move has rolled: it chooses among the placements the roll allows."""
        self.roll = roll
        legal = None if self.rules.bandit else _PLAIN_LEGAL.get(id(roll))
        self.legal = self._legal_for(roll) if legal is None else legal
        self.phase = CHOOSE
        self.current_player = self.turn

    def _apply_outcome(self, outcome: Any) -> None:
        phase = self.phase
        if phase == ROLL:
            self._rolled(outcome)
        elif phase == STOCK:
            self._take_from_pile(outcome.bills)
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

    def _stock_done(self, drawn: int, total: int) -> bool:
        if self.rules.stock_rule == "count":
            return drawn >= self.rules.stock_amount
        return total >= self.rules.stock_amount

    def _sample_stock(self, bits: int) -> Stock:
        """The bills drawn for the casino being stocked; `drawn_pile` keeps what they take off the pile."""
        pile = list(self.pile)
        remaining = unseen = sum(pile)
        drawn: list[int] = []
        total = 0
        under = iter(self.under)
        by_count = self.rules.stock_rule == "count"
        amount = self.rules.stock_amount
        while (len(drawn) if by_count else total) < amount:  # `_stock_done`, inlined: stocking is frequent
            if remaining:
                if drawn:  # each bill after the first takes the bits mixed once more
                    bits = mix64(bits)
                pick = uniform_below(bits, remaining)
                index = 0
                while pick >= pile[index]:
                    pick -= pile[index]
                    index += 1
                pile[index] -= 1
                remaining -= 1
                bill = self.denominations[index]
            else:
                bill = next(under, 0)
                if not bill:
                    break
            drawn.append(bill)
            total += bill
        self.drawn_pile = (tuple(pile), len(drawn) - (unseen - remaining))
        key = tuple(drawn)
        stock = _STOCKS.get(key)
        if stock is None:
            stock = Stock(tuple(sorted(drawn, reverse=True)))
            if len(_STOCKS) < _STOCKS_LIMIT:
                _STOCKS[key] = stock
        return stock

    def _stock_distribution(self) -> dict[tuple[int, ...], Fraction]:
        """Exact probability of each multiset of bills this casino can receive."""
        results: dict[tuple[int, ...], Fraction] = {}
        pile = list(self.pile)

        def finish(drawn: list[int], total: int, chance: Fraction) -> None:
            for bill in self.under:
                if self._stock_done(len(drawn), total):
                    break
                drawn = [*drawn, bill]
                total += bill
            key = tuple(sorted(drawn, reverse=True))
            results[key] = results.get(key, Fraction(0)) + chance

        def draw(drawn: list[int], total: int, chance: Fraction, remaining: int) -> None:
            if self._stock_done(len(drawn), total):
                key = tuple(sorted(drawn, reverse=True))
                results[key] = results.get(key, Fraction(0)) + chance
                return
            if not remaining:
                finish(drawn, total, chance)
                return
            for index, count in enumerate(pile):
                if count:
                    pile[index] -= 1
                    bill = self.denominations[index]
                    draw([*drawn, bill], total + bill, chance * Fraction(count, remaining), remaining - 1)
                    pile[index] += 1

        draw([], 0, Fraction(1), sum(pile))
        return results

    def _check_stock(self, outcome: Any) -> None:
        expected = "the bills drawn for this casino, high to low"
        if not isinstance(outcome, Stock) or list(outcome.bills) != sorted(outcome.bills, reverse=True):
            raise IllegalAction(f"{expected}, are expected here, not {outcome}")
        bills = outcome.bills
        unseen = sum(self.pile)
        from_under = max(0, len(bills) - unseen)
        if from_under > len(self.under):
            raise IllegalAction(f"{expected}: only {unseen + len(self.under)} bills are left in the pile")
        needed = dict.fromkeys(self.denominations, 0)
        pool = dict(zip(self.denominations, self.pile))
        for bill in self.under[:from_under]:
            pool[bill] = pool.get(bill, 0) + 1
        for bill in bills:
            needed[bill] = needed.get(bill, 0) + 1
        if from_under:  # every unseen bill was drawn, then the first bills under the pile
            if {b: c for b, c in needed.items() if c} != {b: c for b, c in pool.items() if c}:
                raise IllegalAction(f"{expected}: {outcome} cannot come off the pile now")
            last = self.under[from_under - 1]
        else:
            if any(count > pool.get(bill, 0) for bill, count in needed.items()):
                raise IllegalAction(f"{expected}: {outcome} is not in the pile")
            last = bills[0] if bills else 0
        exhausted = len(bills) == unseen + len(self.under)
        total = sum(bills)
        if self.rules.stock_rule == "count":
            ok = len(bills) == min(self.rules.stock_amount, unseen + len(self.under))
            rule = f"{self.rules.stock_amount} bills"
        else:
            ok = (total >= self.rules.stock_amount and total - last < self.rules.stock_amount) or (
                exhausted and total < self.rules.stock_amount
            )
            rule = f"bills drawn one at a time until the casino holds ${self.rules.stock_amount:,}"
        if not ok:
            raise IllegalAction(f"{expected}: a casino gets {rule}; {outcome} does not fit")

    def _take_from_pile(self, bills: tuple[int, ...]) -> None:
        unseen = sum(self.pile)
        if len(bills) > unseen:
            self.pile = [0] * len(self.pile)
            del self.under[: len(bills) - unseen]
            return
        for bill in bills:
            self.pile[self.denominations.index(bill)] -= 1

    # ------------------------------------------------------------------ information
    def view(self, seat: int | None) -> dict[str, Any]:
        options = self.game.options  # a copy each time it is read
        rules = self.rules
        players = rules.players
        casinos = []
        for index in range(rules.casinos):
            entry: dict[str, Any] = {
                "casino": index + 1,
                "bandit": index == BANDIT_INDEX,
                "bills": sorted(self.casino_bills[index], reverse=True),
                "dice": _by_owner(self.dice[index], players),
            }
            if index == BANDIT_INDEX:
                entry["pips"] = _by_owner(self.pips, players)
                entry["faces"] = [f for f in range(1, 7) if self.bandit_faces >> f & 1]
            casinos.append(entry)
        return {
            "game": "lasvegas",
            "seat": seat,
            "rules": {
                k: options[k]
                for k in ("edition", "players", "dice_per_player", "biggie", "rounds", "neutral", "bandit")
            },
            "round": min(self.round + 1, rules.rounds),
            "phase": PHASES[self.phase],
            "current_player": self.current_player,
            "turn": self.turn,
            "first_player": self.first,
            "casinos": casinos,
            "players": [
                {
                    "seat": s,
                    "money": self.money[s],
                    "bills": len(self.won[s]),
                    "dice": self.own[s],
                    "biggie": self.biggie[s],
                    "neutral": self.neutral[s],
                }
                for s in range(players)
            ],
            "roll": self.roll.to_json() if self.roll is not None else None,
            "legal": [a.to_json() for a in self.legal],
            "pile": {
                "count": sum(self.pile) + len(self.under),
                "contents": {str(b): c for b, c in _count_bills(self.pile, self.denominations, self.under).items()},
            },
            "box": sorted(self.box, reverse=True),
            "winners": self.winners(),
            "last_round": None if self.last_round is None else _round_result(*self.last_round),
        }

    # ------------------------------------------------------------------ decoding and typed input
    def decode_step(self, data: Any) -> Place | Roll | Stock:
        phase = self.phase
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


_LEGAL: dict[Roll, tuple[Place, ...]] = {}
"""The placements each roll allows when the bandit is not played, kept once made (rolls repeat) up to
a bound."""
_LEGAL_LIMIT = 1 << 16


_STOCKS: dict[tuple[int, ...], Stock] = {}
"""A casino's bills by the order they were drawn in, kept once made up to a bound: a game stocks its
casinos about 24 times, from a handful of likely draws."""
_STOCKS_LIMIT = 1 << 16


def _shown(roll: Roll) -> int:
    """Bit f - 1 set for every face f (1-6) the roll shows."""
    shown = (1 << roll.biggie) >> 1
    for face in range(6):
        if roll.own[face] or roll.neutral[face]:
            shown |= 1 << face
    return shown


def _plain_roll(counts: Counts) -> Roll:
    """A roll of a seat's own dice only, without Biggie or neutral dice: most rolls of a game, made once
    each and shared (`roll_steps`)."""
    return Roll(counts, 0, NO_DICE)


PLAIN_ROLLS = tuple(roll_steps(_plain_roll, dice) for dice in range(9))
"""The plain rolls of 0 to 8 dice, at hand (`roll_steps` for more)."""

_PLAIN_LEGAL: dict[int, tuple[Place, ...]] = {}
"""The placements each of the shared plain rolls allows when the bandit is not played, by the roll's
identity: most rolls of a game are these objects, and looking one up by `id` skips hashing its counts.
`PLAIN_ROLLS` keeps them alive, so no other object can take one of their ids. Filled below, once
`_placements` is defined."""

ACTIONS = (*PLACE[1:], *BANDIT[1:])
"""The placements by action code, as the batch engine numbers them: 0-5 put the face 1-6 on its
casino, 6-11 on the bandit."""


@cache
def _placements(codes: int) -> tuple[Place, ...]:
    """The placements of the action codes set in `codes`, in code order."""
    return tuple(ACTIONS[a] for a in range(len(ACTIONS)) if codes >> a & 1)


_PLAIN_LEGAL.update((id(roll), _placements(_shown(roll))) for rolls in PLAIN_ROLLS for roll in rolls.steps)


@cache
def _seats_after(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, every seat in turn after it, ending with itself."""
    return tuple(tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players))


@lru_cache(maxsize=64)
def _bill_kinds(bills: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The denominations of a bill set, low to high, and how many bills of each it has."""
    denominations = tuple(sorted(set(bills)))
    return denominations, tuple(bills.count(d) for d in denominations)


def _table(dice: int) -> MultisetTable:
    return TABLES[dice] if dice < len(TABLES) else multiset_table(dice)


def _roll_words(own: int, big: int, neutral: int) -> str:
    parts = []
    if own:
        parts.append(f"{own} own {'die' if own == 1 else 'dice'}")
    if big:
        parts.append("the Biggie")
    if neutral:
        parts.append(f"{neutral} neutral {'die' if neutral == 1 else 'dice'}")
    return ", ".join(parts) or "no dice"


@cache
def _owner_labels(players: int) -> tuple[str, ...]:
    """How owners are named in views and events: seat numbers as strings, then "neutral"."""
    return (*map(str, range(players)), "neutral")


def _by_owner(counts: list[int], players: int) -> dict[str, int]:
    """The owners with a non-zero count, by label, in owner order."""
    return dict(compress(zip(_owner_labels(players), counts), counts))


def _casino_result(dice: list[int]) -> tuple[tuple[int, ...], tuple[str, ...], dict[str, int]]:
    """For the dice at one of the casinos 1-6 (counts by owner, the neutral owner last): the owners
    paid, best first (`rank_casino`), their labels, and the counts by label as the payout event shows
    them. Kept once worked out, up to a bound: every round scores six casinos and the same counts come
    back."""
    key = tuple(dice)
    result = _CASINO_RESULTS.get(key)
    if result is None:
        labels = _owner_labels(len(key) - 1)
        ranking = rank_casino(key)
        result = (ranking, tuple(labels[owner] for owner in ranking), _by_owner(dice, len(key) - 1))
        if len(_CASINO_RESULTS) < _CASINO_RESULTS_LIMIT:
            _CASINO_RESULTS[key] = result
    return result


_CASINO_RESULTS: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[str, ...], dict[str, int]]] = {}
_CASINO_RESULTS_LIMIT = 1 << 16


def _round_result(round_number: int, scored: list[tuple[dict[str, Any], list[int]]]) -> dict[str, Any]:
    """How each casino was scored at the end of the round, from its payout event (the view's
    `last_round`)."""
    casinos = []
    for event, untaken in scored:
        dice = event["dice"]
        bandit = event["casino"] == BANDIT_INDEX + 1
        owners = list(dice)
        casinos.append(
            {
                "casino": event["casino"],
                "bandit": bandit,
                "bills": list(event["bills"]),
                "dice": dict(dice),
                "paid": dict(event["paid"]),
                "cancelled": [] if bandit else [owners[i] for i in cancelled(list(dice.values()))],
                "untaken": list(untaken),
            }
        )
    return {"round": round_number, "casinos": casinos}


def _count_bills(pile: list[int], denominations: tuple[int, ...], under: list[int]) -> dict[int, int]:
    contents = dict(compress(zip(denominations, pile), pile))
    for bill in under:
        contents[bill] = contents.get(bill, 0) + 1
    return dict(sorted(contents.items()))


class LasVegasGame(RulesGame[LasVegasRules]):
    """Las Vegas with fixed rule options (see `rules.resolve_rules`)."""

    name = "lasvegas"
    resolve = staticmethod(resolve_rules)
    state_class = LasVegasState
