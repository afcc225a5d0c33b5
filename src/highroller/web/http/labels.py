"""The labels the server gives seats without a person's name, in each language the pages speak: a
bot's seat ("Hard bot 2", "Bot difficile 2", "Schwerer Bot 2", "Bot glouton 1") and an open seat
("Seat 3"), and the words for a bot's level ("hard") or, for a bot no level plays, its description
("greedy", in its game's words); and the labels of the leaderboard's players that are not a
profile's name ("Hard bot", "Former player")."""

from __future__ import annotations

from functools import cache

from highroller.core.words import LANGUAGES, Words
from highroller.registry import available_games, game_spec, locale_of
from highroller.web.http.catalog import web_words


def _level_labels(lang: str) -> dict[str, str]:
    """The label templates of the bots the lobby offers by level, with `{n}` the seat number."""
    w = web_words(lang)
    return {"easy": w("Easy bot {n}"), "medium": w("Medium bot {n}"), "hard": w("Hard bot {n}")}


def _other_bot_label(lang: str) -> str:
    """The label template of a bot named by its description (`{bot}`), seat `{n}`."""
    w = web_words(lang)
    return w("{bot} bot {n}")


def _open_seat_label(lang: str) -> str:
    w = web_words(lang)
    return w("Seat {n}")


def seat_label(bot: str | None, seat: int, lang: str) -> str:
    """How `lang` labels seat `seat` (from 0) played by `bot`, or open when `bot` is None."""
    if bot is None:
        return _open_seat_label(lang).format(n=seat + 1)
    levels = _level_labels(lang)
    if bot in levels:
        return levels[bot].format(n=seat + 1)
    label = _other_bot_label(lang).format(bot=bot_word(bot, lang), n=seat + 1)
    return label[:1].upper() + label[1:]


@cache
def _games_words(lang: str) -> Words:
    """The words of every registered game in `lang`: each game's catalog words the descriptions of its bots."""
    return Words(lang, [folder for folder in map(locale_of, available_games()) if folder is not None])


def bot_word(bot: str, lang: str) -> str:
    """A bot's level in `lang` ("difficile"); any other bot by its description in `lang` ("glouton")."""
    w = web_words(lang)
    return {"easy": w("easy"), "medium": w("medium"), "hard": w("hard")}.get(bot) or _games_words(lang)(bot)


def bot_names() -> list[str]:
    """Every registered game's bots by their descriptions, in every language ("greedy", "glouton")."""
    return list(
        dict.fromkeys(
            bot_word(bot, lang) for game in available_games() for bot in game_spec(game).bots for lang in LANGUAGES
        )
    )


LEVELS = ("easy", "medium", "hard")
"""The levels the lobby offers, each a bot of every game."""


def level_words() -> list[str]:
    """Every level's word in every language ("hard", "difficile", "schwer")."""
    return list(dict.fromkeys(bot_word(level, lang) for lang in LANGUAGES for level in LEVELS))


def board_label_templates() -> list[str]:
    """The leaderboard's labels in every language of a bot rated as a player (`{bot}`, its level's word
    or its description: "Hard bot", "Bot difficile") and of a deleted profile ("Former player")."""
    return list(
        dict.fromkeys(
            text for lang in LANGUAGES for text in (web_words(lang)("{bot} bot"), web_words(lang)("Former player"))
        )
    )


def label_templates() -> list[str]:
    """Every label template of every language, with their `{bot}` and `{n}` placeholders."""
    found = [
        template
        for lang in LANGUAGES
        for template in (*_level_labels(lang).values(), _other_bot_label(lang), _open_seat_label(lang))
    ]
    return list(dict.fromkeys(found))
