"""Last Chance as the registry sees it: options for front ends, bots, renderer, odds tool and benches."""

from __future__ import annotations

from highroller.core.game import OptionSpec
from highroller.core.spec import GameSpec
from highroller.games.lastchance.bidding import BiddingBot
from highroller.games.lastchance.bots import OddsBot, RandomLastChanceBot
from highroller.games.lastchance.cards import BOX_CARDS
from highroller.games.lastchance.cards import PRESETS as DECKS
from highroller.games.lastchance.rules import MAX_MONEY, MAX_PLAYERS, MIN_PLAYERS, UNIT
from highroller.games.lastchance.state import LastChanceGame

OPTIONS = (
    OptionSpec("players", "int", "number of players", minimum=MIN_PLAYERS, maximum=MAX_PLAYERS),
    OptionSpec(
        "money", "int", "starting money in dollars, whole hundreds (default 5000)", minimum=UNIT, maximum=MAX_MONEY
    ),
    OptionSpec(
        "cards",
        "int",
        "cards completed before the game ends (default 7; some tables play 10)",
        minimum=1,
        maximum=BOX_CARDS,
    ),
    OptionSpec(
        "deck",
        "text",
        "the cards: the boxed deck (standard) or a deck TOML file of your own box (terminal only; see "
        "docs/lastchance-odds.md)",
        presets=tuple(DECKS),
    ),
    OptionSpec(
        "bet_limit",
        "int",
        "largest side bet in dollars, whole hundreds (default 1000)",
        minimum=UNIT,
        maximum=MAX_MONEY,
    ),
    OptionSpec(
        "first_player",
        "int",
        "the seat that opens the first auction; default: drawn from the seed",
        minimum=0,
        maximum=5,
        seat=True,
    ),
)

SPEC = GameSpec(
    name="lastchance",
    title="Last Chance",
    summary="Bid for the right to roll a card's five dice; bet on the roller; jokers, and one Last Chance!",
    make=LastChanceGame.from_options,
    options=OPTIONS,
    bots={"random": RandomLastChanceBot, "odds": OddsBot, "bidder": BiddingBot},
    levels={"easy": "random", "medium": "odds", "hard": "bidder"},
    default_bot="odds",
    board="highroller.games.lastchance:board.js",
    guide="highroller.games.lastchance:guide",
    analysis="highroller.games.lastchance.analysis:ANALYSIS",
    encoder="highroller.games.lastchance.encoder:LastChanceEncoder",
    renderer="highroller.games.lastchance.render:RENDERER",
    narration="highroller.games.lastchance.narrate:narration",
    view="highroller.games.lastchance.view:LastChanceView",
    returns_unit="money",
    checker_configs=(
        *({"players": p} for p in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        {"players": 3, "money": 1000, "cards": 10, "bet_limit": 500},
        {"players": 2, "money": 300, "cards": 36, "first_player": 1},
    ),
    bench_configs=(*((f"{p}p", {"players": p}) for p in (2, 4, 6)), ("4p 10 cards", {"players": 4, "cards": 10})),
    tools={"odds": "highroller.games.lastchance.cli:odds", "deck": "highroller.games.lastchance.boxdeck:deck"},
    tool_examples={"odds": ("665JJ:2",), "deck": ("game.json", "--save", "box.toml")},
    extra_benchmarks="highroller.games.lastchance.bench:rows",
    batch="highroller.games.lastchance.batch:ENGINE",
    table_note="highroller.games.lastchance.notes:odds_note",
    move_advice="highroller.games.lastchance.advice:move_advice",
    score_sheet="highroller.games.lastchance.sheet:score_sheet",
    presets="highroller.games.lastchance:presets.json",
    typed_input="highroller.games.lastchance.typed:TYPED",
    playthroughs="highroller.games.lastchance:playthroughs",
    tutorial="highroller.games.lastchance:tutorial.json",
)
