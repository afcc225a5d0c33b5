"""Compiled step engines: the modules marked for it, compiled with mypyc from their own typed source,
and imported compiled whenever a build of the current sources exists.

A game's step API (`legal_actions`, `apply`, `sample_chance`) runs in Python, where most of a step's
time is the interpreter's. Compiled with mypyc, the same code takes 0.7–0.8 of the time (random
games); `highroller bench` says which engine it measured. A module opts in with a line of its own
reading `# highroller: compile`; the marked modules are compiled together, as one group
(`core.mypyc_build`).

`build()` (`highroller compile`) compiles them into a directory of the user's cache named by the
Python version and a digest of every module of the package (`core.sources`). `use()`, run when
`highroller` is first imported, makes the marked modules import from the directory of today's digest
if it exists, and from their source otherwise: an edit to any module changes the digest, so the
marked ones run as plain Python again until compiled anew, and a build never runs stale code.
HIGHROLLER_COMPILED=0 turns the compiled modules off; the builds are kept under
HIGHROLLER_COMPILED_DIR if set, else under the user's cache directory.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from platformdirs import user_cache_path

from highroller.core import sources
from highroller.core.errors import HighrollerError

MARK = "# highroller: compile"
"""The line that marks a module for compiling."""
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
"""The file suffix of this Python's own extension modules (such as `.cpython-311-x86_64-linux-gnu.so`)."""


def marked(package: Path = sources.PACKAGE) -> list[Path]:
    """The modules marked for compiling, in path order."""
    return sorted(path for path in package.rglob("*.py") if MARK in path.read_text(encoding="utf-8").splitlines())


def module_name(path: Path, package: Path = sources.PACKAGE) -> str:
    """The dotted name of a module of the package."""
    return ".".join(path.relative_to(package.parent).with_suffix("").parts)


def root() -> Path:
    """Where the builds are kept, one directory each."""
    return Path(os.environ.get("HIGHROLLER_COMPILED_DIR") or user_cache_path("highroller") / "compiled")


def directory(package: Path = sources.PACKAGE) -> Path:
    """The directory of the build of today's sources (which may not exist): named by a digest of every
    module of the package, so that no edit a compiled module could depend on goes unseen."""
    return root() / f"{sys.implementation.cache_tag}-{sources.digest(package.rglob('*.py'), package)}"


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of one build: each extension module in its directory, by its dotted name."""

    def __init__(self, build: Path) -> None:
        self.files = {path.relative_to(build).as_posix()[: -len(SUFFIX)].replace("/", "."): path for path in build.rglob(f"*{SUFFIX}")}

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def use() -> Path | None:
    """Import the marked modules from the build of today's sources, if there is one (before any of them
    is imported); returns its directory, or None when they run as plain Python."""
    if os.environ.get("HIGHROLLER_COMPILED") == "0" or not root().is_dir():  # nothing compiled: no digest to work out
        return None
    build = directory()
    if not build.is_dir():
        return None
    sys.meta_path.insert(0, _CompiledFinder(build))
    return build


def in_use(module: ModuleType) -> bool:
    """Whether this module was imported compiled."""
    return str(getattr(module, "__file__", "")).endswith(SUFFIX)


def build(package: Path = sources.PACKAGE) -> Path:
    """Compile the marked modules into the directory of today's sources (kept if it exists already);
    returns it. Needs mypy (the `compile` extra), a C compiler and Python's headers."""
    if importlib.util.find_spec("mypyc") is None:
        raise HighrollerError("compiling the step engines needs the compile extra: pip install 'highroller[compile]'")
    target = directory(package)
    if target.is_dir():
        return target
    modules = [path.relative_to(package.parent).as_posix() for path in marked(package)]
    root().mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root()) as temp:
        work = Path(temp)
        result = subprocess.run(
            [sys.executable, "-m", "highroller.core.mypyc_build", str(work / "out"), str(work / "build"), *modules],
            cwd=package.parent, capture_output=True, text=True, env={**os.environ, "MYPY_CACHE_DIR": str(work / "mypy")},
        )
        if result.returncode:
            lines = (result.stdout + result.stderr).strip().splitlines()
            raise HighrollerError("compiling failed (it needs a C compiler and Python's headers):\n" + "\n".join(lines[-20:]))
        if directory(package) != target:
            raise HighrollerError("the sources changed while they were compiled: compile again")
        try:
            (work / "out").rename(target)
        except OSError:  # another process built the same sources meanwhile
            if not target.is_dir():
                raise
    return target
