"""Builder: the role, the building table and the wiki page's example."""

from __future__ import annotations

import pytest
from pr_helpers import (
    BUILDING_TABLE,
    act,
    asked,
    check_invariants,
    illegal,
    make_game,
    of_kind,
    set_board,
    set_colonist_supply,
    start_role,
    texts,
)


def _expected_cost(building, quarries, chooser):
    cost, _vp, column, *_ = BUILDING_TABLE[building]
    return max(0, cost - min(quarries, column) - (1 if chooser else 0))


def _build(s, seat, building):
    before = s["boards"][seat]["doubloons"]
    s, events = act(s, seat, f"build {building}")
    paid = before - s["boards"][seat]["doubloons"]
    assert of_kind(events, "build")[0]["cost"] == paid
    return s, paid


@pytest.mark.parametrize("building", sorted(BUILDING_TABLE))
@pytest.mark.parametrize("quarries", [0, 1, 2, 3, 4])
def test_quarry_discount_is_capped_by_the_column(building, quarries):
    s = make_game(4)
    set_board(s, 2, doubloons=20, island={"quarry": (quarries, quarries)})
    set_board(s, 3, doubloons=20, island={"quarry": (quarries, quarries)})
    s["buildings"][building] = 2  # room for both players (large buildings have 1 copy)
    s, _ = start_role(s, 2, "builder")
    s, paid = _build(s, 2, building)
    assert paid == _expected_cost(building, quarries, chooser=True)
    s, paid = _build(s, 3, building)
    assert paid == _expected_cost(building, quarries, chooser=False)


def test_unoccupied_quarries_give_no_discount():
    s = make_game(4)
    set_board(s, 1, doubloons=20, island={"quarry": (3, 1)})
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "pass")
    s, paid = _build(s, 1, "harbor")
    assert paid == 8 - 1


def test_privilege_only_for_the_chooser_and_no_refund_when_passing():
    s = make_game(4)
    for seat in range(4):
        set_board(s, seat, doubloons=4)
    s, _ = start_role(s, 1, "builder")
    # the chooser can afford the sugar mill (4 − 1 = 3) and the hospice (4 − 1 = 3)
    assert "build sugar-mill" in texts(s, 1)
    s, _ = act(s, 1, "pass")
    assert s["boards"][1]["doubloons"] == 4  # nothing back for passing
    s, paid = _build(s, 2, "sugar-mill")
    assert paid == 4


def test_cost_never_below_zero():
    s = make_game(4)
    set_board(s, 0, doubloons=0, island={"quarry": (1, 1)})
    s, _ = start_role(s, 0, "builder")
    # cost 1 and cost 2 buildings are free for the chooser with 1 manned quarry
    assert texts(s, 0) == [
        "build small-indigo-plant",
        "build small-sugar-mill",
        "build small-market",
        "build hacienda",
        "build construction-hut",
        "pass",
    ]
    s, paid = _build(s, 0, "small-market")
    assert paid == 0
    assert s["boards"][0]["doubloons"] == 0


def test_affordability_is_exact():
    s = make_game(4)
    set_board(s, 1, doubloons=5)
    set_board(s, 2, doubloons=4)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "pass")
    assert "build tobacco-storage" in texts(s, 1)
    assert "build office" in texts(s, 1)
    assert "build coffee-roaster" not in texts(s, 1)
    s, _ = act(s, 1, "pass")
    assert "build tobacco-storage" not in texts(s, 2)
    assert illegal(s, 2, "build tobacco-storage").code == "unknown"


def test_legal_buildings_are_exactly_those_affordable_unowned_in_stock_with_room():
    s = make_game(4)
    set_board(s, 3, doubloons=6, island={"quarry": (2, 2)}, city={"small-market": 1, "hacienda": 0, "indigo-plant": 2})
    s["buildings"]["large-warehouse"] = 0
    s, _ = start_role(s, 3, "builder")
    expected = []
    for b, (_cost, *_rest) in BUILDING_TABLE.items():
        if b in ("small-market", "hacienda", "indigo-plant") or b == "large-warehouse":
            continue
        if _expected_cost(b, 2, chooser=True) <= 6:
            expected.append(f"build {b}")
    assert sorted(texts(s, 3)) == sorted(expected + ["pass"])
    # for instance: the factory (7 − 2 − 1 = 4) and a large building (10 − 2 − 1 = 7 > 6)
    assert "build factory" in texts(s, 3) and "build city-hall" not in texts(s, 3)


def test_cannot_build_a_building_you_already_own():
    s = make_game(4)
    set_board(s, 0, doubloons=10, city={"small-market": 0})
    s, _ = start_role(s, 0, "builder")
    assert "build small-market" not in texts(s, 0)
    s, _ = act(s, 0, "build large-market")
    assert set(s["boards"][0]["city"]) == {"small-market", "large-market"}


def test_copies_are_limited_first_come_first_served():
    s = make_game(4)
    for seat in range(4):
        set_board(s, seat, doubloons=10)
    s, _ = start_role(s, 2, "builder")
    s, _ = act(s, 2, "build guild-hall")
    assert s["buildings"]["guild-hall"] == 0
    assert "build guild-hall" not in texts(s, 3)
    s, _ = act(s, 3, "build harbor")
    s, _ = act(s, 0, "build harbor")
    assert s["buildings"]["harbor"] == 0
    assert "build harbor" not in texts(s, 1)


def test_two_player_game_has_one_copy_of_each_violet_building():
    s = make_game(2)
    set_board(s, 0, doubloons=10)
    set_board(s, 1, doubloons=10)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "build small-market")
    assert "build small-market" not in texts(s, 1)
    assert "build small-indigo-plant" in texts(s, 1)


def test_large_building_needs_two_free_spaces():
    s = make_game(4)
    city11 = {b: 0 for b in list(BUILDING_TABLE)[:11]}
    set_board(s, 1, doubloons=30, city=city11)
    city10 = {b: 0 for b in list(BUILDING_TABLE)[:10]}
    set_board(s, 2, doubloons=30, city=city10)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "pass")
    legal = texts(s, 1)
    assert not any(
        t in legal
        for t in ("build guild-hall", "build residence", "build fortress", "build customs-house", "build city-hall")
    )
    assert "build wharf" in legal
    s, _ = act(s, 1, "pass")
    assert "build residence" in texts(s, 2)


def test_filling_the_city_triggers_the_end_at_the_end_of_the_round():
    s = make_game(4)
    set_board(s, 1, doubloons=30, city={b: 0 for b in list(BUILDING_TABLE)[:10]})
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "pass")
    s, events = act(s, 1, "build residence")
    assert {"kind": "end_triggered", "reason": "city"} in events
    assert s["end"] == ["city"] and not s["over"]
    # the phase and the round continue
    assert asked(s) == [("build", 2)]


def test_university_puts_one_colonist_on_the_new_building():
    s = make_game(4)
    set_board(s, 0, doubloons=20, city={"university": 1})
    set_board(s, 1, doubloons=20, city={"university": 0})
    supply = s["supply"]["colonists"]
    s, _ = start_role(s, 0, "builder")
    s, events = act(s, 0, "build tobacco-storage")
    assert s["boards"][0]["city"]["tobacco-storage"] == 1  # one, though it has 3 circles
    assert of_kind(events, "build")[0]["university"] is True
    assert s["supply"]["colonists"] == supply - 1
    s, events = act(s, 1, "build tobacco-storage")  # unoccupied University: nothing
    assert s["boards"][1]["city"]["tobacco-storage"] == 0
    check_invariants(s)


def test_university_takes_from_the_ship_when_the_supply_is_empty():
    s = make_game(4)
    set_board(s, 0, doubloons=20, city={"university": 1})
    set_colonist_supply(s, supply=0, ship=4)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "build harbor")
    assert s["boards"][0]["city"]["harbor"] == 1
    assert s["supply"]["ship"] == 3
    check_invariants(s)


def test_university_with_no_colonist_left_builds_an_empty_building():
    s = make_game(4)
    set_board(s, 0, doubloons=20, city={"university": 1})
    set_colonist_supply(s, supply=0, ship=0)
    s, _ = start_role(s, 0, "builder")
    s, events = act(s, 0, "build harbor")
    assert s["boards"][0]["city"]["harbor"] == 0
    assert of_kind(events, "build")[0]["university"] is False


def test_building_the_university_itself_brings_no_colonist():
    s = make_game(4)
    set_board(s, 0, doubloons=20)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "build university")
    assert s["boards"][0]["city"]["university"] == 0


def test_new_buildings_start_empty_and_everyone_builds_in_order_from_the_chooser():
    s = make_game(4)
    s, _ = start_role(s, 2, "builder")
    order = []
    while asked(s) and asked(s)[0][0] == "build":
        seat = asked(s)[0][1]
        order.append(seat)
        s, _ = act(s, seat, "build small-indigo-plant")
    assert order == [2, 3, 0, 1]
    assert all(b["city"] == {"small-indigo-plant": 0} for b in s["boards"])
    assert s["buildings"]["small-indigo-plant"] == 0
