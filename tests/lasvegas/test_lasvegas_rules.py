"""Each rule statement of RULINGS §1, as its own test."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import payouts, type_steps

import highroller as hr
from highroller.games.lasvegas.bills import MAX_BILL
from highroller.games.lasvegas.rules import MAX_DICE, MAX_STOCK
from highroller.games.lasvegas.scoring import rank_bandit
from highroller.games.lasvegas.steps import Place, Stock
from highroller.games.lasvegas.typed import TYPED
from highroller.registry import game_spec

BIGGIE_STOCK = ("10k 20k", "10k 20k", "80k 30k", "40k 50k", "60k 70k", "90k 100k")


# ---------------------------------------------------------------- presets
def test_classic_preset() -> None:
    o = hr.make("lasvegas", players=4, edition="classic").options
    assert (o["dice_per_player"], o["biggie"], o["rounds"], o["stock_rule"], o["stock_amount"]) == (
        8,
        False,
        4,
        "min-total",
        50000,
    )
    assert (o["untaken"], o["next_starter"]) == ("under", "left")
    assert Counter(o["bills"]) == {
        10000: 6,
        20000: 8,
        30000: 8,
        40000: 6,
        50000: 6,
        60000: 5,
        70000: 5,
        80000: 5,
        90000: 5,
    }
    assert len(o["bills"]) == 54


def test_biggie_preset() -> None:
    o = hr.make("lasvegas", players=4, edition="biggie").options
    assert (o["dice_per_player"], o["biggie"], o["rounds"], o["stock_rule"], o["stock_amount"]) == (
        6,
        True,
        3,
        "count",
        2,
    )
    assert (o["untaken"], o["next_starter"]) == ("box", "last-roller")
    assert Counter(o["bills"]) == {
        10000: 4,
        20000: 4,
        30000: 5,
        40000: 5,
        50000: 6,
        60000: 6,
        70000: 6,
        80000: 4,
        90000: 4,
        100000: 4,
    }


@pytest.mark.parametrize(
    ("edition", "players", "each", "leftover"),
    [
        ("classic", 2, 4, 0),
        ("classic", 3, 2, 2),
        ("classic", 4, 2, 0),
        ("biggie", 2, 3, 0),
        ("biggie", 3, 2, 0),
        ("biggie", 4, 1, 0),
    ],
)
def test_neutral_dice_table(edition: str, players: int, each: int, leftover: int) -> None:
    o = hr.make("lasvegas", players=players, edition=edition, neutral=True).options
    assert (o["neutral_dice"], o["neutral_leftover"]) == (each, leftover)


def test_every_preset_number_can_be_overridden() -> None:
    o = hr.make(
        "lasvegas",
        edition="classic",
        players=3,
        dice_per_player=5,
        biggie=True,
        rounds=2,
        bills="biggie",
        stock_rule="count",
        stock_amount=3,
        untaken="box",
        next_starter="last-roller",
        neutral=True,
        neutral_dice=3,
        neutral_leftover=1,
        bandit=True,
        first_player=2,
    ).options
    assert o["dice_per_player"] == 5 and o["biggie"] and o["rounds"] == 2 and len(o["bills"]) == 48
    assert (o["stock_rule"], o["stock_amount"], o["untaken"], o["next_starter"]) == ("count", 3, "box", "last-roller")
    assert (o["neutral_dice"], o["neutral_leftover"], o["bandit"], o["first_player"]) == (3, 1, True, 2)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"edition": "classic", "players": 6}, "players: the classic edition takes 2 to 5 players, not 6"),
        ({"edition": "biggie", "players": 7}, "2 to 6 players"),
        ({"players": 1}, "players"),
        ({"players": True}, "players"),
        ({"edition": "deluxe"}, "edition: one of classic, biggie"),
        (
            {"players": 5, "neutral": True},
            "neutral: the neutral-dice variant of the classic edition is for 2 to 4 players, not 5",
        ),
        ({"edition": "biggie", "players": 6, "neutral": True}, "2 to 4 players"),
        ({"rounds": 0}, "rounds: the number of rounds is a whole number from 1 to 20"),
        ({"dice_per_player": 0}, "dice_per_player"),
        ({"bills": [10000] * 5}, "bills: \\$50,000 in bills cannot stock 6 casinos"),
        ({"edition": "biggie", "bills": [10000] * 11}, "bills: 11 bills cannot stock 6 casinos with 2 bills each"),
        ({"edition": "biggie", "rounds": 5}, "for 5 rounds .*at least 60"),
        ({"bills": []}, "bills"),
        ({"bills": [10000, -5]}, "bills"),
        (
            {"bills": [10_000_001] * 6},
            "bills: .*a list of 1 to 1,000 amounts, each a whole number of dollars from 1 to 10,000,000",
        ),
        ({"bills": [10000] * 1001}, "bills: .*a list of 1 to 1,000 amounts"),
        (
            {"bills": [10_000_000] * 6, "stock_amount": 1_000_001},
            "stock_amount: the stocking amount is a whole number from 1 to 1,000,000, not 1000001",
        ),
        ({"bills": "no-such-file.toml"}, "neither a preset"),
        ({"stock_rule": "all"}, "stock_rule: one of min-total, count"),
        ({"untaken": "floor"}, "untaken"),
        ({"neutral_dice": 2}, "neutral_dice: only with the neutral-dice variant"),
        ({"first_player": 4, "players": 4}, "first_player"),
        ({"bandit": "yes"}, "bandit: true or false"),
        ({"colour": "red"}, "unknown option"),
    ],
)
def test_impossible_options_raise_rules_error_naming_the_option(options: dict, message: str) -> None:
    with pytest.raises(hr.RulesError, match=message):
        hr.make("lasvegas", **options)


def test_every_number_option_has_the_maximum_the_rules_keep() -> None:
    """The web checks an option against its spec before the game does: every number option has a
    maximum, the rules take it, and refuse one more."""
    numbers = {spec.name: spec for spec in game_spec("lasvegas").options if spec.kind == "int"}
    assert all(spec.maximum is not None for spec in numbers.values())
    assert numbers["stock_amount"].maximum == MAX_STOCK == 1_000_000
    most = {name: spec.maximum for name, spec in numbers.items()}
    game = hr.make(
        "lasvegas",
        edition="biggie",
        players=most["players"],
        first_player=most["first_player"],
        rounds=most["rounds"],
        dice_per_player=most["dice_per_player"],
        stock_rule="min-total",
        stock_amount=most["stock_amount"],
        bills=[MAX_BILL] * 6,
    )
    assert game.options["stock_amount"] == MAX_STOCK
    neutral = hr.make(
        "lasvegas",
        players=2,
        neutral=True,
        neutral_dice=most["neutral_dice"],
        neutral_leftover=most["neutral_leftover"],
    )
    assert (neutral.options["neutral_dice"], neutral.options["neutral_leftover"]) == (MAX_DICE, MAX_DICE)
    for name, top in most.items():
        options = {"players": 2, "neutral": True, "bills": [MAX_BILL] * 12, name: top + 1}
        with pytest.raises(hr.RulesError, match=f"{name}: "):
            hr.make("lasvegas", edition="biggie", **options)


def test_bandit_is_allowed_as_an_option_elsewhere() -> None:
    assert hr.make("lasvegas", players=3, edition="classic", bandit=True).options["bandit"]


# ---------------------------------------------------------------- stocking and the pile
def test_classic_stocking_draws_until_fifty_thousand(new_state) -> None:
    state = new_state(players=2, edition="classic")
    for bills, ok in (
        ((40000, 10000), True),
        ((30000, 20000, 10000), True),
        ((90000,), True),
        ((90000, 10000), True),
        ((40000,), False),
        ((60000, 60000), False),
        ((30000, 30000, 20000), False),
    ):
        probe = state.clone()
        if ok:
            probe.apply(Stock(bills))
        else:
            with pytest.raises(hr.IllegalAction, match="until the casino holds \\$50,000"):
                probe.apply(Stock(bills))
    outcomes = dict(state.chance_outcomes())
    assert all(sum(s.bills) >= 50000 > sum(s.bills) - max(s.bills) for s in outcomes)
    assert abs(outcomes[Stock((90000,))] - 5 / 54) < 1e-12


def test_biggie_stocking_takes_exactly_two_bills(new_state) -> None:
    state = new_state(players=2, edition="biggie")
    outcomes = state.chance_outcomes()
    assert {len(s.bills) for s, _ in outcomes} == {2}
    assert abs(dict(outcomes)[Stock((100000, 100000))] - (4 / 48) * (3 / 47)) < 1e-12
    with pytest.raises(hr.IllegalAction, match="2 bills"):
        state.apply(Stock((100000,)))


def test_bills_put_under_the_pile_come_back_only_after_the_rest(new_state) -> None:
    state = new_state(players=2, edition="classic", bills=[90000] * 6 + [50000], dice_per_player=1, rounds=2)
    type_steps(state, *["90k"] * 6, "1", "1", "1", "1")  # both on casino 1: they cancel; all bills go under
    assert state.pile == [1, 0] and state.under == [90000] * 6
    assert state.chance_outcomes() == [(Stock((50000,)), 1.0)]  # the last unseen bill comes first ...
    with pytest.raises(hr.IllegalAction):
        state.apply(Stock((90000,)))
    type_steps(state, "50k")
    assert state.chance_outcomes() == [(Stock((90000,)), 1.0)]  # ... then the bills from under the pile
    type_steps(state, "90k")
    assert state.under == [90000] * 5


def test_sampled_bills_come_from_under_the_pile_only_after_the_rest(new_state) -> None:
    state = new_state(players=2, edition="classic", bills=[90000] * 6 + [50000], dice_per_player=1, rounds=2)
    type_steps(state, *["90k"] * 6, "1", "1", "1", "1")
    for bills, pile, under in (((50000,), [0, 0], 6), ((90000,), [0, 0], 5)):
        stock = state.sample_chance()
        assert stock == Stock(bills)
        state.apply(stock)
        assert state.pile == pile and state.under == [90000] * under


def test_an_empty_pile_leaves_a_casino_short(new_state) -> None:
    state = new_state(players=2, edition="biggie", bills=[10000] * 12, untaken="box", rounds=1)
    type_steps(state, *["10k 10k"] * 6)
    assert all(len(b) == 2 for b in state.casino_bills)


def test_pile_order_is_never_in_a_view(new_state) -> None:
    state = new_state(players=3, edition="classic")
    view = state.view(0)
    assert set(view["pile"]) == {"count", "contents"}
    assert view["pile"]["count"] == 54


# ---------------------------------------------------------------- turns
def test_players_without_dice_are_skipped_and_one_may_roll_several_times_in_a_row(new_state) -> None:
    state = new_state(players=3, edition="biggie", biggie=False, dice_per_player=3)
    type_steps(state, *BIGGIE_STOCK, "1 1 1", "1", "2 2 2", "2", "3 4 5", "3", "4 5", "4")
    assert state.turn == 2 and state.current_player == hr.CHANCE
    type_steps(state, "5")
    assert state.legal_actions() == (Place(5),)


def test_a_face_only_on_neutral_dice_is_legal_and_neutral_only_players_still_play(new_state) -> None:
    state = new_state(players=2, edition="biggie", biggie=False, neutral=True, dice_per_player=1)
    type_steps(state, *BIGGIE_STOCK, "1 n2 n2 n3", "1")
    assert state.own[0] == 0 and state.neutral[0] == 3
    type_steps(state, "4 n5 n5 n5", "4")
    assert state.turn == 0 and state.current_player == hr.CHANCE  # seat 0 holds only neutral dice
    type_steps(state, "n6 n6 n6")
    assert state.legal_actions() == (Place(6),)


def test_a_roll_must_have_the_right_dice(new_state) -> None:
    state = new_state(players=2, edition="biggie")
    type_steps(state, *BIGGIE_STOCK)
    for bad in ("1 2 3", "1 2 3 4 5 6", "1 2 3 4 5 6 b1 n1", "1 2 3 4 5 6 b1 b2", "1 2 3 4 5 x b1"):
        with pytest.raises(hr.IllegalAction, match="6 own dice, the Biggie"):
            state.apply(TYPED.parse(state, bad))


def test_a_bare_tuple_equal_to_a_placement_is_refused_and_changes_nothing(new_state) -> None:
    state = new_state(players=2, edition="biggie")
    type_steps(state, *BIGGIE_STOCK, "1 1 2 3 4 5 b6")
    before, history = state.view(None), list(state.history)
    assert (1, False) in state.legal_actions()  # placements are named tuples: equal to a bare tuple
    with pytest.raises(hr.IllegalAction, match=r"\(1, False\) is not legal for seat 0; legal: 1s on casino 1"):
        state.apply((1, False))
    assert state.view(None) == before and state.history == history


def test_json_true_is_never_a_face_a_bill_or_the_biggie(new_state) -> None:
    state = new_state(players=2, edition="biggie", bandit=True)
    with pytest.raises(hr.IllegalAction, match=r'a stocking outcome is \{"bills": \[amounts\]\}'):
        state.decode_step({"bills": [True, 20000]})
    type_steps(state, *BIGGIE_STOCK, "90k 100k")
    for bad in ({"own": [1, 2, 3, 4, 5, 6], "biggie": True}, {"own": [True, 2, 3, 4, 5, 6], "biggie": 1}):
        with pytest.raises(hr.IllegalAction, match="a roll"):
            state.decode_step(bad)
    type_steps(state, "1 1 2 3 4 5 b6")
    assert state.decode_step({"place": 1}) == Place(1) and Place(1) in state.legal_actions()
    for bad in ({"place": True}, {"bandit": True}, {"place": False}):
        with pytest.raises(hr.IllegalAction, match=r'\{"place": face\} or \{"bandit": face\} with a face 1-6, not'):
            state.decode_step(bad)


# ---------------------------------------------------------------- scoring and the end
def test_biggie_counts_as_two_and_its_pips_twice_on_the_bandit(new_state) -> None:
    state = new_state(players=5, edition="biggie", bandit=True, dice_per_player=1)
    type_steps(state, *BIGGIE_STOCK, "50k 40k", "2 b2", "b2")
    assert state.dice[6][0] == 3 and state.pips[0] == 6 and state.top[0] == 2


def test_casinos_are_scored_one_to_six_then_the_bandit(new_state) -> None:
    final = hr.play(hr.make("lasvegas", players=5, edition="biggie", bandit=True), ["random"] * 5, seed=4)
    rounds = [[e["casino"] for e in final.events if e["type"] == "payout" and e["round"] == r] for r in (1, 2, 3)]
    assert rounds == [[1, 2, 3, 4, 5, 6, 7]] * 3


def test_neutral_owner_takes_bills_like_a_player_and_they_leave_the_game(new_state) -> None:
    state = new_state(players=2, edition="biggie", biggie=False, neutral=True, dice_per_player=1, rounds=1)
    type_steps(state, *BIGGIE_STOCK, "1 n1 n1 n1", "1", "2 n3 n3 n3", "3", "2", "2")
    # neutral: 3 on casino 1 (seat 0 has 1), 3 on casino 3 (nobody else); seat 1 alone on casino 2
    ev = payouts(state, 1)
    assert ev[1]["paid"] == {"neutral": 20000, "0": 10000}
    assert ev[3]["paid"] == {"neutral": 80000}
    assert state.money == [10000, 20000]
    assert 20000 in state.box and 80000 in state.box and 30000 in state.box


def test_ties_in_money_are_broken_by_bills_then_shared(new_state) -> None:
    state = new_state(players=2, edition="biggie", biggie=False, dice_per_player=1, rounds=1)
    type_steps(state, "10k 20k", "10k 20k", "60k 30k", "40k 50k", "60k 70k", "90k 100k")
    type_steps(state, "1", "1", "2", "2")
    assert state.money == [20000, 20000] and state.winners() == [0, 1]
    state = new_state(players=2, edition="biggie", biggie=False, dice_per_player=2, rounds=1)
    type_steps(state, "10k 20k", "10k 20k", "40k 10k", "40k 50k", "60k 70k", "90k 100k")
    type_steps(state, "1 2", "1", "3 3", "3", "2", "2")
    assert state.money == [40000, 40000] and [len(w) for w in state.won] == [2, 1]
    assert state.winners() == [0]
    state = new_state(players=3, edition="biggie", biggie=False, dice_per_player=1, rounds=1)
    type_steps(state, "10k 20k", "10k 20k", "30k 30k", "40k 50k", "60k 70k", "90k 100k")
    type_steps(state, "1", "1", "1", "1", "3", "3")
    # seat 0 and seat 1 cancel on casino 1 (1 die each)... seat 2 alone on casino 3: $30,000
    assert state.winners() == [2]


def test_bills_are_paid_high_to_low_whatever_the_draw_order(new_state) -> None:
    state = new_state(players=2, edition="classic", dice_per_player=1, rounds=1)
    type_steps(state, "10k 20k 30k", "60k", "60k", "60k", "60k", "60k", "1 ", "1")
    # both on casino 1 with one die: cancel
    state = new_state(players=2, edition="classic", dice_per_player=2, rounds=1)
    type_steps(state, "10k 20k 30k", "60k", "60k", "60k", "60k", "60k", "1 1", "1", "1 2", "1")
    type_steps(state, "2", "2")
    assert payouts(state, 1)[1]["paid"] == {"0": 30000, "1": 20000}


def test_the_last_rounds_result_stays_on_the_table_until_the_next_rounds_first_die(new_state) -> None:
    state = new_state(players=3, edition="biggie", biggie=False, dice_per_player=1, rounds=2)
    assert state.view(0)["last_round"] is None
    type_steps(state, *BIGGIE_STOCK, "1", "1", "1", "1", "3", "3")
    # seats 0 and 1 cancel on casino 1; seat 2 alone on casino 3
    result = state.view(None)["last_round"]
    assert result["round"] == 1 and [c["casino"] for c in result["casinos"]] == [1, 2, 3, 4, 5, 6]
    one, three = result["casinos"][0], result["casinos"][2]
    assert (one["dice"], one["cancelled"], one["paid"], one["untaken"]) == (
        {"0": 1, "1": 1},
        ["0", "1"],
        {},
        [20000, 10000],
    )
    assert (three["dice"], three["cancelled"], three["paid"], three["untaken"]) == ({"2": 1}, [], {"2": 80000}, [30000])
    assert all(c["paid"] == payouts(state, 1)[c["casino"]]["paid"] for c in result["casinos"])
    assert all(c["dice"] == {} for c in state.view(None)["casinos"])  # the felt itself is cleared
    type_steps(state, *BIGGIE_STOCK, "4")
    assert state.view(2)["last_round"] == result  # stocked and rolled: still shown
    state.view(2)["last_round"]["casinos"].clear()  # a view is a copy: changing it changes nothing
    assert state.view(2)["last_round"] == result
    type_steps(state, "4")
    assert state.view(2)["last_round"] is None
    type_steps(state, "5", "5", "6", "6")
    assert state.is_terminal() and state.view(0)["last_round"]["round"] == 2


# ---------------------------------------------------------------- who starts
def test_first_player_of_round_one_comes_from_the_seed() -> None:
    game = hr.make("lasvegas", players=4)
    firsts = {game.new_game(seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert game.new_game(5).first == game.new_game(5).first


def test_classic_next_round_starts_left_of_the_last_first_player() -> None:
    final = hr.play(hr.make("lasvegas", players=4, edition="classic", first_player=1), ["random"] * 4, seed=3)
    assert [e["first"] for e in final.events if e["type"] == "round"] == [1, 2, 3, 0]


def test_biggie_next_round_starts_with_the_last_player_who_rolled() -> None:
    final = hr.play(hr.make("lasvegas", players=4, edition="biggie"), ["random"] * 4, seed=8)
    state = hr.make("lasvegas", players=4, edition="biggie").new_game(final.seed)
    expected = []
    last_roller = None
    for player, step in final.history:
        if player >= 0:
            last_roller = player
        state.apply(step)
        if (
            state.events[-1]["type"] == "round"
            and len(expected) < len([e for e in state.events if e["type"] == "round"]) - 1
        ):
            expected.append(last_roller)
    assert [e["first"] for e in final.events if e["type"] == "round"][1:] == expected


def test_bandit_ranking_puts_a_seat_ahead_of_neutral_when_all_else_ties() -> None:
    assert rank_bandit([1, 0, 1], [4, 0, 4], [4, 0, 4], neutral=2) == [0, 2]


def test_a_typed_bill_of_absurd_length_is_refused_as_not_a_bill(new_state) -> None:
    state = new_state(players=2, edition="biggie")
    for bad in ("9" * 5000, "60kk", "$" + "1" * 13):
        with pytest.raises(hr.IllegalAction, match="is not a bill; type bills like '60000' or '60k'"):
            TYPED.parse(state, f"{bad} 20k")
