"""The Luckiest Dice batch engine: every game of a batch plays the same turn at once, in NumPy.

Built-in bots, as the step bots play: `random` (uniform among bank and the unused cards), `cautious`
(parameter `threshold`), `optimal` (the solved expected-score policy, read from `dense_policy`)
and `optimal-win` (the solved win policy: 2 players, and max-n for the games `maxn.store` covers, 3
players exactly and 4 and 5 on a coarse grid, each turn's choices solved once for every score
situation among the games; elsewhere the expected-score policy).

Every game draws from its own counter-based stream keyed by its seed (`highroller.batch.seeds.Streams`),
so a game's result depends only on its seed, never on the other games of its batch. A roll of n dice
is one exactly uniform number below 6**n read as the compiled kernels read it (`highroller.batch.rolls`);
a turn only needs how many of the dice match the bet card. `trace` plays the games again and writes
each roll's faces, for record export.
Extra result arrays: `round_points` [round, seat], `rolls` [seat] (rolls made), `busts` [seat].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from highroller.batch.engine import BatchResult, BotChoice, check_seats, win_shares
from highroller.batch.rolls import FACE_BITS, MAX_DICE, POWERS_OF_6, faces_of, read_rolls
from highroller.batch.seeds import Streams
from highroller.core.game import Game
from highroller.games.luckiest.cards import CARDS, card_masks
from highroller.games.luckiest.maxn import store
from highroller.games.luckiest.maxn.turn import flat_turn
from highroller.games.luckiest.model import BANK_CODE, TurnModel, turn_model
from highroller.games.luckiest.policy import win_solution
from highroller.games.luckiest.rules import DICE
from highroller.games.luckiest.solver import TurnValues, score_values
from highroller.games.luckiest.state import LuckiestGame

BANK = -1
CARD_COUNT = len(CARDS)
assert DICE <= MAX_DICE


@dataclass
class Turns:
    """The turn in progress in every game: dice left, cards used (bit mask and the model's index), points."""

    dice: np.ndarray
    used: np.ndarray
    used_index: np.ndarray
    points: np.ndarray


class Deck:
    """A face table's cards as arrays: match chance, points, face masks (one bit, and four bits, a
    face), class, and class order."""

    def __init__(self, game: LuckiestGame) -> None:
        faces = game.rules.faces
        self.model: TurnModel = turn_model(faces)
        self.masks = np.array(card_masks(faces), dtype=np.int64)
        self.nibbles = np.array(
            [sum(15 << (FACE_BITS * f) for f in range(6) if int(m) >> f & 1) for m in self.masks], dtype=np.int64
        )
        self.chance = np.array([int(m).bit_count() / 6 for m in self.masks])
        self.points = np.array([card.points for card in CARDS], dtype=np.int64)
        self.klass = np.array(self.model.class_of, dtype=np.int64)
        self.strides = np.array(self.model.strides, dtype=np.int64)[self.klass]
        key = self.chance * 100 + self.points
        self.cautious_order = np.argsort(-key, kind="stable")
        """Cards best first by (matching faces, points): the cautious bot's preference."""


def dense_policy(solved: TurnValues) -> np.ndarray:
    """The solved choices as one array indexed [column, dice left, used index, points]."""
    model = solved.model
    columns = solved.bust.shape[0]
    dense = np.full((columns, DICE + 1, model.used_size, model.points_cap(0) + 1), BANK_CODE, dtype=np.int8)
    for (dice, used), codes in solved.codes.items():
        dense[:, dice, model.used_index(used), : codes.shape[0]] = np.broadcast_to(codes, (codes.shape[0], columns)).T
    return dense


def _first_unused(deck: Deck, used: np.ndarray, candidates: Sequence[int]) -> np.ndarray:
    """The first card of `candidates` not in each game's used mask (-1 if none)."""
    chosen = np.full(used.shape, -1, dtype=np.int64)
    for card in reversed(candidates):
        chosen = np.where((used >> card) & 1 == 0, card, chosen)
    return chosen


def _roll(streams: Streams, games: np.ndarray, dice: np.ndarray) -> np.ndarray:
    """A roll of each game's dice from its stream, packed (`highroller.batch.rolls`)."""
    return read_rolls(streams.below(games, POWERS_OF_6[dice]), dice)


def _matches(deck: Deck, cards: np.ndarray, packed: np.ndarray) -> np.ndarray:
    """How many dice of each roll the bet card matches: the sum of its faces' counts, which is the
    masked counts modulo 15 (16 is 1 modulo 15, and the sum is at most DICE < 15)."""
    return (packed & deck.nibbles[cards]) % 15


def _random(streams: Streams, games: np.ndarray, turns: Turns) -> np.ndarray:
    unused = ((turns.used[:, None] >> np.arange(CARD_COUNT)) & 1) == 0
    can_bank = turns.used != 0
    pick = streams.below(games, unused.sum(axis=1) + can_bank)
    k = pick - can_bank
    card = np.argmax(np.cumsum(unused, axis=1) > k[:, None], axis=1)
    return np.where(k < 0, BANK, card)


def _cautious(deck: Deck, turns: Turns, threshold: int) -> np.ndarray:
    bank = (turns.used != 0) & (turns.points >= threshold)
    return np.where(bank, BANK, _first_unused(deck, turns.used, list(deck.cautious_order)))


def _solved(deck: Deck, turns: Turns, dense: np.ndarray, columns: np.ndarray, states: np.ndarray | None) -> np.ndarray:
    """The solved policy's cards: `dense[column, dice, used index, points]`, or with `states` (the flat
    number of each such turn state) `dense[column, flat state]`."""
    if states is None:
        codes = dense[columns, turns.dice, turns.used_index, turns.points].astype(np.int64)
    else:
        codes = dense[columns, states[turns.dice, turns.used_index, turns.points]].astype(np.int64)
    cards = np.full(codes.shape, BANK, dtype=np.int64)
    for j, klass in enumerate(deck.model.classes):
        mine = codes == j
        cards[mine] = _first_unused(deck, turns.used[mine], klass.cards)
    return np.where(codes == BANK_CODE, BANK, cards)


class LuckiestBatch:
    """The engine object the spec names (see the module docstring)."""

    bots: Mapping[str, tuple[str, ...]] = {"random": (), "cautious": ("threshold",), "optimal": (), "optimal-win": ()}
    threads = False

    def run(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> BatchResult:
        return self._play(game, bots, np.asarray(seeds, dtype=np.int64), params, None)

    def trace(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None = None,
    ) -> list[list[dict[str, Any]]]:
        log: list[list[dict[str, Any]]] = [[] for _ in seeds]
        self._play(game, bots, np.asarray(seeds, dtype=np.int64), params, log)
        return log

    def bytes_per_game(self, game: Game) -> int:
        assert isinstance(game, LuckiestGame), "this engine plays Luckiest Dice"
        rules = game.rules
        return 8 * (6 + rules.players * (3 + rules.rounds))  # the turn, the stream's key and counter, the results

    def comparisons(self, rates: Mapping[str, float], seconds: float) -> list[tuple[str, str]]:
        return []

    def _play(
        self,
        game: Game,
        bots: Sequence[BotChoice],
        seeds: np.ndarray,
        params: Sequence[Mapping[str, Any]] | None,
        log: list[list[dict[str, Any]]] | None,
    ) -> BatchResult:
        """Play one game per seed (each step appended to its game's list in `log`, if given)."""
        assert isinstance(game, LuckiestGame), "this engine plays Luckiest Dice"
        rules = game.rules
        players, count = rules.players, seeds.shape[0]
        check_seats(players, bots, params)
        deck = Deck(game)
        streams = Streams(seeds)
        seat_params = list(params) if params is not None else [{} for _ in bots]
        round_points = np.zeros((count, rules.rounds, players), dtype=np.int64)
        rolls = np.zeros((count, players), dtype=np.int64)
        busts = np.zeros((count, players), dtype=np.int64)
        for round_number in range(rules.rounds):
            for seat in range(players):
                totals = round_points.sum(axis=1)
                points, made, bust = self._turn(
                    deck, rules, bots[seat], seat_params[seat], round_number, seat, totals, streams, log
                )
                round_points[:, round_number, seat] = points
                rolls[:, seat] += made
                busts[:, seat] += bust
        totals = round_points.sum(axis=1)
        best = totals == totals.max(axis=1, keepdims=True)
        extra = {"round_points": round_points, "rolls": rolls, "busts": busts}
        return BatchResult(seeds, totals.astype(np.float64), win_shares(best), extra)

    def _turn(
        self,
        deck: Deck,
        rules: Any,
        bot: BotChoice,
        bot_params: Mapping[str, Any],
        round_number: int,
        seat: int,
        totals: np.ndarray,
        streams: Streams,
        log: list[list[dict[str, Any]]] | None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One turn of `seat` in every game: (points banked, rolls made, busted) per game."""
        count = totals.shape[0]
        turns = Turns(
            np.full(count, DICE),
            np.zeros(count, dtype=np.int64),
            np.zeros(count, dtype=np.int64),
            np.zeros(count, dtype=np.int64),
        )
        dense, columns, states = self._policy(deck, rules, bot, round_number, seat, totals)
        result = np.zeros(count, dtype=np.int64)
        rolls = np.zeros(count, dtype=np.int64)
        bust = np.zeros(count, dtype=np.int64)
        live = np.arange(count)
        while live.size:
            mine = Turns(turns.dice[live], turns.used[live], turns.used_index[live], turns.points[live])
            if bot == "random":
                action = _random(streams, live, mine)
            elif bot == "cautious":
                action = _cautious(deck, mine, int(bot_params.get("threshold", 10)))
            else:
                action = _solved(deck, mine, dense, columns[live], states)
            banking = action == BANK
            result[live[banking]] = mine.points[banking]
            if log is not None:
                for g in live[banking]:
                    log[g].append({"seat": seat, "action": "bank"})
            live, card = live[~banking], action[~banking]
            packed = _roll(streams, live, turns.dice[live])
            matches = _matches(deck, card, packed)
            rolls[live] += 1
            if log is not None:
                _log_rolls(log, live, card, packed, seat)
            turns.used[live] |= 1 << card
            turns.used_index[live] += deck.strides[card]
            turns.dice[live] -= matches
            turns.points[live] += matches * deck.points[card]
            scored = matches > 0
            bust[live[~scored]] = 1
            live = live[scored]
            done = turns.dice[live] == 0
            result[live[done]] = turns.points[live[done]]
            live = live[~done]
        return result, rolls, bust

    def _policy(
        self, deck: Deck, rules: Any, bot: BotChoice, round_number: int, seat: int, totals: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """The solved policy for this turn, each game's column in it, and the flat numbering of turn
        states where the policy is indexed by it (see `_solved`; unused for other bots)."""
        count = totals.shape[0]
        if bot == "optimal-win" and rules.players == 2:
            solution = win_solution(rules.faces, rules.rounds)
            span = solution.span
            dense = dense_policy(solution.turn(2 * round_number + seat, np.arange(-span, span + 1)))
            return dense, totals[:, seat] - totals[:, 1 - seat] + span, None
        if bot == "optimal-win" and store.covered(rules.players, rules.rounds):
            maxn = store.solution(rules.faces, rules.players, rules.rounds)
            unique, columns = np.unique(totals[:, 1:] - totals[:, :1], axis=0, return_inverse=True)
            choices = maxn.choices(rules.players * round_number + seat, unique)
            return choices, columns.ravel(), flat_turn(rules.faces, DICE).numbers(deck.model)
        if bot in ("optimal", "optimal-win"):
            return dense_policy(score_values(rules.faces)), np.zeros(count, dtype=np.int64), None
        return np.zeros((1, 1, 1, 1), dtype=np.int8), np.zeros(count, dtype=np.int64), None


def _log_rolls(
    log: list[list[dict[str, Any]]], games: np.ndarray, cards: np.ndarray, packed: np.ndarray, seat: int
) -> None:
    """Record each game's bet and roll."""
    for g, card, roll in zip(games, cards, packed):
        log[g].append({"seat": seat, "action": {"bet": CARDS[card].id}})
        log[g].append({"chance": {"roll": faces_of(int(roll))}})


ENGINE = LuckiestBatch()
