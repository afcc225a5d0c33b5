"""`highroller solve luckiest` and `highroller odds luckiest`: the solver from the command line.

State notation for `odds` (what a player sees mid-turn):
  --dice N            dice still to roll (12 at the start of a turn)
  --used CARDS        cards already used this turn, comma-separated: odd, even, circle, square, cross,
                      blue, red, orange, 1-6 (or number2, n2)
  --points P          points on the cards this turn
or all three at once as --state DICE:USED:POINTS (e.g. 3:number2,cross:24; a turn's start is 12::0);
and for the 2-player win objective: --scores FIRST,SECOND (banked totals), --round R and
--turn first|second (who is rolling). Example: Frank after his cross roll,
  highroller odds luckiest --dice 3 --used number2,cross --points 24
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from highroller.core.errors import HighrollerError
from highroller.games.luckiest.cards import CARDS, find_card
from highroller.games.luckiest.faces import FaceTable, resolve_faces
from highroller.games.luckiest.maxn.report import (
    KEEP_COLUMNS,
    MAX_WIN_PLAYERS,
    MIN_WIN_PLAYERS,
    MOST_COLUMNS,
    maxn_columns,
    maxn_headline,
    maxn_rows,
    most_rounds,
)
from highroller.games.luckiest.model import turn_model
from highroller.games.luckiest.policy import Advice, Position, advise, win_turn
from highroller.games.luckiest.render import advice_table
from highroller.games.luckiest.rules import DICE, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, default_rounds
from highroller.games.luckiest.solve_output import headline_table, write_tables
from highroller.games.luckiest.solver import score_values
from highroller.games.luckiest.solver_results import (
    classes_json,
    score_headline,
    score_policy_rows,
    win_headline,
    win_rows,
)

OBJECTIVES = ("score", "win", "both")


def _faces(source: str) -> FaceTable:
    try:
        return resolve_faces(source)
    except HighrollerError as error:
        raise click.BadParameter(str(error), param_hint="--faces") from error


@click.command("luckiest")
@click.option(
    "--players",
    type=click.IntRange(MIN_PLAYERS, MAX_PLAYERS),
    default=2,
    show_default=True,
    help="Players (the win objective: exactly for 2, by max-n for 3 and 4).",
)
@click.option(
    "--rounds", type=click.IntRange(1, MAX_ROUNDS), default=None, help="Rounds (default: 4 for 1-3 players, 3 for 4-5)."
)
@click.option(
    "--objective",
    type=click.Choice(OBJECTIVES),
    default="both",
    show_default=True,
    help="Maximise the expected score, the win probability, or solve both.",
)
@click.option("--faces", default="default", show_default=True, help="Face table: default, or a face-table TOML file.")
@click.option("--json", "as_json", is_flag=True, help="Print the headline numbers as JSON.")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write the policy table (.json, or CSV otherwise).",
)
@click.option(
    "--tie-rules",
    is_flag=True,
    help="3 or more players: also solve with ties broken against and for each seat, and the paranoid game.",
)
@click.option(
    "--step",
    type=click.IntRange(1, 36),
    default=1,
    show_default=True,
    help="3 or more players: solve on a grid of score differences this many points apart (an approximation above 1).",
)
def solve(
    players: int,
    rounds: int | None,
    objective: str,
    faces: str,
    as_json: bool,
    out: Path | None,
    tie_rules: bool,
    step: int,
) -> None:
    """Solve Luckiest Dice exactly: the expected-score policy of a turn, and the win policy.

    With 2 players the win policy is exact (a shared win counts half). With 3 or more it is max-n: each
    player maximises its own chance of winning (a shared win counting its share), ties broken by
    taking the first choice (bank, then odd/even, shapes and colours, numbers); 3 players over 4
    rounds take 15–20 s, 4 players over 3 rounds about half an hour and 2 GB; 5 players only on a
    coarser grid (--step 12: about a minute), an approximation. The score policy
    table has one row per turn state (dice left, cards used per class of alike cards, points); the win
    table gives the mover's win probability (every seat's with 3 or more) at the start of every turn
    for every reachable score. Ask `highroller odds luckiest` about a single position.
    """
    table = _faces(faces)
    rounds = default_rounds(players) if rounds is None else rounds
    if objective != "score" and not MIN_WIN_PLAYERS <= players <= MAX_WIN_PLAYERS:
        raise click.BadParameter(
            f"the win objective is solved for {MIN_WIN_PLAYERS} to {MAX_WIN_PLAYERS} players, not {players}; use "
            f"--objective score",
            param_hint="--players",
        )
    situations = maxn_columns(players, rounds, step) if objective != "score" and players > 2 else 0
    if situations > MOST_COLUMNS:
        raise click.BadParameter(
            f"{players} players over {rounds} rounds is {situations:,} score situations to solve on a grid of {step}; "
            f"this command solves up to {MOST_COLUMNS:,} "
            f"(exactly: 3 players up to {most_rounds(3)} rounds, 4 players up to {most_rounds(4)}; 5 players up to "
            f"{most_rounds(5, 12)} rounds with --step 12)",
            param_hint="--step" if players == 5 and step == 1 else "--rounds",
        )
    if out is not None and situations > KEEP_COLUMNS:
        raise click.BadParameter(
            f"the win table is written for up to {KEEP_COLUMNS:,} score situations, not {situations:,}; use "
            f"--objective score",
            param_hint="--out",
        )
    headline: dict[str, Any] = {
        "players": players,
        "rounds": rounds,
        "faces": table.to_json(),
        "classes": classes_json(turn_model(table)),
    }
    tables: dict[str, list[dict[str, Any]]] = {}
    if objective in ("score", "both"):
        headline["score"] = score_headline(table, rounds)
        if out is not None:
            tables["score"] = score_policy_rows(table)
    if objective in ("win", "both") and players == 2:
        headline["win"], solution = win_headline(table, rounds)
        if out is not None:
            tables["win"] = win_rows(solution)
    elif objective in ("win", "both"):
        headline["maxn"], maxn = maxn_headline(table, players, rounds, tie_rules, step)
        if out is not None:
            tables["win"] = maxn_rows(maxn)
    if out is not None:
        write_tables(out, tables, headline)
    if as_json:
        click.echo(json.dumps(headline, indent=1))
        return
    console = Console(highlight=False)
    console.print(headline_table(headline))
    if out is not None:
        console.print(
            f"Policy table written to {out}"
            + ("" if out.suffix == ".json" or len(tables) == 1 else " (one CSV per objective)")
        )


def _position(faces: FaceTable, dice: int, used_text: str, points: int) -> Position:
    used = 0
    for word in filter(None, (w.strip() for w in used_text.split(","))):
        card = find_card(word)
        if card is None:
            raise click.BadParameter(
                f"{word!r} is not a card; cards: {', '.join(c.id for c in CARDS)}", param_hint="--used"
            )
        used |= 1 << card.index
    model = turn_model(faces)
    counts = model.used_of(used)
    if dice == DICE and (used or points):
        raise click.BadParameter(
            "with 12 dice to roll the turn has just started: no cards used, 0 points", param_hint="--dice"
        )
    if dice < DICE and not used:
        raise click.BadParameter("after a roll at least one card is used", param_hint="--used")
    possible = model.reachable_points(dice, counts)
    if points not in possible:
        shown = ", ".join(map(str, possible)) or "none: each used card holds at least one of the placed dice"
        raise click.BadParameter(
            f"with {dice} dice left and these cards used, the points can be: {shown}", param_hint="--points"
        )
    return Position(dice, used, points)


def _scores(text: str | None) -> tuple[int, int]:
    if text is None:
        return 0, 0
    try:
        first, second = (int(part) for part in text.split(","))
    except ValueError as error:
        raise click.BadParameter(
            "two banked totals, first player's then second's, e.g. 30,41", param_hint="--scores"
        ) from error
    return first, second


def _state(text: str) -> tuple[int, str, int]:
    parts = text.split(":")
    if len(parts) != 3 or not parts[0].strip().isdigit() or not parts[2].strip().isdigit():
        raise click.BadParameter(
            "DICE:USED:POINTS, e.g. 3:number2,cross:24 (a turn's start: 12::0)", param_hint="--state"
        )
    dice = int(parts[0])
    if not 1 <= dice <= DICE:
        raise click.BadParameter(f"1 to {DICE} dice left, not {dice}", param_hint="--state")
    return dice, parts[1], int(parts[2])


@click.command("luckiest")
@click.option(
    "--state", "state_text", default=None, help="The position as DICE:USED:POINTS (instead of the next three)."
)
@click.option("--dice", type=click.IntRange(1, DICE), default=DICE, show_default=True, help="Dice still to roll.")
@click.option("--used", "used_text", default="", help="Cards used this turn, comma-separated (e.g. number2,cross).")
@click.option("--points", type=click.IntRange(0), default=0, show_default=True, help="Points on the cards this turn.")
@click.option(
    "--objective",
    type=click.Choice(OBJECTIVES),
    default="score",
    show_default=True,
    help="Value choices by expected points, by win probability (2 players), or both.",
)
@click.option("--scores", default=None, help="Win objective: banked totals FIRST,SECOND (default 0,0).")
@click.option(
    "--round",
    "round_number",
    type=click.IntRange(1, MAX_ROUNDS),
    default=1,
    show_default=True,
    help="Win objective: the current round.",
)
@click.option(
    "--turn",
    type=click.Choice(("first", "second")),
    default="first",
    show_default=True,
    help="Win objective: who is rolling.",
)
@click.option(
    "--rounds",
    type=click.IntRange(1, MAX_ROUNDS),
    default=4,
    show_default=True,
    help="Win objective: rounds in the game.",
)
@click.option("--faces", default="default", show_default=True, help="Face table: default, or a face-table TOML file.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def odds(
    state_text: str | None,
    dice: int,
    used_text: str,
    points: int,
    objective: str,
    scores: str | None,
    round_number: int,
    turn: str,
    rounds: int,
    faces: str,
    as_json: bool,
) -> None:
    """What should I do here, and what is each choice worth?

    \b
    Start of a turn:      highroller odds luckiest
    Frank, mid-turn:      highroller odds luckiest --dice 3 --used number2,cross --points 24
    The same, compact:    highroller odds luckiest --state 3:number2,cross:24
    To win (2 players):   highroller odds luckiest --dice 6 --used number2 --points 18 \\
                            --objective win --scores 30,41 --round 4 --turn second
    """
    table = _faces(faces)
    if state_text is not None:
        dice, used_text, points = _state(state_text)
    position = _position(table, dice, used_text, points)
    if round_number > rounds:
        raise click.BadParameter(f"round {round_number} of a {rounds}-round game", param_hint="--round")
    advices: list[Advice] = []
    if objective in ("score", "both"):
        advices.append(advise(score_values(table), 0, position, "score"))
    if objective in ("win", "both"):
        first, second = _scores(scores)
        mover = 0 if turn == "first" else 1
        lead = first - second if mover == 0 else second - first
        span = turn_model(table).points_cap(0) * rounds
        if abs(lead) > span:
            raise click.BadParameter(f"a lead of at most {span} points in {rounds} rounds", param_hint="--scores")
        advices.append(advise(win_turn(table, rounds, 2 * (round_number - 1) + mover, lead), 0, position, "win"))
    if as_json:
        click.echo(
            json.dumps(
                {
                    "state": {
                        "dice": dice,
                        "used": [c.id for c in CARDS if position.used >> c.index & 1],
                        "points": points,
                    },
                    "advice": [
                        {
                            "objective": a.objective,
                            "best": str(a.best),
                            "values": [{"action": str(act), "value": v} for act, v in a.values],
                        }
                        for a in advices
                    ],
                },
                indent=1,
            )
        )
        return
    Console(highlight=False).print(advice_table(advices))
