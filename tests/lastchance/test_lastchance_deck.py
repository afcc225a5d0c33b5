"""The shipped deck (the pictured cards, the designed ones and their payouts) and deck-file validation."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import highroller as hr
from highroller.core.errors import DataFileError, RulesError
from highroller.games.lastchance.cards import BOX_CARDS, MAX_PAYOUT, Card, load_deck, parse_card_text, parse_deck_file
from highroller.games.lastchance.odds import card_probability

PICTURED = [("6 6 5 5 4", 5, 1800), ("1 1 1 1 J", 4, 3000), ("J J J J J", 3, 4000), ("6 6 5 J J", 2, 2500)]


def formula(probability: float) -> int:
    """The designed cards' payout: $1,000 + $2,000 x log10(1/p), to the nearest $100."""
    return round((1000 + 2000 * math.log10(1 / probability)) / 100) * 100


def test_the_deck_has_36_cards_with_unique_ids_and_no_duplicate_dice() -> None:
    deck = load_deck()
    assert len(deck) == BOX_CARDS == 36
    assert sorted(c.id for c in deck) == list(range(1, 37))
    assert len({(c.faces, c.jokers) for c in deck}) == 36


def test_the_four_pictured_cards_are_in_the_deck_exactly() -> None:
    deck = load_deck()
    assert [(c.dice_text(), c.rolls, c.payout) for c in deck[:4]] == PICTURED


def test_the_designed_cards_spread_over_1_to_6_rolls_and_0_to_5_jokers() -> None:
    deck = load_deck()
    assert {c.rolls for c in deck} == set(range(1, 7))
    assert {c.jokers for c in deck} == set(range(6))
    assert {c.jokers for c in deck[4:]} == set(range(5))


def test_designed_payouts_follow_the_formula_and_rise_with_difficulty() -> None:
    designed = load_deck()[4:]
    chances = [float(card_probability(c)) for c in designed]
    for card, chance in zip(designed, chances):
        assert card.payout == formula(chance), card
        assert card.payout % 100 == 0 and 1500 <= card.payout <= 4500
    by_difficulty = sorted(zip(chances, (c.payout for c in designed)), reverse=True)
    payouts = [p for _, p in by_difficulty]
    assert payouts == sorted(payouts)


def test_the_formula_is_a_fit_to_the_pictured_cards() -> None:
    deck = load_deck()
    for card in deck[:4]:
        assert abs(formula(float(card_probability(card))) - card.payout) <= 700


# ---------------------------------------------------------------- malformed decks
GOOD = 'id = 7\ndice = "6 6 5 J J"\nrolls = 2\npayout = 2500\n'


def deck_text(*bodies: str) -> str:
    return "".join(f"[[card]]\n{body}\n" for body in bodies)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (GOOD.replace('"6 6 5 J J"', '"6 6 5 J J 1"'), "card 7: has 6 dice; a card has 5"),
        (GOOD.replace('"6 6 5 J J"', '"6 6 5 J"'), "card 7: has 4 dice"),
        (GOOD.replace('"6 6 5 J J"', '"7 6 5 J J"'), "card 7: die '7' is not a face 1-6 or J"),
        (GOOD.replace("2500", "150"), r"card 7: payout \$150 is not a positive multiple of \$100"),
        (GOOD.replace("2500", "0"), r"card 7: payout \$0"),
        (GOOD.replace("2500", "100100"), r"card 7: payout \$100,100 is over the most a card can pay, \$100,000"),
        (
            GOOD.replace("2500", str(10**28)),
            r"card 7: payout \$10,000,000,000,000,000,000,000,000,000 is over the most a card can pay, \$100,000",
        ),
        (
            GOOD.replace("2500", str(10**40)),
            r"card 7: payout \$… \(more than 30 digits\) is over the most a card can pay",
        ),
        (
            GOOD.replace("2500", str(10**28 + 50)),
            r"card 7: payout \$10,000,000,000,000,000,000,000,000,050 is over the most",
        ),
        (GOOD.replace("2500", '"lots"'), "card 7: payout 'lots'"),
        (GOOD.replace("rolls = 2\n", ""), "card 7: missing 'rolls'"),
        (GOOD.replace("rolls = 2", "rolls = 0"), "card 7: 'rolls' is a whole number from 1 to 10"),
        (GOOD.replace("dice = ", "faces = "), "card 7: unknown field"),
        (GOOD.replace('dice = "6 6 5 J J"', "dice = 66"), "card 7: 'dice' is a string"),
        (GOOD.replace("id = 7", "id = -1"), "'id' must be a positive whole number"),
        (GOOD.replace("id = 7\n", ""), "card entry 1: missing 'id'"),
    ],
)
def test_a_malformed_card_is_refused_naming_the_card_and_the_problem(body: str, message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        parse_deck_file(deck_text(body), "my.toml")


def test_a_card_pays_at_most_max_payout_and_five_jokers_are_a_card() -> None:
    assert max(card.payout for card in load_deck()) < 10_000 < MAX_PAYOUT == 100_000
    top = parse_deck_file(
        deck_text(GOOD.replace("2500", str(MAX_PAYOUT)).replace('"6 6 5 J J"', '"J J J J J"')), "my.toml"
    )
    assert top == (Card(7, (), 5, 2, MAX_PAYOUT),)


def test_a_duplicate_card_is_refused() -> None:
    twin = GOOD.replace("id = 7", "id = 8").replace('"6 6 5 J J"', '"J J 5 6 6"')
    with pytest.raises(DataFileError, match=r"my\.toml: card 8: duplicate of card 7"):
        parse_deck_file(deck_text(GOOD, twin), "my.toml")


def test_a_duplicate_id_is_refused() -> None:
    other = GOOD.replace('"6 6 5 J J"', '"1 1 1 1 1"')
    with pytest.raises(DataFileError, match="card 7: id 7 is used twice"):
        parse_deck_file(deck_text(GOOD, other), "my.toml")


def test_a_deck_without_cards_or_toml_is_refused() -> None:
    with pytest.raises(DataFileError, match="needs at least one"):
        parse_deck_file('name = "empty"\n', "my.toml")
    with pytest.raises(DataFileError, match="not valid TOML"):
        parse_deck_file("[[card]\n", "my.toml")
    with pytest.raises(DataFileError, match=r"neither a preset \(standard\) nor a readable file"):
        load_deck("/nonexistent/deck.toml")


def test_a_users_deck_file_is_played_and_its_errors_are_rules_errors(tmp_path: Path) -> None:
    good = tmp_path / "deck.toml"
    good.write_text(deck_text(GOOD, GOOD.replace("id = 7", "id = 9").replace("J J", "1 1")))
    game = hr.make("lastchance", players=2, deck=str(good))
    assert game.rules.cards == 2 and [c.id for c in game.rules.deck] == [7, 9]
    assert isinstance(game.options["deck"], list)  # the record carries the cards themselves
    assert hr.make("lastchance", **game.options) == game
    bad = tmp_path / "bad.toml"
    bad.write_text(deck_text(GOOD.replace("2500", "150")))
    with pytest.raises(RulesError, match=r"deck: .*card 7: payout \$150"):
        hr.make("lastchance", deck=str(bad))


# ---------------------------------------------------------------- cards typed on the command line
def test_a_card_is_typed_as_its_id_or_its_dice_and_rolls() -> None:
    deck = load_deck()
    assert parse_card_text("4", deck) == deck[3]
    assert parse_card_text("665JJ:2", deck) == deck[3]
    assert parse_card_text("j,j,5,6,6:2", deck) == deck[3]
    assert parse_card_text("66666:1:9000", deck) == Card(0, (6, 6, 6, 6, 6), 0, 1, 9000)
    assert parse_card_text("J J J J J:1:$100,000", deck) == Card(0, (), 5, 1, MAX_PAYOUT)
    for bad, message in [
        ("99", "no card 99"),
        ("six", "a deck id"),
        ("66:2", "has 2 dice"),
        ("66666:0", "rolls are a whole number from 1 to 10, not 0"),
        ("66666:1:9050", r"payout \$9,050 is not a positive multiple of \$100"),
        ("66666:1:$100,100", r"payout \$100,100 is over the most a card can pay, \$100,000"),
        ("66666:1:lots", "a payout is whole dollars"),
        ("66666:1:" + "9" * 5000, r"payout \$… \(more than 30 digits\) is over the most a card can pay, \$100,000"),
        ("66666:" + "1" * 5000, r"rolls are a whole number from 1 to 10, not … \(more than 30 digits\)"),
        ("1" * 5000, r"the deck has no card … \(more than 30 digits\); ids: 1, 2"),
    ]:
        with pytest.raises(ValueError, match=message) as refused:
            parse_card_text(bad, deck)
        assert len(str(refused.value)) < 200, "a refusal never repeats a number too long to read"
