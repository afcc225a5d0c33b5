"""The learning encoders read only what each game's declared view type promises: every key and item
an encoder looks at, on every seat's view along random games, is declared by the view's JSON Schema."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from envs_cases import config_id, game_configs

import highroller as hr
from highroller.core.spec import load_object
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.viewschema import declares, view_schema
from highroller.envs.episodes import encoder_for

Path = tuple[str | int, ...]


def watched(value: Any, path: Path, reads: set[Path]) -> Any:
    """`value` with every key or item read from it (at any depth) added to `reads` as its path."""
    if isinstance(value, dict):
        return WatchedDict(value, path, reads)
    if isinstance(value, list):
        return WatchedList(value, path, reads)
    return value


class WatchedDict(dict[str, Any]):
    def __init__(self, data: dict[str, Any], path: Path, reads: set[Path]) -> None:
        super().__init__(data)
        self.path, self.reads = path, reads

    def _read(self, key: Any) -> Path:
        here = (*self.path, key)
        self.reads.add(here)
        return here

    def __getitem__(self, key: str) -> Any:
        return watched(super().__getitem__(key), self._read(key), self.reads)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        here = self._read(key)
        return watched(super().__getitem__(key), here, self.reads) if super().__contains__(key) else default

    def __contains__(self, key: object) -> bool:
        self._read(key)
        return super().__contains__(key)

    def items(self) -> Iterator[tuple[str, Any]]:  # type: ignore[override]
        for key in dict.keys(self):
            yield key, self[key]

    def values(self) -> Iterator[Any]:  # type: ignore[override]
        for key in dict.keys(self):
            yield self[key]


class WatchedList(list[Any]):
    def __init__(self, data: list[Any], path: Path, reads: set[Path]) -> None:
        super().__init__(data)
        self.path, self.reads = path, reads

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        position = index % len(self) if index < 0 and len(self) else index
        self.reads.add((*self.path, position))
        return watched(super().__getitem__(index), (*self.path, position), self.reads)

    def __iter__(self) -> Iterator[Any]:
        for index in range(len(self)):
            yield self[index]


@pytest.mark.parametrize("config", game_configs(), ids=config_id)
def test_an_encoder_reads_only_declared_keys(config: tuple[str, dict[str, Any]]) -> None:
    name, options = config
    game = hr.make(name, **options)
    encoder = encoder_for(game)
    schema = view_schema(load_object(hr.game_spec(name).view))
    reads: set[Path] = set()
    rng = random.Random(7)
    state = game.new_game(7)
    while True:
        for seat in range(game.num_players):
            plain = encoder.features(state.view(seat), seat)
            assert encoder.features(watched(state.view(seat), (), reads), seat) == plain, (
                "watching changed what the encoder read"
            )
        if state.current_player == TERMINAL:
            break
        state.apply(state.sample_chance() if state.current_player == CHANCE else rng.choice(state.legal_actions()))
    assert reads, "the encoder read nothing of the view"
    undeclared = sorted({".".join(map(str, path)) for path in reads if not declares(schema, list(path))})
    assert not undeclared, f"the {name} encoder reads keys its view does not declare: {undeclared}"
