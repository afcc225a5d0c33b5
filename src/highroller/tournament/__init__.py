"""Tournaments between bots: seat-rotated matches with common random numbers, statistics and ratings.

`run_tournament` plays the schedule (locally on every core, or on Ray) and returns the match results in
schedule order; `summarise` turns them into win rates with 95% intervals, mean returns, OpenSkill
ratings and a head-to-head matrix; `highroller.tournament.output` saves them as tables and plots.
"""

from highroller.tournament.runner import run_tournament
from highroller.tournament.schedule import Match, schedule
from highroller.tournament.stats import Summary, summarise

__all__ = ["Match", "Summary", "run_tournament", "schedule", "summarise"]
