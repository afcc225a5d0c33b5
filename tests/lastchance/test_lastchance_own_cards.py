"""Cards of the players' own box at a real table: typed by their dice, rolls and payout ('665JJ:2
$2500'), taken when our deck does not have them (numbered after the deck), played and scored like any
card with their exact odds, written into the record by their dice so the record replays. A card of
one's own box is one the box could print: five dice of faces and jokers, 1-10 rolls, a payout in
hundreds up to $100,000."""

from __future__ import annotations

import json

import pytest

import highroller as hr
from highroller.core.errors import IllegalAction
from highroller.core.words import LANGUAGES
from highroller.games.lastchance.bidding import BiddingBot
from highroller.games.lastchance.bots import OddsBot, attempt_chance
from highroller.games.lastchance.cards import MAX_PAYOUT
from highroller.games.lastchance.notes import odds_note
from highroller.games.lastchance.odds import card_probability
from highroller.games.lastchance.rules import MAX_MONEY
from highroller.games.lastchance.typed import TYPED
from highroller.registry import words_of


def _new() -> hr.State:
    return hr.make("lastchance", players=2, first_player=0, cards=2).new_game(seed=1)


def test_a_card_our_deck_lacks_is_taken_and_numbered_after_the_deck() -> None:
    state = _new()
    step = TYPED.parse(state, "6 6 6 6 J:3 $900")
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
    state.apply(TYPED.parse(state, "665JJ:2 $2500"))
    assert state.view(None)["card"]["id"] == 4 and 4 not in state.undrawn
    again = state.clone()
    while again.view(None)["phase"] != "draw":
        again.apply(again.sample_chance() if again.current_player == hr.CHANCE else again.legal_actions()[0])
        assert not again.is_terminal(), "a second card comes"
    second = TYPED.parse(again, "665JJ:2 $2500")
    assert second.own and second.card.id == 37, "the real box has a second such card: it is the box's own"


def test_a_game_with_own_cards_replays_from_its_record() -> None:
    state = _new()
    state.apply(TYPED.parse(state, "6 6 6 6 J:3 $900"))
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
        (
            "665JJ:1 $10000000000000000000000000000",
            r"a card of your own box: payout \$10,000,000,000,000,000,000,000,000,000 is over the most a card can pay, "
            r"\$100,000",
        ),
        ("665JJ:1 $100,100", r"payout \$100,100 is over the most a card can pay, \$100,000"),
        (
            "665JJ:1 $" + "1" * 5000,
            r"a card of your own box: payout \$… \(more than 30 digits\) is over the most a card can pay, \$100,000",
        ),
        (
            "665JJ:" + "1" * 5000 + " $2500",
            r"a card of your own box: rolls are a whole number from 1 to 10, not … \(more than 30 digits\)",
        ),
        ("card " + "9" * 5000, "is not a card"),
    ],
)
def test_a_card_that_cannot_be_is_refused_with_what_is_expected(typed: str, message: str) -> None:
    state = _new()
    with pytest.raises(IllegalAction, match=message) as refused:
        TYPED.parse(state, typed)
    assert len(str(refused.value)) < 500, "a refusal never repeats a number too long to read"
    assert state.history == []


@pytest.mark.parametrize("payout", [10**28, MAX_PAYOUT + 100, 2550, 0, "2500", True])
def test_a_recorded_card_that_cannot_be_is_refused(payout: object) -> None:
    with pytest.raises(
        IllegalAction,
        match=r"a card of your own box: payout .*(over the most a card can pay, \$100,000|multiple of \$100)",
    ):
        _new().decode_step({"card": {"dice": "6 6 5 J J", "rolls": 1, "payout": payout}})


@pytest.mark.parametrize(
    ("typed", "card"),
    [("JJJJJ:2 $100", ("J J J J J", 2, 100)), ("6 6 6 6 6:10 $100,000", ("6 6 6 6 6", 10, MAX_PAYOUT))],
)
def test_the_box_can_print_five_jokers_and_the_bounds(typed: str, card: tuple[str, int, int]) -> None:
    state = _new()
    state.apply(TYPED.parse(state, typed))
    shown = state.view(None)["card"]
    assert (shown["dice"], shown["rolls"], shown["payout"]) == card


def test_the_odds_and_advice_of_a_card_at_the_bound_are_finite() -> None:
    state = hr.make("lastchance", players=2, first_player=0, cards=1, money=MAX_MONEY, bet_limit=MAX_MONEY).new_game(
        seed=1
    )
    state.apply(TYPED.parse(state, f"JJJJJ:1 ${MAX_PAYOUT:,}"))
    chance = attempt_chance(state.view(None))
    assert chance == card_probability(state.card) and 0 < chance < 1
    for lang in LANGUAGES:
        w = words_of("lastchance", lang)
        note = odds_note(state, w)
        assert note is not None and w.money(round(float(chance) * MAX_PAYOUT)) in note
    for bot in (OddsBot(1), BiddingBot(1)):
        assert bot.choose(state.clone()) in state.legal_actions()
