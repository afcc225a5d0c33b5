"""Cards of the players' own box at a real table: typed by their dice, rolls and payout ('665JJ:2
$2500'), taken when our deck does not have them (numbered after the deck), played and scored like any
card with their exact odds, written into the record by their dice so the record replays."""

from __future__ import annotations

import json

import pytest

import highroller as hr
from highroller.core.errors import IllegalAction
from highroller.games.lastchance.bots import attempt_chance
from highroller.games.lastchance.notes import odds_note
from highroller.games.lastchance.odds import card_probability
from highroller.registry import words_of


def _new() -> hr.State:
    return hr.make("lastchance", players=2, first_player=0, cards=2).new_game(seed=1)


def test_a_card_our_deck_lacks_is_taken_and_numbered_after_the_deck() -> None:
    state = _new()
    step = state.parse_input("6 6 6 6 J:3 $900")
    assert step.to_json() == {"card": {"dice": "6 6 6 6 J", "rolls": 3, "payout": 900}}
    state.apply(step)
    card = state.view(None)["card"]
    assert (card["id"], card["dice"], card["rolls"], card["payout"]) == (37, "6 6 6 6 J", 3, 900)
    assert attempt_chance(state.view(None)) == card_probability(step.card)
    note = odds_note(state, words_of("lastchance", "en"))
    assert note is not None and note.startswith("Card 37: ")
    assert len(state.undrawn) == 36, "our deck keeps its cards"


def test_a_card_our_deck_has_is_that_card_until_it_is_dealt() -> None:
    state = _new()
    state.apply(state.parse_input("665JJ:2 $2500"))
    assert state.view(None)["card"]["id"] == 4 and 4 not in state.undrawn
    again = state.clone()
    while again.view(None)["phase"] != "draw":
        again.apply(again.sample_chance() if again.current_player == hr.CHANCE else again.legal_actions()[0])
        assert not again.is_terminal(), "a second card comes"
    second = again.parse_input("665JJ:2 $2500")
    assert second.own and second.card.id == 37, "the real box has a second such card: it is the box's own"


def test_a_game_with_own_cards_replays_from_its_record() -> None:
    state = _new()
    state.apply(state.parse_input("6 6 6 6 J:3 $900"))
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.current_player == hr.CHANCE else state.legal_actions()[0])
    record = json.loads(json.dumps(state.record()))
    assert record["steps"][0] == {"chance": {"card": {"dice": "6 6 6 6 J", "rolls": 3, "payout": 900}}}
    assert hr.replay(record).returns() == state.returns()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("665JJ:2", "needs the card's payout"),
        ("66JJ:2 $2500", "a card has 5"),
        ("665JJ:11 $2500", "from 1 to 10"),
        ("665JJ:2 $2550", "multiple of \\$100"),
        ("665JX:2 $2500", "not a card"),
        ("card 99", "the deck has no card 99"),
    ],
)
def test_a_card_that_cannot_be_is_refused_with_what_is_expected(typed: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        _new().parse_input(typed)
