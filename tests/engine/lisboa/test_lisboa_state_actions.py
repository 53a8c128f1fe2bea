"""State actions (engine/lisboa/state_actions.py): Hire (D10), Plan (D11), Produce (D13), Favor
(D15); rulebook pp. 12-15, p. 18 and their examples."""

from __future__ import annotations

from lisboa_play import do, goods, open_decision, stores, table, texts


def test_e12_produce_and_the_warehouse_cap():  # E12
    s = table(3)
    p = s["boards"][0]
    p["sets"] = 1
    goods(s, 0)
    stores(s, 0, books=2, gold=1, cloth=1)
    s["prices"] = {"gold": 6, "books": 5, "cloth": 5, "tools": 4}
    open_decision(s, "produce", 0)
    do(s, 0, "produce")
    assert p["goods"] == {"gold": 1, "books": 2, "cloth": 1, "tools": 0}
    assert s["prices"] == {"gold": 5, "books": 4, "cloth": 4, "tools": 4}
    open_decision(s, "produce", 0)
    do(s, 0, "produce")
    assert p["goods"] == {"gold": 2, "books": 3, "cloth": 2, "tools": 0}  # the 4th book goes back
    assert s["prices"] == {"gold": 4, "books": 3, "cloth": 3, "tools": 4}
    open_decision(s, "produce", 0)
    do(s, 0, "produce")
    assert p["goods"] == {"gold": 3, "books": 3, "cloth": 3, "tools": 0}
    assert s["prices"] == {"gold": 3, "books": 3, "cloth": 2, "tools": 4}  # no book gained: no drop


def test_e19_sg_r3_adds_one_of_every_produced_type():  # E19
    s = table(3)
    y = s["boards"][0]
    y["sets"], y["houses"]["right"] = 1, 0
    goods(s, 0)
    stores(s, 0, cloth=2, books=1, tools=1)
    open_decision(s, "produce", 0)
    assert texts(s, 0) == ["produce"]
    do(s, 0, "produce")
    assert y["goods"] == {"gold": 0, "books": 2, "cloth": 3, "tools": 2}


def test_sg_r1_and_cl19_choose_extra_goods():  # SG-R1 and CL-19: +1 of one produced type each
    s = table(3)
    b = s["boards"][0]
    b["houses"]["right"], b["clergy"], b["sets"] = 2, ["T19"], 2
    goods(s, 0)
    stores(s, 0, gold=1, tools=1)
    open_decision(s, "produce", 0)
    assert texts(s, 0) == ["produce extra gold gold", "produce extra gold tools", "produce extra tools tools"]
    do(s, 0, "produce extra gold gold")
    assert b["goods"]["gold"] == 3 and b["goods"]["tools"] == 1


def test_produce_needs_a_store():  # ⚠ this project's reading
    s = table(3)
    goods(s, 0, books=1, gold=1)
    open_decision(s, "trade", 0, done=[])
    assert not any("produce-goods" in t for t in texts(s, 0))


def test_hire_two_different_offices():  # rulebook p. 12; D10
    s = table(3)
    open_decision(s, "hire", 0)
    assert texts(s, 0) == ["hire maia marquis", "hire maia king", "hire marquis king"]
    do(s, 0, "hire maia king")
    assert s["offices"]["maia"] == {"0": 1} and s["offices"]["king"] == {"0": 1}
    assert s["boards"][0]["officials"] == 5


def test_hire_with_one_official_left_places_one():  # D28: 2 if you have them, else 1 (this project's reading)
    s = table(3)
    s["boards"][0]["officials"] = 1
    open_decision(s, "hire", 0)
    assert texts(s, 0) == ["hire maia", "hire marquis", "hire king"]


def test_plan_takes_the_top_of_a_stack():  # rulebook p. 12; D11
    s = table(3)
    top = s["plans"]["green"][0]
    s["plans"]["blue"] = []
    open_decision(s, "trade", 0, done=[])
    do(s, 0, "trade obtain-plan tools")
    assert s["boards"][0]["plans"][-1] == top  # one stack left: automatic


def test_royal_favor_only_for_nobles_you_lack_with_supply():  # rulebook p. 15; D15
    s = table(3)
    b = s["boards"][0]
    b["favors"] = ["maia"]
    s["favors"] = {"maia": 2, "marquis": 0, "king": 1}
    open_decision(s, "favor", 0)
    assert texts(s, 0) == ["favor king"]
    s["favors"]["king"] = 0
    goods(s, 0, cloth=1, gold=1)
    open_decision(s, "trade", 0, done=[])
    assert not any("royal-favor" in t for t in texts(s, 0))
