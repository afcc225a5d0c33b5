"""Luckiest Dice bots: `random` (from the core), `cautious` (banks at a points threshold), `optimal`
(the exact expected-score policy) and `optimal-win` (the win policy: exact with 2 players, max-n for 3
players up to 4 rounds, and max-n on a coarse grid of scores for 4 and 5 players up to 3 rounds;
elsewhere the expected-score policy)."""

from __future__ import annotations

import random

from highroller.core.game import Game
from highroller.core.state import State
from highroller.games.luckiest.cards import CARDS
from highroller.games.luckiest.faces import resolve_faces
from highroller.games.luckiest.maxn import store
from highroller.games.luckiest.policy import Action, score_choice, win_choice, win_covered
from highroller.games.luckiest.steps import BANK, Bet

CAUTIOUS_THRESHOLD = 10
"""The cautious bot's default: bank once the turn holds this many points (the best threshold for its
card choice: 9.31 expected points a turn)."""


class CautiousBot:
    """Banks once the turn's points reach `threshold`; otherwise bets on the card most likely to match
    (most matching faces, then most points; among equals at random)."""

    def __init__(self, seed: int, threshold: int = CAUTIOUS_THRESHOLD) -> None:
        self._rng = random.Random(seed)
        self.threshold = threshold

    def choose(self, state: State) -> Action:
        view = state.view(state.current_player)
        legal = state.legal_actions()
        if BANK in legal and view["points"] >= self.threshold:
            return BANK
        faces = resolve_faces(view["rules"]["faces"]).faces
        bets = [a for a in legal if isinstance(a, Bet)]

        def key(bet: Bet) -> tuple[int, int]:
            card = CARDS[bet.card]
            return sum(card.matches(face) for face in faces), card.points

        best = max(map(key, bets))
        return self._rng.choice([bet for bet in bets if key(bet) == best])


class OptimalBot:
    """Plays the solved policy that maximises the expected score of each turn."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: State) -> Action:
        return score_choice(state.view(state.current_player))


class OptimalWinBot:
    """Plays the solved policy that maximises its probability of winning: exactly with 2 players, as
    max-n with 3 (up to 4 rounds) and approximately with 4 and 5 (up to 3 rounds; `NotWarm` while a web
    server's warm-up still solves them); in other games the expected-score policy."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    @staticmethod
    def ready(game: Game) -> bool:
        """Whether the bot can move without solving first (`highroller.core.firsttime`)."""
        rules = game.options
        faces = resolve_faces(rules["faces"])
        return (
            not store.covered(rules["players"], rules["rounds"])
            or rules["players"] == 2
            or store.is_stored(faces, rules["players"], rules["rounds"])
        )

    def choose(self, state: State) -> Action:
        view = state.view(state.current_player)
        return win_choice(view) if win_covered(view) else score_choice(view)
