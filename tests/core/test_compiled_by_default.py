"""The compiled step engines without asking: installing the package compiles them where it can and never
fails for it (the build backend, build_backend/highroller_build.py), and a run that finds no build of
its sources starts one in the background, one at a time, where one can be made (`core.compiled`)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from highroller.core import compiled, sources
from highroller.core.errors import HighrollerError

ROOT = Path(__file__).resolve().parents[2]

ENGINES = """
import importlib
from highroller.core import compiled, sources
assert str(sources.PACKAGE).startswith({src!r}), sources.PACKAGE
used = {{compiled.in_use(importlib.import_module(compiled.module_name(path))) for path in compiled.marked()}}
print({{frozenset([True]): "compiled", frozenset([False]): "Python"}}.get(frozenset(used), "mixed"))
"""
"""A fresh interpreter's report on how the step engines of the copy in `src` run."""

STAND_IN = """
import os, time
with open({log!r}, "a") as log:
    log.write("started\\n")
if os.fork() == 0:
    deadline = time.monotonic() + 60
    while not os.path.exists({release!r}) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.makedirs({build!r})
"""
"""A stand-in for the background build: notes its start, then holds the lock it was handed until told
to let go, and leaves a (hollow) build."""


def load_backend() -> ModuleType:
    spec = importlib.util.spec_from_file_location("highroller_build", ROOT / "build_backend" / "highroller_build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


backend = load_backend()


def copy_package(where: Path) -> Path:
    """A copy of the package's sources (others' edits of the checkout cannot change its digest); returns
    the directory holding it."""
    src = where / "src"
    shutil.copytree(sources.PACKAGE, src / "highroller", ignore=shutil.ignore_patterns("__pycache__"))
    return src


def engines(src: Path, builds: Path, **env: str) -> str:
    """How a fresh interpreter importing the copy in `src` runs its step engines, with builds under `builds`."""
    environment = {key: value for key, value in os.environ.items() if key != "HIGHROLLER_COMPILED"}
    environment |= {"PYTHONPATH": str(src), "HIGHROLLER_COMPILED_DIR": str(builds), **env}
    result = subprocess.run(
        [sys.executable, "-c", ENGINES.format(src=str(src))],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def wait_until(condition: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """A copy of the sources whose step engines the install hook compiled (once for the module), and
    where the build is."""
    where = tmp_path_factory.mktemp("installed")
    src = copy_package(where)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HIGHROLLER_COMPILED_DIR", str(where / "builds"))
        patch.delenv("HIGHROLLER_COMPILED", raising=False)
        assert backend.compile_engines(src)
    yield src, where / "builds"


@pytest.fixture
def builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty directory of builds, the build of today's sources named in it whatever others edit meanwhile,
    and this process's step engines left as they are."""
    monkeypatch.setenv("HIGHROLLER_COMPILED_DIR", str(tmp_path / "builds"))
    monkeypatch.delenv("HIGHROLLER_COMPILED", raising=False)
    monkeypatch.setattr(
        compiled,
        "directory",
        lambda package=sources.PACKAGE: tmp_path / "builds" / f"{sys.implementation.cache_tag}-today",
    )
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    return tmp_path / "builds"


@pytest.mark.slow
def test_the_install_compiles_the_step_engines_and_later_runs_use_them(
    installed: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    src, builds = installed
    assert engines(src, builds) == "compiled"
    monkeypatch.setenv("HIGHROLLER_COMPILED_DIR", str(builds))
    assert not compiled.building()  # that run started no build of its own
    (build,) = (path for path in builds.iterdir() if path.is_dir())
    assert backend.compile_engines(src)  # installing again finds the build made
    assert capsys.readouterr().err == f"highroller: step engines compiled into {build}\n"
    environment = {**os.environ, "PYTHONPATH": str(src), "HIGHROLLER_COMPILED_DIR": str(builds)}
    said = subprocess.run(
        [sys.executable, "-c", "from highroller.cli.main import main\nmain()", "compile"],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert said.returncode == 0 and said.stdout.endswith(f"\ninto {build}\n"), (
        said.stderr
    )  # `highroller compile` says where it is
    assert sorted(path.name for path in builds.iterdir()) == sorted([build.name, "build.lock"])


@pytest.mark.slow
def test_without_a_c_compiler_the_install_goes_on_and_the_engines_run_as_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    src = copy_package(tmp_path)
    nowhere = tmp_path / "bin"
    nowhere.mkdir()
    monkeypatch.setenv("HIGHROLLER_COMPILED_DIR", str(tmp_path / "builds"))
    monkeypatch.setenv("CC", "/nonexistent")
    monkeypatch.setenv("PATH", str(nowhere))
    assert not compiled.can_build()
    assert not backend.compile_engines(src)  # mypyc's build really ran, and failed at the compiler
    assert capsys.readouterr().err == (
        "highroller: step engines not compiled (error: [Errno 2] No such file or directory: '/nonexistent'): they run "
        "as Python, "
        "built on first use where a C compiler and mypy are installed\n"
    )
    assert engines(src, tmp_path / "builds") == "Python"
    assert [path.name for path in (tmp_path / "builds").iterdir()] == ["build.lock"]  # nothing built, nor started


def test_the_install_opted_out_compiles_nothing_and_asks_for_nothing_more(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[Path] = []
    monkeypatch.setattr(
        backend.build_meta, "get_requires_for_build_editable", lambda config_settings: ["setuptools's own"]
    )
    monkeypatch.setattr(
        backend.build_meta, "get_requires_for_build_wheel", lambda config_settings: ["setuptools's own"]
    )
    monkeypatch.setenv("HIGHROLLER_COMPILED", "0")
    backend.prepare([ran.append])
    assert (
        ran == []
        and capsys.readouterr().err
        == "highroller: HIGHROLLER_COMPILED=0: step engines and Numba kernels not compiled ahead\n"
    )
    assert backend.get_requires_for_build_editable() == backend.get_requires_for_build_wheel() == ["setuptools's own"]
    monkeypatch.delenv("HIGHROLLER_COMPILED")
    requires = backend.get_requires_for_build_editable()
    assert requires[0] == "setuptools's own" and {"mypy>=1.10", "numba>=0.59", "numpy>=1.26", "click>=8.1"} <= set(
        requires
    )
    assert requires == backend.get_requires_for_build_wheel()


def test_an_editable_install_compiles_and_warms_the_kernels_a_wheel_only_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    steps: list[str] = []

    def step(name: str) -> Callable[[Path], bool]:
        def run(src: Path) -> bool:
            steps.append(f"{name} {src}")
            return True

        return run

    def setuptools(name: str) -> Callable[..., str]:
        def build(*arguments: object) -> str:
            steps.append(name)
            return f"{name}.whl"

        return build

    monkeypatch.delenv("HIGHROLLER_COMPILED", raising=False)
    monkeypatch.setattr(backend, "compile_engines", step("compile"))
    monkeypatch.setattr(backend, "warm_kernels", step("warm"))
    monkeypatch.setattr(backend.build_meta, "build_editable", setuptools("editable"))
    monkeypatch.setattr(backend.build_meta, "build_wheel", setuptools("wheel"))
    assert backend.build_editable("dist") == "editable.whl"
    assert sorted(steps[:2]) == [f"compile {ROOT / 'src'}", f"warm {ROOT / 'src'}"] and steps[2:] == ["editable"]
    steps.clear()
    assert backend.build_wheel("dist") == "wheel.whl" and steps == [f"compile {ROOT / 'src'}", "wheel"]


def test_without_numba_the_install_goes_on_and_the_kernels_compile_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "numba").mkdir()
    (tmp_path / "numba" / "__init__.py").write_text("raise ImportError('no Numba here')\n", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    assert not backend.warm_kernels(ROOT / "src")
    assert (
        capsys.readouterr().err
        == "highroller: Numba kernels not compiled ahead (ImportError: no Numba here): they compile on first use\n"
    )


def test_without_a_build_the_first_run_starts_one_in_the_background_once(
    builds: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, release = tmp_path / "started", tmp_path / "release"
    monkeypatch.setattr(compiled, "can_build", lambda: True)
    monkeypatch.setattr(
        compiled, "BACKGROUND", STAND_IN.format(log=str(log), release=str(release), build=str(compiled.directory()))
    )
    assert compiled.use() is None and log.read_text() == "started\n"
    assert compiled.building() and compiled.use() is None
    # A run starting meanwhile (its own checks, the real build) starts none either: the lock is held.
    assert engines(sources.PACKAGE.parent, builds) == "Python"
    assert log.read_text() == "started\n" and compiled.building()
    release.touch()
    wait_until(lambda: not compiled.building(), 60)
    assert compiled.use() == compiled.directory() and log.read_text() == "started\n"


def test_no_build_starts_when_opted_out_after_one_of_these_sources_failed_or_without_a_compiler(
    builds: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "started"
    monkeypatch.setattr(
        compiled, "BACKGROUND", STAND_IN.format(log=str(log), release=str(tmp_path), build=str(tmp_path / "unused"))
    )
    monkeypatch.setenv("HIGHROLLER_COMPILED", "0")
    assert compiled.use() is None and not builds.exists()
    monkeypatch.delenv("HIGHROLLER_COMPILED")
    builds.mkdir()
    compiled.failed(compiled.directory()).write_text("compiling failed\n", encoding="utf-8")
    assert compiled.use() is None and not log.exists()
    compiled.failed(compiled.directory()).unlink()
    monkeypatch.setenv("CC", "/nonexistent")
    assert not compiled.can_build() and compiled.use() is None and not log.exists()
    monkeypatch.delenv("CC")

    def refuse(name: str) -> None:  # an import hook that refuses mypyc (as the light install's test has)
        raise ModuleNotFoundError(name, name=name)

    with monkeypatch.context() as refusing:
        refusing.setattr(importlib.util, "find_spec", refuse)
        assert not compiled.can_build() and compiled.use() is None and not log.exists()
    if compiled.can_build():  # the stand-in does start where a build can be made
        assert compiled.use() is None and log.read_text() == "started\n"


def test_a_failed_build_in_the_background_is_kept_so_no_run_tries_it_again(
    builds: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(package: Path, target: Path) -> Path:
        raise HighrollerError("compiling failed: no C compiler")

    priorities: list[str] = []
    monkeypatch.setattr(os, "nice", lambda increment: priorities.append(f"nice {increment}"))
    monkeypatch.setattr(os, "sched_setscheduler", lambda pid, policy, parameter: priorities.append(f"policy {policy}"))
    monkeypatch.setattr(compiled, "_compile", fail)
    monkeypatch.setattr(compiled, "can_build", lambda: True)
    builds.mkdir()
    compiled.build_in_background()
    assert compiled.failed(compiled.directory()).read_text(encoding="utf-8") == "compiling failed: no C compiler\n"
    assert priorities == ["nice 19", *([f"policy {os.SCHED_IDLE}"] if hasattr(os, "SCHED_IDLE") else [])]
    assert not compiled.start_background_build(compiled.directory())


def test_a_build_in_the_background_that_saw_its_sources_change_is_not_kept_as_failed(
    builds: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def edited(package: Path, target: Path) -> Path:
        monkeypatch.setattr(
            compiled, "directory", lambda package=sources.PACKAGE: builds / f"{sys.implementation.cache_tag}-tomorrow"
        )
        raise HighrollerError("the sources changed while they were compiled: compile again")

    monkeypatch.setattr(os, "nice", lambda increment: None)
    monkeypatch.setattr(os, "sched_setscheduler", lambda pid, policy, parameter: None)
    monkeypatch.setattr(compiled, "_compile", edited)
    today = compiled.directory()
    builds.mkdir()
    compiled.build_in_background()
    assert not compiled.failed(today).exists() and list(builds.iterdir()) == []


@pytest.mark.slow
def test_the_background_build_really_runs_detached_and_keeps_its_failure(tmp_path: Path) -> None:
    """The real background process end to end, with a mypyc that fails at once (a real build is the
    install test's)."""
    src = copy_package(tmp_path)
    broken = tmp_path / "broken"
    (broken / "mypyc").mkdir(parents=True)
    (broken / "mypyc" / "__init__.py").write_text("raise ImportError('mypyc is broken')\n", encoding="utf-8")
    builds = tmp_path / "builds"
    assert engines(src, builds, PYTHONPATH=os.pathsep.join([str(src), str(broken)])) == "Python"
    wait_until(lambda: any(builds.glob("*.failed")), 300)
    (failure,) = builds.glob("*.failed")
    assert "ImportError: mypyc is broken" in failure.read_text(encoding="utf-8")
    assert not any(path.is_dir() for path in builds.iterdir())
