"""Scenario tests T01–T22: set-up, dice, members, servants, towers, harvest, production, market and
council (the BGA help page's rules as scenarios)."""

from __future__ import annotations

from lorenzo_helpers import act, decision, gains, give, new_game, occupy, res, table, texts, tower, turn

from engine.lorenzo.rounds import new_order
from engine.lorenzo.spaces import open_spaces, placeable_members
from engine.lorenzo.values import member_value


def test_t01_starting_holdings_by_turn_order():
    state = new_game(4, seed=3)
    for position, seat in enumerate(state["order"]):
        held = state["boards"][seat]["res"]
        assert held == {"w": 2, "s": 2, "sv": 3, "c": 5 + position, "vp": 0, "mp": 0, "fp": 0}


def test_t02_three_players_cover_the_4_player_market_spaces_only():
    spaces = {s.id for s in open_spaces(new_game(3))}
    assert "market-military" not in spaces and "market-privileges" not in spaces
    assert {"harvest-large", "production-large", "market-coins", "market-servants"} <= spaces


def test_t03_two_players_also_cover_the_large_spaces():
    spaces = {s.id for s in open_spaces(new_game(2))}
    assert not spaces & {"market-military", "market-privileges", "harvest-large", "production-large"}
    assert {"harvest-small", "production-small", "council"} <= spaces


def test_t04_member_values_are_the_dice_and_0_for_the_neutral():
    state = table(4, dice=(5, 2, 4))
    for seat in range(4):
        values = [member_value(state, seat, m) for m in ("black", "white", "orange", "neutral")]
        assert values == [5, 2, 4, 0]


def test_t05_the_neutral_member_with_3_servants_has_value_3():
    state = table(2)
    tower(state, "green", 1, 2)
    res(state, 0, sv=3)
    state = turn(state, 0)
    state, events = act(state, 0, "place neutral", "green-2")
    place = next(e for e in events if e["type"] == "place")
    assert place["value"] == 3 and place["servants"] == 3 and res(state, 0)["sv"] == 0
    res(state, 0, sv=0)
    assert "neutral" not in placeable_members(state, 0)


def test_t06_value_4_cannot_reach_floor_3_without_a_servant():
    state = table(2, dice=(1, 4, 1))
    tower(state, "green", None, None, 5)
    res(state, 0, sv=0)
    state = turn(state, 0)
    assert "green-3" not in _spaces_for(state, 0, "white")
    res(state, 0, sv=1)
    assert "green-3" in _spaces_for(state, 0, "white")
    state, _ = act(state, 0, "place white", "green-3")
    assert res(state, 0)["sv"] == 0 and 5 in state["boards"][0]["cards"]["territory"]


def _spaces_for(state, seat, member):
    from engine.lorenzo.spaces import member_spaces

    return [s.id for s in member_spaces(state, seat, member)]


def test_t07_the_occupied_tower_costs_3_coins_more():
    state = table(2)
    tower(state, "blue", 49, 51)  # Warlord, Dame (4C)
    occupy(state, "blue-1", 1, "black")
    res(state, 0, c=7)
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "blue-2")
    assert res(state, 0)["c"] == 0
    assert [e["coins"] for e in events if e["type"] == "tax"] == [3]


def test_t08_without_7_coins_the_card_is_not_offered():
    state = table(2)
    tower(state, "blue", 49, 51)
    occupy(state, "blue-1", 1, "black")
    res(state, 0, c=6)
    assert "blue-2" not in _spaces_for(state, 0, "black")


def test_t09_one_coloured_member_per_tower_the_neutral_may_join_and_pays_the_tax():
    state = table(2)
    tower(state, "yellow", 31, 32)  # Chapel (2W), Residence (2S)
    occupy(state, "yellow-1", 0, "black")
    res(state, 0, sv=3, c=5)
    assert not any(s.startswith("yellow") for s in _spaces_for(state, 0, "white"))
    assert "yellow-2" in _spaces_for(state, 0, "neutral")
    state = turn(state, 0)
    state, events = act(state, 0, "place neutral", "yellow-2")
    assert res(state, 0)["c"] == 2 and 32 in state["boards"][0]["cards"]["building"]


def test_t10_floor_4_gives_its_bonus_then_the_card_and_its_immediate_effect():
    state = table(2)
    tower(state, "green", None, None, None, 5)  # Forest: +1W immediate
    res(state, 0, sv=1, w=0)
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "green-4")
    kinds = [(e["type"], e.get("got")) for e in events if e["type"] in ("gain", "card")]
    assert kinds == [("gain", {"w": 2}), ("card", None), ("gain", {"w": 1})]
    assert res(state, 0)["w"] == 3


def test_t11_six_characters_is_the_limit():
    state = table(2)
    give(state, 0, 49, 50, 51, 52, 53, 54)
    tower(state, "blue", 55)
    res(state, 0, c=20)
    assert not any(s.startswith("blue") for s in _spaces_for(state, 0, "black"))


def test_t12_the_third_territory_needs_3_military_points_not_spent():
    state = table(2)
    give(state, 0, 1, 2)
    tower(state, "green", 3)
    res(state, 0, mp=2)
    assert "green-1" not in _spaces_for(state, 0, "black")
    res(state, 0, mp=3)
    state = turn(state, 0)
    state, _ = act(state, 0, "place black", "green-1")
    assert res(state, 0)["mp"] == 3 and 3 in state["boards"][0]["cards"]["territory"]


def test_t13_small_harvest_taken_the_large_one_is_open_at_3_players():
    state = table(3)
    occupy(state, "harvest-small", 1, "black")
    spaces = _spaces_for(state, 0, "black")
    assert "harvest-small" not in spaces and "harvest-large" in spaces


def test_t14_large_harvest_at_value_4_acts_at_value_1():
    state = table(3, dice=(4, 4, 4))
    give(state, 0, 1, 2)  # Commercial Hub (value 1, 1C), Woods (value 2)
    res(state, 0, sv=0)
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "harvest-large")
    assert [e["value"] for e in events if e["type"] == "harvest"] == [1]
    assert gains(events, 0) == [{"w": 1, "s": 1, "sv": 1}, {"c": 1}]


def test_t15_large_production_needs_value_1_after_the_penalty():
    state = table(3, dice=(3, 3, 3))
    res(state, 0, sv=0)
    assert "production-large" not in _spaces_for(state, 0, "black")
    res(state, 0, sv=1)
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "production-large")
    assert [e["value"] for e in events if e["type"] == "production"] == [1] and res(state, 0)["sv"] == 0


def test_t16_one_coloured_member_in_the_production_area():
    state = table(3)
    occupy(state, "production-small", 0, "orange")
    res(state, 0, sv=5)
    assert "production-large" not in _spaces_for(state, 0, "black")
    assert "production-large" in _spaces_for(state, 0, "neutral")


def test_t17_harvest_activates_every_territory_up_to_the_value():
    state = table(2, dice=(5, 5, 5))
    give(state, 0, 1, 3, 7, 6)  # values 1, 3, 5, 6
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "harvest-small")
    assert texts(state, 0) == ["servants 0", "servants 1"]  # one more servant would reach the value-6 card
    state, events = act(state, 0, "servants 0")
    got = [e.get("card") for e in events if e["type"] == "gain"]
    assert got == [None, 1, 3, 7]


def test_t18_production_inputs_come_from_the_holdings_at_the_start():
    state = table(2, dice=(4, 4, 4))
    give(state, 0, 29, 31)  # Carpenter's Shop, Chapel
    res(state, 0, w=1, c=0, mp=0, fp=0)
    state = turn(state, 0)
    state, _ = act(state, 0, "place black", "production-small")
    assert decision(state) == "produce"
    assert texts(state, 0) == ["skip", "use 1w for 3c"]  # 2W -> 5C is not affordable
    state, _ = act(state, 0, "use 1w for 3c")
    held = res(state, 0)
    assert (held["c"], held["w"], held["mp"], held["fp"]) == (5, 0, 1, 0)


def test_t19_market_spaces_hold_one_member_a_player_may_use_two():
    state = table(4)
    state = turn(state, 0)
    state, _ = act(state, 0, "place black", "market-coins")
    state = turn(state, 0)
    assert "market-coins" not in _spaces_for(state, 0, "white")
    assert "market-coins" not in _spaces_for(state, 1, "white")
    state, _ = act(state, 0, "place white", "market-servants")
    assert [o[0] for o in state["spaces"]["market-servants"]] == [0]


def test_t20_council_order_by_first_member():
    state = table(4)
    for seat, member in ((2, "black"), (0, "black"), (2, "white")):
        occupy(state, "council", seat, member)
    assert new_order(state) == [2, 0, 1, 3]


def test_t21_the_council_takes_any_number_of_members():
    state = table(4)
    for seat, member in ((1, "black"), (2, "black"), (3, "black"), (1, "white")):
        occupy(state, "council", seat, member)
    assert "council" in _spaces_for(state, 0, "black")


def test_t22_a_privilege_offers_exactly_the_five_rewards():
    state = table(2)
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "council")
    assert decision(state) == "privilege"
    assert texts(state, 0) == [f"privilege {p}" for p in ("coins", "servants", "wood-stone", "military", "faith")]
    state, events = act(state, 0, "privilege faith")
    assert res(state, 0)["fp"] == 1  # 1 FP (the open card data), not the BGA help page's 2
