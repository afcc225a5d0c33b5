"""Shared parts of the games' analyses (`highroller analyze GAME`): what an analysis declares, tallying
a series on the batch engine (`tally.Tally`: exact statistics gathered where the games are played, so
an analysis of any number of games needs constant memory, on local processes or a Ray cluster), plots
(Matplotlib, the optional `analysis` extra, without a display) and the summary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from highroller.batch.engine import BatchResult
from highroller.batch.runner import run_reduced
from highroller.batch.tally import Tally
from highroller.core.game import Game
from highroller.core.spec import GameSpec, load_object
from highroller.core.spec_check import GameSpecError

if TYPE_CHECKING:
    from matplotlib.axes import Axes


@dataclass(frozen=True)
class Analysis:
    """What a game's `analyze` command does (the command line builds the command around it, with the
    game's rule options and --games, --seed, --processes, --out): `run(game, chosen, params)` is
    called with the game made from the options, the options chosen, and every parameter, and in
    `params["progress"]` a function `(label, games) -> on_chunk` that shows a series' progress."""

    run: Callable[[Game, dict[str, Any], dict[str, Any]], None]
    default_games: int
    help: str
    extra: Sequence[click.Option] = ()
    """Options of this analysis beyond the common ones."""
    on_batch_engine: bool = True
    """Whether it plays its series on the game's batch engine (`tally`), and so takes --processes,
    --backend and --address; an analysis that simulates in this process takes none of them."""


def tally(
    spec: GameSpec,
    game: Game,
    bots: Sequence[str],
    params: Mapping[str, Any],
    reduce: Callable[[BatchResult], Tally],
    label: str,
) -> Tally:
    """The tally of the series of `params["games"]` games on the game's batch engine: `reduce` (a function
    importable by name) tallies each chunk where it is played, so the series needs constant memory.
    Its progress is shown under `label` when `params` has a "progress" function (see `Analysis`)."""
    progress = params.get("progress")
    return run_reduced(
        reduce,
        spec.batch,
        game,
        list(bots),
        params["seed"],
        params["games"],
        params["processes"],
        on_chunk=None if progress is None else progress(label, params["games"]),
        backend=params.get("backend", "local"),
        address=params.get("address"),
    )


def save_plot(out: Path, name: str, title: str, draw: Callable[[Axes], None]) -> Path:
    """Draw one figure with `draw(axes)` and save it as out/name.png."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise click.ClickException("plots need Matplotlib: pip install 'highroller[analysis]'") from error
    figure, axes = plt.subplots(figsize=(7, 4.2))
    draw(axes)
    axes.set_title(title)
    figure.tight_layout()
    path = out / f"{name}.png"
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path


def finish(out: Path, lines: list[str], plots: list[Path]) -> None:
    """Write summary.txt and print it with the plots' paths."""
    text = "\n".join([*lines, "", "Plots:", *(f"  {p}" for p in plots)]) + "\n"
    (out / "summary.txt").write_text(text, encoding="utf-8")
    click.echo(text, nl=False)


def analysis_of(spec: GameSpec) -> Analysis:
    """The game's analysis (its spec's `analysis`: `highroller analyze GAME`)."""
    found = load_object(spec.analysis)
    if not isinstance(found, Analysis):
        raise GameSpecError(f"{spec.name}: the spec's analysis names {spec.analysis!r}, which is not an Analysis")
    return found
