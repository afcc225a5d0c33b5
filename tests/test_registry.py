"""The registry: games come from the `highroller.games` entry points of installed packages (highroller's
own included) and from `HIGHROLLER_GAMES`, listed in a stable order; a broken game of another package
is left out with a warning naming its package and entry point, whatever it raises, and the other games
play on. A game whose spec is a module of no package speaks English.

A package is installed here as pip would leave it: a `.dist-info` folder with its entry points and
its modules, on a folder put on `sys.path` for the test."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from importlib.resources import files
from pathlib import Path

import pytest

import highroller as hr
from highroller import registry
from highroller.core.spec_check import GameSpecError

ENTRY_POINTS = """\
[highroller.games]
zebra = fake_dice.spec:ZEBRA
extra = fake_dice.spec:EXTRA
nowhere = fake_missing.spec:SPEC
boardless = fake_dice.spec:BOARDLESS
misnamed = fake_dice.spec:EXTRA
luckiest = fake_dice.spec:EXTRA
exiting = fake_exit:SPEC
unmade = fake_dice.spec:UNMADE
mute = fake_dice.spec:MUTE
single = fake_single:SPEC
packaged = fake_dice:PACKAGED
"""

SPECS = """\
from dataclasses import replace

from highroller.games.luckiest.narrate import narration
from highroller.games.luckiest.spec import SPEC

EXTRA = replace(SPEC, name="extra", title="An extra game")
ZEBRA = replace(SPEC, name="zebra", title="A last game")
BOARDLESS = replace(SPEC, name="boardless", board="fake_dice:board.js")


def unmade(**options):
    raise RuntimeError("no game today")


def no_words(lang):
    if lang == "fr":
        raise GeneratorExit("no French")
    return narration(lang)


UNMADE = replace(SPEC, name="unmade", make=unmade)
MUTE = replace(SPEC, name="mute", narration="fake_dice.spec:no_words")
"""

PACKAGE = (
    "from dataclasses import replace\nfrom highroller.games.luckiest.spec import SPEC\nPACKAGED = replace(SPEC, "
    "name='packaged')\n"
)
"""The package's `__init__`, holding the spec of a game."""

MODULES = {
    "fake_exit.py": "raise SystemExit(3)\n",
    "fake_single.py": "from dataclasses import replace\nfrom highroller.games.luckiest.spec import SPEC\nSPEC = "
    "replace(SPEC, name='single')\n",
}
"""Top-level modules of the package, beside `fake_dice`: a game that exits as it is imported, and one
whose spec is in a module of no package."""


def _forget() -> None:
    """Forget what the registry found and loaded, so that it looks again."""
    for cached in vars(registry).values():
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The package `fake-dice` installed for one test: sound games (one of them in a module of no
    package), a broken one of each kind, and a name highroller's own games already take."""
    info = tmp_path / "fake_dice-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-dice\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    (tmp_path / "fake_dice").mkdir()
    (tmp_path / "fake_dice" / "__init__.py").write_text(PACKAGE)
    (tmp_path / "fake_dice" / "spec.py").write_text(SPECS)
    for name, text in MODULES.items():
        (tmp_path / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv("HIGHROLLER_GAMES", raising=False)
    _forget()
    yield
    monkeypatch.undo()
    for module in ("fake_dice", "fake_dice.spec", "fake_exit", "fake_single"):
        sys.modules.pop(module, None)
    _forget()


def test_highroller_registers_its_own_games_as_any_package_does() -> None:
    own = registry.own_games()
    folders = {
        folder.name
        for folder in Path(registry.__file__).parent.joinpath("games").iterdir()
        if (folder / "spec.py").exists()
    }
    assert set(own) == folders and all(registry.registered_by(name) == "highroller" for name in own)
    assert own == sorted(own, key=lambda name: hr.game_spec(name).title)  # by title
    assert hr.available_games()[: len(own)] == own


def test_other_packages_games_come_after_highrollers_by_name_and_broken_ones_are_left_out(installed: None) -> None:
    with pytest.warns(RuntimeWarning) as warned:
        games = hr.available_games()
    own = registry.own_games()
    others = games[len(own) :]
    assert games[: len(own)] == own and others == sorted(others) and {"extra", "zebra", "single"} <= set(others)
    assert not {"nowhere", "boardless", "misnamed", "exiting", "unmade", "mute"} & set(games)
    assert registry.registered_by("extra") == "fake-dice" and registry.registered_by("luckiest") == "highroller"
    said = "\n".join(str(warning.message) for warning in warned)
    assert "the game 'luckiest' of package fake-dice is left out: package highroller registers that name" in said
    assert (
        "the game 'nowhere' (package fake-dice, nowhere = fake_missing.spec:SPEC) does not load: ModuleNotFoundError"
        in said
    )
    assert "GameSpec of 'boardless' (package fake-dice): board 'fake_dice:board.js' not found" in said
    assert (
        "the game 'misnamed' (package fake-dice, misnamed = fake_dice.spec:EXTRA) names GameSpec(name='extra'" in said
    )
    assert "the game 'exiting' (package fake-dice, exiting = fake_exit:SPEC) does not load: SystemExit: 3" in said
    assert (
        "the game 'unmade' (package fake-dice, unmade = fake_dice.spec:UNMADE) fails to make its game: RuntimeError: "
        "no game today" in said
    )
    assert (
        "the game 'mute' (package fake-dice, mute = fake_dice.spec:MUTE) fails to load its narration in fr: "
        "GeneratorExit: no French" in said
    )
    with pytest.raises(
        GameSpecError,
        match=r"^the game 'nowhere' \(package fake-dice, nowhere = fake_missing.spec:SPEC\) does not load",
    ):
        hr.game_spec("nowhere")
    with pytest.raises(
        GameSpecError, match=r"^GameSpec of 'boardless' \(package fake-dice\): board 'fake_dice:board.js' not found"
    ):
        hr.game_spec("boardless")
    assert hr.play(hr.make("lasvegas", players=2), ["random", "random"], seed=1).is_terminal()  # the own games play on


@pytest.mark.filterwarnings("ignore:the game .luckiest. of package fake-dice is left out")
def test_an_unknown_game_lists_the_known(installed: None) -> None:
    with pytest.raises(KeyError, match=r"no game 'chess'; games: .*extra, lastchance"):
        hr.game_spec("chess")


@pytest.fixture
def environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str, dict[str, str]], None]]:
    """Register games in `HIGHROLLER_GAMES` for one test: `register(entries, modules)` sets the variable
    and writes the modules (name: text) in a folder on `sys.path`."""
    written: list[str] = []

    def register(entries: str, modules: dict[str, str]) -> None:
        for name, text in modules.items():
            (tmp_path / f"{name}.py").write_text(text)
            written.append(name)
        monkeypatch.syspath_prepend(str(tmp_path))
        monkeypatch.setenv("HIGHROLLER_GAMES", entries)
        _forget()

    yield register
    monkeypatch.undo()
    for name in written:
        sys.modules.pop(name, None)
    _forget()


def test_the_environment_registers_an_importable_folder_after_every_package(
    environment: Callable[[str, dict[str, str]], None],
) -> None:
    folder_game = (
        "from dataclasses import replace\nfrom highroller.games.luckiest.spec import SPEC\nSPEC = replace(SPEC, "
        "name='folder')\n"
    )
    environment(" folder = folder_game:SPEC ", {"folder_game": folder_game})
    assert hr.available_games()[-1] == "folder" and registry.registered_by("folder") is None
    assert hr.make("folder", players=2).num_players == 2


def test_a_malformed_environment_registration_says_the_form(environment: Callable[[str, dict[str, str]], None]) -> None:
    environment("dice", {})
    with pytest.raises(
        ValueError,
        match=re.escape("HIGHROLLER_GAMES holds name=package.module:SPEC entries separated by commas, not 'dice'"),
    ):
        hr.available_games()


def test_a_game_reads_the_catalogs_of_its_spec_s_package_and_one_of_no_package_speaks_english(installed: None) -> None:
    with pytest.warns(RuntimeWarning):
        assert "single" in hr.available_games()
    assert registry.locale_of("single") is None
    assert registry.locale_of("extra") == registry.locale_of("packaged") == files("fake_dice").joinpath("locale")
    help = "number of players (1 is practice)"
    assert registry.words_of("single", "fr")(help) == help != registry.words_of("luckiest", "fr")(help)


def test_a_keyboard_interrupt_is_no_game_s_failure_but_a_person_stopping_the_command(
    environment: Callable[[str, dict[str, str]], None],
) -> None:
    environment("interrupting=interrupting_game:SPEC", {"interrupting_game": "raise KeyboardInterrupt\n"})
    with pytest.raises(KeyboardInterrupt):
        hr.available_games()
