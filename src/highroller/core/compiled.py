"""Compiled step engines: the modules marked for it, compiled with mypyc from their own typed source,
and imported compiled whenever a build of the current sources exists.

A game's step API (`legal_actions`, `apply`, `sample_chance`) runs in Python, where most of a step's
time is the interpreter's. Compiled with mypyc, the same code takes 0.7–0.8 of the time (random
games); `highroller bench` says which engine it measured. A module opts in with a line of its own
reading `# highroller: compile`; the marked modules are compiled together, as one group
(`core.mypyc_build`).

`build()` compiles them into a directory of the user's cache named by the Python version and a digest
of every module of the package (`core.sources`): installing the package does (its build backend,
build_backend/highroller_build.py), and so does `highroller compile`. `use()`, run when `highroller`
is first imported, makes the marked modules import from the directory of today's digest if it exists,
and from their source otherwise: an edit to any module changes the digest, so the marked ones run as
plain Python again until compiled anew, and a build never runs stale code. Without a build of today's
sources, `use()` starts one in a detached process at the lowest priority where one can be made (mypyc,
a C compiler and Python's headers are found), unless another process is making one (a lock file beside
the builds) or one of these sources failed before (its message is kept beside the builds); the
processes started after it has finished run compiled. HIGHROLLER_COMPILED=0 turns the compiled
modules off, and the builds in the background with them; the builds are kept under
HIGHROLLER_COMPILED_DIR if set, else under the user's cache directory.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

from platformdirs import user_cache_path

from highroller.core import sources
from highroller.core.errors import HighrollerError

if sys.platform != "win32":
    import fcntl

MARK = "# highroller: compile"
"""The line that marks a module for compiling."""
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
"""The file suffix of this Python's own extension modules (such as `.cpython-311-x86_64-linux-gnu.so`)."""
BACKGROUND = """
import os
if os.fork() == 0:
    from highroller.core import compiled
    compiled.build_in_background()
"""
"""What the process `start_background_build` starts runs: it forks the builder off and ends, so the
builder is nobody's child and the process that started it need not wait for it."""


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
    digest = sources.remembered("compiled", lambda: sources.digest(package.rglob("*.py"), package), package)
    return root() / f"{sys.implementation.cache_tag}-{digest}"


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of one build: each extension module in its directory, by its dotted name."""

    def __init__(self, build: Path) -> None:
        self.files = {
            path.relative_to(build).as_posix()[: -len(SUFFIX)].replace("/", "."): path
            for path in build.rglob(f"*{SUFFIX}")
        }

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def failed(build: Path) -> Path:
    """The file keeping why a build in the background of these sources failed."""
    return build.parent / f"{build.name}.failed"


def compiler() -> str | None:
    """The C compiler a build would run (CC, else the one this Python was built with), if it is found."""
    command = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(command[0]) if command else None


def can_build() -> bool:
    """Whether a build can be made here: mypyc (the compile extra), a C compiler and Python's headers."""
    try:
        mypyc = importlib.util.find_spec("mypyc")
    except ImportError:  # an import hook that refuses it
        return False
    return (
        mypyc is not None and compiler() is not None and (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file()
    )


def use() -> Path | None:
    """Import the marked modules from the build of today's sources, if there is one (before any of them
    is imported); returns its directory, or None when they run as plain Python, meanwhile starting a
    build in the background where one can be made (`start_background_build`)."""
    if os.environ.get("HIGHROLLER_COMPILED") == "0" or not (root().is_dir() or can_build()):  # no digest to work out
        return None
    build = directory()
    if not build.is_dir():
        start_background_build(build)
        return None
    sys.meta_path.insert(0, _CompiledFinder(build))
    return build


def _lock(wait: bool) -> int | None:
    """The builds' lock, taken (the file descriptor holding it), waiting for another process's if `wait`;
    None if another process holds it and not `wait`. Closing the descriptor, or ending every process
    that holds a copy of it, lets it go."""
    root().mkdir(parents=True, exist_ok=True)
    lock = os.open(root() / "build.lock", os.O_RDWR | os.O_CREAT, 0o644)
    if sys.platform != "win32":  # on Windows, where no build starts in the background, one at a time is the user's care
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            os.close(lock)
            return None
    return lock


def building() -> bool:
    """Whether another process is making a build now."""
    lock = _lock(wait=False)
    if lock is None:
        return True
    os.close(lock)
    return False


def start_background_build(build: Path) -> bool:
    """Start a build of today's sources (`build`, their directory) in a detached process at the lowest
    priority, which holds the builds' lock until it ends, unless a build of them failed before, none can
    be made here, or another process holds the lock; returns whether it started one."""
    if sys.platform == "win32" or not sys.executable or failed(build).exists() or not can_build():
        return False
    lock = _lock(wait=False)
    if lock is None:
        return False
    try:
        path = os.pathsep.join([str(sources.PACKAGE.parent), *filter(None, [os.environ.get("PYTHONPATH")])])
        subprocess.run(
            [sys.executable, "-c", BACKGROUND],
            env={**os.environ, "PYTHONPATH": path, "HIGHROLLER_COMPILED": "0"},
            pass_fds=(lock,),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            check=False,
        )
    finally:
        os.close(lock)
    return True


def build_in_background() -> None:
    """Make the build of today's sources at the lowest priority (Linux's idle class where there is one),
    in the process `start_background_build` started, which holds the builds' lock; a failure's message is
    kept (unless the sources changed meanwhile), so that no other process tries these sources again."""
    os.nice(19)
    if hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):  # where the system refuses, nice 19 it is
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    target = directory()
    try:
        _compile(sources.PACKAGE, target)
    except Exception as error:
        if directory() == target:  # else these sources were edited meanwhile: the next run builds the new ones
            failed(target).write_text(f"{error}\n", encoding="utf-8")


def in_use(module: ModuleType) -> bool:
    """Whether this module was imported compiled."""
    return str(getattr(module, "__file__", "")).endswith(SUFFIX)


def build(package: Path = sources.PACKAGE) -> Path:
    """Compile the marked modules into the directory of today's sources (kept if it exists already),
    after the build another process is making; returns it. Needs mypy (the `compile` extra), a C
    compiler and Python's headers."""
    if importlib.util.find_spec("mypyc") is None:
        raise HighrollerError("compiling the step engines needs the compile extra: pip install 'highroller[compile]'")
    target = directory(package)
    if target.is_dir():
        return target
    lock = _lock(wait=True)
    assert lock is not None
    try:
        return _compile(package, target)
    finally:
        os.close(lock)


def _compile(package: Path, target: Path) -> Path:
    """Compile the marked modules into `target`, the directory of today's sources, unless it exists;
    the caller holds the builds' lock. The build reads a copy of the package, made first: edits while it
    compiles cannot reach it, and mypy takes no neighbour of an installed package for a module of ours."""
    if target.is_dir():
        return target
    root().mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root()) as temp:
        work = Path(temp)
        copy = work / "src" / package.name
        shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
        if directory(copy) != target:
            raise HighrollerError("the sources changed while they were compiled: compile again")
        modules = [path.relative_to(copy.parent).as_posix() for path in marked(copy)]
        result = subprocess.run(
            [sys.executable, "-m", "highroller.core.mypyc_build", str(work / "out"), str(work / "build"), *modules],
            cwd=copy.parent,
            capture_output=True,
            text=True,
            env={**os.environ, "MYPY_CACHE_DIR": str(work / "mypy")},
            check=False,
        )
        if result.returncode:
            lines = (result.stdout + result.stderr).strip().splitlines()
            raise HighrollerError(
                "compiling failed (it needs a C compiler and Python's headers):\n" + "\n".join(lines[-20:])
            )
        try:
            (work / "out").rename(target)
        except OSError:  # another process built the same sources meanwhile (on Windows, where builds take no lock)
            if not target.is_dir():
                raise
    return target
