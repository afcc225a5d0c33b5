"""Pig as the registry sees it (registered by the tests with `HIGHROLLER_GAMES=pig=pig.spec:SPEC`)."""

from __future__ import annotations

from highroller.core.bots import RandomBot
from highroller.core.game import OptionSpec
from highroller.core.spec import GameSpec
from pig.bots import HoldAtBot
from pig.rules import MAX_PLAYERS, MIN_PLAYERS, PigGame

SPEC = GameSpec(
    name="pig",
    title="Pig",
    summary="Roll a die as long as you dare; a 1 loses the turn.",
    make=PigGame.from_options,
    options=(
        OptionSpec("players", "int", "number of players", minimum=MIN_PLAYERS, maximum=MAX_PLAYERS),
        OptionSpec("target", "int", "the score that wins", minimum=10, maximum=100),
    ),
    bots={"random": RandomBot, "hold-at": HoldAtBot},
    levels={"easy": "random", "medium": "hold-at", "hard": "hold-at:at=25"},
    default_bot="hold-at",
    renderer="pig.words:RENDERER",
    narration="pig.words:NARRATION",
    view="pig.view:PigView",
    encoder="pig.encoder:PigEncoder",
    checker_configs=({"players": 2}, {"players": 4, "target": 20}),
)
