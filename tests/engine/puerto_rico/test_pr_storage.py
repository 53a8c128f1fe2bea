"""Captain, end of phase (storage, warehouses): what each player
keeps, when it is asked, and which ships are unloaded."""

from __future__ import annotations

import pytest
from pr_helpers import (
    act,
    asked,
    cargo_of,
    check_invariants,
    goods_of,
    illegal,
    make_game,
    of_kind,
    set_board,
    set_cargo,
    start_role,
    texts,
)


def test_storage_keeps_one_barrel_not_one_kind():
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("coffee", 6), ("indigo", 7))  # all full: nothing loads
    set_board(s, 0, goods={"corn": 3, "sugar": 2})
    s, _ = start_role(s, 1, "captain")
    assert asked(s) == [("keep", 0)]
    assert sorted(texts(s, 0)) == ["keep 1 corn", "keep 1 sugar"]
    supply = list(s["supply"]["goods"])
    s, events = act(s, 0, "keep 1 corn")
    assert goods_of(s, 0) == {"corn": 1}
    assert s["supply"]["goods"][0] == supply[0] + 2
    assert s["supply"]["goods"][2] == supply[2] + 2
    assert of_kind(events, "keep")[0]["lost"] == [2, 0, 2, 0, 0]
    check_invariants(s)


def test_storage_is_automatic_with_a_single_kind():
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("coffee", 6), ("indigo", 7))
    set_board(s, 0, goods={"corn": 4})
    s, events = start_role(s, 1, "captain")
    assert asked(s) == [("role", 2)]
    assert goods_of(s, 0) == {"corn": 1}
    keep = of_kind(events, "keep")[0]
    assert keep["kept"] == [1, 0, 0, 0, 0] and keep["lost"] == [3, 0, 0, 0, 0]


def _keep_sets(texts_):
    return sorted(texts_)


@pytest.mark.parametrize(
    "city,expected",
    [
        (
            {"small-warehouse": 1},
            [
                "keep 1 corn 2 sugar",
                "keep 1 corn 1 coffee",
                "keep 3 corn 1 sugar",
                "keep 3 corn 1 coffee",
                "keep 1 sugar 1 coffee",
                "keep 2 sugar 1 coffee",
            ],
        ),
        (
            {"large-warehouse": 1},
            ["keep 1 corn 2 sugar 1 coffee", "keep 3 corn 1 sugar 1 coffee", "keep 3 corn 2 sugar 1 coffee"],
        ),
    ],
)
def test_warehouses_keep_whole_kinds_plus_one_barrel(city, expected):
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("indigo", 6), ("corn", 7))
    set_board(s, 0, goods={"corn": 3, "sugar": 2, "coffee": 1}, city=city)
    s, _ = start_role(s, 1, "captain")
    assert asked(s) == [("keep", 0)]
    assert sorted(texts(s, 0)) == sorted(expected)


def test_large_warehouse_keeps_two_kinds_then_a_barrel():
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("indigo", 6), ("corn", 7))
    set_board(s, 0, goods={"corn": 3, "sugar": 2, "coffee": 2, "tobacco": 4}, city={"large-warehouse": 1})
    s, _ = start_role(s, 1, "captain")
    assert "keep 3 corn 1 sugar 1 tobacco 2 coffee" not in texts(s, 0)  # only one barrel extra
    s, _ = act(s, 0, "keep 2 sugar 4 tobacco 1 coffee")
    assert goods_of(s, 0) == {"sugar": 2, "coffee": 1, "tobacco": 4}


def test_both_warehouses_keep_three_kinds_and_a_barrel():
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("indigo", 6), ("corn", 7))
    set_board(
        s,
        0,
        goods={"corn": 3, "sugar": 2, "coffee": 2, "tobacco": 4},
        city={"large-warehouse": 1, "small-warehouse": 1},
    )
    s, _ = start_role(s, 1, "captain")
    assert "keep 3 corn 2 sugar 1 tobacco 2 coffee" in texts(s, 0)
    assert "keep 3 corn 2 sugar 4 tobacco 2 coffee" not in texts(s, 0)
    assert len(texts(s, 0)) == 4 * 1  # 4 ways to choose the 3 stored kinds, 1 barrel each
    s, _ = act(s, 0, "keep 3 corn 2 sugar 1 tobacco 2 coffee")
    assert goods_of(s, 0) == {"corn": 3, "sugar": 2, "coffee": 2, "tobacco": 1}


def test_storage_automatic_when_warehouses_cover_every_kind():
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("indigo", 6), ("coffee", 7))
    set_board(s, 0, goods={"corn": 3, "sugar": 2}, city={"large-warehouse": 1})
    set_board(s, 2, goods={"corn": 3, "sugar": 2, "coffee": 1}, city={"large-warehouse": 1, "small-warehouse": 1})
    s, _ = start_role(s, 1, "captain")
    assert asked(s) == [("role", 2)]
    assert goods_of(s, 0) == {"corn": 3, "sugar": 2}
    assert goods_of(s, 2) == {"corn": 3, "sugar": 2, "coffee": 1}


def test_unmanned_warehouse_protects_nothing():
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("indigo", 6), ("corn", 7))
    set_board(s, 0, goods={"corn": 3, "sugar": 2}, city={"large-warehouse": 0})
    s, _ = start_role(s, 1, "captain")
    assert sorted(texts(s, 0)) == ["keep 1 corn", "keep 1 sugar"]


def test_storage_decisions_are_parallel_and_happen_after_the_last_load():
    s = make_game(4)
    set_cargo(s, (None, 0), ("indigo", 6), ("corn", 7))
    set_board(s, 0, goods={"corn": 2, "sugar": 2, "coffee": 1})
    set_board(s, 3, goods={"indigo": 1, "tobacco": 1})
    s, events = start_role(s, 0, "captain")
    assert asked(s) == [("ship", 0)]
    s, events = act(s, 0, "ship coffee 5")
    # seat 3: tobacco cannot go anywhere; seat 0 again: sugar cannot (5-ship holds coffee)
    assert sorted(asked(s)) == [("keep", 0), ("keep", 3)]
    s, _ = act(s, 3, "keep 1 tobacco")
    assert asked(s) == [("keep", 0)]
    assert illegal(s, 3, "keep 1 indigo").code == "not_your_turn"
    s, events = act(s, 0, "keep 1 sugar")
    assert goods_of(s, 0) == {"sugar": 1} and goods_of(s, 3) == {"tobacco": 1}
    assert asked(s) == [("role", 1)]
    check_invariants(s)


def test_full_ships_are_unloaded_partial_ships_keep_their_cargo():
    s = make_game(4)
    set_cargo(s, ("sugar", 3), ("corn", 4), (None, 0))
    set_board(s, 0, goods={"corn": 2, "sugar": 1, "coffee": 2})
    supply = list(s["supply"]["goods"])
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship corn 6")
    assert texts(s, 0) == ["ship sugar 5", "ship coffee 7"]
    s, events = act(s, 0, "ship coffee 7")  # then the sugar follows, forced
    # after the loads: 5-ship sugar 4 (partial), 6-ship corn 6 (full), 7-ship coffee 2
    unloads = [(e["ship"], e["good"], e["amount"]) for e in of_kind(events, "unload")]
    assert unloads == [(6, "corn", 6)]
    assert cargo_of(s) == [(5, "sugar", 4), (6, None, 0), (7, "coffee", 2)]
    assert s["supply"]["goods"][0] == supply[0] + 6  # the whole full ship comes back
    check_invariants(s)
