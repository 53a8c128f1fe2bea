"""Visits of Maia and the King, and their follows, end to end through the driver: rulebook p. 16
and its follow example, D16-D18, D20, D22."""

from __future__ import annotations

import lisboa_driver as driver
from lisboa_city import city_table
from lisboa_play import do, texts

MAIA, KING = "blue-01", "blue-11"


def test_maia_visit_then_a_follower_builds_a_store():  # rulebook p. 16
    s = city_table(n=3, reis=10)
    s["boards"][0]["hand"] = [MAIA]
    s["boards"][2]["favors"] = ["maia"]
    do(s, 0, f"visit {MAIA}")  # cost 0: paid at once
    assert texts(s, 0) == ["free hire-officials", "free obtain-plan", "no free action"]
    do(s, 0, "free obtain-plan")
    do(s, 0, "plan blue")
    assert s["boards"][0]["plans"] == ["B1"] and s["decision"]["kind"] == "store_tile"
    do(s, 0, "tile D-gold")
    do(s, 0, "lot A1 S1")
    events = do(s, 0, "house left")
    assert [e["player"] for e in events if e["kind"] == "store_built"] == [0]
    assert driver.waiting(s) == [2]  # seat 1 has no favor
    assert texts(s, 2) == ["decline", "follow build-store", "follow hire-officials", "follow obtain-plan"]
    do(s, 2, "follow build-store")
    assert "tile D-gold" not in texts(s, 2)  # the visitor took it; refilled at the end of the turn
    do(s, 2, "tile D-cloth")
    do(s, 2, "lot B2 S2")
    do(s, 2, "house right")
    lots = s["city"]["lots"]
    assert lots["A1"] == {"owner": 0, "type": "gold", "street": "S1"}
    assert lots["B2"] == {"owner": 2, "type": "cloth", "street": "S2"}
    assert [b["reis"] for b in s["boards"]] == [10 + 5 - 3, 10, 10 + 5 - 3]
    assert s["boards"][2]["favors"] == [] and s["decision"]["kind"] == "draw" and s["decision"]["player"] == 0


def king_table() -> dict:
    """Seat 0 (Yellow) holds a King card and blue plan B1; seat 1 (Purple) holds the King favor
    and plan B2; both have 2 officials in the plaza; the favor supply is empty but for Maia."""
    s = city_table(n=4, reis=10, influence=5)
    s["buildings"]["blue"] = {"buildable": "PB05", "stack": ["PB06"]}
    s["boards"][0].update(hand=[KING], plans=["B1"])
    s["boards"][1].update(favors=["king"], plans=["B2"])
    s["plaza"] = {"0": 2, "1": 2}
    s["favors"] = {"maia": 1, "marquis": 0, "king": 0}
    return s


def test_e14_king_follower_chooses_meet_the_cardinal():  # E14
    s = king_table()
    do(s, 0, f"visit {KING}")
    assert texts(s, 0) == ["free meet-cardinal", "free royal-favor", "no free action"]
    do(s, 0, "no free action")
    do(s, 0, "site L-A")  # the one plan and the plaza officials are forced
    assert s["city"]["sites"]["L-A"]["building"] == {"id": "PB05", "face": "blue"}
    assert texts(s, 1) == ["decline", "follow open-public-building", "follow meet-cardinal", "follow royal-favor"]
    do(s, 1, "follow meet-cardinal")
    assert s["boards"][1]["favors"] == [] and s["favors"]["king"] == 1
    assert texts(s, 1) == ["cardinal 1 C1", "cardinal 1 C2", "cardinal 2 C2", "cardinal 2 C3"]
    do(s, 1, "cardinal 1 C1")
    assert s["boards"][1]["clergy"] == ["T01"] and s["boards"][1]["plans"] == ["B2"]
    assert s["decision"]["kind"] == "draw" and s["decision"]["player"] == 0


def test_t06_king_visit_needs_a_usable_plan():  # T06
    s = king_table()
    assert f"visit {KING}" in texts(s, 0)
    s["boards"][0]["plans"] = []
    assert f"visit {KING}" not in texts(s, 0)
    s["boards"][0]["plans"] = ["G1"]  # green: no green building on its construction space
    s["buildings"]["green"] = {"buildable": None, "stack": []}
    assert f"visit {KING}" not in texts(s, 0)


def test_follower_without_a_usable_plan_keeps_the_state_actions():  # rulebook p. 16: only actions they can complete
    s = king_table()
    s["boards"][1]["plans"] = []
    do(s, 0, f"visit {KING}")
    do(s, 0, "no free action")
    do(s, 0, "site L-A")
    assert texts(s, 1) == ["decline", "follow meet-cardinal", "follow royal-favor"]


def test_visit_payment_keeps_the_store_payable():  # rulebook p. 16: the noble action is mandatory; D16 with CL-26
    s = city_table(n=3, treasury=7, reis=3, influence=3)  # visit cost 3 (left +3), land 8 réis
    s["boards"][0].update(hand=[MAIA], clergy=["T26"])
    do(s, 0, f"visit {MAIA}")
    # 1 or 0 influence would leave 7 réis in all (a 5-réis lot bonus included) for an 8-réis lot
    assert texts(s, 0) == ["pay 3 influence 0 reis 0 wigs", "pay 2 influence 1 reis 0 wigs"]


def test_free_cardinal_move_that_prices_out_the_officials_is_not_offered():  # rulebook p. 16: free action first
    s = king_table()
    s["church"]["cardinal"] = "P04"  # every move passes P05's treasury icon: 4 réis an official
    s["plaza"] = {}
    s["boards"][0]["reis"] = 4  # 2 officials at 3 réis need a 3-réis site bonus; at 4 réis, nothing does
    s["boards"][0]["influence"] = 0
    do(s, 0, f"visit {KING}")
    assert texts(s, 0) == ["free royal-favor", "no free action"]
