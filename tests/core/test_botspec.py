"""Bot descriptions: names, levels, parameters and import paths (a module in the current folder too)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

import highroller as hr
from highroller.core.botspec import installed, level_bot, resolve_bot

BOT_MODULE = """
class Picky:
    def __init__(self, seed: int, index: int = 0) -> None:
        self.index = index

    def choose(self, state):
        legal = state.legal_actions()
        return legal[min(self.index, len(legal) - 1)]
"""


def test_a_level_resolves_to_its_bot_and_takes_parameters() -> None:
    spec = hr.game_spec("lasvegas")
    factory, params = resolve_bot(spec, "medium:denial=0.5")
    assert factory is spec.bots[level_bot(spec, "medium").split(":")[0]]
    assert params["denial"] == 0.5


class Needy:
    """A bot that cannot work without a module this installation lacks."""

    needs = ("highroller_no_such_module",)

    def __init__(self, seed: int) -> None:
        raise ImportError("needs highroller_no_such_module")


class Able(Needy):
    needs = ("json",)

    def __init__(self, seed: int) -> None:
        self.seed = seed


def test_a_level_with_choices_plays_the_first_whose_needs_are_installed() -> None:
    base = hr.game_spec("luckiest")
    spec = replace(
        base,
        bots={**base.bots, "needy": Needy, "able": Able},
        levels={
            "hard": ("needy", "able", "random"),
            "first": ("able", "random"),
            "last": ("needy",),
            "plain": "cautious",
        },
    )
    assert not installed(Needy) and installed(Able) and installed(base.bots["random"])
    assert (
        level_bot(spec, "hard") == "able"
        and level_bot(spec, "first") == "able"
        and level_bot(spec, "plain") == "cautious"
    )
    assert resolve_bot(spec, "hard") == (Able, {})
    assert level_bot(spec, "last") == "needy", "with no choice left, the last one, whose use says what it lacks"
    with pytest.raises(ImportError, match="highroller_no_such_module"):
        factory, params = resolve_bot(spec, "last")
        factory(1, **params)


def test_a_bot_module_in_the_current_folder_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pickybots.py").write_text(BOT_MODULE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    factory, params = resolve_bot(hr.game_spec("luckiest"), "pickybots:Picky:index=1")
    assert factory.__name__ == "Picky" and params == {"index": 1}
    final = hr.play(hr.make("luckiest", players=2, rounds=1), ["pickybots:Picky:index=1", "easy"], seed=3)
    assert final.is_terminal()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("genius", "has no bot 'genius'"),
        ("greedy:iterations", "name:key=value"),
        ("mcts:iterations=9,epsilon=0", "separated by ':'"),
        ("nosuchmodule:Bot", "cannot import"),
        ("os:sep", "not a bot class"),
    ],
)
def test_bad_descriptions_say_what_is_allowed(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        resolve_bot(hr.game_spec("lasvegas"), text)


def test_an_unknown_bot_is_refused_naming_each_level_with_the_bot_it_plays_here() -> None:
    spec = hr.game_spec("lasvegas")
    with pytest.raises(ValueError, match=r"levels: easy \(greedy\), medium \(heuristic\), hard \(expert\);"):
        resolve_bot(spec, "wizard")


def test_a_level_whose_first_choice_the_game_lacks_plays_its_next_and_an_unknown_bot_is_still_refused() -> None:
    spec = replace(hr.game_spec("lasvegas"), levels={**hr.game_spec("lasvegas").levels, "hard": ("genius", "random")})
    assert level_bot(spec, "hard") == "random"
    with pytest.raises(ValueError, match=r"has no bot 'genius'.*hard \(random\)"):
        resolve_bot(spec, "genius")
