"""Every game's slow first-time work (its spec's `warm_up`, such as compiling the code its bots and
advice run), done when a server or bot worker starts, in a process of its own at the bot workers'
low priority: the first person to ask for an expert move or advice then need not wait for it, and
the bot workers stay free for moves meanwhile. A warm-up that fails is logged and the next one runs;
one whose optional extra is not installed (an ImportError naming a package other than highroller) is
skipped quietly, as the game says so when it is asked. The process exits with the number of
warm-ups that failed."""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
from collections.abc import Sequence
from multiprocessing.process import BaseProcess

from highroller.core.spec import load_object
from highroller.registry import available_games, game_spec
from highroller.web.bots.thinking import start_worker
from highroller.web.metrics.registry import follow_warm_up

log = logging.getLogger(__name__)


def warm_ups() -> list[str]:
    """The import paths of the registered games' warm-ups."""
    return [spec.warm_up for spec in map(game_spec, available_games()) if spec.warm_up]


def warm(paths: Sequence[str], nice: int, idle: bool, server: int) -> None:
    """Run each warm-up in turn at the bot workers' priority, then exit with the number that failed
    (a process's target)."""
    start_worker(nice, idle, server)
    failed = 0
    for path in paths:
        try:
            load_object(path)()
        except ImportError as error:
            if (error.name or "highroller").partition(".")[0] == "highroller":
                log.exception("warm-up %s failed", path)
                failed += 1
            else:
                log.info("warm-up %s skipped: %s", path, error)
        except Exception:
            log.exception("warm-up %s failed", path)
            failed += 1
    sys.exit(failed)


def start_warm_up(nice: int, idle: bool, paths: Sequence[str] | None = None) -> BaseProcess | None:
    """Start the warm-ups (default: every game's) in a fresh low-priority process; None if there are none."""
    todo = warm_ups() if paths is None else list(paths)
    if not todo:
        follow_warm_up(None)
        return None
    process = multiprocessing.get_context("forkserver").Process(
        target=warm, args=(todo, nice, idle, os.getpid()), name="highroller-warm-up", daemon=True
    )
    process.start()
    follow_warm_up(process)
    return process
