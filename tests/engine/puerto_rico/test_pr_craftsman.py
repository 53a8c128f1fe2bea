"""Craftsman: the role, the Factory and the wiki page's production example."""

from __future__ import annotations

import pytest
from pr_helpers import (
    act,
    asked,
    check_invariants,
    goods_of,
    illegal,
    make_game,
    of_kind,
    set_board,
    set_goods_supply,
    start_role,
    texts,
)


def test_corn_needs_no_building_and_unmanned_tiles_make_nothing():
    s = make_game(4)
    set_board(s, 1, island={"corn": (3, 2)})
    set_board(s, 2, island={"corn": (2, 0), "indigo": (2, 2)})  # no indigo building
    set_board(s, 3, island={"indigo": (2, 0)}, city={"indigo-plant": 3})  # no manned plantation
    s, _ = start_role(s, 0, "craftsman")
    assert goods_of(s, 1) == {"corn": 2}
    assert goods_of(s, 2) == {}
    assert goods_of(s, 3) == {}


@pytest.mark.parametrize(
    "plantations,workers,expected", [((3, 3), 3, 3), ((3, 3), 2, 2), ((3, 1), 3, 1), ((3, 2), 0, 0), ((2, 0), 2, 0)]
)
def test_output_is_min_of_manned_plantations_and_manned_circles(plantations, workers, expected):
    s = make_game(4)
    city = {"sugar-mill": workers} if workers else {"sugar-mill": 0}
    set_board(s, 0, island={"sugar": plantations}, city=city)
    s, _ = start_role(s, 1, "craftsman")
    assert s["boards"][0]["goods"][2] == expected


def test_small_and_large_buildings_of_one_kind_add_up():
    s = make_game(4)
    set_board(s, 0, island={"indigo": (4, 4)}, city={"small-indigo-plant": 1, "indigo-plant": 3})
    s, _ = start_role(s, 1, "craftsman")
    assert goods_of(s, 0) == {"indigo": 4}


def test_unmanned_building_produces_nothing():
    s = make_game(4)
    set_board(s, 0, island={"coffee": (2, 2)}, city={"coffee-roaster": 0})
    s, _ = start_role(s, 1, "craftsman")
    assert goods_of(s, 0) == {}


def test_supply_caps_production_in_turn_order_from_the_chooser():
    s = make_game(4)
    for seat in range(4):
        set_board(s, seat, island={"corn": (2, 2)})
    set_goods_supply(s, {"corn": 5, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9})
    s, events = start_role(s, 2, "craftsman")
    # chooser 2 gets 2, then 3 gets 2, then 0 gets the last 1, 1 gets nothing
    assert [b["goods"][0] for b in s["boards"]] == [1, 0, 2, 2]
    assert s["supply"]["goods"][0] == 0
    # no substitute good
    assert [sum(b["goods"]) for b in s["boards"]] == [1, 0, 2, 2]
    # the privilege comes after everyone produced: no corn left, so no privilege
    assert asked(s) == [("role", 3)]
    check_invariants(s)


def test_privilege_after_everyone_produced_of_a_kind_the_chooser_produced():
    s = make_game(4)
    set_board(s, 0, island={"corn": (1, 1), "indigo": (1, 1)}, city={"small-indigo-plant": 1})
    set_board(s, 1, island={"indigo": (1, 1)}, city={"small-indigo-plant": 1})
    set_goods_supply(s, {"corn": 10, "indigo": 2, "sugar": 11, "tobacco": 9, "coffee": 9})
    s, events = start_role(s, 0, "craftsman")
    # indigo: chooser 1, seat 1 took the last one → the privilege can only be corn
    assert s["supply"]["goods"][1] == 0
    assert asked(s) == [("craft_bonus", 0)]
    assert texts(s, 0) == ["bonus corn", "pass"]
    s, _ = act(s, 0, "bonus corn")
    assert goods_of(s, 0) == {"corn": 2, "indigo": 1}


def test_privilege_choice_between_produced_kinds_only():
    s = make_game(4)
    set_board(
        s,
        3,
        island={"corn": (1, 1), "sugar": (2, 2), "coffee": (1, 0)},
        city={"small-sugar-mill": 1, "coffee-roaster": 2},
    )
    s, events = start_role(s, 3, "craftsman")
    assert asked(s) == [("craft_bonus", 3)]
    bonuses = [t for t in texts(s, 3) if t.startswith("bonus")]
    assert bonuses == ["bonus corn", "bonus sugar"]  # not coffee: none produced
    assert illegal(s, 3, "bonus coffee").code == "unknown"
    s, events = act(s, 3, "bonus sugar")
    assert of_kind(events, "craft_bonus") == [{"kind": "craft_bonus", "player": 3, "good": "sugar"}]
    assert goods_of(s, 3) == {"corn": 1, "sugar": 2}
    assert asked(s) == [("role", 0)]
    check_invariants(s)


def test_chooser_who_produced_nothing_gets_no_privilege():
    s = make_game(4)
    set_board(s, 1, island={"corn": (1, 1)})
    s, events = start_role(s, 0, "craftsman")
    assert asked(s) == [("role", 1)]
    assert not of_kind(events, "craft_bonus")
    assert goods_of(s, 0) == {} and goods_of(s, 1) == {"corn": 1}


def test_others_get_no_privilege():
    s = make_game(4)
    set_board(s, 0, island={"corn": (1, 1)})
    set_board(s, 1, island={"corn": (1, 1)})
    s, events = start_role(s, 1, "craftsman")
    assert asked(s) == [("craft_bonus", 1)]  # only the chooser is asked
    assert texts(s, 0) == []
    s, _ = act(s, 1, "bonus corn")
    assert goods_of(s, 0) == {"corn": 1}
    assert goods_of(s, 1) == {"corn": 2}


def test_privilege_may_be_declined():
    """Privileges are optional [S]; the wiki page's BGA walkthrough: 'if you do
    not want the extra good, click ...' (監督: 追加の製品を受け取りたくない場合は…)."""
    s = make_game(4)
    set_board(s, 0, island={"corn": (1, 1)})
    s, _ = start_role(s, 0, "craftsman")
    assert asked(s) == [("craft_bonus", 0)]
    assert texts(s, 0) == ["bonus corn", "pass"]
    s, _ = act(s, 0, "pass")
    assert goods_of(s, 0) == {"corn": 1}
    assert asked(s) == [("role", 1)]


@pytest.mark.parametrize("kinds,pay", [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5)])
def test_factory_pays_by_kinds_produced(kinds, pay):
    s = make_game(4)
    goods = ["corn", "indigo", "sugar", "tobacco", "coffee"][:kinds]
    island = {g: (2, 2) for g in goods}
    city = {"factory": 1}
    buildings = {
        "indigo": "indigo-plant",
        "sugar": "sugar-mill",
        "tobacco": "tobacco-storage",
        "coffee": "coffee-roaster",
    }
    for g in goods[1:]:
        city[buildings[g]] = 2
    set_board(s, 1, doubloons=0, island=island, city=city)
    s, events = start_role(s, 0, "craftsman")
    produced = [e for e in of_kind(events, "produce") if e["player"] == 1][0]
    assert produced["goods"] == [2 if i < kinds else 0 for i in range(5)]
    assert produced["factory"] == pay
    assert s["boards"][1]["doubloons"] == pay  # quantity does not matter, kinds do


def test_unmanned_factory_pays_nothing():
    s = make_game(4)
    set_board(
        s, 1, doubloons=0, island={"corn": (1, 1), "indigo": (1, 1)}, city={"factory": 0, "small-indigo-plant": 1}
    )
    s, _ = start_role(s, 0, "craftsman")
    assert goods_of(s, 1) == {"corn": 1, "indigo": 1}
    assert s["boards"][1]["doubloons"] == 0


def test_factory_counts_kinds_actually_produced_after_the_supply_cap():
    s = make_game(4)
    set_board(
        s, 1, doubloons=0, island={"corn": (1, 1), "indigo": (1, 1)}, city={"factory": 1, "small-indigo-plant": 1}
    )
    set_goods_supply(s, {"corn": 0, "indigo": 5, "sugar": 5, "tobacco": 5, "coffee": 5})
    s, _ = start_role(s, 0, "craftsman")
    assert goods_of(s, 1) == {"indigo": 1}
    assert s["boards"][1]["doubloons"] == 0


def test_craftsman_privilege_is_not_the_factory():
    """The privilege good does not change the Factory payment (it pays on production)."""
    s = make_game(4)
    set_board(
        s, 0, doubloons=0, island={"corn": (1, 1), "indigo": (1, 1)}, city={"factory": 1, "small-indigo-plant": 1}
    )
    s, _ = start_role(s, 0, "craftsman")
    s, _ = act(s, 0, "bonus indigo")
    assert s["boards"][0]["doubloons"] == 1
    assert goods_of(s, 0) == {"corn": 1, "indigo": 2}


def test_privilege_good_when_supply_runs_out_after_the_privilege_kind():
    """Only kinds still in the supply are offered; with none left, nobody is asked."""
    s = make_game(4)
    set_board(s, 0, island={"corn": (2, 2)})
    set_goods_supply(s, {"corn": 2, "indigo": 11, "sugar": 11, "tobacco": 9, "coffee": 9})
    s, events = start_role(s, 0, "craftsman")
    assert goods_of(s, 0) == {"corn": 2}
    assert asked(s) == [("role", 1)]
    assert not of_kind(events, "craft_bonus")
