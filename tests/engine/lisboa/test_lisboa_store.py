"""Build a Store (engine/lisboa/store.py): rulebook pp. 17-18 and its examples, D18."""

from __future__ import annotations

from lisboa_city import build, city_table, cubes
from lisboa_play import do, kinds, run_step, texts

from engine.lisboa import rules, store

BUILD = {"step": "build_store", "player": 0}
GOLD_LOTS = ["A1", "A2", "B1", "B2", "C1", "C2", "D1", "D2", "E1", "E2"]


def test_e20_land_cost_15_becomes_12_after_taking_an_earthquake_cube():  # E20
    s = city_table(reis=12)  # treasury right value 3, no discounts
    s["city"]["row_rubble"]["E"] = cubes(earthquake=3)
    s["city"]["column_rubble"]["3"] = cubes(tsunami=3)
    assert store.land_cost(s, 0, "E3") == 15
    run_step(s, BUILD)
    do(s, 0, "tile D-books")
    events = do(s, 0, "lot E3 S3")  # only the earthquake cube leaves a payable cost: taken at once
    pay = [e for e in events if e["kind"] == "pay_reis"]
    assert [(e["cost"], e["reis"], e["why"]) for e in pay] == [(12, 12, "land cost")]
    b = s["boards"][0]
    assert b["reis"] == 0 and b["rubble"] == cubes(earthquake=1)
    assert s["city"]["row_rubble"]["E"] == cubes(earthquake=2)


def test_e20_rubble_is_a_choice_between_row_and_column():  # rulebook pp. 17-18
    s = city_table(reis=20)
    s["city"]["row_rubble"]["E"] = cubes(earthquake=3)
    s["city"]["column_rubble"]["3"] = cubes(tsunami=3)
    run_step(s, BUILD)
    do(s, 0, "tile D-books")
    do(s, 0, "lot E3 S3")
    assert texts(s, 0) == ["rubble row earthquake", "rubble column tsunami"]
    do(s, 0, "rubble column tsunami")
    assert s["boards"][0]["reis"] == 20 - (3 + 9 + 2)
    assert s["city"]["column_rubble"]["3"] == cubes(tsunami=2)


def test_e21_order_bonus_rubble_pay_house_then_score():  # E21: bonus before paying (BGG Lisboa forum)
    s = city_table(n=4, reis=0)
    s["city"]["row_rubble"]["C"] = cubes(fire=1)
    run_step(s, {"step": "build_store", "player": 1})
    do(s, 1, "tile D-books")  # the brown space: the tile must face the books street
    assert "lot C3 S3" in texts(s, 1) and not any(t.endswith(("S1", "S2", "S4")) for t in texts(s, 1))
    events = do(s, 1, "lot C3 S3")  # C3's bonus: 5 réis, which pays the 3 + 2 - 2 = 3
    assert kinds(events) == ["store_lot", "bonus_reis", "rubble", "pay_reis"]
    assert s["decision"]["kind"] == "store_house" and s["boards"][1]["reis"] == 2
    events = do(s, 1, "house left")
    assert kinds(events) == ["house", "store_built"]
    assert s["city"]["lots"]["C3"] == {"owner": 1, "type": "books", "street": "S3"}
    assert not s["city"]["tile_display"]["D-books"]  # refilled at the end of the turn (rulebook p. 22)


def test_e22_two_related_buildings_score_4_x_2():  # E22
    s = city_table(reis=10)
    s["city"]["scoring"]["1"] = 4
    build(s, "T1", "PB01", "blue")  # the gold street's top: shows gold
    build(s, "L-B", "PB08", "green")  # row B's left end: shows gold
    build(s, "R-B", "PB02", "blue")  # row B's right end: books only, not related
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    do(s, 0, "lot B1 S1")
    events = do(s, 0, "house middle")
    built = [e for e in events if e["kind"] == "store_built"]
    assert built == [
        {
            "kind": "store_built",
            "player": 0,
            "lot": "B1",
            "type": "gold",
            "street": "S1",
            "related": 2,
            "wigs": 8,
            "cost": 3,
        }
    ]
    assert s["boards"][0]["wigs"] == 8


def test_cl24_adds_one_wig():  # CL-24
    s = city_table(reis=10)
    s["boards"][0]["clergy"] = ["T24"]
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    do(s, 0, "lot B1 S1")
    do(s, 0, "house left")
    assert s["boards"][0]["wigs"] == 1


def test_small_tiles_only_on_column_5_lots():  # rulebook p. 17 note
    s = city_table(reis=10)
    run_step(s, BUILD)
    do(s, 0, "tile D-small")
    assert texts(s, 0) == ["lot A5 S4", "lot B5 S4", "lot C5 S4", "lot D5 S4", "lot E5 S4"]
    s = city_table(reis=10)
    run_step(s, BUILD)
    do(s, 0, "tile D-tools")  # a large tools tile: the column-4 lots facing the tools street
    assert texts(s, 0) == ["lot A4 S4", "lot B4 S4", "lot C4 S4", "lot D4 S4", "lot E4 S4"]


def test_the_tile_must_face_a_street_of_its_type():  # rulebook pp. 17-18
    s = city_table(reis=10)
    s["city"]["lots"]["A1"] = {"owner": 1, "type": "gold", "street": "S1"}  # taken lots are not offered
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    assert texts(s, 0) == [f"lot {lot} S1" for lot in GOLD_LOTS if lot != "A1"]


def test_a_lot_facing_two_streets_takes_the_street_of_the_builders_choice():  # Bodoge summary §個別アクション > 開店
    s = city_table(reis=10)
    run_step(s, BUILD)
    do(s, 0, "tile D-cloth")
    assert "lot B2 S2" in texts(s, 0) and "lot B2 S1" not in texts(s, 0)
    do(s, 0, "lot B2 S2")
    do(s, 0, "house left")
    assert s["city"]["lots"]["B2"] == {"owner": 0, "type": "cloth", "street": "S2"}
    run_step(s, {"step": "build_store", "player": 1})
    do(s, 1, "tile D-gold")
    assert "lot B2 S1" not in texts(s, 1) and "lot A2 S1" in texts(s, 1)


def test_a_five_reis_lot_bonus_funds_the_store():  # the bonus comes before paying (BGG Lisboa forum)
    s = city_table(reis=0)
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    assert texts(s, 0) == ["lot A1 S1", "lot B2 S1", "lot E1 S1"]  # the 5-réis lots only
    do(s, 0, "lot A1 S1")
    assert s["boards"][0]["reis"] == 2


def test_can_build_store_checks_the_land_cost():  # rulebook p. 16; every other payment in full
    s = city_table(treasury=7, reis=0)  # 8 réis of land: a 5-réis bonus is not enough
    assert not store.can_build_store(s, 0)
    s["boards"][0]["reis"] = 3
    assert store.can_build_store(s, 0)
    s["boards"][0]["reis"] = 0
    s["boards"][0]["influence"] = 9  # 5 réis of substitution (icons 0, 2, 4, 6, 8), D21
    assert store.can_build_store(s, 0)


def test_no_house_left_no_store():  # rulebook p. 4: 8 houses
    s = city_table(reis=10)
    s["boards"][0]["houses"] = {"left": 0, "middle": 0, "right": 0}
    assert not store.can_build_store(s, 0)


def test_house_from_a_group_that_has_one_and_its_ability():  # rulebook p. 18, Bodoge summary §特殊効果 > 建物マス
    s = city_table(reis=10)
    b = s["boards"][0]
    b["houses"] = {"right": 3, "middle": 3, "left": 0}  # the groups in the board's order, whatever the dict's
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    do(s, 0, "lot B1 S1")
    assert texts(s, 0) == ["house middle", "house right"]
    do(s, 0, "house middle")
    assert b["houses"] == {"left": 0, "middle": 2, "right": 3}
    assert "SG-M1" in rules.store_abilities(rules.pack_of(s), b)


def test_tp01_tp02_then_tp03_on_the_land_cost():  # TP-01, TP-02, TP-03
    s = city_table(reis=10)
    s["boards"][0]["portfolio"]["bottom"] = ["red-18", "blue-21", "blue-16"]  # TP-01 fire -1, TP-02 tsunami, TP-03 -1
    s["city"]["row_rubble"]["A"] = cubes(fire=2, tsunami=1)
    s["city"]["column_rubble"]["1"] = cubes(earthquake=1)
    assert store.land_cost(s, 0, "A1") == 3 + 2 * 1 + 0 + 3
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    do(s, 0, "lot A1 S1")
    assert texts(s, 0) == ["rubble row fire", "rubble row tsunami", "rubble column earthquake"]
    events = do(s, 0, "rubble column earthquake")
    assert [e["cost"] for e in events if e["kind"] == "pay_reis"] == [5 - 1]
    assert s["boards"][0]["reis"] == 10 + 5 - 4


def test_cardinal_lot_bonus_keeps_the_cost_payable():  # bonus.py guard: a treasury icon raises the cost
    s = city_table(reis=3)
    s["church"]["cardinal"] = "P03"  # P05 carries a treasury icon
    s["boards"][0]["clergy"] = ["T20"]  # CL-20: 1 to 3 steps
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    do(s, 0, "lot A2 S1")  # bonus NB-07
    assert texts(s, 0) == ["cardinal 1 C2", "cardinal 1 C3"]  # 2 or 3 steps would make land 4 réis
    do(s, 0, "cardinal 1 C2")
    assert s["treasury"] == 2 and s["boards"][0]["reis"] == 0 and s["decision"]["kind"] == "store_house"


def test_two_player_row_e_is_covered():  # rulebook p. 6
    s = city_table(n=2, reis=10)
    run_step(s, BUILD)
    do(s, 0, "tile D-gold")
    assert texts(s, 0) == [f"lot {lot} S1" for lot in GOLD_LOTS if not lot.startswith("E")]
