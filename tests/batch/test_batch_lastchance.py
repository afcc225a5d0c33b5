"""The Last Chance batch engine plays the step engine's game: same outcome distributions for the
random and odds bots at 2, 4 and 6 players (and a mixed table with the bidder), traced games that the
step engine replays exactly, the odds and bidder bots' choices equal to the step bots', the random
bot's choices within its range and drawn with the step bot's frequencies, results that do not
depend on chunks, and bad bots refused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest
from batch_stats import assert_same_means, replayed_games

import highroller as hr
from highroller.batch import ranges, runner
from highroller.batch.seeds import game_seeds
from highroller.core.game_loop import bot_seed
from highroller.core.state import CHANCE, State
from highroller.games.lastchance import batch
from highroller.games.lastchance.batch import ENGINE
from highroller.games.lastchance.bidding import BiddingBot
from highroller.games.lastchance.bots import OddsBot, RandomLastChanceBot
from highroller.games.lastchance.spec import SPEC
from highroller.games.lastchance.state import LastChanceState
from highroller.games.lastchance.steps import LAST_CHANCE, PASS, WAIT, Bet, Bid, Lock

BATCH_GAMES = 20_000
SEAT_STATS = ("attempts", "completed", "cards", "side_bets", "last_chance")
SMALL_DECK = [
    {"id": 1, "dice": "6 6 5 J J", "rolls": 2, "payout": 2500},
    {"id": 2, "dice": "1 1 1 1 J", "rolls": 4, "payout": 3000},
    {"id": 3, "dice": "J J J J J", "rolls": 3, "payout": 4000},
]

DISTRIBUTION_CASES = [
    ({"players": 2}, ["random"] * 2, 800),
    ({"players": 4}, ["random"] * 4, 600),
    ({"players": 6}, ["random"] * 6, 400),
    ({"players": 2}, ["odds"] * 2, 300),
    ({"players": 4}, ["odds"] * 4, 300),
    ({"players": 6}, ["odds"] * 6, 200),
    ({"players": 3, "money": 1000, "cards": 10, "bet_limit": 500}, ["odds", "random", "random"], 400),
    ({"players": 4}, ["bidder", "random", "odds", "random"], 200),
]


def _label(options: Mapping[str, Any], bots: Sequence[str]) -> str:
    return "-".join([*(f"{k}={v}" for k, v in options.items()), *bots])


def _state(state: State) -> LastChanceState:
    assert isinstance(state, LastChanceState)
    return state


def _step_stats(final: State) -> dict[str, list[float]]:
    """The batch engine's per-seat extras (and the cards completed at a first attempt), from the events."""
    players = final.game.num_players
    stats = {name: [0.0] * players for name in SEAT_STATS}
    tries: dict[int, int] = {}
    first_tries = 0
    for event in final.events:
        if event["type"] == "auction":
            stats["attempts"][event["roller"]] += 1
            stats["last_chance"][event["roller"]] += event["last_chance"]
            tries[event["card"]] = tries.get(event["card"], 0) + 1
        elif event["type"] == "card won":
            stats["completed"][event["seat"]] += 1
            first_tries += tries[event["card"]] == 1
        elif event["type"] == "settle":
            for move in event["transfers"]:
                if move["for"].endswith(" bet"):
                    for end, sign in ((move["from"], -1), (move["to"], 1)):
                        if isinstance(end, int):
                            stats["side_bets"][end] += sign * move["amount"]
    state = _state(final)
    stats["cards"] = [float(len(w)) for w in state.won]
    completed = {e["card"] for e in final.events if e["type"] == "card won"}
    stats["card_attempts"] = [float(tries.get(card.id, 0)) for card in state.rules.deck]
    stats["card_completed"] = [float(card.id in completed) for card in state.rules.deck]
    winners = final.winners()
    return {
        **stats,
        "wins": [1 / len(winners) if s in winners else 0.0 for s in range(players)],
        "money": final.returns(),
        "first_tries": [first_tries],
    }


def _first_tries(result: Any) -> np.ndarray:
    attempts, completed = result.extra["card_attempts"], result.extra["card_completed"]
    return ((attempts == 1) & (completed == 1)).sum(axis=1)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "bots", "step_games"), DISTRIBUTION_CASES, ids=[_label(o, b) for o, b, _ in DISTRIBUTION_CASES]
)
def test_outcome_distributions_agree(options: dict, bots: list[str], step_games: int) -> None:
    game = hr.make("lastchance", **options)
    finals = [hr.play(game, bots, seed=seed) for seed in range(step_games)]
    step = {
        name: np.array([_step_stats(f)[name] for f in finals]) for name in (*SEAT_STATS, "wins", "money", "first_tries")
    }
    result = ENGINE.run(game, bots, game_seeds(13, 0, BATCH_GAMES))
    assert_same_means("mean money per seat", step["money"], result.returns)
    assert_same_means("win rate per seat", step["wins"], result.wins)
    for name in SEAT_STATS:
        assert_same_means(f"{name} per seat", step[name], result.extra[name])
    assert_same_means("attempts per game", step["attempts"].sum(axis=1), result.extra["card_attempts"].sum(axis=1))
    assert_same_means("cards completed at a first attempt", step["first_tries"], _first_tries(result))
    assert np.all(result.extra["card_completed"].sum(axis=1) <= game.options["cards"])


REPLAY_CASES = [
    ({"players": 2}, ["odds", "random"]),
    ({"players": 4, "first_player": 2}, ["random", "bidder", "odds", "random"]),
    ({"players": 6, "money": 300, "cards": 36}, ["odds", "random"] * 3),
    ({"players": 3, "deck": SMALL_DECK, "bet_limit": 200}, ["random", "odds", "bidder"]),
]


@pytest.mark.parametrize(
    ("options", "bots"),
    REPLAY_CASES,
    ids=[_label({k: v for k, v in o.items() if k != "deck"}, b) for o, b in REPLAY_CASES],
)
def test_exported_records_replay_exactly(options: dict, bots: list[str]) -> None:
    game = hr.make("lastchance", **options)
    seeds = game_seeds(5, 0, 12)
    for number, replayed, result in replayed_games(ENGINE, game, bots, seeds):
        stats = _step_stats(replayed)
        assert stats["wins"] == result.wins[number].tolist()
        for name in (*SEAT_STATS, "card_attempts", "card_completed"):
            assert stats[name] == result.extra[name][number].tolist(), name
        assert result.extra["first_player"][number] == _state(game.new_game(int(seeds[number]))).opener


def _odds_bots(bots: Sequence[str], params: Sequence[Mapping[str, Any]]) -> dict[int, OddsBot]:
    """The step versions of the seats' deterministic bots."""
    factories = {"odds": OddsBot, "bidder": BiddingBot}
    return {
        seat: factories[name](bot_seed(0, seat), **params[seat]) for seat, name in enumerate(bots) if name in factories
    }


def _random_choice_in_range(state: State, action: Any) -> bool:
    """Whether the random bot could choose this action here."""
    view = state.view(state.current_player)
    if isinstance(action, Bid):
        return action.amount <= view["card"]["payout"]
    if action == LAST_CHANCE:
        return view["players"][view["seat"]]["money"] < 1000
    return not isinstance(action, Bet) or action.wager <= 500


@pytest.mark.parametrize("players", [2, 4, 6])
def test_choices_are_the_step_bots(players: int) -> None:
    game = hr.make("lastchance", players=players)
    bots = ["odds", "bidder", "random", "odds", "bidder", "random"][:players]
    params = [{"share": 0.7, "edge": 0.2}, {"premium": 0.5, "leak": 0.2, "kelly": 1}, {}, {}, {}, {}][:players]
    seeds = game_seeds(8, 0, 10)
    checked = 0
    for seed, steps in zip(seeds, ENGINE.trace(game, bots, seeds, params)):
        state = game.new_game(int(seed))
        deciders = _odds_bots(bots, params)
        for entry in steps:
            if state.current_player == CHANCE:
                state.apply(state.decode_step(entry["chance"]))
                continue
            chosen = state.decode_step(entry["action"])
            seat = state.current_player
            if seat in deciders:
                assert deciders[seat].choose(state) == chosen
                checked += 1
            else:
                assert _random_choice_in_range(state, chosen)
            state.apply(chosen)
        assert state.is_terminal()
    assert checked > 100


def _features(state: State, action: Any) -> tuple[str, list[float]]:
    """A choice as numbers, by phase: auction (pass, "Last Chance!", bid over the lowest), side bet
    (none, "yes", wager) or joker lock (wait, face)."""
    phase = state.view(None)["phase"]
    if phase == "auction":
        lowest = max(100, _state(state).high_bid + 100)
        return phase, [action == PASS, action == LAST_CHANCE, action.amount - lowest if isinstance(action, Bid) else 0]
    if phase == "bets":
        return phase, [not action.side, action.side == "yes", action.wager]
    return phase, [action == WAIT, action.face if isinstance(action, Lock) else 0]


def test_random_choices_are_drawn_as_the_step_bot_draws_them() -> None:
    """In the situations of traced games, the batch's random choices and the step bot's have the same
    means (pass, bid, call, bet and lock rates, bid and wager sizes)."""
    game = hr.make("lastchance", players=5, money=1200)
    seeds = game_seeds(4, 0, 60)
    samples: dict[str, tuple[list[list[float]], list[list[float]]]] = {}
    for seed, steps in zip(seeds, ENGINE.trace(game, ["random"] * 5, seeds)):
        state = game.new_game(int(seed))
        step_bots = [RandomLastChanceBot(bot_seed(int(seed), seat)) for seat in range(5)]
        for entry in steps:
            if state.current_player == CHANCE:
                state.apply(state.decode_step(entry["chance"]))
                continue
            chosen = state.decode_step(entry["action"])
            phase, ours = _features(state, chosen)
            _, theirs = _features(state, step_bots[state.current_player].choose(state))
            samples.setdefault(phase, ([], []))[0].append(theirs)
            samples[phase][1].append(ours)
            state.apply(chosen)
    for phase, (step, batch_choices) in samples.items():
        assert len(step) > 200, phase
        assert_same_means(f"random {phase} choices", np.array(step), np.array(batch_choices))


def test_long_games_are_traced_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    game = hr.make("lastchance", players=4)
    seeds = game_seeds(3, 0, 6)
    whole = ENGINE.trace(game, ["odds"] * 4, seeds)
    monkeypatch.setattr(batch, "LOG_STEPS", 40)
    assert ENGINE.trace(game, ["odds"] * 4, seeds) == whole
    assert all(len(steps) > 40 for steps in whole)


@pytest.mark.slow  # several processes
def test_results_do_not_depend_on_chunks_or_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    game = hr.make("lastchance", players=5)
    bots = ["random", "odds", "random", "odds", "random"]
    whole = ENGINE.run(game, bots, game_seeds(9, 0, 150))
    monkeypatch.setattr(runner, "CHUNK", 40)  # the series split in ranges of 40 games
    monkeypatch.setattr(ranges, "CHUNK", 40)  # each played 40 at a time
    split = runner.run_series(SPEC.batch, game, bots, 9, 150, processes=2)
    assert np.array_equal(whole.returns, split.returns)
    assert np.array_equal(whole.extra["card_attempts"], split.extra["card_attempts"])


def test_bad_bots_are_refused() -> None:
    game = hr.make("lastchance", players=2)
    seeds = game_seeds(1, 0, 4)
    with pytest.raises(ValueError, match="batch bots: random, odds, bidder"):
        ENGINE.run(game, ["odds", "greedy"], seeds)
    with pytest.raises(ValueError, match="batch bots"):
        ENGINE.run(game, ["odds", lambda view: np.zeros(1)], seeds)
    with pytest.raises(ValueError, match="the odds bot takes share, edge; not depth"):
        ENGINE.run(game, ["odds", "odds"], seeds, [{"depth": 3}, {}])
    with pytest.raises(ValueError, match="the random bot takes no parameters"):
        ENGINE.trace(game, ["random", "odds"], seeds, [{"share": 1}, {}])
    with pytest.raises(ValueError, match="kelly is a number"):
        ENGINE.run(game, ["bidder", "odds"], seeds, [{"kelly": "half"}, {}])
    with pytest.raises(ValueError, match="2 seats need 2 bots"):
        ENGINE.run(game, ["odds"] * 3, seeds)


def test_memory_per_game_is_small() -> None:
    assert ENGINE.bytes_per_game(hr.make("lastchance", players=6)) < 2048
