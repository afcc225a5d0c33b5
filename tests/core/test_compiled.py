"""The compiled step engines (`core.compiled`): the marked modules compiled with mypyc are used only
while the sources are the ones they were compiled from, and they play exactly as the Python ones."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from highroller.core import compiled, mypyc_build, sources
from highroller.core.errors import HighrollerError

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import gc, importlib, weakref
import highroller as hr
from highroller.core import compiled
for path in compiled.marked():
    assert compiled.in_use(importlib.import_module(compiled.module_name(path))), path
state = hr.make("lasvegas").new_game(1)
copy = state.clone()
references = [weakref.ref(state), weakref.ref(copy)]
del state, copy
gc.collect()
assert all(reference() is None for reference in references)
import copy as copying, pickle
for name in ("lasvegas", "lastchance", "luckiest"):
    game = hr.make(name)
    state = game.new_game(3)
    for again in (pickle.loads(pickle.dumps(state)), copying.deepcopy(state)):
        assert again.game == game and again.record() == state.record(), name
print("compiled")
"""


def test_the_step_engines_are_marked_and_what_numba_compiles_is_not() -> None:
    names = {compiled.module_name(path) for path in compiled.marked()}
    assert names == {
        "highroller.core.state",
        "highroller.core.game_loop",
        "highroller.games.lasvegas.state",
        "highroller.games.lasvegas.steps",
        "highroller.games.lasvegas.mixed_rolls",
        "highroller.games.lasvegas.payouts",
        "highroller.games.lasvegas.roll_tables",
        "highroller.games.lasvegas.seat_view",
        "highroller.games.lasvegas.stocking",
        "highroller.games.lastchance.chance",
        "highroller.games.lastchance.seat_view",
        "highroller.games.lastchance.settlement",
        "highroller.games.lastchance.state",
        "highroller.games.luckiest.state",
    }
    assert not names & {"highroller.core.rng", "highroller.games.lasvegas.legal", "highroller.games.lasvegas.scoring"}


def test_an_edit_to_any_module_names_another_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "highroller"
    shutil.copytree(sources.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "static"))
    monkeypatch.setenv("HIGHROLLER_COMPILED_DIR", str(tmp_path / "builds"))
    before = compiled.directory(copy)
    assert compiled.directory(copy) == before and before.parent == tmp_path / "builds"
    path = copy / "web" / "app.py"
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert compiled.directory(copy) != before


def test_without_a_build_of_these_sources_the_modules_run_as_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HIGHROLLER_COMPILED_DIR", str(tmp_path))
    started: list[Path] = []
    monkeypatch.setattr(compiled, "start_background_build", started.append)
    (tmp_path / f"{sys.implementation.cache_tag}-0000000000000000").mkdir()  # a build of other sources
    assert compiled.use() is None and started == [compiled.directory()]
    compiled.directory().mkdir()
    monkeypatch.setenv("HIGHROLLER_COMPILED", "0")
    assert compiled.use() is None


def test_compiling_without_mypy_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(HighrollerError, match=r"needs the compile extra: pip install 'highroller\[compile\]'"):
        compiled.build()


def test_every_deallocator_of_the_build_clears_weak_references() -> None:
    source = (
        "static void\nX_dealloc(X *self)\n{\n    PyObject_GC_UnTrack(self);\n    CPy_TRASHCAN_BEGIN(self, "
        "X_dealloc)\n}\n" * 2
    )
    repaired = mypyc_build.clear_weak_references(source)
    assert (
        repaired.count(f"PyObject_GC_UnTrack(self);\n    {mypyc_build.CLEAR_WEAK_REFERENCES}\n    CPy_TRASHCAN_BEGIN")
        == 2
    )
    assert mypyc_build.clear_weak_references("int x;\n") == "int x;\n"


@pytest.mark.slow
def test_the_compiled_modules_play_exactly_as_the_python_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HIGHROLLER_COMPILED_DIR", str(tmp_path))
    build = compiled.build()
    assert build == compiled.directory() and compiled.build() == build  # built once, then kept
    env = {**os.environ, "HIGHROLLER_COMPILED_DIR": str(tmp_path), "HIGHROLLER_COMPILED": "1"}
    check = subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True, check=False)
    assert check.stdout.strip() == "compiled", check.stderr
    tests = [
        "tests/playthroughs",
        "tests/test_api_checker.py",
        "tests/core",
        "tests/lasvegas",
        "tests/lastchance",
        "tests/luckiest",
    ]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow", "-n", "2", *tests],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
