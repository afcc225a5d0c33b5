"""The shared API checker: the promises every game makes, tested on random play.

Every registered game runs it in the test suite for each option set in its spec's `checker_configs`,
so a new game gets these checks by registering. Call `check_game(game)` yourself while writing one;
it raises `AssertionError` with the first broken promise:

- a decision lists at least one legal action, each with a readable text and a JSON form that decodes back;
- a chance step's outcomes have probabilities summing to 1, and a sampled outcome is one of them;
- `sample_chance()` is a pure function of the state: asking twice gives the same outcome;
- a refused action or outcome raises `IllegalAction` and changes nothing (state, views, record);
- JSON `true` (or `false` for a 0) in place of any integer of a step's JSON is never read as that number:
  decoding it is refused, or gives another step, or a step the state refuses; the state stays unchanged;
- `clone()` is independent of the original both ways: playing on in a clone leaves the original as it
  was (its record, every view and its legal steps), and playing on in the original leaves a clone alone;
- `view(seat)` is JSON-able, keeps to the game's declared view type (`view_type`: its JSON Schema, see
  `highroller.core.viewschema`) at every step, for every seat and a spectator; it never shows the seed
  (it fixes the future: reseeding the state must not change any view, whatever the seed) and does not
  change when everything the seat cannot know is redrawn (`resample`);
- the record survives JSON and replays to an equal state with equal views; the same seed and the
  same bots give the same record;
- the game ends, `returns()` has one score per seat and `winners()` names seats.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from highroller.core.bots import RandomBot
from highroller.core.errors import IllegalAction
from highroller.core.game import Game
from highroller.core.game_loop import play
from highroller.core.record_format import replay_game
from highroller.core.rng import derive_seed
from highroller.core.state import CHANCE, JSON, TERMINAL, State, Step
from highroller.core.values import is_whole
from highroller.core.viewschema import view_errors

MAX_OUTCOMES_CHECKED = 20_000
"""Chance steps with more outcomes than this skip the full enumeration check (it still must work)."""
CLONE_PLAYOUT = 6
"""Steps played on in a clone before the original is compared with what it was."""


class _Junk:
    """An object no game accepts as an action or outcome."""

    def __str__(self) -> str:
        return "junk"

    def to_json(self) -> str:
        return "junk"


def _snapshot(state: State) -> tuple[Any, ...]:
    """Everything the API shows of a state: its record, every view, who is to move and what is legal."""
    views = [json.dumps(state.view(s), sort_keys=True) for s in [None, *range(state.game.num_players)]]
    legal = [str(step) for step in state.legal_actions()]
    return json.dumps(state.record(), sort_keys=True), views, state.current_player, legal


def _check_refusals(state: State, encoded: Sequence[tuple[Step, JSON]] = ()) -> None:
    """Junk is refused, and so is `encoded` steps' JSON with a bool for an integer; neither leaves a trace."""
    before = _snapshot(state)
    for junk in (_Junk(), None, 12345):
        try:
            state.apply(junk)  # type: ignore[arg-type]
        except IllegalAction as error:
            assert str(error), "IllegalAction needs a message saying what is legal"
        else:
            raise AssertionError(f"{junk!r} was accepted at {state.current_player}")
        assert _snapshot(state) == before, "a refused step changed the state"
    if encoded:
        _check_bools_refused(state, encoded)
        assert _snapshot(state) == before, "decoding a step's JSON with a bool in it changed the state"


def _bool_variants(data: JSON) -> Iterator[JSON]:
    """Copies of `data` with one integer (at any depth) replaced by `True`, and a 0 also by `False`."""
    if is_whole(data):
        yield True
        if data == 0:
            yield False
    elif isinstance(data, list):
        for index, item in enumerate(data):
            for variant in _bool_variants(item):
                yield [*data[:index], variant, *data[index + 1 :]]
    elif isinstance(data, dict):
        for key, item in data.items():
            for variant in _bool_variants(item):
                yield {**data, key: variant}


def _refuses(state: State, step: Step) -> bool:
    """Whether applying `step` to a copy of `state` raises `IllegalAction`."""
    try:
        state.clone().apply(step)
    except IllegalAction:
        return True
    return False


def _check_bools_refused(state: State, encoded: Sequence[tuple[Step, JSON]]) -> None:
    """For each (step, its JSON): no copy of the JSON with a bool for an integer decodes to that step
    unless the state then refuses it (JSON `true` is never read as 1, nor `false` as 0)."""
    for step, data in encoded:
        for variant in _bool_variants(data):
            try:
                decoded = state.decode_step(variant)
            except IllegalAction:
                continue
            assert decoded != step or _refuses(state, decoded), (
                f"{variant} is read as {data}: JSON true/false taken for a number"
            )


def _check_chance_step(state: State, enumerate_outcomes: bool) -> list[tuple[Step, JSON]]:
    """Check the chance step; returns the sampled outcome with its JSON."""
    outcome = state.sample_chance()
    assert outcome == state.sample_chance(), "sample_chance() is not a pure function of the state"
    assert str(outcome), "a chance outcome needs a readable str()"
    data = json.loads(json.dumps(outcome.to_json()))
    assert state.decode_step(data) == outcome, "outcome JSON does not decode back"
    if enumerate_outcomes:
        outcomes = state.chance_outcomes()
        if len(outcomes) <= MAX_OUTCOMES_CHECKED:
            total = sum(p for _, p in outcomes)
            assert abs(total - 1.0) < 1e-9, f"chance probabilities sum to {total}"
            assert all(p > 0 for _, p in outcomes), "a listed outcome has probability 0"
            assert outcome in {o for o, _ in outcomes}, f"sampled outcome {outcome} is not listed"
    return [(outcome, data)]


def _check_decision(state: State, rng: random.Random) -> list[tuple[Step, JSON]]:
    """Check the decision; returns each legal action with its JSON."""
    legal = state.legal_actions()
    assert legal, f"seat {state.current_player} must have a legal action"
    assert len(set(legal)) == len(legal), "legal actions repeat"
    encoded = [(action, json.loads(json.dumps(action.to_json()))) for action in legal]
    for action, data in encoded:
        assert str(action), "an action needs a readable str()"
        assert state.decode_step(data) == action, f"{action} JSON does not decode back"
    return encoded


def _play_on(state: State, rng: random.Random, steps: int) -> None:
    """Apply up to `steps` random legal steps (chance included) to `state`."""
    for _ in range(steps):
        if state.current_player == TERMINAL:
            return
        chance = state.current_player == CHANCE
        state.apply(state.sample_chance() if chance else rng.choice(state.legal_actions()))


def _check_clone(state: State, rng: random.Random) -> tuple[State, tuple[Any, ...]]:
    """Playing on in a clone leaves the original as it was. Returns a fresh clone and its snapshot, for
    the caller to hold while it plays on in the original (`_check_clone_kept`)."""
    before = _snapshot(state)
    copy = state.clone()
    assert _snapshot(copy) == before, "a clone differs from its original"
    _play_on(copy, rng, CLONE_PLAYOUT)
    assert _snapshot(state) == before, "playing on in a clone changed the original"
    return state.clone(), before


def _check_clone_kept(kept: State, before: tuple[Any, ...]) -> None:
    assert _snapshot(kept) == before, "playing on in the original changed a clone taken before it"


def _check_view_type(state: State, view_type: type | None) -> None:
    if view_type is None:
        return
    for seat in [None, *range(state.game.num_players)]:
        errors = view_errors(state.view(seat), view_type)
        assert not errors, f"view({seat}) breaks the declared {view_type.__name__}: " + "; ".join(errors[:5])


def _check_views(state: State, rng: random.Random) -> None:
    reseeded = state.clone()
    reseeded.seed = state.seed ^ (rng.getrandbits(62) | 1)
    for seat in [None, *range(state.game.num_players)]:
        text = json.dumps(state.view(seat), sort_keys=True)
        assert json.dumps(reseeded.view(seat), sort_keys=True) == text, (
            f"view({seat}) shows the seed (it changes when the seed does)"
        )
        if seat is not None:
            other = state.resample(seat, rng)
            assert json.dumps(other.view(seat), sort_keys=True) == text, (
                f"view({seat}) shows something seat {seat} cannot know"
            )


def check_random_game(game: Game, seed: int, *, deep: bool = True, view_type: type | None = None) -> State:
    """Play one random game, checking every step (every view against `view_type`, when given); returns
    the final state."""
    rng = random.Random(seed)
    bots = [RandomBot(derive_seed(seed, "checker", s)) for s in range(game.num_players)]
    state = game.new_game(seed)
    steps = 0
    while state.current_player != TERMINAL:
        steps += 1
        assert steps < 100_000, "the game does not end"
        chance = state.current_player == CHANCE
        encoded = _check_chance_step(state, enumerate_outcomes=deep) if chance else _check_decision(state, rng)
        _check_view_type(state, view_type)
        if deep:
            _check_refusals(state, encoded)
            _check_views(state, rng)
            held = _check_clone(state, rng)
        else:
            _check_bools_refused(state, encoded)
        state.apply(state.sample_chance() if chance else bots[state.current_player].choose(state))
        if deep:
            _check_clone_kept(*held)
    _check_view_type(state, view_type)
    _check_refusals(state)
    returns = state.returns()
    assert len(returns) == game.num_players, "returns() needs one score per seat"
    winners = state.winners()
    assert all(0 <= w < game.num_players for w in winners), "winners() must name seats"
    return state


def check_replay(state: State) -> None:
    """The record survives JSON and replays to an equal state, every prefix included."""
    record = json.loads(json.dumps(state.record()))
    again = replay_game(state.game, record)
    assert again == state, "replaying the record does not give the same state"
    assert again.record() == record, "the replayed state's record differs"
    for seat in [None, *range(state.game.num_players)]:
        assert again.view(seat) == state.view(seat), f"replayed view({seat}) differs"
    middle = len(record["steps"]) // 2
    partial = replay_game(state.game, record, upto=middle)
    assert partial.history == state.history[:middle], "a partial replay has the wrong history"


def check_determinism(game: Game, seed: int) -> None:
    """Same seed and same bots: the same game."""
    first = play(game, [RandomBot(derive_seed(seed, s)) for s in range(game.num_players)], seed=seed)
    second = play(game, [RandomBot(derive_seed(seed, s)) for s in range(game.num_players)], seed=seed)
    assert first.record() == second.record(), "the same seed and actions gave different games"


def check_game(game: Game, *, view_type: type | None = None, games: int = 3, seed: int = 1) -> None:
    """Run every check on `games` random games (the first one step by step in depth); `view_type` is the
    game's declared view (its spec's `view`), which every view of every step must keep to."""
    for number in range(games):
        state = check_random_game(game, derive_seed(seed, number), deep=number == 0, view_type=view_type)
        check_replay(state)
    check_determinism(game, seed)
