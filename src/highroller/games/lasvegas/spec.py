"""Las Vegas as the registry sees it: options for front ends, bots, renderer, checker and bench configs."""

from __future__ import annotations

from highroller.core.bots import RandomBot
from highroller.core.game import OptionSpec
from highroller.core.spec import GameSpec
from highroller.games.lasvegas.bills import PRESETS as BILL_SETS
from highroller.games.lasvegas.bots import GreedyBot
from highroller.games.lasvegas.expert import ExpertBot
from highroller.games.lasvegas.heuristic import HeuristicBot
from highroller.games.lasvegas.rules import MAX_DICE, MAX_ROUNDS, MAX_STOCK, NEXT_STARTERS, STOCK_RULES, UNTAKEN
from highroller.games.lasvegas.search import SearchBot
from highroller.games.lasvegas.state import LasVegasGame

OPTIONS = (
    OptionSpec("players", "int", "number of players (classic 2-5, biggie 2-6)", minimum=2, maximum=6),
    OptionSpec(
        "edition",
        "choice",
        "the rules of the 2012 box (classic) or of the Biggie edition",
        choices=("classic", "biggie"),
    ),
    OptionSpec("neutral", "bool", "neutral-dice variant (2-4 players)"),
    OptionSpec("bandit", "bool", "one-armed bandit: a 7th casino (biggie's variant for 5-6 players)"),
    OptionSpec("dice_per_player", "int", "own dice per player (classic 8, biggie 6)", minimum=1, maximum=MAX_DICE),
    OptionSpec("biggie", "bool", "each player also has a Biggie die that counts as two"),
    OptionSpec("rounds", "int", "number of rounds (classic 4, biggie 3)", minimum=1, maximum=MAX_ROUNDS),
    OptionSpec(
        "bills",
        "text",
        "the bills in the pile: the 2012 box's (classic), the Biggie edition's, or a bill-set TOML file (terminal "
        "only)",
        presets=tuple(BILL_SETS),
    ),
    OptionSpec(
        "stock_rule",
        "choice",
        "how each casino gets its bills at the start of a round: until they add up to a total (min-total) or a set "
        "number of bills (count)",
        choices=STOCK_RULES,
    ),
    OptionSpec(
        "stock_amount",
        "int",
        "the least each casino gets in dollars (min-total, e.g. 50000), or its number of bills (count, e.g. 2)",
        minimum=1,
        maximum=MAX_STOCK,
    ),
    OptionSpec(
        "untaken",
        "choice",
        "bills nobody wins at a casino: put back under the pile (under) or out of the game (box)",
        choices=UNTAKEN,
    ),
    OptionSpec("next_starter", "choice", "who starts the next round", choices=NEXT_STARTERS),
    OptionSpec(
        "neutral_dice",
        "int",
        "white dice each player rolls with their own, with neutral dice (default: as the edition says for the player "
        "count)",
        minimum=1,
        maximum=MAX_DICE,
    ),
    OptionSpec(
        "neutral_leftover",
        "int",
        "white dice nobody got, which the first player rolls onto the casinos at the start of each round",
        minimum=0,
        maximum=MAX_DICE,
    ),
    OptionSpec(
        "first_player",
        "int",
        "the seat that starts round 1; default: drawn from the seed",
        minimum=0,
        maximum=5,
        seat=True,
    ),
)

SPEC = GameSpec(
    name="lasvegas",
    title="Las Vegas",
    summary="Roll your dice and place them on the casinos; majorities win bills, ties cancel.",
    make=LasVegasGame.from_options,
    options=OPTIONS,
    bots={"random": RandomBot, "greedy": GreedyBot, "heuristic": HeuristicBot, "mcts": SearchBot, "expert": ExpertBot},
    levels={"easy": "greedy", "medium": "heuristic", "hard": ("expert", "mcts")},
    default_bot="greedy",
    board="highroller.games.lasvegas:board.js",
    guide="highroller.games.lasvegas:guide",
    analysis="highroller.games.lasvegas.analysis:ANALYSIS",
    warm_up="highroller.games.lasvegas.expert:warm_up",
    encoder="highroller.games.lasvegas.encoder:LasVegasEncoder",
    renderer="highroller.games.lasvegas.render:RENDERER",
    narration="highroller.games.lasvegas.narrate:narration",
    view="highroller.games.lasvegas.view:LasVegasView",
    returns_unit="money",
    checker_configs=(
        *({"edition": "classic", "players": p} for p in range(2, 6)),
        *({"edition": "biggie", "players": p} for p in range(2, 7)),
        *({"edition": "classic", "players": p, "neutral": True} for p in (2, 3, 4)),
        *({"edition": "biggie", "players": p, "neutral": True} for p in (2, 3, 4)),
        *({"edition": "biggie", "players": p, "bandit": True} for p in (5, 6)),
        {"edition": "classic", "players": 3, "neutral": True, "bandit": True},
        {
            "edition": "biggie",
            "players": 2,
            "neutral": True,
            "bandit": True,
            "untaken": "under",
            "stock_rule": "min-total",
            "stock_amount": 50000,
        },
    ),
    extra_benchmarks="highroller.games.lasvegas.bench:rows",
    batch="highroller.games.lasvegas.batch:ENGINE",
    bench_configs=(
        *((f"classic {p}p", {"edition": "classic", "players": p}) for p in range(2, 6)),
        *((f"biggie {p}p", {"edition": "biggie", "players": p}) for p in range(2, 7)),
        ("classic 3p neutral", {"edition": "classic", "players": 3, "neutral": True}),
        ("biggie 4p neutral", {"edition": "biggie", "players": 4, "neutral": True}),
        ("biggie 6p bandit", {"edition": "biggie", "players": 6, "bandit": True}),
    ),
    move_advice="highroller.games.lasvegas.advice:move_advice",
    score_sheet="highroller.games.lasvegas.sheet:score_sheet",
    presets="highroller.games.lasvegas:presets.json",
    tutorial="highroller.games.lasvegas:tutorial.json",
    typed_input="highroller.games.lasvegas.typed:TYPED",
    playthroughs="highroller.games.lasvegas:playthroughs",
)
