"""Last Chance as numbers.

Actions, with `L = bet_limit / 100` and `C = bid cap / 100`, where the bid cap is the table's starting
money (players × money): 0 pass, 1 Last Chance!, 2 no bet, 3 not yet (leave the jokers open), 4-9 lock
face 1-6, then L "yes" bets of $100 … bet_limit, L "no" bets likewise, then C bids of $100 … the cap.
A bid above the cap is not in the action space (passing and Last Chance! stay available, and no other
step is ever without an expressible action).

Rewards are money / starting money. The rules bound neither the money a seat can end with (the bank
pays side bets) nor the length of a game (attempts on a card can fail again and again), so
`return_range` (all starting money plus every payout) and `max_game_length` are nominal. A card drawn
and a roll (at most 252 multisets of 5 dice) are one chance part each.

Observation (`49 + 10 × players` numbers in [0, 1]); seats counted from the observer (0 = itself);
amounts of money m are squashed as m / (m + starting money):

| entries | meaning |
|---|---|
| 6 | phase one-hot: draw, auction, bets, roll, lock, over |
| 1 | a card is on the table |
| 6 + 1 | the card's pictured dice per face / 5, its jokers / 5 |
| 1 + 1 | its rolls / 10, its payout / the deck's highest payout |
| 6 + 1 + 6 | open pictured slots per face / 5, open jokers / 5, the joker lock's face one-hot |
| 2 | card number / cards, cards still to play / cards |
| 1 + players + 1 | auction: high bid (squashed), high bidder one-hot, passes in a row / players |
| players | the opener, one-hot |
| players + 1 + 1 | the roller one-hot, the bid in the bin (squashed), won by Last Chance! |
| 3 × players | side bets per seat: "yes" wager / bet limit, "no" wager / bet limit, chose no bet |
| 2 | rolls used / 10, rolls left / 10 |
| 6 + 6 | the last roll's dice per face / 5, its dice not placed per face / 5 |
| 4 × players | per seat: money (squashed), still in the game, cards won / cards, Last Chance! used |
"""

from __future__ import annotations

from typing import Any

from highroller.core.dice import multiset_table
from highroller.core.encoder import Encoder
from highroller.games.lastchance.cards import DICE_PER_CARD, MAX_ROLLS
from highroller.games.lastchance.rules import UNIT
from highroller.games.lastchance.steps import Bet, Bid, LastChance, Lock, Pass, Wait

PHASES = ("draw", "auction", "bets", "roll", "lock", "over")
FACES = 6
NOMINAL_LENGTH = 100_000
"""Failed attempts can repeat without end, so the game has no hard length bound; this is far beyond any
game seen in simulation."""
FIXED = (
    "pass",
    "Last Chance!",
    "no bet",
    "not yet (leave the jokers open)",
    *(f"lock {face}s on the jokers" for face in range(1, 7)),
)


def per_face(faces: list[int]) -> list[float]:
    """Dice per face 1-6, each / 5 (the dice on a card)."""
    counts = [0.0] * FACES
    for face in faces:
        counts[face - 1] += 1 / DICE_PER_CARD
    return counts


class LastChanceEncoder(Encoder):
    """The encoding documented in this module."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        rules = game.rules
        self.money: int = rules.money
        self.cards: int = rules.cards
        self.bet_limit: int = rules.bet_limit
        self.bet_steps = rules.bet_limit // UNIT
        self.bid_cap = rules.money * self.players
        self.top_payout = max(card.payout for card in rules.deck)
        self.deck_size = len(rules.deck)

    @property
    def observation_size(self) -> int:
        return 49 + 10 * self.players

    @property
    def action_names(self) -> tuple[str, ...]:
        wagers = range(UNIT, self.bet_limit + 1, UNIT)
        return (
            *FIXED,
            *(f"bet yes ${w:,}" for w in wagers),
            *(f"bet no ${w:,}" for w in wagers),
            *(f"bid ${b:,}" for b in range(UNIT, self.bid_cap + 1, UNIT)),
        )

    def action_index(self, action: Any) -> int | None:
        if isinstance(action, Pass):
            return 0
        if isinstance(action, LastChance):
            return 1
        if isinstance(action, Wait):
            return 3
        if isinstance(action, Lock):
            return 3 + action.face
        if isinstance(action, Bet):
            if not action.side:
                return 2
            return len(FIXED) + (0 if action.side == "yes" else self.bet_steps) + action.wager // UNIT - 1
        if isinstance(action, Bid) and action.amount <= self.bid_cap:
            return len(FIXED) + 2 * self.bet_steps + action.amount // UNIT - 1
        return None

    @property
    def reward_scale(self) -> float:
        return float(self.money)

    @property
    def return_range(self) -> tuple[float, float]:
        return 0.0, (self.players * self.money + self.cards * self.top_payout) / self.money

    @property
    def max_chance_part(self) -> int:
        return max(self.deck_size, len(multiset_table(DICE_PER_CARD).outcomes))

    @property
    def max_game_length(self) -> int:
        return NOMINAL_LENGTH

    def squash(self, amount: float) -> float:
        return amount / (amount + self.money)

    def features(self, view: dict[str, Any], seat: int) -> list[float]:
        players = self.players
        order = [(seat + offset) % players for offset in range(players)]
        auction = view["auction"]
        bets = view["bets"]
        side_bets: list[float] = []
        for other in order:
            bet = bets.get(str(other))
            side_bets += [
                bet["wager"] / self.bet_limit if isinstance(bet, dict) and bet["bet"] == "yes" else 0.0,
                bet["wager"] / self.bet_limit if isinstance(bet, dict) and bet["bet"] == "no" else 0.0,
                float(bet == "no bet"),
            ]
        seats: list[float] = []
        for other in order:
            player = view["players"][other]
            seats += [
                self.squash(player["money"]),
                float(player["active"]),
                len(player["cards"]) / self.cards,
                float(player["last_chance_used"]),
            ]
        roll = view["roll"] or []
        return [
            *(float(view["phase"] == name) for name in PHASES),
            *self._card(view["card"]),
            view["card_number"] / self.cards,
            view["cards_to_play"] / self.cards,
            self.squash(auction["high_bid"]),
            *self.one_hot_seat(seat, auction["high_bidder"]),
            auction["passes"] / players,
            *self.one_hot_seat(seat, view["opener"]),
            *self.one_hot_seat(seat, view["roller"]),
            self.squash(view["bid"]),
            float(view["last_chance"]),
            *side_bets,
            view["rolls_used"] / MAX_ROLLS,
            view["rolls_left"] / MAX_ROLLS,
            *per_face(roll),
            *per_face(view["unplaced"]),
            *seats,
        ]

    def _card(self, card: dict[str, Any] | None) -> list[float]:
        """The 23 entries describing the card on the table (zeros when there is none)."""
        if card is None:
            return [0.0] * 23
        dice = card["dice"].split()
        locked = [float(card["locked"] == face) for face in range(1, 7)]
        return [
            1.0,
            *per_face([int(d) for d in dice if d != "J"]),
            dice.count("J") / DICE_PER_CARD,
            card["rolls"] / MAX_ROLLS,
            card["payout"] / self.top_payout,
            *per_face(card["open"]["faces"]),
            card["open"]["jokers"] / DICE_PER_CARD,
            *locked,
        ]
