"""The odds note of a Last Chance table: the figures of the exact odds (as the terminal's `?` gives
them) in each language, and nothing when no card is in play."""

from __future__ import annotations

import highroller as hr
from highroller.games.lastchance.bots import attempt_chance
from highroller.games.lastchance.notes import odds_note
from highroller.registry import words_of


def _at(phase: str, seed: int = 2) -> hr.State:
    state = hr.make("lastchance", players=3, first_player=0).new_game(seed=seed)
    while state.view(None)["phase"] != phase:
        if state.current_player == hr.CHANCE:
            state.apply(state.sample_chance())
        else:
            state.apply(state.legal_actions()[-1])
    return state


def test_the_auction_note_gives_the_chance_the_expected_payout_and_the_break_even_bid() -> None:
    state = _at("auction")
    view = state.view(None)
    chance = float(attempt_chance(view))
    payout = view["card"]["payout"]
    w = words_of("lastchance", "en")
    note = odds_note(state, w)
    assert note is not None
    assert note.startswith(f"Card {view['card']['id']}: {w.percent(chance)} to be completed in ")
    assert f"Expected payout: {w.money(round(chance * payout))}." in note
    assert f"Break-even bid (the bid comes back on success): {w.money(round(chance * payout / (1 - chance)))}." in note


def test_the_side_bet_note_values_both_bets_and_every_language_has_it() -> None:
    state = _at("bets")
    english = odds_note(state, words_of("lastchance", "en"))
    assert english is not None and "on yes" in english and "on no" in english and "Break-even" not in english
    french, german = (odds_note(state, words_of("lastchance", lang)) for lang in ("fr", "de"))
    assert french is not None and french.startswith("Carte ") and "sur oui" in french
    assert german is not None and german.startswith("Karte ") and "auf Ja" in german


def test_no_card_no_note() -> None:
    state = hr.make("lastchance", players=2).new_game(seed=1)
    assert state.view(None)["card"] is None
    assert odds_note(state, words_of("lastchance", "en")) is None
