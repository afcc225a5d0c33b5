"""A table's state kept in the database (`hr_checkpoints`), so that loading a table does not replay
its game: a 3,000-step game takes a few milliseconds to load instead of a second.

A table is checkpointed every `EVERY` steps and when its game ends, by whichever process stores the
step (a server process, or the bot worker that played it), and read back by any process that loads
the table: it then applies only the steps after the checkpoint. The state is pickled and compressed,
and named by its engine (`engine_key`): a digest of the source files of the game's package and of the
core's, and whether they run compiled. A checkpoint of another engine (the game's code changed, or
runs compiled where it did not) is not used: the table is replayed from its steps and checkpointed
again. Unpickling makes only classes of the game's own package and of `highroller.core` (and
Python's plain containers and numbers), so a checkpoint cannot make anything else run.
"""

from __future__ import annotations

import builtins
import collections
import copyreg
import fractions
import hashlib
import importlib
import io
import logging
import pickle
import zlib
from functools import cache
from pathlib import Path

from highroller.core.state import State
from highroller.web.store.rows import Checkpoint

log = logging.getLogger(__name__)

EVERY = 100
"""Steps between two checkpoints of a table (its finished state is always kept)."""

CORE = "highroller.core"

_PLAIN = {
    ("builtins", name): getattr(builtins, name)
    for name in (
        "bool",
        "bytearray",
        "bytes",
        "complex",
        "dict",
        "float",
        "frozenset",
        "int",
        "list",
        "object",
        "range",
        "set",
        "slice",
        "str",
        "tuple",
    )
} | {
    ("copyreg", "_reconstructor"): copyreg._reconstructor,  # type: ignore[attr-defined]
    ("collections", "OrderedDict"): collections.OrderedDict,
    ("collections", "defaultdict"): collections.defaultdict,
    ("collections", "deque"): collections.deque,
    ("fractions", "Fraction"): fractions.Fraction,
}
"""What a checkpoint may hold besides the game's and the core's classes."""


def _package_of(module: str) -> str:
    """The package whose files make a state's engine: the game's folder (the package of the state's
    module), or the module itself where it is not in a package."""
    return module.rpartition(".")[0] or module


def _sources(name: str) -> list[Path]:
    """The source files of a package (every module under its folder) or of a single module."""
    module = importlib.import_module(name)
    folders = [Path(folder) for folder in getattr(module, "__path__", ())]
    if folders:
        return sorted(path for folder in folders for path in folder.rglob("*.py"))
    return [Path(module.__file__)] if module.__file__ else []


@cache
def engine_key(state_type: type[State]) -> str:
    """The name of the engine a state of this class is pickled by: a digest of the sources of its
    game's package and of the core, and the file its class was loaded from (compiled or not)."""
    hashed = hashlib.sha256()
    for package in (_package_of(state_type.__module__), CORE):
        for path in _sources(package):
            hashed.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    loaded_from = getattr(importlib.import_module(state_type.__module__), "__file__", "") or ""
    hashed.update(Path(loaded_from).suffix.encode())
    return hashed.hexdigest()[:24]


def dump(state: State) -> Checkpoint:
    """The checkpoint of a state (pickled and compressed), named by its engine."""
    data = zlib.compress(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL), 1)
    return Checkpoint(version=len(state.history), engine=engine_key(type(state)), state=data)


class _GameUnpickler(pickle.Unpickler):
    """Makes the classes of one game's package and of the core, and plain containers and numbers only."""

    def __init__(self, data: bytes, package: str) -> None:
        super().__init__(io.BytesIO(data))
        self.package = package

    def find_class(self, module: str, name: str) -> type:
        plain = _PLAIN.get((module, name))
        if plain is not None:
            return plain  # type: ignore[no-any-return]
        if any(module == allowed or module.startswith(allowed + ".") for allowed in (self.package, CORE)):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"a checkpoint may not make {module}.{name}")


def restore(checkpoint: Checkpoint, state_type: type[State]) -> State | None:
    """The state a checkpoint holds, if it was pickled by this process's engine for a state of this
    class; None otherwise (or if it cannot be read: that is logged)."""
    if checkpoint.engine != engine_key(state_type):
        return None
    try:
        state = _GameUnpickler(zlib.decompress(checkpoint.state), _package_of(state_type.__module__)).load()
    except Exception:  # a damaged or hostile checkpoint: the table is replayed instead
        log.exception(
            "a checkpoint of a %s could not be read; the table is replayed from its steps", state_type.__name__
        )
        return None
    if type(state) is not state_type or len(state.history) != checkpoint.version:
        log.warning(
            "a checkpoint does not hold the %s it names; the table is replayed from its steps", state_type.__name__
        )
        return None
    return state


def due(version: int, kept: int, finished: bool) -> bool:
    """Whether a table at `version`, last checkpointed at `kept`, should be checkpointed now."""
    return version > kept and (finished or version - kept >= EVERY)
