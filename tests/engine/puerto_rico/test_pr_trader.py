"""Trader: the role, the Office and the markets, and the wiki page's trading-house example."""

from __future__ import annotations

import pytest
from pr_helpers import (
    GOODS,
    act,
    asked,
    check_invariants,
    goods_of,
    make_game,
    of_kind,
    set_board,
    set_house,
    start_role,
    texts,
)

PRICE = {"corn": 0, "indigo": 1, "sugar": 2, "tobacco": 3, "coffee": 4}


def _sell(s, seat, good):
    before = s["boards"][seat]["doubloons"]
    s, events = act(s, seat, f"sell {good}")
    got = s["boards"][seat]["doubloons"] - before
    assert of_kind(events, "sell")[0]["price"] == got
    return s, got, events


@pytest.mark.parametrize("good", GOODS)
def test_base_prices_and_the_privilege(good):
    s = make_game(4)
    set_board(s, 0, goods={good: 1})
    set_board(s, 1, goods={good: 1})
    s, _ = start_role(s, 0, "trader")
    s, got, _ = _sell(s, 0, good)
    assert got == PRICE[good] + 1  # chooser: +1
    s2 = make_game(4)
    set_board(s2, 1, goods={good: 1})
    s2, _ = start_role(s2, 0, "trader")
    s2, got, _ = _sell(s2, 1, good)
    assert got == PRICE[good]


def test_corn_sells_for_one_with_the_privilege_and_zero_otherwise():
    s = make_game(4)
    set_board(s, 2, goods={"corn": 1})
    s, _ = start_role(s, 2, "trader")
    s, got, _ = _sell(s, 2, "corn")
    assert got == 1
    s = make_game(4)
    set_board(s, 3, goods={"corn": 1})
    s, _ = start_role(s, 2, "trader")
    s, got, _ = _sell(s, 3, "corn")
    assert got == 0


@pytest.mark.parametrize(
    "city,bonus",
    [
        ({"small-market": 1}, 1),
        ({"large-market": 1}, 2),
        ({"small-market": 1, "large-market": 1}, 3),
        ({"small-market": 0, "large-market": 0}, 0),
    ],
)
def test_markets_add_only_when_manned(city, bonus):
    for chooser in (True, False):
        s = make_game(4)
        set_board(s, 1, goods={"sugar": 1}, city=city)
        s, _ = start_role(s, 1 if chooser else 0, "trader")
        assert asked(s) == [("trade", 1)]  # seat 0 (no goods) passed automatically
        s, got, _ = _sell(s, 1, "sugar")
        assert got == 2 + bonus + (1 if chooser else 0)


def test_corn_with_both_markets_and_privilege_is_four():
    s = make_game(4)
    set_board(s, 0, goods={"corn": 1}, city={"small-market": 1, "large-market": 1})
    s, _ = start_role(s, 0, "trader")
    s, got, _ = _sell(s, 0, "corn")
    assert got == 4


def test_one_good_per_turn_and_kinds_must_differ():
    s = make_game(4)
    for seat in range(4):
        set_board(s, seat, goods={"coffee": 2, "tobacco": 1})
    s, _ = start_role(s, 0, "trader")
    s, _, _ = _sell(s, 0, "coffee")
    assert goods_of(s, 0) == {"coffee": 1, "tobacco": 1}  # one good per turn
    assert asked(s) == [("trade", 1)]
    assert texts(s, 1) == ["sell tobacco", "pass"]
    s, _, _ = _sell(s, 1, "tobacco")
    # seat 2 has only coffee and tobacco, both in the house: nothing to sell → forced pass
    assert asked(s) == [("role", 1)]
    assert s["house"] == ["coffee", "tobacco"]


def test_office_allows_a_kind_already_in_the_house():
    s = make_game(4)
    set_house(s, ["coffee"])
    set_board(s, 1, goods={"coffee": 2}, city={"office": 1})
    set_board(s, 2, goods={"coffee": 2}, city={"office": 0})
    s, _ = start_role(s, 1, "trader")
    assert texts(s, 1) == ["sell coffee", "pass"]
    s, got, _ = _sell(s, 1, "coffee")
    assert got == 5
    assert s["house"] == ["coffee", "coffee"]
    # unmanned Office: no duplicates, so seat 2 has nothing to sell (auto pass)
    assert ("trade", 2) not in asked(s)


def test_office_does_not_lift_the_four_space_limit():
    s = make_game(4)
    set_house(s, ["coffee", "coffee", "coffee"])
    set_board(s, 1, goods={"coffee": 3}, city={"office": 1})
    set_board(s, 2, goods={"coffee": 3}, city={"office": 1})
    s, _ = start_role(s, 1, "trader")
    s, _, events = _sell(s, 1, "coffee")
    # 4th good: the phase ends at once, seat 2 is not asked, the house goes to the supply
    assert ("trade", 2) not in asked(s)
    assert asked(s) == [("role", 2)]
    assert s["house"] == []
    assert of_kind(events, "house_emptied")[0]["goods"] == ["coffee"] * 4
    check_invariants(s)


def test_phase_ends_when_the_fourth_good_goes_in_and_the_house_is_emptied():
    s = make_game(4)
    set_house(s, ["corn", "indigo"])
    for seat in range(4):
        set_board(s, seat, goods={"sugar": 1, "tobacco": 1, "coffee": 1})
    supply = list(s["supply"]["goods"])
    s, _ = start_role(s, 3, "trader")
    s, _, _ = _sell(s, 3, "coffee")
    s, _, events = _sell(s, 0, "sugar")
    assert asked(s) == [("role", 0)]  # seats 1 and 2 never get a turn
    assert s["house"] == []
    expected = list(supply)
    for g in ("corn", "indigo", "coffee", "sugar"):
        expected[GOODS.index(g)] += 1
    assert s["supply"]["goods"] == expected
    check_invariants(s)


def test_goods_stay_in_a_house_that_is_not_full():
    s = make_game(4)
    set_board(s, 0, goods={"indigo": 1})
    set_board(s, 1, goods={"sugar": 1})
    s, _ = start_role(s, 0, "trader")
    s, _, _ = _sell(s, 0, "indigo")
    s, _, _ = _sell(s, 1, "sugar")
    assert asked(s) == [("role", 1)]
    assert s["house"] == ["indigo", "sugar"]
    # next Trader: the kinds are still blocked
    set_board(s, 2, goods={"indigo": 1, "sugar": 1, "corn": 1})
    s, _ = start_role(s, 2, "trader")
    assert texts(s, 2) == ["sell corn", "pass"]


def test_passing_chooser_gets_no_privilege():
    s = make_game(4)
    set_board(s, 0, goods={"coffee": 1}, doubloons=3)
    s, _ = start_role(s, 0, "trader")
    s, _ = act(s, 0, "pass")
    assert s["boards"][0]["doubloons"] == 3
    assert goods_of(s, 0) == {"coffee": 1}


def test_player_with_nothing_to_sell_is_not_asked():
    s = make_game(4)
    set_board(s, 2, goods={"sugar": 1})
    s, events = start_role(s, 0, "trader")
    assert asked(s) == [("trade", 2)]
    passes = [e for e in of_kind(events, "pass") if e.get("forced")]
    assert [e["player"] for e in passes] == [0, 1]
