"""The build of the compiled step engines (`core.compiled`), run by `compiled.build` in a process of
its own: `python -m highroller.core.mypyc_build OUT TEMP MODULE...` compiles the modules (paths
relative to the working directory) with mypyc into OUT, its generated C code and objects in TEMP.

One repair to the C code mypyc generates: a compiled class that interpreted classes may subclass
takes weak references, yet its deallocator never clears them, so a weak reference that outlives its
object (test libraries and caches keep them) points at freed memory and crashes the interpreter at a
later garbage collection. The build makes every deallocator clear them once the object is untracked,
as CPython's own do (where a class takes none, the check costs one comparison).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mypyc.build import mypycify
from setuptools import setup  # type: ignore[import-untyped]

FLAGS = ["--ignore-missing-imports", "--follow-imports=silent"]
"""mypy's options for the build: the compiled modules are checked, what they import is read for types."""
UNTRACK = "PyObject_GC_UnTrack(self);"
CLEAR_WEAK_REFERENCES = "if (Py_TYPE(self)->tp_weaklistoffset != 0) PyObject_ClearWeakRefs((PyObject *)self);"


def clear_weak_references(source: str) -> str:
    """The generated C code with every deallocator clearing the object's weak references."""
    return source.replace(UNTRACK, f"{UNTRACK}\n    {CLEAR_WEAK_REFERENCES}")


def main(arguments: list[str]) -> None:
    out, temp, *modules = arguments
    extensions = mypycify([*FLAGS, *modules], opt_level="3", target_dir=temp)
    for path in Path(temp).rglob("*.c"):
        path.write_text(clear_weak_references(path.read_text(encoding="utf-8")), encoding="utf-8")
    setup(
        name="highroller-compiled",
        ext_modules=extensions,
        script_args=["build_ext", "--build-lib", out, "--build-temp", temp],
    )


if __name__ == "__main__":
    main(sys.argv[1:])
