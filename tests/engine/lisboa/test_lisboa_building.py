"""Open a Public Building (engine/lisboa/building.py): rulebook pp. 20-21 and its
examples, D20; clergy CL-21..CL-23 and TP-05."""

from __future__ import annotations

from lisboa_city import city_table, cubes, store, wigs
from lisboa_play import do, kinds, run_step, texts

from engine.lisboa import building

OPEN = {"step": "open_building", "player": 0}


def stacks(s: dict, blue: list[str], green: list[str]) -> None:
    """The construction spaces show the first of each list; the rest is the stack."""
    s["buildings"] = {
        "blue": {"buildable": blue[0] if blue else None, "stack": blue[1:]},
        "green": {"buildable": green[0] if green else None, "stack": green[1:]},
    }


def test_e25_row_end_scores_matching_stores_of_every_owner_and_refills():  # E25
    s = city_table(reis=0, influence=0)
    stacks(s, ["PB05"], ["PB01", "PB03", "PB04"])  # green PB01 shows books + cloth
    s["city"]["scoring"] = {"1": 3, "2": 4, "3": 2, "4": 5}
    store(s, "C2", 0, "cloth", "S2")
    store(s, "C3", 0, "books", "S3")
    store(s, "C4", 1, "books", "S3")
    store(s, "C1", 2, "gold", "S1")  # another type: no wigs
    store(s, "D2", 1, "cloth", "S2")  # another row: no wigs
    s["boards"][0]["plans"] = ["S3"]  # green, 2 officials
    s["plaza"] = {"0": 2}
    run_step(s, OPEN)
    do(s, 0, "site R-C")  # the one plan is used at once, the 2 plaza officials return at once
    assert wigs(s) == [4 + 2, 5, 0]
    assert s["city"]["sites"]["R-C"]["building"] == {"id": "PB01", "face": "green"}
    assert s["buildings"]["green"] == {"buildable": "PB03", "stack": ["PB04"]}
    b = s["boards"][0]
    assert b["plans"] == [] and b["completed_plans"] == ["S3"] and b["officials"] == 10 and s["plaza"] == {}


def test_e26_hire_only_the_missing_official_and_check_payability():  # E26
    s = city_table(treasury=4, reis=5)  # right value 5
    stacks(s, ["PB05", "PB06"], [])
    s["boards"][0]["plans"] = ["B3"]  # blue, 3 officials
    s["offices"]["king"] = {"0": 1}
    s["plaza"] = {"0": 1}
    s["boards"][0]["reis"] = 1
    assert not building.can_open_building(s, 0)  # 5 réis for the 3rd official: no site bonus covers 4
    s["boards"][0]["reis"] = 2
    run_step(s, OPEN)
    assert texts(s, 0) == ["site L-B", "site R-D"]  # the 3-réis site bonuses (taken before the hire)
    s["boards"][0]["reis"] = 5
    run_step(s, OPEN)
    events = do(s, 0, "site L-A")  # its bonus, 2 influence, is kept: réis pay first (D21 default)
    assert [(e["cost"], e["reis"], e["by_influence"]) for e in events if e["kind"] == "pay_reis"] == [(5, 5, 0)]
    assert sorted(e["place"] for e in events if e["kind"] == "recall") == ["king", "plaza"]
    b = s["boards"][0]
    assert b["reis"] == 0 and b["influence"] == 2 and b["officials"] == 10
    assert s["offices"]["king"] == {} and s["plaza"] == {}


def test_e27_street_top_scores_every_store_facing_it():  # E27
    s = city_table(n=3, reis=0)
    stacks(s, ["PB01", "PB02"], ["PB03"])  # blue PB01 shows gold
    s["city"]["scoring"] = {"1": 3, "2": 4, "3": 2, "4": 5}
    store(s, "A1", 0, "gold", "S1")  # left column (tile 3): Purple and Green
    store(s, "B1", 2, "gold", "S1")
    store(s, "C2", 1, "gold", "S1")  # right column (tile 4): Yellow and Purple
    store(s, "D2", 0, "gold", "S1")
    store(s, "E2", 1, "cloth", "S2")  # faces the cloth street: nothing
    p = s["boards"][0]
    p["plans"], p["favors"] = ["B1"], ["maia", "marquis"]  # blue, 2 officials
    s["favors"] = {"maia": 1, "marquis": 1, "king": 1}
    s["city"]["sites"]["T1"]["rubble"] = cubes(earthquake=1, fire=1)
    s["offices"]["maia"] = {"0": 1}
    s["offices"]["king"] = {"0": 1}
    run_step(s, OPEN)
    assert "site T1" in texts(s, 0)
    events = do(s, 0, "site T1")
    assert wigs(s) == [3 + 4, 4, 3]
    assert p["rubble"] == cubes(earthquake=1, fire=1) and s["city"]["sites"]["T1"]["rubble"] == cubes()
    assert p["favors"] == ["king", "maia", "marquis"]  # T1's bonus: a favor
    assert p["completed_plans"] == ["B1"] and s["offices"]["maia"] == {} and s["offices"]["king"] == {}
    assert s["buildings"]["blue"] == {"buildable": "PB02", "stack": []}
    assert kinds(events).index("rubble") < kinds(events).index("favor") < kinds(events).index("building_opened")
    assert [(e["player"], e["lot"], e["wigs"]) for e in events if e["kind"] == "store_scored"] == [
        (0, "A1", 3),
        (2, "B1", 3),
        (1, "C2", 4),
        (0, "D2", 4),
    ]


def test_street_top_needs_the_street_type_on_the_face():  # rulebook p. 20 note
    s = city_table(reis=10)
    stacks(s, ["PB02"], [])  # blue PB02 shows books only
    s["boards"][0]["plans"] = ["B1"]
    s["plaza"] = {"0": 2}
    run_step(s, OPEN)
    sites = texts(s, 0)
    assert "site T3" in sites and "site T1" not in sites and "site T2" not in sites and "site T4" not in sites
    assert "site L-A" in sites and "site R-E" in sites  # row ends take any building


def test_choose_where_the_returned_officials_come_from():  # D20
    s = city_table(reis=10)
    stacks(s, ["PB05"], [])
    s["boards"][0]["plans"] = ["B1"]  # 2 officials
    s["plaza"] = {"0": 1}
    s["offices"]["maia"] = {"0": 1, "1": 2}
    s["offices"]["king"] = {"0": 1}
    run_step(s, OPEN)
    do(s, 0, "site L-B")
    assert texts(s, 0) == ["officials plaza maia", "officials plaza king", "officials maia king"]
    events = do(s, 0, "officials maia king")
    assert s["offices"]["maia"] == {"1": 2} and s["offices"]["king"] == {} and s["plaza"] == {"0": 1}
    assert "pay_reis" not in kinds(events) and s["boards"][0]["reis"] == 10 + 3  # L-B: 3 réis, no hire


def test_no_official_out_hires_them_all():  # rulebook p. 21: hire each missing one at the treasury value
    s = city_table(reis=9)
    stacks(s, ["PB05"], [])
    s["boards"][0]["plans"] = ["B3"]  # 3 officials, none out
    run_step(s, OPEN)
    events = do(s, 0, "site L-A")
    assert [e["cost"] for e in events if e["kind"] == "pay_reis"] == [9]
    assert s["boards"][0]["reis"] == 0 and s["boards"][0]["officials"] == 8


def test_tp05_and_cl22_lower_the_officials_required():  # TP-05, CL-22
    s = city_table(reis=0)
    s["boards"][0]["portfolio"]["bottom"] = ["blue-19"]  # TP-05
    s["boards"][0]["clergy"] = ["T22"]
    assert building.required(s, 0, "B7") == 5 - 2 - 1 and building.required(s, 0, "B1") == 0
    stacks(s, ["PB05"], [])
    s["boards"][0]["plans"] = ["B1"]
    s["plaza"] = {"0": 2}
    events = run_step(s, OPEN)
    events += do(s, 0, "site L-B")
    assert "recall" not in kinds(events) and s["plaza"] == {"0": 2}
    assert s["boards"][0]["completed_plans"] == ["B1"]


def test_cl23_two_reis_less_per_hired_official_and_cl21_two_wigs():  # CL-21, CL-23
    s = city_table(treasury=4, reis=6)  # 5 réis an official, 3 with CL-23
    stacks(s, ["PB05"], [])
    s["boards"][0]["plans"] = ["B2"]  # 2 officials, none out
    s["boards"][0]["clergy"] = ["T23", "T21"]
    assert building.hire_cost(s, 0, "B2") == 6
    run_step(s, OPEN)
    do(s, 0, "site L-A")
    assert s["boards"][0]["reis"] == 0 and s["boards"][0]["wigs"] == 2


def test_an_empty_stack_stops_that_colour():  # rulebook pp. 20-21
    s = city_table(reis=10)
    stacks(s, ["PB05"], [])
    b = s["boards"][0]
    b["plans"] = ["B1", "B2"]
    s["plaza"] = {"0": 4}
    run_step(s, OPEN)
    do(s, 0, "site L-A")
    do(s, 0, "plan B1")
    assert s["buildings"]["blue"] == {"buildable": None, "stack": []}
    assert not building.can_open_building(s, 0)  # B2 is blue: nothing left to build
    b["plans"].append("G1")
    stacks(s, [], ["PB03"])
    assert building.can_open_building(s, 0)


def test_built_and_covered_sites_are_not_offered():  # rulebook pp. 20-21; row E covered in 2p
    s = city_table(n=2, reis=10)
    stacks(s, ["PB05"], [])
    s["boards"][0]["plans"] = ["B1"]
    s["plaza"] = {"0": 2}
    s["city"]["sites"]["L-A"]["building"] = {"id": "PB06", "face": "blue"}
    run_step(s, OPEN)
    sites = texts(s, 0)
    assert "site L-A" not in sites and "site L-E" not in sites and "site R-E" not in sites and "site L-B" in sites


def test_cl30_from_the_site_bonus_pays_nothing_for_the_site_cubes():  # rulebook pp. 20-21: cubes, then bonus
    s = city_table(treasury=5, reis=4)  # right value 6: the one missing official costs 6 réis
    stacks(s, ["PB05"], [])
    s["boards"][0]["plans"] = ["B2"]  # blue, 2 officials; 1 is out
    s["plaza"] = {"0": 1}
    s["city"]["sites"]["R-B"]["rubble"] = cubes(earthquake=2)  # its bonus: the Cardinal 1 step and a tile
    s["church"]["cardinal"] = "P01"
    s["church"]["spaces"].update(C1="T30", C2="T30")  # every tile it can take is CL-30 (+1 réis per cube)
    # the cubes are taken before the tile arrives: 4 réis stay 4, short of 6
    assert not building.usable(s, 0, "R-B", "B2")
    run_step(s, OPEN)
    assert "site R-B" not in texts(s, 0)
    s["boards"][0]["clergy"] = ["T30"]  # held before: the 2 cubes bring 2 réis, 6 in all
    assert building.usable(s, 0, "R-B", "B2")
    run_step(s, OPEN)
    do(s, 0, "site R-B")
    events = do(s, 0, "cardinal 1 C1")
    assert [(e["cost"], e["reis"]) for e in events if e["kind"] == "pay_reis"] == [(6, 6)]
    assert s["boards"][0]["reis"] == 0 and s["boards"][0]["completed_plans"] == ["B2"]


def test_a_free_hire_is_checked_after_the_site_bonus_raises_the_treasury():  # rulebook pp. 20-21, CL-23
    s = city_table(treasury=1, reis=0)  # right value 2: CL-23 makes each hired official free
    stacks(s, ["PB05"], [])
    s["boards"][0].update(plans=["B2"], clergy=["T23"])  # blue, 2 officials, none out: 2 to hire
    s["church"]["cardinal"] = "P08"  # R-B's bonus moves it to P09, a treasury icon: 1 réis each
    assert building.hire_cost(s, 0, "B2") == 0
    assert not building.usable(s, 0, "R-B", "B2")
    run_step(s, OPEN)
    assert "site R-B" not in texts(s, 0) and "site L-A" in texts(s, 0)
    s["church"]["cardinal"] = "P06"  # the step to P07 passes no icon: the hire stays free
    assert building.usable(s, 0, "R-B", "B2")
