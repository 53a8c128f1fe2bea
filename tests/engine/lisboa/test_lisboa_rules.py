"""Shared rules helpers (engine/lisboa/rules.py): rulebook pp. 9-12, p. 16, p. 18 and their
examples. Numbers are typed in from the rules; provisional pack values are named where used."""

from __future__ import annotations

from lisboa_helpers import new_game

from engine.lisboa import rules


def table(n: int):
    return new_game(n, keep=True)


def test_e07_influence_cap_and_wig():  # E07: top-row sum 5, track 7 -> 10 (+3 used) and +1 wig
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["wigs"] = 7, 5
    events = []
    assert rules.gain_influence(s, 0, 5, events, "test") == 3
    assert (b["influence"], b["wigs"]) == (10, 6)


def test_t03_gain_while_on_ten_still_gives_one_wig():  # T03: once per gain event
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["wigs"] = 10, 5
    rules.gain_influence(s, 0, 3, [], "test")
    assert (b["influence"], b["wigs"]) == (10, 6)
    rules.gain_influence(s, 0, 1, [], "test")
    assert b["wigs"] == 7


def test_gain_below_ten_gives_no_wig_and_cl27_adds_two():
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["wigs"] = 2, 5
    rules.gain_influence(s, 0, 3, [], "test")
    assert (b["influence"], b["wigs"]) == (5, 5)
    b["clergy"] = ["T27"]  # CL-27: +2 on every gain
    rules.gain_influence(s, 0, 1, [], "test")
    assert b["influence"] == 8


def test_e08_influence_substitutes_reis_icon_by_icon():  # E08 (icon positions provisional: 0 2 4 6 8 9)
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["reis"] = 10, 0
    events = []
    assert rules.pay_reis(s, 0, 3, events, "test")
    assert b["influence"] == 6  # 10 -> 9 -> 8 -> 6: back to the 3rd icon below
    assert events[-1]["by_influence"] == 3


def test_influence_track_yields_at_most_six_reis():  # BGG Lisboa forum: 6 réis from 10
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["reis"] = 10, 0
    assert rules.reis_splits(s, 0, 6) == [6]
    assert rules.reis_splits(s, 0, 7) == []
    assert not rules.pay_reis(s, 0, 7, [], "test")
    assert (b["influence"], b["reis"]) == (10, 0)


def test_d21_default_pays_reis_first():  # D21: réis first, influence only for the shortfall
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["reis"] = 10, 2
    rules.pay_reis(s, 0, 3, [], "test")
    assert (b["reis"], b["influence"]) == (0, 9)


def test_e06_tp03_and_cl31_discount_reis_payments():  # E06: TP-03 N=1 makes every payment 1 less
    s = table(3)
    b = s["boards"][0]
    b["portfolio"]["bottom"] = ["blue-16"]  # TP-03 n=1 (the rulebook p. 10 example card)
    assert rules.reis_cost(s, 0, 3) == 2
    b["clergy"] = ["T31"]  # CL-31: -1 more
    assert rules.reis_cost(s, 0, 3) == 1
    assert rules.reis_cost(s, 0, 1) == 0


def test_e15_visit_cost_counts_other_officials_and_treasury():  # E15: left +1, 4 others in the King's office
    s = table(3)
    s["treasury"] = 4  # provisional track: the space with modifier +1
    assert rules.treasury_modifier(s) == 1
    s["offices"]["king"] = {"0": 1, "1": 3, "2": 1}  # seat 0 is Orange here: 4 not his
    s["plaza"] = {"1": 2}  # the plaza never counts
    assert rules.visit_cost(s, 0, "king") == 5
    s["boards"][0]["clergy"] = ["T11"]  # CL-11: -2 for the King
    assert rules.visit_cost(s, 0, "king") == 3
    s["boards"][0]["clergy"] = ["T08"]  # CL-08: follows are free, visits are not
    assert rules.visit_cost(s, 0, "king", follow=True) == 0
    assert rules.visit_cost(s, 0, "king") == 5


def test_e16_wigs_pay_only_the_shortfall():  # E16: cost 4, influence 2 -> 2 influence and 2 wigs
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["wigs"] = 2, 5
    assert rules.influence_payments(s, 0, 4) == [(2, 0, 2)]
    rules.pay_influence(s, 0, (2, 0, 2), [], "visit")
    assert (b["influence"], b["wigs"]) == (0, 3)
    b["wigs"] = 1
    b["influence"] = 2
    assert rules.influence_payments(s, 0, 4) == []  # shortfall beyond the wigs: illegal


def test_e17_sg_l2_allows_reis_even_with_influence_left():  # E17: cost 6, influence 1, both left houses built
    s = table(3)
    b = s["boards"][0]
    b["influence"], b["reis"] = 1, 10
    assert rules.influence_payments(s, 0, 6) == [(1, 0, 5)]  # without SG-L2: no réis, wigs for the shortfall
    b["houses"]["left"] = 0
    b["wigs"] = 0  # the example's two payments; wigs would add mixes (test_lisboa_influence_pay.py)
    assert rules.influence_payments(s, 0, 6) == [(1, 5, 0), (0, 6, 0)]


def test_warehouse_cap_returns_the_excess():  # rulebook pp. 9-11: 2 + sets per type
    s = table(3)
    b = s["boards"][0]
    assert rules.gain_goods(s, 0, "books", 3, [], "test") == 1
    assert b["goods"]["books"] == 2
    b["sets"] = 1
    assert rules.gain_goods(s, 0, "books", 3, [], "test") == 1
    assert b["goods"]["books"] == 3


def test_e02_portfolio_capacity_with_one_set():  # E02: 1 set, 3 cards: a 4th needs a discard of any of them
    s = table(3)
    b = s["boards"][0]
    b["sets"] = 1
    b["portfolio"] = {"top": ["blue-01", "blue-02"], "bottom": ["blue-16"]}
    assert rules.portfolio_cap(s, 0) == 3
    assert rules.discard_candidates(s, 0, "top") == ["blue-01", "blue-02", "blue-16"]
    b["sets"] = 2
    assert rules.discard_candidates(s, 0, "top") == []


def test_full_row_forces_a_discard_from_that_row():  # rulebook pp. 9-11: physically 3 top slots
    s = table(3)
    b = s["boards"][0]
    b["sets"] = 4
    b["portfolio"] = {"top": ["blue-01", "blue-02", "blue-03"], "bottom": ["blue-16"]}
    assert rules.discard_candidates(s, 0, "top") == ["blue-01", "blue-02", "blue-03"]
    assert rules.discard_candidates(s, 0, "bottom") == []


def test_e03_second_rubble_set_raises_caps_and_triggers_era_end():  # E03
    s = table(3)
    b = s["boards"][0]
    b["rubble"] = {"earthquake": 2, "fire": 2, "tsunami": 1}
    b["sets"], b["set_markers"], b["marquis_markers"] = 1, 4, 1
    events = []
    rules.take_rubble(s, 0, "tsunami", events, "test")
    assert b["sets"] == 2 and b["set_markers"] == 3 and b["marquis_markers"] == 2
    assert rules.warehouse_cap(s, 0) == 4 and rules.portfolio_cap(s, 0) == 4
    assert s["era_end"] == {"by": 0}
    assert "era_end_triggered" in [e["kind"] for e in events]


def test_rubble_capped_at_five_per_colour_and_cl30():  # rulebook pp. 9-11: excess leaves the game; CL-30 +1 réis a cube
    s = table(3)
    b = s["boards"][0]
    b["rubble"]["fire"] = 5
    b["clergy"] = ["T30"]
    reis = b["reis"]
    rules.take_rubble(s, 0, "fire", [], "test")
    assert b["rubble"]["fire"] == 5 and b["reis"] == reis + 1


def test_hire_displacement_moves_one_of_each_tied_colour():  # rulebook p. 12: full office, tie -> one each to the plaza
    s = table(3)
    s["offices"]["maia"] = {"0": 2, "1": 2, "2": 2}  # 6 spaces (provisional) full
    rules.place_official(s, 0, "maia", [], "test")
    assert s["offices"]["maia"] == {"0": 2, "1": 1, "2": 1}
    assert s["plaza"] == {"0": 1, "1": 1, "2": 1}


def test_hire_displacement_most_is_your_own_colour_too():  # ⚠ own colour included (our reading)
    s = table(3)
    s["offices"]["maia"] = {"0": 4, "1": 2}
    rules.place_official(s, 0, "maia", [], "test")
    assert s["offices"]["maia"] == {"0": 4, "1": 2} and s["plaza"] == {"0": 1}


def test_two_player_dummy_never_leaves():  # rulebook p. 5, p. 12
    s = table(2)
    s["offices"]["king"] = {"dummy": 1, "0": 1, "1": 4}
    rules.place_official(s, 0, "king", [], "test")
    assert s["offices"]["king"] == {"dummy": 1, "0": 2, "1": 3}


def test_treasury_clamps_and_prices_only_fall():  # rulebook pp. 9-11, p. 14
    s = table(3)
    s["treasury"] = 0
    rules.move_treasury(s, -1, [], "test")
    assert s["treasury"] == 0
    s["treasury"] = len(rules.pack_of(s).treasury_spaces) - 1
    rules.move_treasury(s, 1, [], "test")
    assert s["treasury"] == len(rules.pack_of(s).treasury_spaces) - 1
    s["prices"]["tools"] = 4
    rules.drop_price(s, "tools", [])
    assert s["prices"]["tools"] == 3
    s["prices"]["tools"] = 1
    rules.drop_price(s, "tools", [])
    assert s["prices"]["tools"] == 1


def test_store_abilities_follow_the_houses_built():  # Bodoge summary §特殊効果 > 建物マス
    s = table(3)
    pack, b = rules.pack_of(s), s["boards"][0]
    assert rules.store_abilities(pack, b) == set()
    b["houses"] = {"left": 0, "middle": 0, "right": 2}
    assert rules.store_abilities(pack, b) == {"SG-L2", "SG-M3", "SG-R1"}


def test_has_finds_any_of_several_effects_in_each_source():  # clergy tiles, store abilities, bottom row
    s = table(3)
    b = s["boards"][0]
    b["clergy"], b["houses"], b["portfolio"]["bottom"] = ["T26"], {"left": 0, "middle": 3, "right": 2}, ["blue-16"]
    for effect in ("CL-26", "SG-L2", "TP-03"):  # one of each source
        assert rules.has(s, 0, "CL-18", effect) and rules.has(s, 0, effect, "SG-M3")
    assert not rules.has(s, 0, "CL-18", "SG-M3", "TP-05") and not rules.has(s, 0)
