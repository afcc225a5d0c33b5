"""Packages of games that are not highroller's, for the tests that start `highroller serve` with them:
each installed as pip leaves a package (a `.dist-info` folder holding its entry points, beside its
modules) in a folder the test puts on the server's `PYTHONPATH`. One is a whole game in a single
module, with no catalogs; the others build on it and break one part each, in a way the server meets
as it starts or lists its games."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

SOLO = '''"""High or Low, a whole game in one module: each seat in turn calls high or low, then one die is
rolled; the seats whose call it bears out (4 to 6 is high, 1 to 3 low) win."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from rich.text import Text

from highroller.core.bots import RandomBot
from highroller.core.errors import IllegalAction, RulesError
from highroller.core.game import Game, OptionSpec
from highroller.core.spec import GameSpec
from highroller.core.state import CHANCE, TERMINAL, State
from highroller.core.viewschema import SeatView


@dataclass(frozen=True)
class Step:
    """A seat's call ("high" or "low") or the face the die shows (1 to 6): its JSON is what it holds."""

    held: str | int

    def __str__(self) -> str:
        return str(self.held)

    def to_json(self) -> str | int:
        return self.held


CALLS = (Step("high"), Step("low"))
FACES = {face: Step(face) for face in range(1, 7)}


class SoloView(SeatView):
    game: Literal["solo"]
    calls: list[str | None]
    roll: int | None


class SoloState(State):
    def __init__(self, game: SoloGame, seed: int) -> None:
        super().__init__(game, seed)
        self.calls: list[str | None] = [None] * game.num_players
        self.roll: int | None = None
        self.current_player = 0

    def legal_actions(self) -> tuple[Step, ...]:
        return CALLS if self.current_player >= 0 else ()

    def _chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(step, 1 / len(FACES)) for step in FACES.values()]

    def _sample_chance(self, bits: int) -> Step:
        return FACES[1 + bits % len(FACES)]

    def _check_outcome(self, outcome: Any) -> None:
        if not isinstance(outcome, Step) or FACES.get(outcome.held) != outcome:
            raise IllegalAction(f"the die has no face {outcome}")

    def _apply_outcome(self, outcome: Step) -> None:
        self.roll = int(outcome.held)
        self.events.append({"type": "end", "roll": self.roll, "winners": self.winners()})
        self.current_player = TERMINAL

    def _apply_action(self, action: Step) -> None:
        self.calls[self.current_player] = str(action.held)
        self.current_player = self.current_player + 1 if self.current_player + 1 < len(self.calls) else CHANCE

    def clone(self) -> SoloState:
        copy = type(self).__new__(type(self))
        self._clone_base(copy)
        copy.calls, copy.roll = list(self.calls), self.roll
        return copy

    def winners(self) -> list[int]:
        side = None if self.roll is None else "high" if self.roll >= 4 else "low"
        return [seat for seat, call in enumerate(self.calls) if side is not None and call == side]

    def returns(self) -> list[float]:
        return [float(seat in self.winners()) for seat in range(len(self.calls))]

    def view(self, seat: int | None) -> dict[str, Any]:
        view: SoloView = {"seat": seat, "current_player": self.current_player, "winners": self.winners(),
          "game": "solo",
                          "calls": list(self.calls), "roll": self.roll}
        return dict(view)

    def decode_step(self, data: Any) -> Step:
        if self.current_player == CHANCE and type(data) is int and data in FACES:
            return FACES[data]
        if self.current_player >= 0 and data in ("high", "low"):
            return CALLS[data == "low"]
        raise IllegalAction(f'a call is "high" or "low", a die 1 to 6; not {data!r}')


class SoloGame(Game):
    name = "solo"

    def __init__(self, players: int = 2) -> None:
        if type(players) is not int or not 1 <= players <= 4:
            raise RulesError(f"players: High or Low takes 1 to 4 players, not {players!r}")
        super().__init__({"players": players})

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def _new_state(self, seed: int) -> State:
        return SoloState(self, seed)


class SoloNarration:
    def describe_step(self, state: State, player: int, step: Any, names: list[str]) -> str:
        return f"The die shows {step}." if player == CHANCE else f"{names[player]} calls {step}."

    def describe_event(self, event: dict[str, Any], names: list[str]) -> str | None:
        winners = ", ".join(names[seat] for seat in event["winners"]) or "Nobody"
        return f"{winners} called it right." if event["type"] == "end" else None


class SoloRenderer:
    def board(self, view: dict[str, Any], names: list[str]) -> Text:
        calls = ", ".join(f"{name}: {call or '?'}" for name, call in zip(names, view["calls"], strict=True))
        return Text(f"High or Low. {calls}. The die: {view['roll'] or 'not rolled yet'}.")

    def advice(self, state: State, seat: int) -> str | None:
        return "high"


NARRATION = SoloNarration()
RENDERER = SoloRenderer()
SPEC = GameSpec(
    name="solo",
    title="High or Low",
    summary="Call high or low, then one die decides.",
    make=SoloGame,
    options=(OptionSpec("players", "int", "number of players", minimum=1, maximum=4),),
    bots={"random": RandomBot},
    default_bot="random",
    renderer="solo_dice:RENDERER",
    narration="solo_dice:NARRATION",
    view="solo_dice:SoloView",
    checker_configs=({"players": 2},),
)
'''
"""The whole of `solo_dice.py`: the game `solo`, whose spec is in a top-level module, not a package."""


@dataclass(frozen=True)
class Package:
    """A package as pip installs it: its distribution's name, its entry points of `highroller.games`
    (name: "module:SPEC") and its files (path: text)."""

    distribution: str
    games: dict[str, str]
    files: dict[str, str] = field(default_factory=dict)

    def install(self, folder: Path) -> None:
        """Install the package in `folder` (a folder on the path of the processes that should see it)."""
        info = folder / f"{self.distribution.replace('-', '_')}-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {self.distribution}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(
            "[highroller.games]\n" + "".join(f"{name} = {path}\n" for name, path in self.games.items())
        )
        for path, text in self.files.items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(text)


def install_for_servers(site: Path, packages: Iterable[Package], monkeypatch: pytest.MonkeyPatch) -> None:
    """Install High or Low's package and `packages` in the folder `site`, first on the path of every
    process the test starts from now on."""
    for package in (SOLO_PACKAGE, *packages):
        package.install(site)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(site), *filter(None, [os.environ.get("PYTHONPATH")])]))


def _on_solo(name: str, changes: str, before: str = "") -> str:
    """A module whose `SPEC` is High or Low's under another name with `changes` (keyword arguments of
    `dataclasses.replace`), after the lines `before`."""
    return (
        f"from dataclasses import replace\n\nimport solo_dice\n\n{before}\nSPEC = replace(solo_dice.SPEC, "
        f"name={name!r}, {changes})\n"
    )


SOLO_PACKAGE = Package("solo-dice", {"solo": "solo_dice:SPEC"}, {"solo_dice.py": SOLO})

BROKEN = {
    "import-fails": Package(
        "import-fails",
        {"crash": "import_fails.spec:SPEC"},
        {"import_fails/__init__.py": "", "import_fails/spec.py": "raise RuntimeError('this game is not finished')\n"},
    ),
    "exits-at-import": Package(
        "exits-at-import", {"leaving": "exits_at_import:SPEC"}, {"exits_at_import.py": "raise SystemExit(3)\n"}
    ),
    "make-fails": Package(
        "make-fails",
        {"unmade": "make_fails:SPEC"},
        {
            "make_fails.py": _on_solo(
                "unmade", "make=make", "def make(**options):\n    raise RuntimeError('no table today')\n"
            )
        },
    ),
    "narration-fails": Package(
        "narration-fails",
        {"mute": "narration_fails:SPEC"},
        {
            "narration_fails.py": _on_solo(
                "mute",
                "narration='narration_fails:narration'",
                "def narration(lang):\n    if lang == 'de':\n        raise LookupError('no German words')\n    return "
                "solo_dice.NARRATION\n",
            )
        },
    ),
    "presets-fail": Package(
        "presets-fail",
        {"unset": "presets_fail:SPEC"},
        {
            "presets_fail/__init__.py": _on_solo("unset", "presets='presets_fail:presets.json'"),
            "presets_fail/presets.json": '[{"id": 7}]',
        },
    ),
    "options-fail": Package(
        "options-fail",
        {"unhelpful": "options_fail:SPEC"},
        {
            "options_fail.py": _on_solo(
                "unhelpful",
                "options=(OptionSpec('players', 'int', ['players'], minimum=1, maximum=4),)",
                "from highroller.core.game import OptionSpec\n",
            )
        },
    ),
}
"""A package for each way a game breaks: by name, the package whose game fails to import, exits as it
is imported, fails to make its game, fails to load its narration in one language, has a broken
presets file, or has an option whose help is no text (which only describing it for the lobby meets)."""
