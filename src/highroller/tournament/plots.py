"""The tournament's two plots, drawn with matplotlib without a display: each bot's rating over the
games (mu with a ±sigma band), and each bot's win rate by seat."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from highroller.tournament.stats import Summary

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def plot_ratings(summary: Summary, path: Path) -> Path:
    """Rating (mu, ±sigma band) of every bot after each game."""
    figure, axes = plt.subplots(figsize=(8, 4.5))
    games = range(1, len(summary.rating_history) + 1)
    for figures in summary.bots:
        mu = [snapshot[figures.bot].mu for snapshot in summary.rating_history]
        sigma = [snapshot[figures.bot].sigma for snapshot in summary.rating_history]
        axes.plot(games, mu, label=figures.bot)
        axes.fill_between(games, [m - s for m, s in zip(mu, sigma)], [m + s for m, s in zip(mu, sigma)], alpha=0.15)
    return _finish(figure, axes, ("games played", "OpenSkill rating (mu ± sigma)", "Rating over games"), path)


def plot_seats(summary: Summary, path: Path) -> Path:
    """Grouped bars: each bot's win rate in each seat."""
    figure, axes = plt.subplots(figsize=(8, 4.5))
    bots = list(summary.seats)
    seats = len(next(iter(summary.seats.values()), []))
    width = 0.8 / max(len(bots), 1)
    for index, bot in enumerate(bots):
        rates = [rate if rate is not None else 0.0 for rate in summary.seats[bot]]
        axes.bar([seat + 1 + (index - (len(bots) - 1) / 2) * width for seat in range(seats)], rates, width, label=bot)
    axes.set_xticks(range(1, seats + 1))
    return _finish(figure, axes, ("seat", "win rate", "Win rate by seat"), path)


def _finish(figure: Figure, axes: Axes, labels: tuple[str, str, str], path: Path) -> Path:
    """Label the axes, add the legend, save the figure as PNG and free it."""
    xlabel, ylabel, title = labels
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path
