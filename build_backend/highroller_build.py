"""The package's build backend: setuptools' (`setuptools.build_meta`, every hook delegated to it), which
also does highroller's slow first-time compiling while it builds.

Building a wheel or an editable install (`pip install -e .`) first compiles the step engines with mypyc
into the cache `highroller.core.compiled` reads (`compiled.build()`, as `highroller compile` does), and
an editable install also warms the Numba kernels' cache (every game's warm-up: the Las Vegas `expert`
bot's playouts), the two at once, each in a process of its own importing the sources in `src` (the
package is not installed yet). A wheel's kernels are not warmed: Numba's cache is keyed by the path and
time of each source file, which installing the wheel changes. Neither step can fail the install: one
that fails (no C compiler or Python's headers, a mypyc error, no Numba) says so in one line and the
engines run as Python meanwhile; `highroller` builds them in the background on first use where it can.
pip shows these lines with `pip install -v`.

What the steps import comes into pip's isolated build environment through `get_requires_for_build_*`:
the package's dependencies, Numba (the `batch` extra) and mypy (the `compile` extra), read from
pyproject.toml so that they stay the ones the package declares. HIGHROLLER_COMPILED=0 at install time
skips both steps and asks for none of it; HIGHROLLER_COMPILED_DIR and NUMBA_CACHE_DIR choose where the
builds go, as at run time.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import build_meta  # type: ignore[import-untyped]
from setuptools.build_meta import *  # type: ignore[import-untyped] # every hook not defined here is setuptools' own

PROJECT = Path(__file__).resolve().parents[1]
SOURCES = PROJECT / "src"
"""The directory holding the `highroller` package the steps import."""

COMPILE = "from highroller.core import compiled\nprint(compiled.build())"
WARM = """
from highroller.batch.kernelcache import cache_directory
from highroller.core.spec import load_object
from highroller.registry import available_games, game_spec
for spec in map(game_spec, available_games()):
    if spec.warm_up:
        load_object(spec.warm_up)()
print(cache_directory())
"""


def opted_out() -> bool:
    return os.environ.get("HIGHROLLER_COMPILED") == "0"


def step_requires() -> list[str]:
    """What the steps import: the package's dependencies and its `batch` and `compile` extras."""
    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    return [*project["dependencies"], *extras["batch"], *extras["compile"]]


def run_step(code: str, sources: Path) -> tuple[bool, str]:
    """Run a step in a process of its own on the package in `sources`: whether it worked, and the last
    line it wrote (what it made, or why it failed)."""
    path = os.pathsep.join([str(sources), *filter(None, [os.environ.get("PYTHONPATH")])])
    # HIGHROLLER_COMPILED=0: importing highroller there starts no build of its own in the background.
    env = {**os.environ, "PYTHONPATH": path, "HIGHROLLER_COMPILED": "0"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    lines = [line.strip() for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    return result.returncode == 0, lines[-1] if lines else f"exit status {result.returncode}"


def compile_engines(sources: Path = SOURCES) -> bool:
    """Compile the step engines of the package in `sources` into the compiled cache; says how it went
    in one line; returns whether it worked."""
    done, last = run_step(COMPILE, sources)
    if done:
        print(f"highroller: step engines compiled into {last}", file=sys.stderr)
    else:
        print(
            f"highroller: step engines not compiled ({last}): they run as Python, built on first use where a C "
            f"compiler and mypy are installed",
            file=sys.stderr,
        )
    return done


def warm_kernels(sources: Path = SOURCES) -> bool:
    """Compile the Numba kernels every game's warm-up compiles into their cache; says how it went in one
    line; returns whether it worked."""
    done, last = run_step(WARM, sources)
    if done:
        print(f"highroller: Numba kernels compiled into {last}", file=sys.stderr)
    else:
        print(f"highroller: Numba kernels not compiled ahead ({last}): they compile on first use", file=sys.stderr)
    return done


def prepare(steps: list[Callable[[Path], bool]]) -> None:
    """Run these steps at once on the sources, unless opted out."""
    if opted_out():
        print("highroller: HIGHROLLER_COMPILED=0: step engines and Numba kernels not compiled ahead", file=sys.stderr)
        return
    with ThreadPoolExecutor(len(steps)) as pool:
        list(pool.map(lambda step: step(SOURCES), steps))


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [*build_meta.get_requires_for_build_wheel(config_settings), *([] if opted_out() else step_requires())]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return [*build_meta.get_requires_for_build_editable(config_settings), *([] if opted_out() else step_requires())]


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    prepare([compile_engines])
    return build_meta.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    prepare([compile_engines, warm_kernels])
    return build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
