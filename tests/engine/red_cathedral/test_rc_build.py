"""Main action B, build and/or decorate (teaching script §大聖堂の建築, §大聖堂の装飾; Dized rules
'Build sections of the Cathedral', 'Decorate the Cathedral', 'Penalty for unfinished sections' and
their examples)."""

from __future__ import annotations

import pytest
from rc_helpers import (
    act,
    give,
    kind,
    own,
    pp,
    prestige,
    set_card,
    start_turn,
    table_with_tower,
    texts,
)

from engine.red_cathedral import board, build

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def _deliver(state: dict, section: str, **held: int) -> None:
    """Pretend these materials already lie on ``section`` (taken from the supply)."""
    sec = state["sections"][board.section_at(state, section)]
    for mat, n in held.items():
        state["supply"][mat] -= n
        sec["delivered"][mat] = n


def test_s16_three_deliveries_complete_a_section() -> None:
    state, (base, *_) = table_with_tower(2, 3)
    set_card(state, base, "dome-03")  # gold 2, brick 2 -> 5 RP, 2 rubles
    own(state, base, RED)
    _deliver(state, base, gold=1)
    give(state, RED, brick=2, gold=1)
    supply = dict(state["supply"])
    start_turn(state, RED)
    state, events = act(state, "build", f"deliver brick {base}", f"deliver brick {base}", f"deliver gold {base}")
    sec = state["sections"][board.section_at(state, base)]
    assert sec["done"] and sec["owner"] == RED and sec["delivered"] == {}
    assert state["supply"] == {**supply, "gold": supply["gold"] + 2, "brick": supply["brick"] + 2}
    me = state["seats"][RED]
    assert (me["pos"], me["rubles"]) == (2 + 5, 3 + 2)
    assert [e["type"] for e in events if e["type"] in ("deliver", "complete")] == ["deliver"] * 3 + ["complete"]


def test_s17_a_material_the_section_does_not_list_is_not_offered() -> None:
    state, (base, *_) = table_with_tower(2, 3)
    set_card(state, base, "dome-03")
    own(state, base, RED)
    give(state, RED, stone=1, brick=1)
    assert build.delivery_options(state, RED) == [{"verb": "deliver", "material": "brick", "section": base}]


def test_over_delivery_of_a_satisfied_material_is_not_offered() -> None:
    state, (base, *_) = table_with_tower(2, 3)
    set_card(state, base, "dome-03")
    own(state, base, RED)
    _deliver(state, base, brick=2)
    give(state, RED, brick=1, gold=1)
    assert build.delivery_options(state, RED) == [{"verb": "deliver", "material": "gold", "section": base}]


def test_s18_at_most_three_deliveries() -> None:
    state, (base, middle, _) = table_with_tower(2, 3)
    set_card(state, base, "base-07")  # lumber 3
    set_card(state, middle, "middle-05")  # stone 3
    own(state, base, RED)
    own(state, middle, RED)
    give(state, RED, lumber=3, stone=3)
    start_turn(state, RED)
    state, _ = act(state, "build", f"deliver lumber {base}", f"deliver stone {middle}")
    assert texts(state) == ["done", f"deliver lumber {base}", f"deliver stone {middle}"]
    state, events = act(state, f"deliver lumber {base}")
    assert state["turn"]["player"] == BLUE  # no 4th delivery, though more could go
    assert build.delivery_options(state, RED) != []
    assert board.held(state, RED) == 3


def test_pitfall_9_partial_deliveries_stay_and_may_split_over_sections() -> None:
    state, (base, middle, _) = table_with_tower(2, 3)
    set_card(state, base, "base-07")  # lumber 3
    set_card(state, middle, "middle-05")  # stone 3
    own(state, base, RED)
    own(state, middle, RED)
    give(state, RED, lumber=1, stone=2)
    start_turn(state, RED)
    state, _ = act(state, "build", f"deliver lumber {base}", f"deliver stone {middle}", f"deliver stone {middle}")
    assert state["sections"][board.section_at(state, middle)]["delivered"] == {"stone": 2}
    assert state["sections"][board.section_at(state, base)]["delivered"] == {"lumber": 1}


def test_pitfall_8_materials_go_only_to_ones_own_sections() -> None:
    state, (base, *_) = table_with_tower(2, 3)
    set_card(state, base, "base-07")
    own(state, base, BLUE)
    give(state, RED, lumber=2)
    start_turn(state, RED)
    assert "build" not in texts(state)


def test_s19_the_tsars_penalty_hits_every_unfinished_section_below() -> None:
    state, (base, middle, dome) = table_with_tower(3, 3)
    own(state, base, BLUE)
    own(state, middle, RED)
    own(state, dome, YELLOW)
    set_card(state, dome, "dome-08")  # gold 3, stone 1
    _deliver(state, dome, gold=3)
    give(state, YELLOW, stone=1)
    for p in (RED, BLUE):
        state["seats"][p]["pos"] = 10
    start_turn(state, YELLOW)
    state, events = act(state, "build")  # the one delivery possible is made by itself
    assert (state["seats"][BLUE]["pos"], state["seats"][RED]["pos"]) == (9, 9)
    assert [(e["player"], e["rp"]) for e in events if e["type"] == "penalty"] == [(BLUE, 1), (RED, 1)]


def _finish(state: dict, name: str, seat: int) -> list[dict]:
    """``seat`` completes section ``name`` (which they own) by one delivery; return the events."""
    index = board.section_at(state, name)
    cost = dict(board.card(state, index).cost)
    last = next(iter(cost))
    cost[last] -= 1
    _deliver(state, name, **{k: n for k, n in cost.items() if n})
    give(state, seat, **{last: 1})
    start_turn(state, seat)
    state2, events = act(state, "build")  # the one delivery possible is made by itself
    state.clear()
    state.update(state2)
    return [e for e in events if e["type"] == "penalty"]


def test_p01_penalties_count_other_players_completions_above_and_accumulate() -> None:
    state, (s1, s2, s3, s4) = table_with_tower(3, 4)
    for name, seat in ((s1, BLUE), (s2, RED), (s3, BLUE), (s4, YELLOW)):
        own(state, name, seat)
    state["seats"][BLUE]["pos"] = 20
    assert [(e["section"], e["rp"]) for e in _finish(state, s2, RED)] == [(s1, 1)]
    assert state["seats"][BLUE]["pos"] == 19
    # Yellow completes the top: the lower Blue section counts 2, the upper one 1.
    assert [(e["section"], e["rp"]) for e in _finish(state, s4, YELLOW)] == [(s1, 2), (s3, 1)]
    assert state["seats"][BLUE]["pos"] == 16


def test_p02_ones_own_completions_above_never_count() -> None:
    state, (s1, s2, s3, s4) = table_with_tower(3, 4)
    for name, seat in ((s1, BLUE), (s2, RED), (s3, BLUE), (s4, YELLOW)):
        own(state, name, seat)
    state["sections"][board.section_at(state, s2)]["done"] = True
    state["seats"][BLUE]["pos"] = 20
    assert [(e["section"], e["rp"]) for e in _finish(state, s3, BLUE)] == [(s1, 1)]  # Red only
    assert [(e["section"], e["rp"]) for e in _finish(state, s4, YELLOW)] == [(s1, 2)]
    assert state["seats"][BLUE]["pos"] == 20 + 0 - 1 - 2 + board.card(state, board.section_at(state, s3)).rp


def test_penalty_rp_never_goes_below_zero() -> None:
    state, (base, middle, _) = table_with_tower(2, 3)
    own(state, base, BLUE)
    own(state, middle, RED)
    state["seats"][BLUE]["pos"] = 0
    penalties = _finish(state, middle, RED)
    assert penalties[0]["rp"] == 1 and penalties[0]["lost"] == 0 and state["seats"][BLUE]["pos"] == 0


def _done(state: dict, name: str, seat: int) -> None:
    own(state, name, seat, done=True)


@pytest.mark.parametrize(
    ("jewels", "typed", "gained"),
    [
        ({"green": 1, "purple": 1}, "jewels green purple", 3),
        ({"green": 2}, "jewels green green", 2),
        ({"green": 1}, "jewels green", 1),
        ({}, None, 0),
    ],
)
def test_s20_s22_jewels_set_into_an_ornament(jewels: dict, typed: str | None, gained: int) -> None:
    state, (base, _, dome) = table_with_tower(2, 3)
    _done(state, dome, BLUE)  # anyone's completed dome
    give(state, RED, gold=1, **jewels)
    state["seats"][RED]["pos"] = prestige(state, 2)
    supply = dict(state["supply"])
    start_turn(state, RED)
    state, events = act(state, "build")  # the only delivery: the cross
    if typed:
        assert kind(state) == "jewels"
        state, more = act(state, typed)
        events += more
    assert pp(state, RED) == 2 + gained
    assert state["sections"][board.section_at(state, dome)]["ornament"]["kind"] == "cross"
    assert state["seats"][RED]["ornaments"]["cross"] == 0
    assert state["supply"]["gold"] == supply["gold"] + 1
    assert sum(state["supply"][j] for j in ("green", "purple")) == sum(supply[j] for j in ("green", "purple")) + sum(
        jewels.values()
    )
    assert board.held(state, RED) == 0


def test_p03_gold_green_purple_and_the_cross_give_3_prestige() -> None:
    state, (_, _, dome) = table_with_tower(3, 3)
    _done(state, dome, RED)
    give(state, YELLOW, gold=1, green=1, purple=1)
    start_turn(state, YELLOW)
    state, _ = act(state, "build", "jewels green purple")
    assert pp(state, YELLOW) == 3 - 0 and state["seats"][YELLOW]["pos"] == prestige(state, 3)


def test_p04_door_with_a_jewel_and_a_bare_cross_in_three_deliveries() -> None:
    state, (base, _, dome) = table_with_tower(3, 3)
    _done(state, base, RED)
    _done(state, dome, BLUE)
    give(state, YELLOW, lumber=1, green=1, gold=1)
    start_turn(state, YELLOW)
    state, _ = act(state, "build", f"decorate {base}", "jewels green")
    assert texts(state) == ["done", f"decorate {dome}"]
    state, events = act(state, f"decorate {dome}")
    assert pp(state, YELLOW) == 1 and board.held(state, YELLOW) == 0
    assert events[-1]["type"] == "end_turn" or kind(state) == "main"


def test_p05_complete_then_decorate_the_same_section_in_one_action() -> None:
    state, tower = table_with_tower(4, 3)
    base, middle, _ = tower
    own(state, base, GREEN)
    own(state, middle, YELLOW)
    set_card(state, middle, "middle-04")  # lumber, brick, stone, gold -> 4 RP, 2 rubles
    _deliver(state, middle, lumber=1, brick=1, stone=1)
    give(state, YELLOW, gold=1, stone=1, purple=1)
    state["seats"][GREEN]["pos"] = 10
    start_turn(state, YELLOW)
    state, events = act(state, "build", f"decorate {middle}", "jewels purple")  # the gold goes by itself
    me = state["seats"][YELLOW]
    assert me["rubles"] == 4 + 2 and state["seats"][GREEN]["pos"] == 9
    assert me["pos"] == prestige(state, 2)  # 2 + 4 RP = space 6, then +1 PP jumps to the 2nd prestige space
    assert state["sections"][board.section_at(state, middle)]["ornament"] == {
        "seat": YELLOW,
        "kind": "arch",
        "jewels": ["purple"],
    }


def test_s23_one_ornament_per_completed_section_and_none_on_unfinished_ones() -> None:
    state, (base, middle, _) = table_with_tower(2, 3)
    _done(state, base, BLUE)
    state["sections"][board.section_at(state, base)]["ornament"] = {"seat": BLUE, "kind": "door", "jewels": []}
    own(state, middle, BLUE)
    give(state, RED, lumber=1, stone=1)
    start_turn(state, RED)
    assert "build" not in texts(state)


def test_an_ornament_needs_its_material_and_a_piece_left() -> None:
    state, (base, middle, _) = table_with_tower(2, 3)
    _done(state, middle, BLUE)
    give(state, RED, lumber=1)  # an arch needs stone
    start_turn(state, RED)
    assert "build" not in texts(state)
    give(state, RED, stone=1)
    state["seats"][RED]["ornaments"]["arch"] = 0
    start_turn(state, RED)
    assert "build" not in texts(state)


def test_jewels_are_limited_by_the_deliveries_left() -> None:
    state, (base, middle, dome) = table_with_tower(2, 3)
    set_card(state, base, "base-07")
    own(state, base, RED)
    _done(state, dome, BLUE)
    give(state, RED, lumber=1, gold=1, green=2)
    start_turn(state, RED)
    state, _ = act(state, "build", f"deliver lumber {base}", f"decorate {dome}")
    assert texts(state) == ["no jewels", "jewels green"]


def test_the_sixth_completion_gives_3_prestige_and_the_action_goes_on() -> None:
    state, (base, middle, dome) = table_with_tower(2, 3)
    done = [s["name"] for s in state["sections"] if s["name"] not in (base, middle, dome)][:5]
    for name in done:
        _done(state, name, RED)
    set_card(state, base, "base-07")
    own(state, base, RED)
    _deliver(state, base, lumber=2)
    _done(state, dome, BLUE)
    give(state, RED, lumber=1, gold=1)
    start_turn(state, RED)
    state, events = act(state, "build", f"deliver lumber {base}")
    trigger = next(e for e in events if e["type"] == "trigger")
    assert trigger == {"type": "trigger", "player": RED, "pp": 3}
    assert state["end"] == {"trigger": RED, "left": [BLUE]}
    assert kind(state) == "deliver" and f"decorate {dome}" in texts(state)  # ⚠ the turn goes on


def test_pitfall_12_penalties_are_rp_and_completions_give_rp_and_rubles() -> None:
    state, (base, middle, _) = table_with_tower(2, 3)
    own(state, base, BLUE)
    own(state, middle, RED)
    state["seats"][BLUE]["pos"] = prestige(state, 2) + 1
    before = pp(state, BLUE)
    _finish(state, middle, RED)
    assert state["seats"][BLUE]["pos"] == prestige(state, 2) and pp(state, BLUE) == before
