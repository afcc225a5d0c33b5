"""The translations: every text the code gives people has a French and a German translation that keeps
its placeholders, the catalogs are what scripts/update_catalogs.py makes of the code (nothing missing,
nothing left over), money and numbers are written each language's way, plurals take each language's
forms, a game narrated in French or German is in French or German, and the translations read well:
one register per language (French "vous", German "du"), French typography (a narrow no-break space
before : ; ! ? and inside « »), and no file format or documentation file named to a player."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import highroller as hr
from highroller.core.bots import RandomBot
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.words import LANGUAGES, Words, check_language, read_catalog
from highroller.registry import own_games

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / "scripts" / "update_catalogs.py"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("update_catalogs", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CATALOGS = _script().catalogs()


def _ids(message_id: object) -> tuple[str, ...]:
    return tuple(message_id) if isinstance(message_id, (tuple, list)) else (str(message_id),)


@pytest.mark.parametrize("folder", sorted(CATALOGS), ids=lambda folder: folder.parent.name)
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_text_is_translated_with_its_placeholders(folder: Path, lang: str) -> None:
    script = _script()
    wanted = {_ids(message.id) for message in script.template(folder, CATALOGS[folder]) if message.id}
    with (folder / f"{lang}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    have = {_ids(message.id): message.string for message in catalog if message.id}
    assert wanted - set(have) == set(), f"texts not in {folder}/{lang}.po: run scripts/update_catalogs.py"
    assert set(have) - wanted == set(), (
        f"texts {folder}/{lang}.po holds that nothing uses: run scripts/update_catalogs.py"
    )
    for ids, translated in have.items():
        forms = tuple(translated) if isinstance(translated, (tuple, list)) else (translated,)
        assert all(forms), f"{ids[0]!r} has no {lang} translation"
        english = set().union(*(PLACEHOLDER.findall(text) for text in ids))
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) <= english, f"{lang} {form!r} invents a placeholder"
        assert set(PLACEHOLDER.findall(forms[-1])) | {"n"} >= english, (
            f"{lang} {forms[-1]!r} drops a placeholder of {ids[0]!r}"
        )


TEXT = r'"((?:[^"\\\n]|\\.)*)"'
CALLED = {
    ".js": re.compile(rf"\b(?:t|tNodes)\(\s*{TEXT}|\btn\([^\"()]*(?:\([^()]*\))?[^\"()]*,\s*{TEXT}"),
    ".py": re.compile(rf"\b(?:w|said|Refused|TooFast|too_many|NameRefused|Phrase)\(\s*{TEXT}[,)]"),
}
"""A message called with one literal text, as a plain reading of the source finds it: in JavaScript
`t("…")`, `tNodes("…")` and the first form of `tn(n, "…", …)` (also inside a template literal's
`${…}`), in Python the narration's `w("…")` and the server's refusals."""


@pytest.mark.parametrize("folder", sorted(CATALOGS), ids=lambda folder: folder.parent.name)
def test_the_extraction_finds_every_message_the_code_calls(folder: Path) -> None:
    """The catalogs are only as complete as the extraction that makes them: every text a plain
    reading of the code finds called as a message is in the extracted template."""
    extracted = {_ids(message.id)[0] for message in _script().template(folder, CATALOGS[folder]) if message.id}
    called = set()
    for path in CATALOGS[folder]:
        if path.suffix in CALLED:
            for found in CALLED[path.suffix].finditer(path.read_text(encoding="utf-8")):
                text = next(group for group in found.groups() if group is not None)
                called.add((path.name, text.encode().decode("unicode_escape") if "\\" in text else text))
    missed = sorted((name, text) for name, text in called if text not in extracted)
    assert len(called) > 20
    assert not missed, f"messages the extraction misses: {missed[:10]}"


@pytest.mark.parametrize("name", own_games())  # another package's game may speak English only
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_each_option_value_a_page_shows_is_translated(name: str, lang: str) -> None:
    """The values of a game's choice and text options (the Rules panel and the lobby show them) are
    in its catalog, translated."""
    translated: dict[str, object] = {}
    for folder in CATALOGS:
        if folder.parent.name == name:
            translated.update(read_catalog(folder, lang))
    values = [value for option in hr.game_spec(name).options for value in (*option.choices, *option.presets)]
    assert values and [value for value in values if value not in translated] == []
    helps = [str(translated.get(option.help, "")) for option in hr.game_spec(name).options]
    named = [
        (value, help)
        for value in values
        if translated[value] != value
        for help in helps
        if re.search(rf"\({re.escape(value)}[,)]", help)
    ]
    assert named == [], "an option's help names a value as the lobby shows it, in the page's language"


def test_money_and_numbers_per_language() -> None:
    assert [Words(lang).money(80_000) for lang in LANGUAGES] == ["$80,000", "80\u202f000\xa0$", "80.000\xa0$"]
    assert [Words(lang).number(1234) for lang in LANGUAGES] == ["1,234", "1\u202f234", "1.234"]
    french = Words("fr", [folder for folder in CATALOGS if folder.parent.name == "lastchance"])
    assert french.plural(0, "{n} die", "{n} dice") == "0 dé" and french.plural(2, "{n} die", "{n} dice") == "2 dés"
    with pytest.raises(ValueError, match="en, fr, de"):
        check_language("es")


def test_clauses_follow_one_another_the_languages_way() -> None:
    games = [folder for folder in CATALOGS if folder.parent.name == "lasvegas"]
    assert [Words(lang, games).clauses(["a", "b", "c"]) for lang in LANGUAGES] == [
        "a; b; c",
        "a\u202f; b\u202f; c",
        "a; b; c",
    ]


@pytest.mark.parametrize(
    ("lang", "one", "two"), [("fr", "· 1 spectateur", "· 2 spectateurs"), ("de", "· 1 schaut zu", "· 2 schauen zu")]
)
def test_a_plural_written_alike_in_english_has_each_form(lang: str, one: str, two: str) -> None:
    words = Words(lang, [folder for folder in CATALOGS if folder.parent.name == "web"])
    assert [words.plural(count, "· {n} watching", "· {n} watching") for count in (1, 2)] == [one, two]


@pytest.mark.parametrize("name", own_games())  # another package's game may speak English only
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_a_game_narrated_in_another_language(name: str, lang: str) -> None:
    game = hr.make(name, players=2)
    state = game.new_game(5)
    bots = [RandomBot(seat) for seat in range(game.num_players)]
    english, other = hr.narration_of(name), hr.narration_of(name, lang)
    names = ["Ann", "Bob"]
    pairs: list[tuple[str, str]] = []
    while state.current_player != TERMINAL:
        step = state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state)
        said = (
            english.describe_step(state, state.current_player, step, names),
            other.describe_step(state, state.current_player, step, names),
        )
        seen = len(state.events)
        state.apply(step)
        pairs += [said] if said[0] else []
        pairs += [
            (english.describe_event(event, names), other.describe_event(event, names)) for event in state.events[seen:]
        ]
    pairs = [(str(a), str(b)) for a, b in pairs if a]
    assert pairs and all(b for _, b in pairs)
    same = [a for a, b in pairs if a == b and re.search(r"[a-z]{4}", a)]
    assert len(same) <= len(pairs) // 20, f"lines left in English: {same[:5]}"
    assert "$" not in "".join(b for _, b in pairs) or any("\xa0$" in b for _, b in pairs)
    if lang == "fr":
        assert [b for _, b in pairs if not french_typography(b)] == []


FRENCH_SPACING = re.compile(r"[ \xa0][;:!?]|[^\W\d_}][;!?](?=\s|$)|[^\W\d_}]:(?=\s|$)|«(?!\u202f)|(?<!\u202f)»")
"""French written with a space that is not a narrow no-break space before ; : ! ? (or none), or inside « »."""


def french_typography(text: str) -> bool:
    """Whether `text` follows French typography: a narrow no-break space before : ; ! ? and inside « »
    (an HTTP header is written as it is sent)."""
    return not FRENCH_SPACING.search(text.replace("Authorization: Bearer", ""))


REGISTER = {
    "fr": re.compile(r"\b(?:tu|toi|ton|tes)\b", re.IGNORECASE),
    "de": re.compile(r"(?<![.:!?„] )(?<!^)\b(?:Sie|Ihnen|Ihre?[nmrs]?)\b|\b\w+en Sie\b|(?:^|; )tippt\b"),
}
"""How a text speaks to a player in the other register: French "tu", German "Sie" (not a sentence's "Sie",
"she"; the typed help speaks to the person typing, "tippe")."""


def _translations(folder: Path, lang: str) -> list[str]:
    with (folder / f"{lang}.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    return [
        form
        for message in catalog
        if message.id
        for form in (message.string if isinstance(message.string, (tuple, list)) else (message.string,))
    ]


@pytest.mark.parametrize("folder", sorted(CATALOGS), ids=lambda folder: folder.parent.name)
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_translations_read_well(folder: Path, lang: str) -> None:
    texts = _translations(folder, lang)
    assert [text for text in texts if REGISTER[lang].search(text)] == [], f"{lang} speaks in one register"
    assert [text for text in texts if re.search(r"TOML|docs/|\.md\b", text)] == [], (
        "a player is named no file format nor documentation file"
    )
    if lang == "fr":
        assert [text for text in texts if not french_typography(text)] == []


def test_the_detectors_of_register_and_typography() -> None:
    assert [
        text
        for text in (
            "versuchen Sie es noch einmal",
            "für Ihr Profil",
            "tippt 3",
            "Die Zahl: Sie wächst",
            "ihr tippt ein",
            "du bist dran",
        )
        if REGISTER["de"].search(text)
    ] == ["versuchen Sie es noch einmal", "für Ihr Profil", "tippt 3"]
    assert [text for text in ("Tu joues", "vous jouez", "À vous\u202f!") if REGISTER["fr"].search(text)] == ["Tu joues"]
    written = [
        "a : b",
        "a: b",
        "a\u202f: b",
        "« x »",
        "«\u202fx\u202f»",
        "p. ex. 2:05",
        "utilisez «\u202fAuthorization: Bearer x\u202f»",
        "gagne !",
        "gagne\u202f!",
    ]
    assert [text for text in written if not french_typography(text)] == ["a : b", "a: b", "« x »", "gagne !"]
