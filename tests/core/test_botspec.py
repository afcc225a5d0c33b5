"""Bot descriptions: names, levels, parameters and import paths (a module in the current folder too)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import highroller as hr
from highroller.core.botspec import resolve_bot

BOT_MODULE = '''
class Picky:
    def __init__(self, seed: int, index: int = 0) -> None:
        self.index = index

    def choose(self, state):
        legal = state.legal_actions()
        return legal[min(self.index, len(legal) - 1)]
'''


def test_a_level_resolves_to_its_bot_and_takes_parameters() -> None:
    spec = hr.game_spec("lasvegas")
    factory, params = resolve_bot(spec, "hard:iterations=20")
    assert factory is spec.bots[spec.levels["hard"].split(":")[0]]
    assert params["iterations"] == 20


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
