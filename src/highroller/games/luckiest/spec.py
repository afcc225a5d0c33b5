"""Luckiest Dice as the registry sees it: options for front ends, bots, renderer, tools, checker and bench configs."""

from __future__ import annotations

from highroller.core.bots import RandomBot
from highroller.core.game import OptionSpec
from highroller.core.spec import GameSpec
from highroller.games.luckiest.bots import CautiousBot, OptimalBot, OptimalWinBot
from highroller.games.luckiest.faces import PRESETS as FACE_TABLES
from highroller.games.luckiest.rules import MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS
from highroller.games.luckiest.state import LuckiestGame

OPTIONS = (
    OptionSpec("players", "int", "number of players (1 is practice)", minimum=MIN_PLAYERS, maximum=MAX_PLAYERS),
    OptionSpec(
        "rounds", "int", "number of rounds (default 4 for 1-3 players, 3 for 4-5)", minimum=1, maximum=MAX_ROUNDS
    ),
    OptionSpec(
        "faces",
        "text",
        "what the dice's faces show: the boxed dice (default) or a face-table TOML file (terminal only)",
        presets=tuple(FACE_TABLES),
    ),
)

SPEC = GameSpec(
    name="luckiest",
    title="Luckiest Dice",
    summary="Bet on a card, roll the dice left, keep the matches; bank in time or bust.",
    make=LuckiestGame.from_options,
    options=OPTIONS,
    bots={"random": RandomBot, "cautious": CautiousBot, "optimal": OptimalBot, "optimal-win": OptimalWinBot},
    levels={"easy": "cautious", "medium": "optimal", "hard": "optimal-win"},
    default_bot="optimal",
    board="highroller.games.luckiest:board.js",
    guide="highroller.games.luckiest:guide",
    analysis="highroller.games.luckiest.analysis:ANALYSIS",
    encoder="highroller.games.luckiest.encoder:LuckiestEncoder",
    renderer="highroller.games.luckiest.render:RENDERER",
    narration="highroller.games.luckiest.narrate:narration",
    view="highroller.games.luckiest.view:LuckiestView",
    checker_configs=(
        *({"players": p} for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        {"players": 2, "rounds": 2},
        {"players": 4, "rounds": 5},
    ),
    bench_configs=tuple((f"{p}p", {"players": p}) for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    tools={"solve": "highroller.games.luckiest.cli:solve", "odds": "highroller.games.luckiest.cli:odds"},
    tool_examples={"solve": ("--players", "2", "--rounds", "1", "--json"), "odds": ("--state", "3:number2,cross:24")},
    extra_benchmarks="highroller.games.luckiest.bench:rows",
    batch="highroller.games.luckiest.batch:ENGINE",
    win_chances="highroller.games.luckiest.chances:win_chances",
    move_advice="highroller.games.luckiest.advice:move_advice",
    score_sheet="highroller.games.luckiest.sheet:score_sheet",
    presets="highroller.games.luckiest:presets.json",
    tutorial="highroller.games.luckiest:tutorial.json",
    typed_input="highroller.games.luckiest.typed:TYPED",
    playthroughs="highroller.games.luckiest:playthroughs",
    warm_up="highroller.games.luckiest.maxn.store:warm_up",
)
