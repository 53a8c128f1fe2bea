"""New Buildings expansion: each building's effect, driven through
play.apply with canonical texts. Each test fails when its building's rule is removed."""

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
    set_house,
    start_role,
    texts,
)

from engine.core import play


def _nb(players=4, seed=1, **options):
    return exp_game(players, seed, expansions="new_buildings", **options)


def _until_asked(s, want):
    """Answer other decisions with their first option until ``want`` (kind, seat) is asked."""
    for _ in range(50):
        if want in asked(s):
            return s
        d = play.pending(G, s)[0]
        s, _ = play.apply(G, s, d.player, d.options[0])
    raise AssertionError(f"{want} never asked")


# --- Aqueduct ---------------------------------------------------------------------------


def test_aqueduct_adds_one_indigo_and_one_sugar_from_the_large_plants():
    s = _nb()
    set_board(
        s, 0, island={"indigo": (2, 2), "sugar": (1, 1)}, city={"indigo-plant": 2, "sugar-mill": 1, "aqueduct": 1}
    )
    s, events = start_role(s, 0, "craftsman")
    assert of_kind(events, "produce")[0]["goods"] == [0, 3, 2, 0, 0]
    check_invariants(s)


def test_aqueduct_does_nothing_for_the_small_plants_or_when_unmanned():
    s = _nb()
    set_board(s, 0, island={"indigo": (1, 1)}, city={"small-indigo-plant": 1, "aqueduct": 1})
    set_board(s, 1, island={"sugar": (1, 1)}, city={"sugar-mill": 1, "aqueduct": 0})
    s, events = start_role(s, 0, "craftsman")
    made = {e["player"]: e["goods"] for e in of_kind(events, "produce")}
    assert made[0] == [0, 1, 0, 0, 0] and made[1] == [0, 0, 1, 0, 0]


# --- Forest House and forests -----------------------------------------------------------


def test_forest_house_takes_a_forest_and_discards_the_chosen_faceup_tile():
    s = _nb()
    s["plantations"]["faceup"] = ["corn", "sugar", "coffee", "corn", "indigo"]
    set_board(s, 0, city={"forest-house": 1})
    s, _ = start_role(s, 0, "settler")
    assert "forest coffee" in texts(s, 0) and "forest corn" in texts(s, 0)
    discards = len(s["plantations"]["discard"])
    s, events = act(s, 0, "forest coffee")
    assert s["boards"][0]["island"]["forest"] == [1, 0]
    assert "coffee" not in s["plantations"]["faceup"]
    assert len(s["plantations"]["discard"]) == discards + 1
    assert of_kind(events, "forest")[0]["discarded"] == "coffee"
    # without the Forest House nobody else may
    assert not any(t.startswith("forest") for t in texts(s, 1))


def test_forests_discount_every_two_without_an_occupied_forest_house():
    s = _nb()
    set_board(s, 1, doubloons=4, island={"forest": 5, "indigo": 1}, city={"forest-house": 0})
    offer(s, "large-market", "factory")
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "pass")
    # large market 5: −2 for 5 forests (rounded down), no column cap, no occupant needed
    assert "build large-market" in texts(s, 1)
    assert "build factory" not in texts(s, 1)  # 7 − 2 = 5 > 4
    s, events = act(s, 1, "build large-market")
    assert of_kind(events, "build")[0]["cost"] == 3


def test_hacienda_tile_may_be_swapped_for_a_forest_then_a_normal_pick():
    s = _nb()
    set_board(s, 0, city={"hacienda": 1, "forest-house": 1})
    s, _ = start_role(s, 0, "settler")
    s, events = act(s, 0, "hacienda")
    drawn = of_kind(events, "hacienda")[0]["tile"]
    assert "swap for forest" in texts(s, 0)
    s, events = act(s, 0, "swap for forest")
    island = s["boards"][0]["island"]
    assert island["forest"] == [1, 0] and s["plantations"]["discard"][-1] == drawn
    assert "swap for forest" not in texts(s, 0) and "hacienda" not in texts(s, 0)
    faceup = s["plantations"]["faceup"][0]
    s, _ = act(s, 0, f"take {faceup}")
    assert asked(s)[0][1] == 1


def test_hospice_colonist_waits_in_san_juan_when_a_forest_is_taken():
    s = _nb()
    set_board(s, 0, city={"hospice": 1, "forest-house": 1})
    s, _ = start_role(s, 0, "settler")
    kind = s["plantations"]["faceup"][0]
    s, events = act(s, 0, f"forest {kind}")
    assert s["boards"][0]["san_juan"] == 1 and of_kind(events, "forest")[0]["hospice"]
    check_invariants(s)


# --- Black Market -----------------------------------------------------------------------


def test_black_market_pays_the_shortfall_only_when_otherwise_unaffordable():
    s = _nb()
    set_board(s, 0, doubloons=6, goods={"indigo": 1}, vp=2, island={"corn": (1, 1)}, city={"black-market": 1})
    offer(s, "harbor", "wharf")
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    assert "build harbor" in texts(s, 0)  # 8 > 6, but the Black Market covers 2
    assert "build wharf" in texts(s, 0)  # 9: colonist + good + chip
    s, _ = act(s, 0, "build harbor")
    assert asked(s) == [("black_market", 0)]
    opts = texts(s, 0)
    assert "return colonist corn" in opts and "return indigo" in opts and "return vp" in opts
    assert "return colonist black-market" not in opts  # its own colonist cannot go
    s, events = act(s, 0, "return indigo")
    assert "return indigo" not in texts(s, 0)  # one of each at most
    s, events = act(s, 0, "return colonist corn")
    board = s["boards"][0]
    assert "harbor" in board["city"] and board["doubloons"] == 0
    assert board["goods"] == [0, 0, 0, 0, 0] and board["island"]["corn"] == [1, 0]
    check_invariants(s)


def test_black_market_is_not_used_when_the_building_is_affordable():
    s = _nb()
    set_board(s, 0, doubloons=8, goods={"indigo": 1}, city={"black-market": 1})
    offer(s, "harbor")
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    s, events = act(s, 0, "build harbor")
    assert s["boards"][0]["doubloons"] == 0 and s["boards"][0]["goods"][1] == 1
    assert not of_kind(events, "black_market")


def test_black_market_cannot_cover_more_than_it_has():
    s = _nb()
    set_board(s, 0, doubloons=6, goods={"indigo": 1}, city={"black-market": 1})
    offer(s, "large-warehouse", "factory", "harbor")
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    assert "build large-warehouse" in texts(s, 0)  # 6: no help needed
    assert "build factory" in texts(s, 0)  # 7: the indigo
    assert "build harbor" not in texts(s, 0)  # 8: no colonist, no chip to return


# --- Storehouse -------------------------------------------------------------------------


def test_storehouse_keeps_three_more_barrels_of_any_kinds():
    s = _nb()
    set_cargo(s, ("coffee", 1), ("tobacco", 1), ("sugar", 1))
    set_board(s, 0, goods={"corn": 3, "indigo": 2}, city={"storehouse": 1})
    s, _ = start_role(s, 0, "captain")
    keeps = texts(s, 0)
    assert "keep 3 corn 1 indigo" in keeps and "keep 2 corn 2 indigo" in keeps
    assert all(sum(int(w) for w in t.split()[1::2]) == 4 for t in keeps)
    s, _ = act(s, 0, "keep 2 corn 2 indigo")
    assert goods_of(s, 0) == {"corn": 2, "indigo": 2}
    check_invariants(s)


# --- Guest House ------------------------------------------------------------------------


def test_guest_house_moves_a_guest_inside_its_owners_prompt_with_immediate_effect():
    s = _nb()
    set_board(s, 0, goods={"coffee": 2, "corn": 1}, island={}, city={"guest-house": 2, "wharf": 0})
    set_cargo(s, ("corn", 1), ("indigo", 1), ("sugar", 1))
    s, _ = start_role(s, 1, "captain")
    # seat 0's only load is its corn; without the guests that turn would be played for it
    s = _until_asked(s, ("ship", 0))
    assert texts(s, 0) == ["ship corn 5", "guest wharf"]
    s, events = act(s, 0, "guest wharf")
    assert s["boards"][0]["city"] == {"guest-house": 1, "wharf": 1}
    assert "ship coffee wharf" in texts(s, 0)  # the Wharf works at once
    s, events = act(s, 0, "ship coffee wharf")
    assert of_kind(events, "ship")[0]["amount"] == 2
    check_invariants(s)


def test_guest_house_is_offered_in_the_role_choice_and_not_to_other_players():
    s = _nb()
    set_board(s, 0, island={"corn": (1, 0)}, city={"guest-house": 1})
    assert "guest corn" in texts(s, 0)
    s, _ = act(s, 0, "guest corn")
    assert s["boards"][0]["island"]["corn"] == [1, 1] and asked(s) == [("role", 0)]
    assert not any(t.startswith("guest") for t in texts(s, 0))


# --- Trading Post -----------------------------------------------------------------------


def test_trading_post_sells_any_kind_privately_without_markets_with_privilege():
    s = _nb()
    set_house(s, ["coffee"])
    set_board(s, 0, goods={"coffee": 1}, city={"trading-post": 1, "large-market": 1})
    s, _ = start_role(s, 0, "trader")
    assert "post coffee" in texts(s, 0) and "sell coffee" not in texts(s, 0)
    supply = s["supply"]["goods"][4]
    s, events = act(s, 0, "post coffee")
    assert of_kind(events, "sell")[0]["price"] == 5  # 4 + privilege, no Large Market
    assert s["house"] == ["coffee"] and s["supply"]["goods"][4] == supply + 1
    check_invariants(s)


# --- Church -----------------------------------------------------------------------------


def test_church_pays_one_vp_for_columns_2_3_and_two_for_large():
    s = _nb()
    set_board(s, 0, doubloons=20, city={"church": 1})
    s, _ = start_role(s, 0, "builder")
    s, events = act(s, 0, "build hospice")
    assert s["boards"][0]["vp"] == 1 and of_kind(events, "church")
    s = _nb()
    set_board(s, 0, doubloons=20, city={"church": 1})
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "build guild-hall")
    assert s["boards"][0]["vp"] == 2
    s = _nb()
    set_board(s, 0, doubloons=20, city={"church": 1})
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "build small-market")
    assert s["boards"][0]["vp"] == 0
    check_invariants(s)


def test_church_itself_earns_nothing_even_manned_at_once_by_the_university():
    s = _nb()
    set_board(s, 0, doubloons=20, city={"university": 1})
    offer(s, "church")
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, "build church")
    assert s["boards"][0]["city"]["church"] == 1 and s["boards"][0]["vp"] == 0


# --- Specialty Factory ------------------------------------------------------------------


def test_specialty_factory_pays_largest_non_corn_production_minus_one():
    s = _nb()
    set_board(
        s,
        0,
        doubloons=0,
        island={"corn": (4, 4), "sugar": (3, 3), "coffee": (2, 2)},
        city={"sugar-mill": 3, "coffee-roaster": 2, "specialty-factory": 1},
    )
    s, events = start_role(s, 1, "craftsman")
    assert s["boards"][0]["doubloons"] == 2
    assert of_kind(events, "income")[0]["specialty_factory"] == 2


# --- Library ----------------------------------------------------------------------------


def test_library_settler_second_pick_after_everyone_no_quarry_no_hospice():
    s = _nb()
    set_board(s, 0, city={"library": 1, "hospice": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "take quarry")
    assert s["boards"][0]["island"]["quarry"] == [1, 1]
    for seat in (1, 2, 3):
        s, _ = act(s, seat, "pass")
    assert asked(s) == [("settle", 0)]
    assert "take quarry" not in texts(s, 0)
    kind = s["plantations"]["faceup"][0]
    before = list(s["boards"][0]["island"].get(kind, [0, 0]))
    colonists = s["supply"]["colonists"]
    s, events = act(s, 0, f"take {kind}")
    assert s["boards"][0]["island"][kind] == [before[0] + 1, before[1]]
    assert not of_kind(events, "settle")[0]["hospice"] and s["supply"]["colonists"] == colonists
    assert of_kind(events, "faceup")


def test_library_doubles_builder_mayor_trader_captain_prospector_and_craftsman():
    s = _nb()
    set_board(s, 0, doubloons=2, city={"library": 1})
    offer(s, "hospice", "office")
    s, _ = start_role(s, 0, "builder")
    assert "build hospice" in texts(s, 0) and "build office" not in texts(s, 0)  # 4 − 2; 5 − 2
    s = _nb()
    set_board(s, 0, city={"library": 1})
    s, _ = start_role(s, 0, "mayor")
    assert texts(s, 0) == ["take colonist", "take 2 colonists", "pass"]
    s = _nb()
    set_board(s, 0, doubloons=0, goods={"corn": 1}, city={"library": 1})
    s, _ = start_role(s, 0, "trader")
    s, events = act(s, 0, "sell corn")
    assert s["boards"][0]["doubloons"] == 2
    s = _nb()
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(s, 0, goods={"corn": 1}, city={"library": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship corn 5")
    assert s["boards"][0]["vp"] == 3  # 1 + 2 (Captain privilege doubled)
    s = _nb()
    set_board(s, 0, doubloons=0, city={"library": 1})
    s, _ = start_role(s, 0, "prospector")
    assert s["boards"][0]["doubloons"] == 2
    s = _nb()
    set_board(s, 0, island={"corn": (1, 1), "indigo": (1, 1)}, city={"small-indigo-plant": 1, "library": 1})
    s, _ = start_role(s, 0, "craftsman")
    s, _ = act(s, 0, "bonus indigo")
    assert asked(s) == [("craft_bonus", 0)]
    s, _ = act(s, 0, "bonus corn")
    assert goods_of(s, 0) == {"corn": 2, "indigo": 2}


def test_library_unmanned_doubles_nothing():
    s = _nb()
    set_board(s, 0, doubloons=0, city={"library": 0})
    s, _ = start_role(s, 0, "prospector")
    assert s["boards"][0]["doubloons"] == 1


# --- Cloister and Statue ----------------------------------------------------------------


def test_statue_counts_eight_without_circles():
    s = _nb()
    set_board(s, 0, city={"statue": 0}, san_juan=1)
    assert G.view(s, 0)["boards"][0]["empty_circles"] == 0 and G.view(s, 0)["boards"][0]["city_spaces"] == 2
    s = finish_with_prospector(s)
    assert final(s, 0).breakdown["buildings"] == 8 and bonuses(s, 0) == {}


def test_statue_has_no_circle_in_the_mayor_layout():
    s = _nb()
    set_board(s, 0, island={"corn": (1, 0), "indigo": (1, 0)}, city={"statue": 0})
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert not any("statue" in t for t in texts(s, 0))


@pytest.mark.parametrize(
    "last,manned,bonus", [("coffee", 1, {"cloister": 6}), ("corn", 1, {"cloister": 10}), ("corn", 0, {})]
)
def test_cloister_counts_sets_of_three_identical_tiles(last, manned, bonus):
    s = _nb()
    island = {"forest": 6, "quarry": (3, 3), "corn": (2, 0)}
    island[last] = (island.get(last, (0, 0))[0] + 1, 0)
    set_board(s, 0, island=island, city={"cloister": manned})
    s = finish_with_prospector(s)
    assert bonuses(s, 0) == bonus
