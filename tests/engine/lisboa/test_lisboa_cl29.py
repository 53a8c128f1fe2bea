"""CL-29 (engine/lisboa/rubble.py, rules.take_rubble): rulebook p. 9, D26."""

from __future__ import annotations

from lisboa_city import city_table, cubes
from lisboa_play import do, kinds, open_decision, run_step, texts

from engine.lisboa import flow, rules


def test_discard_a_cube_just_taken_for_two_wigs():  # D26
    s = city_table()
    s["boards"][0]["clergy"] = ["T29"]
    s["city"]["spare_rubble"] = cubes(fire=1)
    box = s["box"]["rubble"]["fire"]
    open_decision(s, "spare_rubble", 0)
    do(s, 0, "rubble fire")
    assert texts(s, 0) == ["keep cubes", "discard fire for 2 wigs"] and flow.KINDS["cl29"].default_first
    do(s, 0, "discard fire for 2 wigs")
    b = s["boards"][0]
    assert b["rubble"] == cubes() and b["wigs"] == 2 and s["box"]["rubble"]["fire"] == box + 1


def test_the_set_check_waits_for_the_answer():  # rulebook p. 9 after D26
    s = city_table()
    b = s["boards"][0]
    b["clergy"], b["rubble"] = ["T29"], cubes(earthquake=1, fire=1)
    events: list = []
    rules.take_rubble(s, 0, "tsunami", events, "test")
    assert b["sets"] == 0 and s["queue"][0] == {"step": "cl29", "player": 0, "cubes": ["tsunami"]}
    run_step(s, s["queue"][0])
    events = do(s, 0, "keep cubes")
    assert b["sets"] == 1 and "rubble_set" in kinds(events)
    b["rubble"], b["sets"] = cubes(earthquake=1, fire=1), 0
    run_step(s, {"step": "cl29", "player": 0, "cubes": ["tsunami"]})
    b["rubble"]["tsunami"] = 1
    do(s, 0, "discard tsunami for 2 wigs")
    assert b["sets"] == 0 and b["rubble"] == cubes(earthquake=1, fire=1)


def test_a_site_take_of_two_cubes_is_one_question():  # max 1 per take
    s = city_table(reis=10)
    s["buildings"]["blue"] = {"buildable": "PB05", "stack": []}
    b = s["boards"][0]
    b["clergy"], b["plans"] = ["T29"], ["B1"]
    s["plaza"] = {"0": 2}
    s["city"]["sites"]["L-B"]["rubble"] = cubes(earthquake=1, fire=1)
    run_step(s, {"step": "open_building", "player": 0})
    do(s, 0, "site L-B")
    assert texts(s, 0) == ["keep cubes", "discard earthquake for 2 wigs", "discard fire for 2 wigs"]
    do(s, 0, "discard fire for 2 wigs")
    assert s["decision"] is None and b["rubble"] == cubes(earthquake=1) and b["wigs"] == 2
    assert b["completed_plans"] == ["B1"]


def test_no_question_without_a_kept_cube_or_without_the_tile():  # D26
    s = city_table()
    b = s["boards"][0]
    b["clergy"], b["rubble"] = ["T29"], cubes(fire=5)
    rules.take_rubble(s, 0, "fire", [], "test")  # over the 5-cube limit: it leaves the game
    assert s["queue"] == [] and b["rubble"]["fire"] == 5
    b["clergy"] = []
    rules.take_rubble(s, 0, "tsunami", [], "test")
    assert s["queue"] == [] and b["rubble"]["tsunami"] == 1


def test_store_rubble_asks_before_the_land_cost():  # rulebook pp. 17-18
    s = city_table(reis=10)
    s["boards"][0]["clergy"] = ["T29"]
    s["city"]["row_rubble"]["B"] = cubes(earthquake=1)
    run_step(s, {"step": "build_store", "player": 0})
    do(s, 0, "tile D-gold")
    events = do(s, 0, "lot B1 S1")
    assert "pay_reis" not in kinds(events) and s["decision"]["kind"] == "cl29"
    events = do(s, 0, "keep cubes")
    assert [e["cost"] for e in events if e["kind"] == "pay_reis"] == [3]
