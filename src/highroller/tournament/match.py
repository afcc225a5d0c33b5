"""Playing one match: the game and the bots are rebuilt from plain values, so any worker can do it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from highroller.core.bots import BotFactory
from highroller.core.botspec import resolve_bot
from highroller.core.game import Game
from highroller.core.game_loop import bot_seed, play
from highroller.registry import game_spec
from highroller.tournament.schedule import Match


@dataclass(frozen=True)
class MatchResult:
    """What a match produced: each seat's bot, return (money or points) and share of the win."""

    deal: int
    seating: int
    seed: int
    bots: tuple[str, ...]
    returns: tuple[float, ...]
    wins: tuple[float, ...]
    """1/k for each of k winners sharing the win, 0 for the others."""


@lru_cache(maxsize=16)
def _game(name: str, options_json: str) -> Game:
    return game_spec(name).make(**json.loads(options_json))


@lru_cache(maxsize=64)
def _factory(name: str, description: str) -> tuple[BotFactory, tuple[tuple[str, Any], ...]]:
    factory, params = resolve_bot(game_spec(name), description)
    return factory, tuple(sorted(params.items()))


def play_match(name: str, options: Mapping[str, Any], match: Match) -> MatchResult:
    """Play `match` of the game `name` with the given options: bots seeded from the game seed and seat."""
    game = _game(name, json.dumps(dict(options), sort_keys=True))
    bots = []
    for seat, description in enumerate(match.bots):
        factory, params = _factory(name, description)
        bots.append(factory(bot_seed(match.seed, seat), **dict(params)))
    final = play(game, bots, seed=match.seed)
    winners = final.winners()
    wins = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(game.num_players))
    return MatchResult(match.deal, match.seating, match.seed, match.bots, tuple(final.returns()), wins)


def play_matches(name: str, options: Mapping[str, Any], matches: Sequence[Match]) -> list[MatchResult]:
    """Play several matches in order (the unit of work a worker receives)."""
    return [play_match(name, options, match) for match in matches]
