"""Every subtlety implementations commonly get wrong, as a test. Items 21–24 and 30 are
scenario tests already (T18, T17, T15/T40, T20, T06/T22 in test_lorenzo_scenarios_*.py); the data
errors of item 31 are checked against the pack in test_lorenzo_pack.py."""

from __future__ import annotations

import pytest
from lorenzo_helpers import (
    act,
    decision,
    excommunicate,
    gains,
    give,
    lead,
    occupy,
    res,
    run,
    table,
    texts,
    tower,
    turn,
)

from engine.lorenzo.scoring import military_vp, seat_parts
from engine.lorenzo.spaces import member_spaces
from engine.lorenzo.values import member_value, placement_value


def spaces(state, seat, member):
    return [s.id for s in member_spaces(state, seat, member)]


def take(state, seat, member, space, *more):
    state = turn(state, seat)
    return act(state, seat, f"place {member}", space, *more)


def test_01_own_neutral_member_makes_the_tower_taxed():
    state = table(2)
    tower(state, "yellow", 31, 32)
    occupy(state, "yellow-1", 0, "neutral")
    res(state, 0, c=5, s=2)
    state, events = take(state, 0, "black", "yellow-2")
    assert [e["coins"] for e in events if e["type"] == "tax"] == [3] and res(state, 0)["c"] == 2


def test_02_the_floor_bonus_helps_pay_the_card():
    state = table(2)
    tower(state, "purple", None, None, None, 73)  # Hiring Recruits, 4C; floor 4 gives +2C
    res(state, 0, c=2, sv=1)
    state, _ = take(state, 0, "black", "purple-4")
    assert 73 in state["boards"][0]["cards"]["venture"] and res(state, 0)["c"] == 0


def test_03_preacher_blocks_floor_bonuses_on_every_take_not_other_rewards():
    state = table(2)
    give(state, 0, 55, 56)  # Preacher, Abbess
    tower(state, "green", None, None, None, 5)
    res(state, 0, w=0, c=0, sv=1)
    state, events = take(state, 0, "black", "green-4")
    assert gains(events, 0) == [{"w": 1}]  # Forest's own wood, no floor bonus
    tower(state, "green", None, None, 2)
    res(state, 0, sv=1, c=3)  # a servant for value 5, the tax of the occupied tower
    events = run(state, {"step": "grant_take", "player": 0, "tower": "any", "value": 4, "card": 56})
    state, events = act(state, 0, "take green-3")
    assert gains(events, 0) == [{"w": 1}]
    state, events = take(state, 0, "white", "market-coins")
    assert gains(events, 0) == [{"c": 5}]


def test_04_santa_rita_doubles_only_card_immediate_resources():
    state = table(2, advanced=True)
    lead(state, 0, "santa-rita")
    tower(state, "green", None, None, None, 2)  # Woods: +1W immediate; floor 4: +2W
    give(state, 0, 1)  # Commercial Hub: harvest 1C
    res(state, 0, w=0, sv=1)
    state, events = take(state, 0, "black", "green-4")
    assert gains(events, 0) == [{"w": 2}, {"w": 2}]  # floor bonus 2 (not doubled), Woods 1 doubled
    events = run(state, {"step": "harvest", "player": 0, "value": 1})
    assert {"c": 1} in gains(events, 0)


def test_04_santa_rita_doubles_first_then_the_excommunication_takes_one():
    state = table(2, advanced=True)
    lead(state, 0, "santa-rita")
    excommunicate(state, 0, "1.4")
    tower(state, "green", 2)
    res(state, 0, w=0)
    state, events = take(state, 0, "black", "green-1")
    assert gains(events, 0) == [{"w": 1}]  # 1 doubled to 2, less 1


def test_05_ariosto_ignores_occupied_but_not_the_tax_nor_the_colour_rule():
    state = table(2, advanced=True)
    lead(state, 0, "ariosto")
    occupy(state, "market-coins", 1, "black")
    occupy(state, "green-4", 1, "white")  # its card is gone
    res(state, 0, c=3, w=0, sv=1)
    assert "market-coins" in spaces(state, 0, "black")
    state, events = take(state, 0, "black", "green-4")
    assert res(state, 0)["c"] == 0 and res(state, 0)["w"] == 2
    assert not any(e["type"] == "card" for e in events)
    assert not any(s.startswith("green") for s in spaces(state, 0, "white"))  # one coloured member per tower
    res(state, 1, sv=5)
    assert "market-coins" not in spaces(state, 1, "orange")  # without Ariosto: occupied


def test_06_lorenzo_de_medici_copies_another_players_leader_once_and_for_good():
    state = table(3, advanced=True)
    lead(state, 0, "lorenzo", hand=True)
    res(state, 0, vp=35)
    run(state, {"step": "turn", "player": 0})
    assert "play lorenzo" not in texts(state, 0)  # no leader in play to copy
    lead(state, 0, "michelangelo")  # his own: not copyable
    lead(state, 1, "sforza")
    lead(state, 2, "brunelleschi")
    run(state, {"step": "turn", "player": 0})
    state, _ = act(state, 0, "play lorenzo")
    assert decision(state) == "copy" and texts(state, 0) == ["copy sforza", "copy brunelleschi"]
    state, _ = act(state, 0, "copy sforza")
    assert "activate lorenzo" in texts(state, 0)  # a copied once-per-round ability
    lead(state, 1, "lorenzo")
    assert "lorenzo" not in [t.split()[-1] for t in texts(state, 0) if t.startswith("copy")]


def test_07_sisto_iv_pays_only_when_supporting():
    state = table(2, advanced=True)
    lead(state, 0, "sisto")
    lead(state, 1, "sisto")
    res(state, 0, fp=3)
    res(state, 1, fp=1)
    state["round"], state["period"] = 2, 1
    run(state, {"step": "vatican"})
    state, _ = act(state, 0, "support the church")
    assert res(state, 0)["vp"] == 3 + 5 and res(state, 1)["vp"] == 0


def test_08_value_setting_leaders_set_the_base_then_modifiers_apply():
    state = table(2, dice=(1, 2, 3), advanced=True)
    lead(state, 0, "moro", "lucrezia")
    assert member_value(state, 0, "black") == 7
    state = table(2, dice=(1, 2, 3), advanced=True)
    lead(state, 0, "moro")
    excommunicate(state, 0, "1.7")
    assert member_value(state, 0, "white") == 4
    lead(state, 0, "montefeltro")
    run(state, {"step": "turn", "player": 0})
    state, _ = act(state, 0, "activate montefeltro", "boost orange")
    assert member_value(state, 0, "orange") == 5 and member_value(state, 0, "black") == 4  # 6 − 1, 5 − 1


def test_09_excommunication_1_7_spares_the_neutral_member_and_card_actions():
    state = table(2, dice=(6, 6, 6))
    excommunicate(state, 0, "1.7")
    assert member_value(state, 0, "neutral") == 0 and member_value(state, 0, "black") == 5
    tower(state, "green", None, None, None, 2)
    res(state, 0, sv=0)
    run(state, {"step": "grant_take", "player": 0, "tower": "green", "value": 7, "card": 72})
    assert "take green-4" in texts(state, 0)  # value 7, no servant needed


def test_10_action_penalties_apply_to_card_actions_and_add_to_the_large_space():
    state = table(3, dice=(6, 6, 6))
    excommunicate(state, 0, "2.1")
    tower(state, "green", None, None, None, 2)
    res(state, 0, sv=0)
    run(state, {"step": "grant_take", "player": 0, "tower": "green", "value": 7, "card": 57})
    assert state["decision"] is None  # 7 − 4 = 3 < 7 without servants: the action lapses
    excommunicate(state, 0, "1.5")
    assert placement_value(state, 0, "black", state_space(state, "harvest-large")) == 0


def state_space(state, space_id):
    from engine.lorenzo.board import pack

    return pack(state).spaces[space_id]


def test_11_excommunications_1_1_to_1_4_count_each_source_and_never_go_below_0():
    state = table(2, dice=(6, 6, 6))
    excommunicate(state, 0, "1.2")
    give(state, 0, 1, 9, 17)  # 1C, 2C, 3C at harvest
    res(state, 0, c=0, sv=0)
    run(state, {"step": "harvest", "player": 0, "value": 1})
    assert res(state, 0)["c"] == 0 + 1 + 2
    state, events = take(state, 0, "black", "council", "privilege servants")
    assert res(state, 0)["c"] == 3  # the council's 1 coin becomes 0
    state, events = take(state, 0, "white", "market-coins")
    assert gains(events, 0) == [{"c": 4}]


def test_12_excommunication_2_6_doubles_servants_in_card_and_leader_actions():
    state = table(2, advanced=True)
    excommunicate(state, 0, "2.6")
    give(state, 0, 1, 2)  # harvest values 1 and 2
    lead(state, 0, "sforza")
    res(state, 0, sv=4)
    run(state, {"step": "turn", "player": 0})
    state, _ = act(state, 0, "activate sforza")
    assert texts(state, 0) == ["servants 0", "servants 1"]
    state, events = act(state, 0, "servants 1")
    assert [e["servants"] for e in events if e["type"] == "servants"] == [2] and res(state, 0)["sv"] == 3  # +1 sv


def test_13_excommunication_2_7_moves_the_first_turn_to_the_end_of_the_round():
    state = table(3)
    excommunicate(state, 0, "2.7")
    excommunicate(state, 2, "2.7")
    events = run(state, {"step": "round_start"})
    turns = [s["player"] for s in state["queue"] if s["step"] == "turn"]
    turns = [state["decision"]["player"]] + turns
    assert turns == [1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 2]
    assert [e["player"] for e in events if e["type"] == "late"] == [0, 2]


def test_14_excommunication_3_6_counts_printed_costs_whatever_was_paid():
    state = table(2)
    excommunicate(state, 0, "3.6")
    give(state, 0, 50)  # Stonemason: buildings cost 1W or 1S less
    tower(state, "yellow", 37)  # Stonemasons' Guild, 1W 2S
    res(state, 0, w=0, s=2)
    state, _ = take(state, 0, "black", "yellow-1")
    assert res(state, 0)["s"] == 0 and seat_parts(state, 0, 0)["buildings lost (3.6)"] == 3


def test_15_excommunication_3_4_uses_the_vp_held_before_final_scoring():
    state = table(2)
    excommunicate(state, 0, "3.4")
    give(state, 0, 1, 2, 3, 4, 5, 6)  # 20 VP of territories come after
    res(state, 0, vp=9, w=0, s=0, sv=0, c=0)
    assert seat_parts(state, 0, 0)["vp lost (3.4)"] == 1


def test_16_the_former_leader_keeps_second_place():
    state = table(3)
    for seat, mp in enumerate((10, 12, 3)):
        res(state, seat, mp=mp)
    assert military_vp(state) == {0: 2, 1: 5, 2: 0}


def test_17_a_military_cost_needs_the_points_before_spending_and_pico_never_reduces_it():
    state = table(2, advanced=True)
    lead(state, 0, "pico")
    tower(state, "purple", 80)  # Support to the Bishop: 2C 1W 1S, or need 4 spend 2
    res(state, 0, c=0, w=0, s=0, mp=3)
    assert "purple-1" not in spaces(state, 0, "black")  # pico: 2C → 0C, but 1W 1S are missing
    res(state, 0, mp=4)
    state, _ = take(state, 0, "black", "purple-1")
    assert res(state, 0)["mp"] == 2


def test_18_discounts_stack_but_never_reduce_the_tax():
    state = table(2, advanced=True)
    give(state, 0, 51)  # Dame: characters cost 1C less
    lead(state, 0, "pico")
    tower(state, "blue", 67)  # Paramour 7C
    occupy(state, "blue-2", 1, "black")
    res(state, 0, c=4, sv=3)
    run(state, {"step": "grant_take", "player": 0, "tower": "blue", "value": 6, "card": 59, "discount": {"c": 2}})
    state, events = act(state, 0, "take blue-1")
    assert [e["paid"] for e in events if e["type"] == "card"] == [{"c": 1}] and res(state, 0)["c"] == 0
    state = table(2)
    give(state, 0, 50)
    tower(state, "yellow", 25)  # Mint 1W 3S; Architect −1W −1S; Stonemason 1W or 1S
    res(state, 0, w=0, s=1)
    run(
        state,
        {"step": "grant_take", "player": 0, "tower": "yellow", "value": 6, "card": 58, "discount": {"w": 1, "s": 1}},
    )
    state, events = act(state, 0, "take yellow-1")
    assert [e["paid"] for e in events if e["type"] == "card"] == [{"s": 1}]


def test_19_character_bonuses_apply_to_card_actions_not_to_sforza():
    state = table(2, advanced=True)
    give(state, 0, 49, 53)  # Warlord +2 territories, Farmer +2 harvest
    tower(state, "green", None, None, None, 2)
    res(state, 0, sv=0)
    run(state, {"step": "grant_take", "player": 0, "tower": "green", "value": 5, "card": 57})
    assert "take green-4" in texts(state, 0)
    lead(state, 0, "sforza")
    give(state, 0, 3)  # Village, harvest value 3
    res(state, 0, sv=0)
    state["decision"] = None
    run(state, {"step": "turn", "player": 0})
    state, events = act(state, 0, "activate sforza")
    assert [e["value"] for e in events if e["type"] == "harvest"] == [1]


def test_20_card_actions_ignore_the_colour_rule_but_pay_the_tax_and_get_the_bonus():
    state = table(2)
    occupy(state, "green-1", 0, "black")
    tower(state, "green", None, None, 5)
    res(state, 0, c=3, w=0, sv=0)
    run(state, {"step": "grant_take", "player": 0, "tower": "green", "value": 6, "card": 57})
    state, events = act(state, 0, "take green-3")
    assert res(state, 0)["c"] == 0 and gains(events, 0) == [{"w": 1}, {"w": 1}]
    assert state["towers"]["green"][2] is None and "green-3" not in state["spaces"]


def test_25_privileges_of_one_effect_differ_and_include_wood_and_stone():
    state = table(4)
    state, _ = take(state, 0, "black", "market-privileges")
    options = texts(state, 0)
    assert len(options) == 10 and all(len(set(o.split()[1:])) == 2 for o in options)
    assert options[0] == "privileges coins servants" and "privileges coins wood-stone" in options


def test_26_paramour_counts_itself_and_general_rounds_down():
    state = table(2)
    give(state, 0, 49, 50)
    tower(state, "blue", 67, 71)
    res(state, 0, c=20, mp=5, sv=5)
    state, events = take(state, 0, "black", "blue-1")
    assert gains(events, 0) == [{"vp": 6}]
    events = run(state, {"step": "grant_take", "player": 0, "tower": "blue", "value": 3, "card": 72})
    state, events = act(state, 0, "take blue-2")
    assert gains(events, 0)[-1] == {"vp": 2}


def test_27_territory_slots_check_the_next_slot_and_cesare_skips_it():
    state = table(2, advanced=True)
    give(state, 0, 1, 2)
    tower(state, "green", 6)  # Monastery gives 2 MP, too late for its own slot
    res(state, 0, mp=1)
    assert "green-1" not in spaces(state, 0, "black")
    lead(state, 0, "cesare")
    state, _ = take(state, 0, "black", "green-1")
    assert res(state, 0)["mp"] == 3


def test_28_the_card_limit_applies_to_card_actions():
    state = table(2)
    give(state, 0, 1, 2, 3, 4, 5, 6)
    tower(state, "green", 7)
    res(state, 0, mp=30, sv=9)
    events = run(state, {"step": "grant_take", "player": 0, "tower": "green", "value": 6, "card": 57})
    assert [e["type"] for e in events] == ["lapse"]


@pytest.mark.parametrize(("faith", "vp"), [(15, 30), (17, 30), (13, 22)])
def test_29_faith_above_15_scores_as_15(faith, vp):
    state = table(2)
    res(state, 0, fp=faith)
    res(state, 1, fp=0)
    state["round"], state["period"] = 6, 3
    run(state, {"step": "vatican"})
    state, _ = act(state, 0, "support the church")
    assert res(state, 0)["vp"] == vp
