"""The readings taken where the sources leave an open point (⚠) for the variants and the
expansions, and the engine's own choices where the sources leave a gap; each as listed in
docs/rules/puerto-rico.md. (Draft slots for the Jeweler and the swapped Factory/University
are in test_pr_draft.py; the Library's doubled privileges in test_pr_new_buildings.py.)"""

from __future__ import annotations

from pr_exp_helpers import exp_game, finish_with_prospector
from pr_helpers import (
    G,
    act,
    asked,
    bonuses,
    check_invariants,
    of_kind,
    offer,
    role_turn,
    set_board,
    set_cargo,
    set_vp_supply,
    start_role,
    texts,
)

from engine.core import play


def test_vp_chips_running_out_outside_the_captain_phase_end_the_game():
    """⚠ any depletion triggers the end (here the Chapel's chip)."""
    s = exp_game(4, expansions="nobles")
    set_vp_supply(s, 1)
    set_board(s, 0, city={"chapel": 1}, nobles={"chapel": 1})
    s, events = start_role(s, 1, "craftsman")
    assert s["end"] == ["vp"] and of_kind(events, "end_triggered")


def test_customs_house_counts_only_the_captain_phase_chips():
    """⚠ the wiki page's reading: chips earned in the Captain phase only."""
    s = exp_game(4, expansions="both")
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(s, 0, goods={"corn": 6}, city={"customs-house": 1, "chapel": 1}, nobles={"chapel": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship corn 6")  # 6 + the Captain's 1 = 7 Captain chips
    assert s["boards"][0]["captain_vp"] == 7
    role_turn(s, 0, choice=1)
    s, _ = act(s, 0, "role craftsman")  # +1 chip from the Chapel's noble
    assert s["boards"][0]["vp"] == 8 and s["boards"][0]["captain_vp"] == 7
    s = finish_with_prospector(s)
    assert bonuses(s, 0)["customs-house"] == 1  # 7 // 4 (all chips: 8 // 4)


def test_customs_house_black_market_chips_come_off_the_other_chips_first():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, vp=9, city={"customs-house": 1})
    s["boards"][0]["captain_vp"] = 8
    s["boards"][0]["vp"] = 7  # two chips given back since
    s["supply"]["vp"] += 2
    s = finish_with_prospector(s)
    assert bonuses(s, 0)["customs-house"] == 1


def test_black_market_returns_go_back_to_the_supplies():
    """⚠ colonists and VP chips go back to the supply, not out of the game."""
    s = exp_game(4, expansions="both")
    set_board(
        s,
        0,
        doubloons=5,
        vp=3,
        goods={"sugar": 1},
        island={"corn": (1, 1)},
        city={"black-market": 1},
        san_juan=1,
        nobles={"san_juan": 1},
    )
    offer(s, "harbor")
    supply = dict(s["supply"], goods=list(s["supply"]["goods"]))
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    s, _ = act(s, 0, "build harbor")
    assert "return noble san-juan" in texts(s, 0)  # a noble is a colonist here too
    s, _ = act(s, 0, "return noble san-juan")
    s, events = act(s, 0, "return sugar")  # the chip, the only item left, follows
    assert [e["item"] for e in of_kind(events, "black_market")] == ["good", "vp"]
    assert s["supply"]["nobles"] == supply["nobles"] + 1
    assert s["supply"]["vp"] == supply["vp"] + 1 and s["supply"]["goods"][2] == supply["goods"][2] + 1
    assert "harbor" in s["boards"][0]["city"] and s["boards"][0]["doubloons"] == 0
    check_invariants(s)


def test_black_market_chip_return_is_private_in_wording():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, doubloons=7, vp=3, city={"black-market": 1})
    offer(s, "harbor")
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    s, events = act(s, 0, "build harbor")  # a chip is the only way: no question
    text = G.event_text(s, of_kind(events, "black_market")[0])
    assert "VP" not in text.public and "chip" not in text.public and text.player == 0


def test_unmanned_lighthouse_gives_the_captain_nothing():
    """1897 errata (boardgamers/puerto-rico docs/sources.md): the Captain's +1 needs an occupied Lighthouse."""
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, doubloons=0, city={"lighthouse": 0})
    s, _ = start_role(s, 0, "captain")
    assert s["boards"][0]["doubloons"] == 0


def test_nobles_leave_the_ship_first_so_the_mayor_gets_the_noble():
    """⚠ BGA hands it to the Mayor; the official rule (first in distribution
    order) gives the same result."""
    for mayor in range(4):
        s = exp_game(4, seed=mayor + 1, expansions="nobles")
        s, _ = start_role(s, mayor, "mayor")
        s, events = act(s, mayor, "take colonist")
        assert of_kind(events, "colonists")[0]["nobles"][mayor] == 1


def test_forests_fill_island_spaces_for_residence_and_hunting_lodge():
    s = exp_game(4, expansions="both")
    set_board(s, 0, island={"forest": 6, "corn": (4, 0)}, city={"residence": 1})
    s = finish_with_prospector(s)
    assert bonuses(s, 0) == {"residence": 5}


def test_royal_supplier_goods_are_no_shipment_for_harbor_lighthouse_or_privilege():
    s = exp_game(4, expansions="both")
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(
        s,
        0,
        doubloons=0,
        goods={"corn": 1, "indigo": 2},
        city={"royal-supplier": 1, "harbor": 1, "lighthouse": 1},
        nobles={"royal-supplier": 1},
    )
    s, _ = start_role(s, 0, "captain")
    assert s["boards"][0]["doubloons"] == 1  # the Lighthouse's Captain +1 only
    s, events = act(s, 0, "supply corn")
    assert s["boards"][0]["vp"] == 1 and s["boards"][0]["doubloons"] == 1
    assert asked(s) == [("ship", 0)]
    s, events = act(s, 0, "ship indigo 5")
    ship = of_kind(events, "ship")[0]
    assert ship["bonus"] == 1 and ship["harbor"] == 1 and ship["lighthouse"] == 1


def test_land_office_and_hunting_lodge_may_give_up_a_quarry_to_the_supply():
    s = exp_game(4, expansions="nobles")
    set_board(s, 0, doubloons=0, island={"quarry": (1, 0)}, city={"land-office": 1}, nobles={"land-office": 1})
    quarries = s["supply"]["quarries"]
    s, _ = start_role(s, 0, "trader")
    s, _ = act(s, 0, "land-office discard quarry")
    assert s["supply"]["quarries"] == quarries + 1 and s["boards"][0]["doubloons"] == 1


def test_a_forest_needs_a_faceup_tile_to_discard():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, city={"forest-house": 1})
    s["plantations"]["discard"] += s["plantations"]["faceup"]
    s["plantations"]["faceup"] = []
    s, _ = start_role(s, 0, "settler")
    assert not any(t.startswith("forest") for t in texts(s, 0))


def test_guest_moves_are_offered_in_storage_and_a_single_choice_left_is_taken():
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, ("coffee", 1), ("tobacco", 1), ("sugar", 1))
    set_board(s, 0, goods={"corn": 2, "indigo": 1}, island={}, city={"guest-house": 1, "large-warehouse": 0})
    s, _ = start_role(s, 1, "captain")
    while asked(s) and asked(s)[0][0] != "keep":
        d = play.pending(G, s)[0]
        s, _ = play.apply(G, s, d.player, d.options[0])
    assert ("keep", 0) in asked(s) and "guest large-warehouse" in texts(s, 0)
    s, events = act(s, 0, "guest large-warehouse")  # now 2 kinds fit: keep all, nothing to ask
    assert of_kind(events, "guest") and s["boards"][0]["goods"] == [2, 1, 0, 0, 0]
    assert ("keep", 0) not in asked(s)


def test_union_hall_scores_when_the_lap_first_reaches_its_owner():
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(s, 0, goods={"corn": 4}, city={"union-hall": 1})
    set_board(s, 3, goods={"corn": 6})
    s, events = start_role(s, 3, "captain")
    s, events = act(s, 3, "ship corn 7")  # before Ann's first turn: corn 4 → 2 VP
    assert of_kind(events, "union_hall")[0]["vp"] == 2
