"""The worked examples of the Japanese Board Game Arena wiki page (expansions), each as a scenario
driven through play.apply, plus the page's Lighthouse walkthrough (灯台の例)."""

from __future__ import annotations

import pytest
from pr_exp_helpers import exp_game, finish_with_prospector
from pr_helpers import (
    G,
    act,
    asked,
    bonuses,
    check_invariants,
    goods_of,
    of_kind,
    offer,
    set_board,
    set_cargo,
    start_role,
    texts,
)

from engine.core import play


def _run_until(s, done):
    events = []
    for _ in range(60):
        if done(s, events):
            return s, events
        d = play.pending(G, s)[0]
        s, more = play.apply(G, s, d.player, d.default if d.default is not None else d.options[0])
        events += more
    raise AssertionError("not reached")


def test_8_black_market_harbor_8_with_6_doubloons_one_indigo_one_colonist():
    s = exp_game(4, expansions="new_buildings")
    set_board(
        s,
        0,
        doubloons=6,
        goods={"indigo": 1},
        island={"indigo": (1, 1)},
        city={"black-market": 1, "small-indigo-plant": 1},
    )
    offer(s, "harbor")
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    s, _ = act(s, 0, "build harbor")
    s, _ = act(s, 0, "return indigo")
    s, events = act(s, 0, "return colonist small-indigo-plant")
    board = s["boards"][0]
    assert board["city"] == {"black-market": 1, "small-indigo-plant": 0, "harbor": 0}
    assert board["doubloons"] == 0 and board["goods"] == [0] * 5
    assert of_kind(events, "build")[0]["cost"] == 6
    check_invariants(s)


def test_8_forests_4_forests_2_quarries_and_privilege_harbor_costs_3():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, doubloons=3, island={"forest": 4, "quarry": (2, 2)})
    offer(s, "harbor")
    s, _ = start_role(s, 0, "builder")
    s, events = act(s, 0, "build harbor")
    assert of_kind(events, "build")[0]["cost"] == 3 and s["boards"][0]["doubloons"] == 0


def test_8_union_hall_3_corn_2_indigo_1_coffee_scores_2():
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(s, 0, goods={"corn": 3, "indigo": 2, "coffee": 1}, city={"union-hall": 1})
    s, events = start_role(s, 1, "captain")
    s, more = _run_until(s, lambda st, ev: of_kind(events + ev, "union_hall"))
    assert of_kind(events + more, "union_hall")[0]["vp"] == 2
    assert s["boards"][0]["vp"] == 2 and goods_of(s, 0) == {"corn": 3, "indigo": 2, "coffee": 1}


def test_8_specialty_factory_4_corn_3_sugar_2_coffee_pays_2():
    s = exp_game(4, expansions="new_buildings")
    set_board(
        s,
        0,
        doubloons=0,
        island={"corn": (4, 4), "sugar": (3, 3), "coffee": (2, 2)},
        city={"sugar-mill": 3, "coffee-roaster": 2, "specialty-factory": 1},
    )
    s, events = start_role(s, 1, "craftsman")
    mine = [e for e in of_kind(events, "produce") if e["player"] == 0][0]
    assert mine["goods"] == [4, 0, 3, 0, 2]
    assert s["boards"][0]["doubloons"] == 2


def test_8_small_wharf_3_corn_1_sugar_2_tobacco_scores_3():
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, ("indigo", 5), ("coffee", 6), ("sugar", 7))
    set_board(s, 0, goods={"corn": 3, "sugar": 1, "tobacco": 2}, city={"small-wharf": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "small-wharf")
    for text in ("load 3 corn", "load 1 sugar"):
        s, _ = act(s, 0, text)
    s, events = act(s, 0, "load 2 tobacco")  # nothing left to load: it sails by itself
    ship = of_kind(events, "small_wharf")[0]
    assert ship["amount"] == 6 and ship["vp"] == 3 + 1  # 6 // 2, + the Captain's first-load +1
    assert s["boards"][0]["vp"] == 4


@pytest.mark.parametrize("last,vp", [("coffee", 6), ("corn", 10)])
def test_8_cloister_6_forests_3_quarries_2_corn_and_a_coffee_or_a_third_corn(last, vp):
    s = exp_game(4, expansions="new_buildings")
    island = {"forest": 6, "quarry": (3, 3), "corn": (2, 0)}
    island[last] = (island.get(last, (0, 0))[0] + 1, 0)
    set_board(s, 0, island=island, city={"cloister": 1})
    s = finish_with_prospector(s)
    assert bonuses(s, 0) == {"cloister": vp}


def test_8_zoning_office_noble_2_forests_2_quarries_privilege_large_costs_4():
    s = exp_game(4, expansions="both")
    set_board(
        s,
        0,
        doubloons=4,
        island={"forest": 2, "quarry": (2, 2)},
        city={"zoning-office": 1},
        nobles={"zoning-office": 1},
    )
    offer(s, "residence")
    s, _ = start_role(s, 0, "builder")
    s, events = act(s, 0, "build residence")
    assert of_kind(events, "build")[0]["cost"] == 4


def test_8_royal_supplier_2_corn_3_indigo_2_sugar_ships_corn_and_sugar_for_2():
    s = exp_game(4, expansions="nobles")
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(
        s,
        0,
        island={"corn": (1, 1)},
        goods={"corn": 2, "indigo": 3, "sugar": 2},
        city={"royal-supplier": 1},
        nobles={"royal-supplier": 1, "corn": 1},
    )
    s, _ = start_role(s, 1, "captain")
    s, _ = _run_until(s, lambda st, ev: ("royal", 0) in asked(st))
    s, _ = act(s, 0, "supply corn")
    s, _ = act(s, 0, "supply sugar")
    assert s["boards"][0]["vp"] == 2 and goods_of(s, 0)["indigo"] == 3
    check_invariants(s)


def test_8_nobles_refill_4_players_5_empty_circles_1_noble_4_colonists():
    s = exp_game(4, expansions="nobles")
    set_board(s, 0, island={}, city={"indigo-plant": 0, "sugar-mill": 0})
    s, _ = start_role(s, 1, "mayor")
    s, events = act(s, 1, "pass")
    s, more = _run_until(s, lambda st, ev: of_kind(events + ev, "ship_refill"))
    refill = of_kind(events + more, "ship_refill")[0]
    assert (refill["needed"], refill["nobles"], refill["colonists"]) == (5, 1, 4)


def test_seed_lighthouse_walkthrough():
    """灯台の例: the owner is the Captain; a normal shipment (+1 VP privilege, +1 doubloon as
    Captain, +1 doubloon for shipping), then the Wharf, then the Small Wharf, +1 each."""
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(
        s,
        0,
        doubloons=0,
        goods={"corn": 2, "indigo": 3, "sugar": 4},
        city={"lighthouse": 1, "wharf": 1, "small-wharf": 1},
    )
    s, _ = start_role(s, 0, "captain")
    s, events = act(s, 0, "ship sugar 7")
    assert s["boards"][0]["doubloons"] == 2 and s["boards"][0]["vp"] == 5
    s, _ = _run_until(s, lambda st, ev: ("ship", 0) in asked(st))
    s, _ = act(s, 0, "ship indigo wharf")
    assert s["boards"][0]["doubloons"] == 3 and s["boards"][0]["vp"] == 8
    s, _ = _run_until(s, lambda st, ev: ("ship", 0) in asked(st))
    assert "small-wharf" in texts(s, 0)
    s, _ = act(s, 0, "small-wharf")
    s, _ = act(s, 0, "load 2 corn")
    assert s["boards"][0]["doubloons"] == 4 and s["boards"][0]["vp"] == 9
