"""Which of highroller's own source files some modules draw on, and a digest of them: how compiled
code is kept apart from the sources it was compiled from (the batch kernels' Numba cache, the compiled
step engines), so that an edit compiles afresh instead of running stale code."""

from __future__ import annotations

import ast
import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from platformdirs import user_cache_path

PACKAGE = Path(__file__).resolve().parents[1]
"""The `highroller` package directory."""


def with_imports(modules: Iterable[Path], package: Path = PACKAGE) -> set[Path]:
    """These modules and every `highroller` module they import, transitively (imports read from the
    source, wherever they are in it)."""
    todo = list(modules)
    found: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in found or not path.exists():
            continue
        found.add(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("highroller."):
                names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names if alias.name.startswith("highroller.")]
            else:
                continue
            for name in names:
                parts = name.split(".")[1:]
                todo += [package.joinpath(*parts).with_suffix(".py"), package.joinpath(*parts, "__init__.py")]
    return found


def digest(paths: Iterable[Path], package: Path = PACKAGE) -> str:
    """A digest of these source files' names (relative to the package) and contents."""
    hashed = hashlib.sha256()
    for path in sorted(paths):
        hashed.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return hashed.hexdigest()[:16]


def stamp(package: Path = PACKAGE) -> str:
    """A fingerprint of every module of the package read from the file system alone (names, sizes and
    modification times, no contents): what stays the same while no module is edited."""
    hashed = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        status = path.stat()
        hashed.update(f"{path.relative_to(package).as_posix()}\0{status.st_size}\0{status.st_mtime_ns}\0".encode())
    return hashed.hexdigest()[:16]


def remembered(kind: str, compute: Callable[[], str], package: Path = PACKAGE, folder: Path | None = None) -> str:
    """`compute()`, a digest of some of the package's sources, remembered under the package's `stamp`
    in `folder` (default: `digests` in the user's cache directory, apart from the builds it names): a
    run started while no module has been edited since reads it back (a few milliseconds) instead of
    reading, parsing and hashing the sources again. A folder that cannot be written only means the
    digest is worked out each time."""
    folder = folder or user_cache_path("highroller") / "digests"
    memo = folder / f"{kind}-{stamp(package)}"
    try:
        known = memo.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        known = ""
    if len(known) == 16 and all(c in "0123456789abcdef" for c in known):
        return known
    found = compute()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = memo.with_name(f"{memo.name}.{os.getpid()}")
        partial.write_text(found, encoding="ascii")
        partial.replace(memo)
    except OSError:
        pass
    return found
