"""Display names: each rule of highroller.web.http.names with names it accepts (and exactly as what) and
names it refuses, a property test that whatever is accepted is normal, short and clean, and the web
API refusing a look-alike of a seated name (on SQLite and PostgreSQL); a profile's name also refused
when it looks like the leaderboard's label of a bot or a former player, in any language."""

from __future__ import annotations

import unicodedata

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from highroller.web.http.names import INVISIBLE, MAX_LENGTH, NameRefused, display_name, profile_name, same_name


def refusal(raw: str, **kwargs: list[str]) -> str:
    with pytest.raises(NameRefused) as refused:
        display_name(raw, **kwargs)
    return str(refused.value)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ａｎｎ", "Ann"),  # full-width letters
        ("\ufb01ona", "fiona"),  # ligature fi
        ("Ann\u00a0Lee", "Ann Lee"),  # no-break space
        ("山田\u3000太郎", "山田 太郎"),  # ideographic space
        ("Ⅻ Club", "XII Club"),  # roman numeral
        ("x²", "x2"),
        ("Jose\u0301", "José"),  # composed
        ("ｶﾀｶﾅ", "カタカナ"),  # half-width katakana
    ],
)
def test_nfkc_normalisation(raw: str, shown: str) -> None:
    assert display_name(raw) == shown


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("  Ann  ", "Ann"),
        ("Ann\t\tLee", "Ann Lee"),
        ("Ann\nLee\n", "Ann Lee"),
        ("\r\nAnn\x0b\x0c\x85Lee\x1f", "Ann Lee"),
        ("Ann \u2003\u205f\u202f Lee", "Ann Lee"),
        ("Ann\u1680Lee", "Ann Lee"),  # ogham space mark
        ("A n n", "A n n"),
    ],
)
def test_whitespace_runs_become_one_space(raw: str, shown: str) -> None:
    assert display_name(raw) == shown


REFUSED = [
    "\x00",
    "\x1b",
    "\x7f",
    "\x9b",  # controls (Cc)
    "\u00ad",
    "\u0600",
    "\U0001d173",  # format (Cf)
    *"\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c",  # bidirectional controls
    *"\u200b\u200c\u2060\ufeff",  # zero-width
    "\ue000",
    "\U000f0000",
    "\U0010fffd",  # private use (Co)
    "\ud800",
    "\udfff",  # lone surrogates (Cs)
    "\u0378",
    "\U0003ffff",  # unassigned (Cn)
    "\u2028",
    "\u2029",  # line and paragraph separators (Zl, Zp)
    "\u115f",
    "\u1160",
    "\u2800",
    "\u034f",
    "\u17b4",
    "\u17b5",  # invisible by look, not by category
    *"\u180b\u180c\u180d\u180e\u180f",
    "\U000e0000",
    "\U000e0001",
    "\U000e0041",
    "\U000e007f",  # tags
]


@pytest.mark.parametrize("char", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_invisible_control_and_unassigned_characters_are_refused(char: str) -> None:
    for raw in (f"Ann{char}Lee", char, f"{char}Ann", f"🎲{char}"):
        message = refusal(raw)
        assert message.startswith(f"a display name cannot contain U+{ord(char):04X} ("), raw
        assert message.count(":") == 1 and "\n" not in message and char not in message


def test_refusals_name_the_character_in_words() -> None:
    assert refusal("Ann\u202eLee") == (
        "a display name cannot contain U+202E (RIGHT-TO-LEFT OVERRIDE): it is invisible or changes the text's direction"
    )
    assert (
        refusal("Ann\x07")
        == "a display name cannot contain U+0007 (CONTROL CHARACTER): control characters are not text"
    )
    assert (
        refusal("Ann\u2028Lee")
        == "a display name cannot contain U+2028 (LINE SEPARATOR): a display name must fit on one line"
    )
    assert refusal("\U000e0041nn").startswith("a display name cannot contain U+E0041 (TAG LATIN CAPITAL LETTER A): ")
    # Hangul fillers that NFKC turns into U+1160 are named as what they became.
    assert refusal("Ann\u3164").startswith("a display name cannot contain U+1160 (HANGUL JUNGSEONG FILLER): ")
    assert refusal("Ann\uffa0").startswith("a display name cannot contain U+1160 (HANGUL JUNGSEONG FILLER): ")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("👩\u200d💻", "👩\u200d💻"),
        ("Ann 👩\u200d💻", "Ann 👩\u200d💻"),
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),
        ("🏳\ufe0f\u200d🌈", "🏳\u200d🌈"),  # the variation selector goes, the joiner then sits between two So
        ("👩\U0001f3fd\u200d💻", "👩\U0001f3fd\u200d💻"),  # a skin tone before the joiner
    ],
)
def test_zero_width_joiner_between_two_emoji_is_kept(raw: str, shown: str) -> None:
    assert display_name(raw) == shown


@pytest.mark.parametrize(
    "raw",
    [
        "A\u200dnn",
        "\u200d🎲",
        "🎲\u200d",
        "🎲\u200d\u200d🎲",
        "Ann\u200d🎲",
        "🎲\u200d 🎲",
        "\u200d",
        "\U0001f3fd\u200dAnn",
    ],
)
def test_zero_width_joiner_elsewhere_is_refused(raw: str) -> None:
    assert (
        refusal(raw) == "a display name cannot contain U+200D (ZERO WIDTH JOINER): it is only allowed between two emoji"
    )


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("❤\ufe0f", "❤"),
        ("Ann\ufe0e", "Ann"),
        ("山\U000e0100田", "山田"),
        ("❤\ufe0f\u200d🔥", "❤\u200d🔥"),
        ("e\ufe0f\u0301", "é"),  # once the selector is gone the accent composes
        ("\ufe0fAnn\U000e01ef", "Ann"),
    ],
)
def test_variation_selectors_are_removed(raw: str, shown: str) -> None:
    assert display_name(raw) == shown


def test_at_most_three_combining_marks_in_a_row() -> None:
    assert display_name("x\u0301\u0302\u0303") == "x\u0301\u0302\u0303"
    assert display_name("x\u0301\u0302\u0303q\u0301\u0302\u0303") == "x\u0301\u0302\u0303q\u0301\u0302\u0303"
    assert display_name("Zoë") == "Zoë"
    assert display_name("नमस्ते") == "नमस्ते"
    assert display_name("e\u0301\u0302\u0303\u0304") == "\u00e9\u0302\u0303\u0304"  # NFKC composes the first
    expected = "a display name can have at most 3 accents or other combining marks in a row"
    for raw in (
        "x\u0301\u0302\u0303\u0304",
        "Z\u0337\u0322\u031b\u0316a\u0334l\u0338g\u0335o",
        "x\u20dd\u20de\u20df\u20e0",
    ):
        assert refusal(raw) == expected


def test_a_name_does_not_start_with_a_combining_mark() -> None:
    for raw in ("\u0301Ann", " \u20ddAnn"):
        assert refusal(raw) == "a display name cannot start with an accent or other combining mark"
    assert display_name("Ann\u0301") == "An\u0144"  # NFKC composes it


def test_length_is_1_to_40_characters_after_normalisation() -> None:
    assert display_name("a" * MAX_LENGTH) == "a" * MAX_LENGTH
    assert display_name(" " * 50 + "b" * 40 + "\t" * 10) == "b" * 40
    assert display_name("Ａ" * 40) == "A" * 40
    assert display_name("x") == "x"
    too_long = "a display name can have at most 40 characters"
    assert refusal("a" * 41) == too_long
    assert refusal("\ufb00" * 21) == too_long  # 21 ligatures become 42 letters
    assert refusal("\ufdfa\ufdfa\ufdfa") == too_long  # one character NFKC expands to 18
    for empty in ("", " ", "\t\n", "\u3000\u00a0", "\ufe0f"):
        assert refusal(empty) == "type a name: a display name cannot be empty or only spaces"


@pytest.mark.parametrize(
    ("raw", "shown"), [("^_^", "^_^"), ("$$$", "$$$"), ("🎲", "🎲"), ("A.", "A."), ("7", "7"), ("(ツ)", "(ツ)")]
)
def test_a_letter_digit_or_symbol_is_needed(raw: str, shown: str) -> None:
    assert display_name(raw) == shown


@pytest.mark.parametrize("raw", ["...", "-_-", "!?", "( )", "«»", "、。"])
def test_punctuation_alone_is_refused(raw: str) -> None:
    assert refusal(raw) == "a display name needs at least one letter, digit or symbol"


@pytest.mark.parametrize(
    "name",
    [
        "José",
        "Ярослав",
        "山田 太郎",
        "やまだ タロウ",
        "김민준",
        "Łukasz",
        "Ζωή",
        "Anna 🎲",
        "Tanaka 山田",
        "ソニー Sony",
        "王小明 Wang",
        "ㄅㄆ 王 Lee",
        "김 Kim 金",
        "محمد",
        "דוד",
        "Ann-Marie O'Neil",
    ],
)
def test_one_script_or_latin_with_cjk_is_accepted(name: str) -> None:
    assert display_name(name) == name


@pytest.mark.parametrize(
    ("raw", "scripts"),
    [
        ("\u0410nn", "Cyrillic and Latin"),  # Cyrillic A
        ("P\u0430ypal", "Latin and Cyrillic"),
        ("\u0396eus", "Greek and Latin"),
        ("やまだ 김", "Hiragana and Hangul"),
        ("ㄅ 김", "Bopomofo and Hangul"),
        ("Ann \u0661", "Latin and Arabic"),  # every character's script counts, digits too
        ("Ann\u0483", "Latin and Cyrillic"),  # and marks
        ("Ann Ζωή Ярослав", "Latin, Greek and Cyrillic"),
    ],
)
def test_mixed_scripts_are_refused(raw: str, scripts: str) -> None:
    assert refusal(raw) == (
        f"a display name cannot mix {scripts} letters, as look-alikes could impersonate someone: "
        "use one script (Latin may go with Chinese, Japanese or Korean)"
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ann", " ANN "),
        ("Ann", "a.n.n"),
        ("Ann", "Ａｎｎ"),
        ("Ann Lee", "annlee"),
        ("Straße", "STRASSE"),
        ("🎲", "🎲"),
        ("🎲", " 🎲\ufe0f"),
        ("Ann 🎲", "Ann 🃏"),
        ("José", "Jose"),
        ("Ánn", "Ann"),
        ("ÀNN", "ann"),
        ("Zoë", "ZOE"),
        ("Łukasz", "Lukasz"),
        ("ΝΙΚΟΣ", "Νίκος"),  # Greek capitals look Latin ("Ν" like "N"), small letters do not ("ν" like "v")
    ],
)
def test_same_name(a: str, b: str) -> None:
    assert same_name(a, b) and same_name(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ann", "Anna"),
        ("Ann", "Anne"),
        ("Jose", "Josef"),
        ("🎲", "🎲🎲"),
        ("🎲", "🃏"),
        ("ian", "lan"),
        ("Ian", "Jan"),
        ("Bill", "Bili"),
        ("Seat", "Sea"),
    ],
)
def test_different_names(a: str, b: str) -> None:
    assert not same_name(a, b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Poppy", "\u0420\u043e\u0440\u0440\u0443"),  # all Cyrillic: ER, O, ER, ER, U
        ("Coco", "\u0421\u043e\u0441\u043e"),  # all Cyrillic: ES, O, ES, O
        ("Jax", "\u0408\u0430\u0445"),  # all Cyrillic: JE, A, HA
        ("BOB", "\u0412\u041e\u0412"),  # all Cyrillic: VE, O, VE
        ("Ian", "lan"),  # capital I and small L
        ("Ian", "Lan"),  # "Lan" is "lan" with a capital
        ("IAN", "lan"),
        ("Sam", "Sarn"),
        ("Ann1", "Annl"),
        ("Bob 10", "Bob lO"),
        ("Hard bot Ⅱ", "hard bot 11"),
    ],
)
def test_look_alikes_are_the_same_name(a: str, b: str) -> None:
    assert same_name(a, b) and same_name(b, a)
    with pytest.raises(NameRefused):
        display_name(b, taken=[a])
    with pytest.raises(NameRefused):
        display_name(a, taken=[b])


def test_a_name_already_at_the_table_is_refused() -> None:
    message = 'a name like "a.n.n" is already at this table; pick another name'
    assert refusal("a.n.n", taken=["Bob", "Ann"]) == message
    assert refusal("🎲", taken=["🎲"]) == 'a name like "🎲" is already at this table; pick another name'
    with pytest.raises(NameRefused):
        display_name(" ＡＮＮ ", taken=iter(["Ann"]))
    assert display_name("Anna", taken=["Ann", "Bob"]) == "Anna"
    assert display_name("🎲🎲", taken=["🎲"]) == "🎲🎲"


def test_an_accented_cased_or_cyrillic_copy_of_a_name_at_the_table_is_refused() -> None:
    assert refusal("Ánn", taken=["Bob", "Ann"]) == 'a name like "Ánn" is already at this table; pick another name'
    assert refusal("ANN", taken=["ann"]) == 'a name like "ANN" is already at this table; pick another name'
    assert refusal("A\u0301nn", taken=["ANN"]) == 'a name like "Ánn" is already at this table; pick another name'
    cyrillic = "\u0420\u043e\u0440\u0440\u0443"
    assert refusal(cyrillic, taken=["Poppy"]) == f'a name like "{cyrillic}" is already at this table; pick another name'
    assert display_name("Anne", taken=["Ann"]) == "Anne"
    assert display_name("lan", taken=["ian"]) == "lan"


@pytest.mark.parametrize(
    "raw",
    [
        "Bot 3",
        "greedy bot 1",
        "MCTS-bot 2",
        "Optimal-win bot 3",
        "b.o.t 7",
        "bot",
        "BOT",
        "Seat 4",
        "seat12",
        "Ｂｏｔ ３",
        "Bot glouton 1",
        "Bot Zufall 2",
    ],
)
def test_anything_shaped_like_a_bot_or_seat_label_is_refused(raw: str) -> None:
    assert refusal(raw).endswith(" looks like a bot's or a seat's label; pick another name")


@pytest.mark.parametrize(
    "raw",
    [
        "Hard bot Ⅱ",
        "Hard bot II",
        "Seat l",
        "Greedy bot O",
        "Seat I",
        "Seat lO",
        "b0t 3",
        "BOT 𝟐",
        "Medium bot \u2160",
        "Hàrd bót 2",
    ],
)
def test_look_alikes_of_a_bot_or_seat_label_are_refused(raw: str) -> None:
    assert refusal(raw).endswith(" looks like a bot's or a seat's label; pick another name")


@pytest.mark.parametrize(
    "name",
    ["Robot", "Bottom 3", "Abbott", "Seat", "Seats", "Bot 3 fan", "Seat 4 B", "Bots", "Seat Ola", "Talbot", "Bot Ian"],
)
def test_names_merely_containing_bot_or_seat_are_accepted(name: str) -> None:
    assert display_name(name) == name


def test_the_web_refuses_a_look_alike_of_a_seated_name(client: TestClient) -> None:
    body = {
        "game": "lasvegas",
        "options": {"players": 2, "rounds": 1, "dice_per_player": 3},
        "bots": [None, None],
        "name": "Ann",
    }
    table = client.post("/api/tables", json=body).json()
    for name in ("Ánn", "ANN", "A\u0301NN", "Hard bot Ⅱ", "Seat l"):
        response = client.post(f"/api/tables/{table['id']}/join", json={"name": name})
        assert response.status_code == 422 and response.json()["code"] == "bad-name", (name, response.text)
    response = client.post(f"/api/tables/{table['id']}/join", json={"name": "Ánn"})
    assert response.json()["error"] == 'a name like "Ánn" is already at this table; pick another name'
    assert client.post(f"/api/tables/{table['id']}/join", json={"name": "Anne"}).status_code == 200
    assert [seat["name"] for seat in client.get(f"/api/tables/{table['id']}").json()["seats"]] == ["Ann", "Anne"]


BOARD_LABELS = [
    "Hard bot",
    "Easy Bot",
    "medium bot",
    "Greedy bot",
    "Bot difficile",
    "bot facile",
    "Bot schwer",
    "Bot mittel",
    "Optimal bot",
    "Former player",
    "Ancien joueur",
    "Ehemaliger Spieler",
    "HARD B0T",
    "Forrner player",
    "Fórmer  player",
    "Ｆｏｒｍｅｒ ｐｌａｙｅｒ",
]
"""The leaderboard's labels of bots and deleted profiles in each language, and look-alikes of them."""


@pytest.mark.parametrize("raw", BOARD_LABELS)
def test_a_profile_is_not_named_like_a_leaderboard_label(raw: str) -> None:
    assert display_name(raw)  # a seat may be
    with pytest.raises(
        NameRefused, match="looks like the label the leaderboard gives a bot or a former player; pick another name"
    ):
        profile_name(raw)


@pytest.mark.parametrize("name", ["Ann", "Hardy", "Bot Ian", "Former", "Player 4821", "Hard worker", "Bot lover"])
def test_a_profile_name_merely_near_a_leaderboard_label_is_accepted(name: str) -> None:
    assert profile_name(name) == name


def test_the_web_refuses_a_profile_named_like_a_label(client: TestClient) -> None:
    for name in ["Hard bot", "Ancien joueur", "Seat 4", "Bot difficile 2"]:
        made = client.post("/api/profiles", json={"name": name, "languages": ["en"]})
        assert (made.status_code, made.json()["code"]) == (422, "bad-name"), made.text
    key = client.post("/api/profiles", json={"name": "Ann", "languages": ["en"]}).json()["key"]
    renamed = client.patch("/api/me", json={"name": "Ehemaliger Spieler"}, headers={"X-Profile": key})
    assert (renamed.status_code, renamed.json()["code"]) == (422, "bad-name")
    assert (
        renamed.json()["error"]
        == '"Ehemaliger Spieler" looks like the label the leaderboard gives a bot or a former player; pick another name'
    )
    assert client.patch("/api/me", json={"name": "Hard bot Ⅱ"}, headers={"X-Profile": key}).json()["code"] == "bad-name"
    assert client.get("/api/me", headers={"X-Profile": key}).json()["name"] == "Ann"


INTERESTING = (
    "aAé \t\n\u00a0\u3000\u200d\u200b\u202e\ufe0f\U000e0100\u0301\u20dd\u2028\u3164\u0410山やㄅ김.-🎲👩💻"
    "🏳\U000e0041ᅟ\x00\ud800"
)
TEXT = st.text(alphabet=st.one_of(st.sampled_from(INTERESTING), st.characters(exclude_categories=())), max_size=60)
FORBIDDEN = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}


def clean(name: str) -> bool:
    """No forbidden character, except a zero width joiner between two So characters."""
    for i, char in enumerate(name):
        if char == "\u200d":
            before_emoji = i > 0 and (
                unicodedata.category(name[i - 1]) == "So" or 0x1F3FB <= ord(name[i - 1]) <= 0x1F3FF
            )
            if not (before_emoji and i < len(name) - 1 and unicodedata.category(name[i + 1]) == "So"):
                return False
        elif unicodedata.category(char) in FORBIDDEN or ord(char) in INVISIBLE:
            return False
    return True


@settings(max_examples=400, deadline=None)
@given(TEXT)
def test_whatever_is_accepted_is_normal_short_and_clean(raw: str) -> None:
    try:
        name = display_name(raw)
    except NameRefused as refused:
        assert str(refused) and "\n" not in str(refused)
        return
    assert display_name(name) == name
    assert name == unicodedata.normalize("NFKC", name)
    assert 1 <= len(name) <= MAX_LENGTH
    assert clean(name)
    assert name == name.strip(" ") and "  " not in name and not any(c.isspace() and c != " " for c in name)
    assert same_name(raw, name)
    with pytest.raises(NameRefused):
        display_name(raw, taken=[name])
