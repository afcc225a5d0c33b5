"""The tournament's summary as Rich tables: the bots, and the head-to-head matrix."""

from __future__ import annotations

from rich.table import Table

from highroller.tournament.stats import Summary


def _amount(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:,.1f}"


def bots_table(summary: Summary, title: str) -> Table:
    """Win rate with its 95% interval, mean return and OpenSkill rating per bot, best rating first."""
    table = Table(title=title)
    for column in ("Bot", "Games", "Win rate", "95% CI", "Mean return", "Rating"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for f in sorted(summary.bots, key=lambda f: -f.rating.ordinal):
        table.add_row(
            f.bot,
            str(f.seat_games),
            f"{f.win_rate:.1%}",
            f"{f.low:.1%}–{f.high:.1%}",
            _amount(f.mean_return),
            f"{f.rating.mu:.1f}±{f.rating.sigma:.1f}",
        )
    return table


def head_to_head_table(summary: Summary) -> Table:
    """Row bot finished ahead of column bot in this share of the games they met."""
    table = Table(title="Head to head: how often the row bot finished ahead of the column bot")
    bots = list(summary.head_to_head)
    table.add_column("")
    for bot in bots:
        table.add_column(bot, justify="right")
    for a in bots:
        shares = [None if a == b else summary.head_to_head[a][b] for b in bots]
        table.add_row(a, *("—" if share is None else f"{share:.1%}" for share in shares))
    return table
