"""Pig's words and files: the French and German catalogs hold exactly the texts its sources and its
tutorial use, each translated with its placeholders; narrated in French, a game is in French; the guide
is there in English and French, and the board module and its styles are in the package."""

from __future__ import annotations

import re
from importlib.resources import files

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.tutorial_file import load_tutorial, tutorial_texts
from highroller.core.words import AND
from highroller_pig.spec import SPEC

PACKAGE = files("highroller_pig")
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _used_texts() -> set[str]:
    """The texts the sources give people: the `w(...)` of the narration, the typed input, the score
    sheet and the tutorial's terms, the board's `t(...)` and `tn(...)`, the spec's title, summary and
    options, how a list of names ends, and the tutorial's titles, names and explanations."""
    texts = {SPEC.title, SPEC.summary, AND, *(text for option in SPEC.options for text in (option.name, option.help))}
    tutorial = load_tutorial(SPEC)
    assert tutorial is not None
    texts.update(tutorial_texts(tutorial))
    sources = [
        ("python", name, {"w": None, "plural": (2, 3)}, {})
        for name in ("narrate.py", "typed.py", "sheet.py", "tutorial_claims.py")
    ]
    sources.append(("javascript", "board.js", {"t": None, "tn": (2, 3)}, {"parse_template_string": True}))
    for method, name, keywords, options in sources:
        path = str(PACKAGE.joinpath(name))
        for _line, message, _comments, _context in extract_from_file(method, path, keywords=keywords, options=options):
            texts.add(message[0] if isinstance(message, tuple) else message)
    return texts


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_each_catalog_holds_exactly_the_texts_used_all_translated(lang: str) -> None:
    with PACKAGE.joinpath("locale", f"{lang}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    entries = {
        message.id[0] if isinstance(message.id, tuple) else message.id: message for message in catalog if message.id
    }
    used = _used_texts()
    assert len(used) > 20 and used == set(entries)
    for english, message in entries.items():
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{english!r} has no translation"
        assert all(set(PLACEHOLDER.findall(form)) <= set(PLACEHOLDER.findall(english)) | {"n"} for form in forms), (
            english
        )


def test_a_game_narrated_in_french_is_in_french() -> None:
    state = hr.make("pig", players=2, target=20).new_game(4)
    english, french = hr.narration_of("pig"), hr.narration_of("pig", "fr")
    bots = [RandomBot(seat) for seat in range(2)]
    lines: list[tuple[str, str]] = []
    while state.current_player != TERMINAL:
        step = state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state)
        said = (
            english.describe_step(state, state.current_player, step, ["Ann", "Bob"]),
            french.describe_step(state, state.current_player, step, ["Ann", "Bob"]),
        )
        seen = len(state.events)
        state.apply(step)
        lines += [said] if said[0] else []
        lines += [
            (english.describe_event(event, ["Ann", "Bob"]), french.describe_event(event, ["Ann", "Bob"]))
            for event in state.events[seen:]
        ]
    assert len(lines) > 5 and all(str(a) != str(b) for a, b in lines)
    assert lines[-1][1] in ("Ann gagne\u202f!", "Bob gagne\u202f!")


def test_the_guide_board_and_styles_are_in_the_package() -> None:
    guide = PACKAGE.joinpath("guide")
    english, french = (guide.joinpath(f"{lang}.md").read_text(encoding="utf-8") for lang in ("en", "fr"))
    assert (
        len(english.split()) > 60
        and len(french.split()) > 60
        and "**A 1 loses the turn**" in english
        and "**Un 1 fait perdre le tour**" in french
    )
    assert "export function render(view, ctx)" in PACKAGE.joinpath("board.js").read_text(encoding="utf-8")
    styles = PACKAGE.joinpath("board.css").read_text(encoding="utf-8")
    assert all(line.startswith((".pig ", "/*")) for line in styles.splitlines() if line)
