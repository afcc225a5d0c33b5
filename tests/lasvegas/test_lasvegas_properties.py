"""Hypothesis properties of Las Vegas over random options, seeds and play."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.games.lasvegas.state import LasVegasState
from highroller.games.lasvegas.steps import Place

OPTION_SETS = st.one_of(
    st.builds(lambda p: {"edition": "classic", "players": p}, st.integers(2, 5)),
    st.builds(lambda p: {"edition": "biggie", "players": p}, st.integers(2, 6)),
    st.builds(
        lambda p, e: {"edition": e, "players": p, "neutral": True},
        st.integers(2, 4),
        st.sampled_from(["classic", "biggie"]),
    ),
    st.builds(lambda p: {"edition": "biggie", "players": p, "bandit": True}, st.integers(2, 6)),
    st.builds(
        lambda d, r, u: {
            "edition": "classic",
            "players": 3,
            "dice_per_player": d,
            "rounds": r,
            "untaken": u,
            "biggie": True,
        },
        st.integers(1, 10),
        st.integers(1, 6),
        st.sampled_from(["under", "box"]),
    ),
)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_bills(state: LasVegasState) -> Counter:
    bills = Counter()
    for denomination, count in zip(state.denominations, state.pile):
        bills[denomination] += count
    bills.update(state.under)
    bills.update(state.box)
    for casino in state.casino_bills:
        bills.update(casino)
    for won in state.won:
        bills.update(won)
    return bills


def random_game(options: dict, seed: int, each_step=None) -> LasVegasState:
    game = hr.make("lasvegas", **options)
    bots = [RandomBot(seed + s) for s in range(game.num_players)]
    state = game.new_game(seed)
    while not state.is_terminal():
        if state.current_player == hr.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(bots[state.current_player].choose(state))
        if each_step:
            each_step(state)
    return state


@SETTINGS
@given(OPTION_SETS, st.integers(0, 2**32))
def test_bills_and_money_are_conserved(options: dict, seed: int) -> None:
    initial = Counter(hr.make("lasvegas", **options).options["bills"])
    previous_money = [0] * options["players"]

    def check(state: LasVegasState) -> None:
        nonlocal previous_money
        assert all_bills(state) == initial
        assert state.money == [sum(w) for w in state.won]
        assert all(now >= before for now, before in zip(state.money, previous_money))
        previous_money = list(state.money)

    final = random_game(options, seed, check)
    paid = sum(b for e in final.events if e["type"] == "payout" for o, b in e["paid"].items() if o != "neutral")
    assert paid == sum(final.money)


@SETTINGS
@given(OPTION_SETS, st.integers(0, 2**32))
def test_every_die_is_placed_every_round(options: dict, seed: int) -> None:
    final = random_game(options, seed)
    rules = final.rules
    per_round = rules.players * (rules.dice_per_player + 2 * rules.biggie + rules.neutral_dice) + rules.neutral_leftover
    for round_number in range(1, rules.rounds + 1):
        placed = sum(
            sum(e["dice"].values()) for e in final.events if e["type"] == "payout" and e["round"] == round_number
        )
        assert placed == per_round
    assert [e["round"] for e in final.events if e["type"] == "round"] == list(range(1, rules.rounds + 1))


@SETTINGS
@given(OPTION_SETS, st.integers(0, 2**32))
def test_same_seed_same_game_and_the_record_replays(options: dict, seed: int) -> None:
    first = random_game(options, seed)
    assert random_game(options, seed).record() == first.record()
    again = hr.replay(json.loads(json.dumps(first.record())))
    assert again == first and again.view(0) == first.view(0) and again.winners() == first.winners()


def test_a_games_events_are_its_own() -> None:
    """Changing one game's payout events changes no other game's, even one dealt the same."""
    first = random_game({"edition": "classic", "players": 4}, 7)
    payouts = [e for e in first.events if e["type"] == "payout"]
    expected = json.loads(json.dumps(random_game({"edition": "classic", "players": 4}, 7).events))
    for event in payouts:
        for key in ("dice", "paid", "bills"):
            event[key].clear()
    assert random_game({"edition": "classic", "players": 4}, 7).events == expected


def bill_places(state: LasVegasState) -> tuple:
    return (
        list(state.pile),
        list(state.under),
        list(state.box),
        [list(b) for b in state.casino_bills],
        [list(w) for w in state.won],
    )


@SETTINGS
@given(OPTION_SETS, st.integers(0, 2**32))
def test_a_sampled_chance_step_does_what_the_same_step_typed_in_does(options: dict, seed: int) -> None:
    """The state applies the rolls and bills it sampled itself in one call; the outcome decoded from its
    JSON (another object, checked and applied step by step) must leave the same position."""

    def compare(state: LasVegasState) -> None:
        if state.current_player != hr.CHANCE:
            return
        typed = state.clone()
        sampled = state.clone()
        step = sampled.sample_chance()
        sampled.apply(step)
        typed.apply(typed.decode_step(json.loads(json.dumps(step.to_json()))))
        assert bill_places(sampled) == bill_places(typed)
        assert sampled == typed and sampled.view(None) == typed.view(None) and sampled.events == typed.events

    random_game(options, seed, compare)


@SETTINGS
@given(OPTION_SETS, st.integers(0, 2**32), st.integers(0, 6), st.booleans())
def test_a_refused_placement_changes_nothing(options: dict, seed: int, face: int, bandit: bool) -> None:
    state = hr.make("lasvegas", **options).new_game(seed)
    rng = random.Random(seed)
    while state.current_player == hr.CHANCE or rng.random() < 0.8:
        if state.is_terminal():
            return
        state.apply(state.sample_chance() if state.current_player == hr.CHANCE else rng.choice(state.legal_actions()))
    action = Place(face, bandit)
    if state.is_terminal() or action in state.legal_actions():
        return
    before = json.dumps(state.record()), json.dumps(state.view(None))
    try:
        state.apply(action)
    except hr.IllegalAction as error:
        assert "legal:" in str(error)
    else:
        raise AssertionError(f"{action} was accepted")
    assert (json.dumps(state.record()), json.dumps(state.view(None))) == before


@SETTINGS
@given(OPTION_SETS, st.integers(0, 2**32))
def test_winners_have_the_most_money_then_the_most_bills(options: dict, seed: int) -> None:
    final = random_game(options, seed)
    best = max((m, len(w)) for m, w in zip(final.money, final.won))
    assert final.winners() == [s for s in range(final.rules.players) if (final.money[s], len(final.won[s])) == best]
    assert final.events[-1]["type"] == "end" and final.events[-1]["winners"] == final.winners()
