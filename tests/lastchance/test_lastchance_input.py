"""Options, typed input, JSON decoding and refusals: every refused step says what is legal and changes nothing."""

from __future__ import annotations

import json

import pytest
from lastchance_helpers import deck, new_game, type_steps

import highroller as hr
from highroller.core.errors import IllegalAction, RulesError
from highroller.core.words import Words
from highroller.games.lastchance.rules import MAX_MONEY, UNIT
from highroller.games.lastchance.steps import LAST_CHANCE, NO_BET, PASS, WAIT, Bet, Bid, Draw, Lock, Roll
from highroller.games.lastchance.typed import TYPED
from highroller.registry import game_spec

JOKERS = ("6 6 5 J J", 2, 2500)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "players: the number of players is a whole number from 2 to 6"),
        ({"players": 7}, "players: .* from 2 to 6"),
        ({"money": 5050}, "money: the starting money is a whole number of hundreds"),
        ({"money": 0}, "money: .* from 100"),
        ({"cards": 37}, r"cards: .*the deck has 36.* from 1 to 36"),
        ({"cards": 0}, "cards: "),
        ({"bet_limit": 250}, "bet_limit: the side-bet limit is a whole number of hundreds"),
        ({"money": 1_000_100}, r"money: the starting money is a whole number from 100 to 1,000,000, not 1000100"),
        ({"bet_limit": 10**28}, r"bet_limit: the side-bet limit is a whole number from 100 to 1,000,000"),
        ({"first_player": 4, "players": 4}, "first_player: .* from 0 to 3"),
        ({"deck": 7}, "deck: 'standard', the path of a deck TOML file"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_impossible_options_raise_rules_errors_naming_the_option(options: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        hr.make("lastchance", **options)


def test_every_number_option_has_the_maximum_the_rules_keep() -> None:
    """The web checks an option against its spec before the game does: the spec's maximum is one the
    rules accept (with the standard deck), and one more is refused."""
    numbers = {spec.name: spec for spec in game_spec("lastchance").options if spec.kind == "int"}
    assert all(spec.maximum is not None for spec in numbers.values())
    assert (numbers["money"].maximum, numbers["bet_limit"].maximum, numbers["cards"].maximum) == (
        MAX_MONEY,
        MAX_MONEY,
        36,
    )
    at_most = {name: spec.maximum for name, spec in numbers.items() if name != "first_player"}
    assert hr.make("lastchance", **at_most, first_player=numbers["first_player"].maximum).options["money"] == MAX_MONEY
    for name, most in at_most.items():
        with pytest.raises(RulesError, match=f"{name}: "):
            hr.make("lastchance", **{name: most + UNIT})


def test_resolved_options_make_the_same_game_again() -> None:
    game = hr.make("lastchance", players=3, money=2000, cards=10, bet_limit=500)
    assert game.options == {
        "players": 3,
        "money": 2000,
        "cards": 10,
        "deck": "standard",
        "bet_limit": 500,
        "first_player": None,
    }
    assert hr.make("lastchance", **game.options) == game


def test_typed_auction_input() -> None:
    state = type_steps(new_game(players=3, first_player=0), "card 4")
    assert TYPED.parse(state, "600") == Bid(600)
    assert TYPED.parse(state, "$1,500") == Bid(1500)
    assert TYPED.parse(state, "bid 700") == Bid(700)
    assert TYPED.parse(state, "2k") == Bid(2000)
    assert TYPED.parse(state, "pass") == TYPED.parse(state, "P") == PASS
    assert TYPED.parse(state, "lc") == TYPED.parse(state, "Last Chance!") == LAST_CHANCE
    assert "a bid from $100 to $5,000" in TYPED.help(state, Words("en"))


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("650", "bid \\$650 is not legal now; type a bid from \\$100"),
        ("6000", "bid \\$6,000 is not legal"),
        ("bid", "not understood"),
        ("bid " + "1" * 5000, "is more money than anyone at the table has; type a bid from \\$100 to \\$5,000"),
        ("1" * 5000 + "k", "is more money than anyone at the table has"),
        ("9" * 40, "bid \\$9,999,.* is not legal now"),
    ],
)
def test_a_refused_bid_says_what_is_legal(typed: str, message: str) -> None:
    state = type_steps(new_game(players=3, first_player=0), "card 4")
    with pytest.raises(IllegalAction, match=message):
        TYPED.parse(state, typed)


def test_typed_bets_locks_rolls_and_cards() -> None:
    state = type_steps(new_game(players=2, first_player=0, deck=deck(JOKERS)), "card 1", "100", "pass")
    assert TYPED.parse(state, "none") == TYPED.parse(state, "pass") == NO_BET
    assert (
        TYPED.parse(state, "yes 500")
        == TYPED.parse(state, "y 500")
        == TYPED.parse(state, "Yes $500")
        == Bet("yes", 500)
    )
    assert TYPED.parse(state, "n 300") == TYPED.parse(state, "no 300") == Bet("no", 300)
    for alone in ("n", "no", "y", "yes"):
        with pytest.raises(IllegalAction, match="needs a wager"):
            TYPED.parse(state, alone)
    with pytest.raises(IllegalAction, match="wager from \\$100 to \\$1,000"):
        TYPED.parse(state, "yes 1100")
    with pytest.raises(IllegalAction, match="more money than anyone at the table has; type 'yes' or 'no' with a wager"):
        TYPED.parse(state, "no " + "3" * 5000)
    type_steps(state, "none")
    assert TYPED.parse(state, "6 5 5 3 2") == TYPED.parse(state, "65532") == Roll((0, 1, 1, 0, 2, 1))
    with pytest.raises(IllegalAction, match="faces of the 5 dice"):
        TYPED.parse(state, "6 5 7")
    type_steps(state, "6 5 5 3 2")
    assert TYPED.parse(state, "lock 3") == TYPED.parse(state, "3") == Lock(3)
    assert TYPED.parse(state, "wait") == WAIT
    with pytest.raises(IllegalAction, match="\\(2, 3\\)"):
        TYPED.parse(state, "lock 5")
    fresh = new_game()
    assert TYPED.parse(fresh, "card 12") == TYPED.parse(fresh, "12") == Draw(fresh.rules.card(12))
    with pytest.raises(IllegalAction, match="no card 99"):
        TYPED.parse(fresh, "99")


def test_a_refused_action_or_outcome_changes_nothing() -> None:
    state = type_steps(new_game(players=2, first_player=0, deck=deck(JOKERS)), "card 1")
    before = json.dumps(state.record(), sort_keys=True), state.view(0), state.view(None)
    for bad in (Bid(5100), Bid(150), LAST_CHANCE.__class__(), Bet("yes", 100), Lock(3), Roll((5, 0, 0, 0, 0, 0))):
        if bad in state.legal_actions():
            continue
        with pytest.raises(IllegalAction, match="legal: pass"):
            state.apply(bad)
        assert (json.dumps(state.record(), sort_keys=True), state.view(0), state.view(None)) == before
    type_steps(state, "pass", "pass", "none")
    with pytest.raises(IllegalAction, match="a roll of 5 dice"):
        state.apply(Roll((1, 0, 0, 0, 0, 0)))
    with pytest.raises(IllegalAction, match="a roll of 5 dice"):
        state.apply(Bid(100))


def test_every_step_decodes_from_its_json() -> None:
    state = type_steps(new_game(players=2, first_player=0, deck=deck(JOKERS)), "card 1", "100")
    for action in state.legal_actions():
        assert state.decode_step(json.loads(json.dumps(action.to_json()))) == action
    for bad in ({"bid": "100"}, "bid", {"bet": "yes"}, None):
        with pytest.raises(IllegalAction, match="an auction action is"):
            state.decode_step(bad)
    new = new_game()
    assert new.decode_step({"card": 3}) == Draw(new.rules.card(3))
    with pytest.raises(IllegalAction, match="the deck has no card 0"):
        new.decode_step({"card": 0})


def test_json_true_is_never_dollars_a_face_or_a_card_id() -> None:
    state = new_game(players=2, first_player=0, deck=deck(JOKERS))
    with pytest.raises(IllegalAction, match="the deck has no card True; cards still in the deck: 1"):
        state.decode_step({"card": True})
    type_steps(state, "card 1")
    with pytest.raises(IllegalAction, match=r'an auction action is "pass", "last chance" or \{"bid": dollars\}, not'):
        state.decode_step({"bid": True})
    type_steps(state, "100", "pass")
    with pytest.raises(IllegalAction, match=r'a side bet is "no bet" or \{"bet": "yes"\|"no", "wager": dollars\}, not'):
        state.decode_step({"bet": "yes", "wager": True})
    type_steps(state, "none")
    with pytest.raises(IllegalAction, match="a roll lists the faces shown"):
        state.decode_step({"roll": [6, 6, 5, True, True]})
    type_steps(state, "6 6 5 1 1")
    assert state.decode_step({"lock": 1}) == Lock(1) and Lock(1) in state.legal_actions()
    with pytest.raises(IllegalAction, match=r'a joker choice is \{"lock": face\} or "wait", not'):
        state.decode_step({"lock": True})
