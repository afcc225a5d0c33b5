"""Cases shared by the environment tests: every game with every option set its API checker runs."""

from __future__ import annotations

from typing import Any

import highroller as hr


def game_configs() -> list[tuple[str, dict[str, Any]]]:
    """(game, options) for every registered game with an encoder (which the learning adapters need; a spec
    may name none) and every option set of its API checker."""
    return [
        (name, dict(options))
        for name in hr.available_games()
        if hr.game_spec(name).encoder
        for options in hr.game_spec(name).checker_configs
    ]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    name, options = config
    return name + "-" + "-".join(f"{k}={v}" for k, v in options.items())
