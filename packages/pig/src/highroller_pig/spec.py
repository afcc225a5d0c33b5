"""Pig as highroller's registry sees it, with its tutorial (the package's `highroller.games` entry point names
`SPEC`)."""

from __future__ import annotations

from highroller.core.bots import RandomBot
from highroller.core.game import OptionSpec
from highroller.core.spec import GameSpec
from highroller_pig.bots import HoldAtBot
from highroller_pig.rules import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, MIN_TARGET
from highroller_pig.state import PigGame

SPEC = GameSpec(
    name="pig",
    title="Pig",
    summary="Roll a die as long as you dare; a 1 loses the turn.",
    make=PigGame.from_options,
    options=(
        OptionSpec("players", "int", "number of players", minimum=MIN_PLAYERS, maximum=MAX_PLAYERS),
        OptionSpec("target", "int", "the score that wins", minimum=MIN_TARGET, maximum=MAX_TARGET),
    ),
    bots={"random": RandomBot, "hold-at": HoldAtBot},
    levels={"easy": "random", "medium": "hold-at", "hard": "hold-at:at=25"},
    default_bot="hold-at",
    renderer="highroller_pig.render:RENDERER",
    narration="highroller_pig.narrate:narration",
    view="highroller_pig.view:PigView",
    encoder="highroller_pig.encoder:PigEncoder",
    typed_input="highroller_pig.typed:TYPED",
    board="highroller_pig:board.js",
    guide="highroller_pig:guide",
    tutorial="highroller_pig:tutorial.json",
    score_sheet="highroller_pig.sheet:score_sheet",
    checker_configs=({"players": 2}, {"players": 4, "target": 20}),
    bench_configs=(("2p", {"players": 2}), ("4p", {"players": 4})),
)
