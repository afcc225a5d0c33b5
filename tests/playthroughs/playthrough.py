"""Golden playthroughs: a seeded game written out step by step as text, so that any change of a
game's behaviour shows up as a readable diff (in the spirit of OpenSpiel's playthroughs).

Each game keeps its own in its folder (the spec's `playthroughs`): `playthroughs.json` lists them,
and each one's text is beside it, `<name>.txt`. Every registered game's are found here.

For every step: who decides (a seat, or chance), the legal actions with their JSON, or the chance
outcomes with their probabilities (all of them when there are few, else their count and the most
likely), the step taken and its words, the events it caused, and what changed in every seat's view
(the spectator's view a top-level key a line, in full at the start and then the keys that changed;
each seat's view where it differs from the spectator's). Seeded random bots choose, so the file pins
down the rules, the legal-action order, the chance draws, the words and the views.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.rng import derive_seed
from highroller.core.state import CHANCE, State
from highroller.registry import narration_of

SHOWN_OUTCOMES = 12
"""Chance steps with more outcomes than this show their count and the most likely ones."""
LIST = "playthroughs.json"
"""The file of a game's playthroughs folder that lists them."""
ENTRY_KEYS = {"name", "options", "seed"}


@dataclass(frozen=True)
class Playthrough:
    """One golden file: a game with its options, played from `seed`, kept in `folder`."""

    name: str
    game: str
    folder: Traversable
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1

    @property
    def file_name(self) -> str:
        return f"{self.name}.txt"

    @property
    def golden(self) -> Traversable:
        """The file holding the playthrough's text."""
        return self.folder.joinpath(self.file_name)


def playthroughs_folder(game: str) -> Traversable | None:
    """The folder of a registered game's playthroughs (its spec's `playthroughs`), None without one."""
    named = hr.game_spec(game).playthroughs
    if not named:
        return None
    package, _, folder = named.partition(":")
    return files(package).joinpath(folder)


def playthroughs_of(game: str) -> tuple[Playthrough, ...]:
    """A registered game's playthroughs, as its `playthroughs.json` lists them."""
    folder = playthroughs_folder(game)
    if folder is None:
        return ()
    entries = json.loads(folder.joinpath(LIST).read_text(encoding="utf-8"))
    if not isinstance(entries, list):
        raise ValueError(f'{game}\'s {LIST} is a list of {{"name", "options", "seed"}}, not {type(entries).__name__}')
    found = []
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or not set(entry) <= ENTRY_KEYS:
            raise ValueError(
                f'a playthrough of {game}\'s {LIST} has a "name" and may have "options" and "seed", not {entry!r}'
            )
        found.append(
            Playthrough(entry["name"], game, folder, dict(entry.get("options", {})), int(entry.get("seed", 1)))
        )
    return tuple(found)


PLAYTHROUGHS = tuple(playthrough for game in hr.available_games() for playthrough in playthroughs_of(game))
"""Every registered game's playthroughs: its presets, variants and player counts worth a file."""


def compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def plain(text: str | None) -> str | None:
    """A narration's words on one line; None for silence."""
    if text is None:
        return None
    words = str(text).strip()
    return " / ".join(line.strip() for line in words.splitlines()) or None


def write(playthrough: Playthrough) -> str:
    """The text of a playthrough (what its golden file holds)."""
    return "\n".join(_lines(playthrough)) + "\n"


def _lines(playthrough: Playthrough) -> Iterator[str]:
    game = hr.make(playthrough.game, **playthrough.options)
    narration = narration_of(playthrough.game)
    names = [f"Seat {seat + 1}" for seat in range(game.num_players)]
    bots = [RandomBot(derive_seed(playthrough.seed, "playthrough", seat)) for seat in range(game.num_players)]
    state = game.new_game(playthrough.seed)
    yield f"# {playthrough.name}: {playthrough.game} played from seed {playthrough.seed} by seeded random bots"
    yield f"options = {compact(game.options)}"
    shown: dict[str | int | None, dict[str, str]] = {}
    yield from _views(state, shown)
    while not state.is_terminal():
        number, player = len(state.history), state.current_player
        yield ""
        if player == CHANCE:
            step = state.sample_chance()
            roller = state.roller()
            yield f"## step {number}: chance" + ("" if roller is None else f" (for seat {roller})")
            yield from _outcomes(state)
        else:
            legal = state.legal_actions()
            step = bots[player].choose(state)
            yield f"## step {number}: seat {player} decides"
            yield from (f"legal {index}: {action} = {compact(action.to_json())}" for index, action in enumerate(legal))
        words = plain(narration.describe_step(state, player, step, names))
        seen = len(state.events)
        state.apply(step)
        yield f"step = {compact(step.to_json())}  ({step})"
        if words:
            yield f"says: {words}"
        for event in state.events[seen:]:
            yield f"event: {compact(event)}"
            told = plain(narration.describe_event(event, names))
            if told:
                yield f"  says: {told}"
        yield from _views(state, shown)
    yield ""
    yield f"returns = {compact(state.returns())}"
    yield f"winners = {compact(state.winners())}"


def _outcomes(state: State) -> Iterator[str]:
    outcomes = state.chance_outcomes()
    if len(outcomes) <= SHOWN_OUTCOMES:
        yield from (
            f"outcome: {outcome} = {compact(outcome.to_json())} p={probability:.6g}"
            for outcome, probability in outcomes
        )
        return
    likely = heapq.nsmallest(3, outcomes, key=lambda pair: (-pair[1], str(pair[0])))
    yield f"outcomes: {len(outcomes)}, the most likely:"
    yield from (f"  {outcome} = {compact(outcome.to_json())} p={probability:.6g}" for outcome, probability in likely)


def _views(state: State, shown: dict[str | int | None, dict[str, str]]) -> Iterator[str]:
    """The keys of the spectator's view that changed since `shown`, a line each, then what each seat
    sees otherwise where that changed; `shown` is brought up to date."""
    public = state.view(None)
    now = {key: compact(value) for key, value in public.items()}
    before = shown.get(None, {})
    for key in sorted(now.keys() | before.keys()):
        if now.get(key) != before.get(key):
            yield f"view.{key} = {now.get(key, '(gone)')}"
    shown[None] = now
    for seat in range(state.game.num_players):
        own = state.view(seat)
        differs = {key: compact(own[key]) for key in sorted(own) if own[key] != public.get(key)}
        differs.update(dict.fromkeys(sorted(set(public) - set(own)), "(absent)"))
        if differs != shown.get(seat):
            yield f"view[{seat}] differs: " + ", ".join(f"{key}={value}" for key, value in differs.items())
            shown[seat] = differs
