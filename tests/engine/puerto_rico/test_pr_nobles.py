"""Nobles expansion: nobles on the colonist ship and in layouts, the
colonist-shortage end removed, +1 VP per noble, and each Nobles building's effect."""

from __future__ import annotations

import pytest
from pr_exp_helpers import exp_game, finish_with_prospector
from pr_helpers import (
    G,
    act,
    asked,
    bonuses,
    check_invariants,
    final,
    goods_of,
    of_kind,
    offer,
    set_board,
    set_cargo,
    set_colonist_supply,
    set_noble_supply,
    start_role,
    texts,
)

from engine.core import IllegalAction, play


def _nobles(players=4, seed=1, **options):
    return exp_game(players, seed, expansions="nobles", **options)


# --- the ship, the Mayor, layouts -------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_puts_one_noble_on_the_ship_in_place_of_a_colonist(players):
    base = exp_game(players, 1, expansions="new_buildings")
    s = _nobles(players)
    assert s["supply"]["ship_nobles"] == 1 and s["supply"]["nobles"] == 19
    assert s["supply"]["ship"] == base["supply"]["ship"] - 1
    assert s["supply"]["colonists"] == base["supply"]["colonists"] + 1
    assert all(b["nobles"] == {} for b in s["boards"])
    check_invariants(s)


def test_the_mayor_gets_the_ships_noble_first():
    s = _nobles()
    s, _ = start_role(s, 2, "mayor")
    s, events = act(s, 2, "pass")
    arrive = of_kind(events, "colonists")[0]
    assert arrive["shares"] == [1, 1, 1, 1] and arrive["nobles"] == [0, 0, 1, 0]
    assert sum(s["boards"][2]["nobles"].values()) == 1
    check_invariants(s)


def test_refill_puts_one_noble_then_colonists_up_to_the_need():
    """Digest 6.8: 4 players, 5 empty building circles → 1 noble + 4 colonists."""
    s = _nobles()
    # Ann places her one arriving colonist in a building: 6 − 1 = 5 empty circles remain
    set_board(s, 0, island={}, city={"indigo-plant": 0, "sugar-mill": 0})
    s, _ = start_role(s, 1, "mayor")
    s, events = act(s, 1, "pass")
    while not of_kind(events, "ship_refill"):
        d = play.pending(G, s)[0]
        s, events = play.apply(G, s, d.player, d.default)
    refill = of_kind(events, "ship_refill")[0]
    assert refill["needed"] == 5 and (refill["nobles"], refill["colonists"]) == (1, 4)
    assert (s["supply"]["ship_nobles"], s["supply"]["ship"]) == (1, 4)
    check_invariants(s)


def test_no_colonist_shortage_end_with_nobles():
    s = _nobles()
    set_colonist_supply(s, supply=1)
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass") if asked(s) == [("mayor_privilege", 0)] else (s, [])
    s = play.loads(play.dumps(s))
    for _ in range(20):
        if s["role"] != "mayor":
            break
        d = play.pending(G, s)[0]
        s, more = play.apply(G, s, d.player, d.default)
        events += more
    assert of_kind(events, "ship_refill")
    assert "colonists" not in s["end"] and not of_kind(events, "end_triggered")


def test_layout_places_nobles_one_at_a_time_or_in_one_text():
    s = _nobles()
    set_board(s, 0, island={"corn": (1, 0), "indigo": (1, 0)}, city={"chapel": 0}, san_juan=1, nobles={"san_juan": 1})
    set_colonist_supply(s, ship=0)
    set_noble_supply(s, ship=0)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    opts = texts(s, 0)
    assert "place noble chapel" in opts and "place chapel" not in opts  # one person: a noble
    s, _ = act(s, 0, "place noble chapel")
    board = s["boards"][0]
    assert board["city"]["chapel"] == 1 and board["nobles"] == {"chapel": 1}
    check_invariants(s)


def test_layout_text_with_nobles_parses_back_and_is_checked():
    s = _nobles()
    set_board(s, 0, island={"corn": (2, 0)}, city={"chapel": 0}, san_juan=2, nobles={"san_juan": 1})
    set_colonist_supply(s, ship=0)
    set_noble_supply(s, ship=0)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    action = play.parse_action(G, s, 0, "layout corn 1 chapel 1 nobles chapel 1")
    assert action == {"verb": "layout", "layout": {"corn": 1, "chapel": 1}, "nobles": {"chapel": 1}}
    assert G.action_text(action) == "layout corn 1 chapel 1 nobles chapel 1"
    bad = {"verb": "layout", "layout": {"corn": 1, "chapel": 1}, "nobles": {"chapel": 1, "corn": 1}}
    with pytest.raises(IllegalAction):
        play.apply(G, s, 0, bad)  # two nobles, but the player has one
    s, _ = play.apply(G, s, 0, action)
    assert s["boards"][0]["nobles"] == {"chapel": 1}
    check_invariants(s)


# --- Villa ------------------------------------------------------------------------------


def test_villa_brings_a_noble_then_a_colonist_then_nothing():
    s = _nobles()
    set_board(s, 1, city={"villa": 1})
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass")
    assert of_kind(events, "villa") == [{"kind": "villa", "player": 1, "noble": True}]
    assert sum(s["boards"][1]["nobles"].values()) == 1
    s = _nobles()
    set_board(s, 1, city={"villa": 1})
    set_noble_supply(s, supply=0)
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass")
    assert of_kind(events, "villa") == [{"kind": "villa", "player": 1, "noble": False}]
    s = _nobles()
    set_board(s, 1, city={"villa": 1})
    set_noble_supply(s, supply=0)
    set_colonist_supply(s, supply=0)
    s, events = start_role(s, 0, "mayor")
    assert not of_kind(events, "villa")


def test_villa_mayor_gets_two_nobles():
    s = _nobles()
    set_board(s, 0, city={"villa": 1})
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert sum(s["boards"][0]["nobles"].values()) == 2
    check_invariants(s)


# --- Land Office ------------------------------------------------------------------------


def test_land_office_colonist_buys_a_random_plantation_besides_the_sale():
    s = _nobles()
    set_board(s, 0, doubloons=3, goods={"corn": 1}, island={}, city={"land-office": 1})
    s, _ = start_role(s, 1, "trader")  # the others have nothing to sell: passed for them
    assert asked(s) == [("trade", 0)]
    assert texts(s, 0) == ["land-office draw", "sell corn", "pass"]
    top = s["plantations"]["deck"][-1]
    s, events = act(s, 0, "land-office draw")
    assert s["boards"][0]["island"] == {top: [1, 0]} and s["boards"][0]["doubloons"] == 2
    assert texts(s, 0) == ["sell corn", "pass"]  # once per phase; the sale remains
    s, _ = act(s, 0, "sell corn")
    assert s["boards"][0]["doubloons"] == 2


def test_land_office_noble_sells_a_tile_without_the_trader_privilege():
    s = _nobles()
    set_board(
        s, 0, doubloons=0, island={"corn": (1, 1), "sugar": (1, 0)}, city={"land-office": 1}, nobles={"land-office": 1}
    )
    s, _ = start_role(s, 0, "trader")
    assert texts(s, 0) == ["land-office discard corn", "land-office discard sugar", "pass"]
    s, events = act(s, 0, "land-office discard corn")
    board = s["boards"][0]
    assert board["doubloons"] == 1 and "corn" not in board["island"] and board["san_juan"] == 1
    assert s["plantations"]["discard"][-1] == "corn"
    check_invariants(s)


# --- Chapel and Jeweler -----------------------------------------------------------------


def test_chapel_pays_a_doubloon_for_a_colonist_and_a_vp_for_a_noble():
    s = _nobles()
    set_board(s, 0, doubloons=0, city={"chapel": 1})
    set_board(s, 1, doubloons=0, city={"chapel": 1}, nobles={"chapel": 1})
    s, events = start_role(s, 0, "craftsman")
    assert s["boards"][0]["doubloons"] == 1 and s["boards"][0]["vp"] == 0
    assert s["boards"][1]["doubloons"] == 0 and s["boards"][1]["vp"] == 1
    text = G.event_text(s, of_kind(events, "chapel_vp")[0])
    assert "VP" not in text.public and "chip" not in text.public and text.private.startswith("You score 1 VP")


def test_jeweler_pays_a_doubloon_per_placed_noble():
    s = _nobles()
    set_board(
        s,
        0,
        doubloons=0,
        island={"corn": (1, 1)},
        city={"jeweler": 1},
        san_juan=1,
        nobles={"jeweler": 1, "corn": 1, "san_juan": 1},
    )
    s, _ = start_role(s, 1, "craftsman")
    assert s["boards"][0]["doubloons"] == 2


# --- Hunting Lodge ----------------------------------------------------------------------


def test_hunting_lodge_colonist_discards_at_the_end_of_the_settler_phase():
    s = _nobles()
    set_board(s, 2, island={"corn": (1, 1), "quarry": (1, 0)}, city={"hunting-lodge": 1})
    s, _ = start_role(s, 0, "settler")
    for seat in (0, 1, 2, 3):
        s, _ = act(s, seat, "pass")
    assert asked(s) == [("lodge", 2)]
    assert texts(s, 2) == ["discard corn", "discard quarry", "pass"]
    quarries = s["supply"]["quarries"]
    s, events = act(s, 2, "discard quarry")
    assert "quarry" not in s["boards"][2]["island"] and s["supply"]["quarries"] == quarries + 1
    assert of_kind(events, "faceup")  # then the row refills
    check_invariants(s)


def test_hunting_lodge_noble_scores_two_only_alone_with_most_empty_spaces():
    s = _nobles()
    for seat in (1, 2, 3):
        set_board(s, seat, island={"corn": 2})
    set_board(s, 0, island={"corn": (1, 1)}, city={"hunting-lodge": 1}, nobles={"hunting-lodge": 1})
    s, _ = start_role(s, 1, "settler")
    for seat in (1, 2, 3, 0):
        s, events = act(s, seat, "pass")
    assert s["boards"][0]["vp"] == 2 and of_kind(events, "lodge_vp")
    s = _nobles()
    set_board(s, 1, island={"corn": 1})
    set_board(s, 0, island={"corn": (1, 1)}, city={"hunting-lodge": 1}, nobles={"hunting-lodge": 1})
    s, _ = start_role(s, 1, "settler")
    for seat in (1, 2, 3, 0):
        s, events = act(s, seat, "pass")
    assert s["boards"][0]["vp"] == 0  # tied with Bob: nothing


# --- Zoning Office ----------------------------------------------------------------------


def test_zoning_office_colonist_small_columns_noble_large():
    s = _nobles()
    set_board(s, 0, doubloons=4, city={"zoning-office": 1})
    offer(s, "office", "guild-hall")
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    assert "build office" in texts(s, 0)  # 5 − 1
    s = _nobles()
    set_board(s, 0, doubloons=8, city={"zoning-office": 1}, nobles={"zoning-office": 1})
    offer(s, "office", "guild-hall")
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    assert "build guild-hall" in texts(s, 0)  # 10 − 2
    set_board(s, 0, doubloons=4)
    assert "build office" not in texts(s, 0)  # a noble does not discount column 2


# --- Royal Supplier ---------------------------------------------------------------------


def test_royal_supplier_ships_one_good_per_kind_up_to_the_nobles_placed():
    s = _nobles()
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(
        s,
        0,
        island={"corn": (1, 1)},
        goods={"corn": 2, "indigo": 3, "sugar": 2},
        city={"royal-supplier": 1},
        nobles={"royal-supplier": 1, "corn": 1},
    )
    s, _ = start_role(s, 0, "captain")
    assert asked(s) == [("royal", 0)]
    assert texts(s, 0) == ["supply corn", "supply indigo", "supply sugar", "pass"]
    s, _ = act(s, 0, "supply corn")
    assert "supply corn" not in texts(s, 0)
    s, _ = act(s, 0, "supply sugar")
    assert s["boards"][0]["vp"] == 2 and goods_of(s, 0) == {"corn": 1, "indigo": 3, "sugar": 1}
    assert asked(s) == [("ship", 0)]  # then the normal first turn
    check_invariants(s)


def test_royal_supplier_is_offered_at_the_first_turn_only():
    s = _nobles()
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(s, 0, goods={"corn": 2, "indigo": 3}, city={"royal-supplier": 1}, nobles={"royal-supplier": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "pass")
    assert asked(s) == [("ship", 0)]
    s, _ = act(s, 0, "ship indigo 5")
    while s["role"] == "captain":
        assert ("royal", 0) not in asked(s)
        d = play.pending(G, s)[0]
        s, _ = play.apply(G, s, d.player, d.options[0])


# --- scoring ----------------------------------------------------------------------------


def test_each_noble_scores_one_and_the_royal_garden_one_more():
    s = _nobles()
    set_board(
        s,
        0,
        island={"corn": (1, 1)},
        city={"royal-garden": 1},
        san_juan=2,
        nobles={"royal-garden": 1, "corn": 1, "san_juan": 1},
    )
    set_board(s, 1, san_juan=1, nobles={"san_juan": 1})
    s = finish_with_prospector(s)
    assert final(s, 0).breakdown["nobles"] == 3 and bonuses(s, 0) == {"royal-garden": 3}
    assert final(s, 0).total == 4 + 3 + 3
    assert final(s, 1).breakdown["nobles"] == 1 and final(s, 1).total == 1


def test_jeweler_counts_as_large_production_for_guild_hall_not_for_city_hall():
    s = _nobles()
    set_board(s, 0, city={"guild-hall": 1, "jeweler": 0, "small-market": 0})
    set_board(s, 1, city={"city-hall": 1, "jeweler": 0, "small-market": 0})
    s = finish_with_prospector(s)
    assert bonuses(s, 0) == {"guild-hall": 2}
    assert bonuses(s, 1) == {"city-hall": 2}  # city hall + small market
