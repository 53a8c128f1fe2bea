"""Final scoring and end-of-era rubble wigs (engine/lisboa/scoring.py): rulebook p. 9, p. 22,
p. 23 and its examples; the Bodoge summary's clergy tiles and decree list."""

from __future__ import annotations

import copy
import json

import pytest
from lisboa_play import GOODS, give_ship, stores, table

from engine.lisboa import scoring
from engine.lisboa.model import Decree

RUBBLE = ("earthquake", "fire", "tsunami")
ORDER = ["ships", "rubble", "stores", "reis", "decrees", "officials", "favors"]


def _blank(n: int = 3) -> dict:
    """A table with every board emptied of what scores, so each test sets exactly what it needs."""
    s = table(n)
    for b in s["boards"]:
        b.update(
            reis=0,
            wigs=0,
            influence=0,
            sets=0,
            clergy=[],
            favors=[],
            decrees=[],
            completed_plans=[],
            portfolio={"top": [], "bottom": []},
            holds={},
        )
        b["goods"] = {g: 0 for g in GOODS}
        b["rubble"] = {d: 0 for d in RUBBLE}
    return s


def _put(s: dict, seat: int, lot: str, good: str, street: str) -> None:
    s["city"]["lots"][lot] = {"owner": seat, "type": good, "street": street}


def _build(s: dict, site: str, face: str) -> None:
    s["city"]["sites"][site]["building"] = {"id": "PB01", "face": face}


def _scores(s: dict) -> list[dict]:
    return scoring.final_scoring(s)


# --- majorities (rulebook p. 23) -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("counts", "values", "shares"),
    [
        ([5, 2, 0, 0], [6, 3, 1], [6, 3, 0, 0]),  # E32
        ([1, 4, 3, 3], [9, 6, 3], [0, 9, 4, 4]),  # E33: Green, Purple, Yellow, Orange
        ([5, 3, 5, 8], [15, 10, 5], [7, 0, 7, 15]),  # E36
        ([3, 1], [9, 3], [9, 3]),  # T08: 2p pays the 3rd-place value for 2nd
        ([2, 2], [9, 3], [6, 6]),  # 2p tie for 1st: (9 + 3) // 2 each
        ([2, 2, 2], [3, 2, 1], [2, 2, 2]),  # three tied share 1st-3rd
        ([4, 4, 1, 0], [9, 6, 3], [7, 7, 3, 0]),  # tie for 1st skips 2nd; next is 3rd
        ([0, 0, 0], [9, 6, 3], [0, 0, 0]),  # 0 stores scores nothing
    ],
)
def test_majority_shares(counts, values, shares):
    assert scoring.majority_shares(counts, values) == shares


def test_examples_e30_to_e37_together():  # 4p: Green, Purple, Yellow, Orange
    s = _blank(4)
    green, purple, yellow, orange = s["boards"]
    for ship in ("ship-red-1", "ship-purple-1", "ship-purple-2"):  # E30: hulls 2, 3, 3
        give_ship(s, 0, ship)
    orange["sets"] = 3  # E31
    stores(s, 0, tools=5, cloth=1)  # E32 / E33
    stores(s, 3, tools=2, cloth=3)
    stores(s, 1, cloth=4)
    stores(s, 2, cloth=3)
    purple.update(reis=13, influence=7)  # E34: icons 0, 2, 4, 6 below 7
    green["completed_plans"], purple["completed_plans"] = ["B8"], ["G3"]  # E36: 5, 3
    yellow["completed_plans"], orange["completed_plans"] = ["G7"], ["B7", "B3"]  # 5, 5 + 3
    green["favors"] = ["king", "marquis"]  # E37
    green["wigs"] = 5
    scores = _scores(s)
    cats = [sc["categories"] for sc in scores]
    assert [list(c) for c in cats] == [ORDER] * 4
    assert cats[0] == {"ships": 8, "rubble": 0, "stores": 6, "reis": 0, "decrees": 0, "officials": 7, "favors": 4}
    assert cats[1] == {"ships": 0, "rubble": 0, "stores": 9, "reis": 3, "decrees": 0, "officials": 0, "favors": 0}
    assert cats[2] == {"ships": 0, "rubble": 0, "stores": 4, "reis": 0, "decrees": 0, "officials": 7, "favors": 0}
    assert cats[3] == {"ships": 0, "rubble": 9, "stores": 7, "reis": 0, "decrees": 0, "officials": 15, "favors": 0}
    assert scores[0]["stores"] == {"gold": 0, "tools": 6, "books": 0, "cloth": 0}
    assert scores[3]["stores"] == {"gold": 0, "tools": 3, "books": 0, "cloth": 4}
    assert [sc["board_wigs"] for sc in scores] == [5, 0, 0, 0]
    assert [sc["total"] for sc in scores] == [30, 12, 11, 31]
    assert scores[1]["tie_break"] == {"rubble_sets": 0, "stores": 4, "completed_plans": 1, "reis": 17}
    assert scoring.ranking(s, scores) == [[3], [0], [1], [2]]
    assert purple["influence"] == 7 and purple["reis"] == 13  # E34: the marker does not move


def test_t08_two_player_majorities_pay_first_and_third_place_values():  # T08, rulebook p. 23
    s = _blank(2)
    stores(s, 0, books=3)
    stores(s, 1, books=1, gold=2)
    s["boards"][0]["completed_plans"], s["boards"][1]["completed_plans"] = ["B7"], ["B1"]
    scores = _scores(s)
    assert scores[0]["stores"] == {"gold": 0, "tools": 0, "books": 9, "cloth": 0}
    assert scores[1]["stores"] == {"gold": 3, "tools": 0, "books": 3, "cloth": 0}
    assert [sc["categories"]["officials"] for sc in scores] == [15, 5]


def test_two_player_tie_for_first_splits_first_and_third_place_values():
    s = _blank(2)
    stores(s, 0, cloth=2)
    stores(s, 1, cloth=2)
    assert [sc["stores"]["cloth"] for sc in _scores(s)] == [6, 6]


# --- ships, rubble, réis, favors, clergy (rulebook p. 9, p. 23) ----------------------------------
def test_era_rubble_wigs_and_cl34():  # rulebook p. 22, CL-34
    s = _blank()
    s["boards"][0]["sets"], s["boards"][1]["sets"] = 2, 2
    s["boards"][1]["clergy"] = ["T34"]
    assert [scoring.era_rubble_wigs(s, seat) for seat in range(3)] == [6, 8, 0]
    assert [sc["categories"]["rubble"] for sc in _scores(s)] == [6, 8, 0]


def test_cl17_adds_two_per_ship_at_the_end():  # CL-17 (⚠ recommended: +2 per ship)
    s = _blank()
    give_ship(s, 0, "ship-blue-1")
    give_ship(s, 0, "ship-brown-1")
    s["boards"][0]["clergy"] = ["T17"]
    give_ship(s, 1, "ship-brown-2")
    assert [sc["categories"]["ships"] for sc in _scores(s)] == [(1 + 2) + (4 + 2), 4, 0]


def test_reis_round_down_and_influence_is_read_not_moved():  # E34
    s = _blank()
    s["boards"][0].update(reis=14, influence=10)  # 14 + 6 = 20 → 4
    s["boards"][1].update(reis=4, influence=0)  # 4 → 0
    assert [sc["categories"]["reis"] for sc in _scores(s)] == [4, 0, 0]
    assert s["boards"][0]["influence"] == 10


def test_cl35_adds_one_official_per_completed_plan():  # CL-35 (⚠ recommended reading)
    s = _blank()
    s["boards"][0].update(completed_plans=["B3", "G1"], clergy=["T35"])  # 3 + 2 + 2 = 7
    s["boards"][1]["completed_plans"] = ["B5", "G1"]  # 4 + 2 = 6
    assert scoring.majority_officials(s, 0) == 7
    assert [sc["categories"]["officials"] for sc in _scores(s)] == [15, 10, 0]


def test_cl36_cl37_count_as_plans_with_no_officials():  # CL-36, CL-37 (⚠ recommended reading)
    s = _blank()
    s["boards"][0]["clergy"] = ["T36", "T37"]
    s["boards"][1].update(completed_plans=["B3"], clergy=["T35", "T36"])
    assert [scoring.completed_plans(s, 0, c) for c in (None, "blue", "green")] == [2, 1, 1]
    assert scoring.completed_plans(s, 1, "blue") == 2
    assert scoring.majority_officials(s, 0) == 0
    assert scoring.majority_officials(s, 1) == 3 + 1  # CL-35 adds nothing for the CL-36 tile
    scores = _scores(s)
    assert [sc["categories"]["officials"] for sc in scores] == [0, 15, 0]
    assert [sc["tie_break"]["completed_plans"] for sc in scores] == [2, 2, 0]


# --- decrees -------------------------------------------------------------------------------------
def test_e24_blue_buildings_score_their_decree_owner():  # E24: D01 = 1 wig per blue building
    s = _blank()
    for site in ("L-A", "R-C", "T2"):
        _build(s, site, "blue")
    _build(s, "L-B", "green")
    s["boards"][1]["decrees"] = ["D01"]
    scores = _scores(s)
    assert scores[1]["decrees"] == [["D01", 3]]
    assert [sc["categories"]["decrees"] for sc in scores] == [0, 3, 0]


def test_e35_two_decrees_add_up():  # E35: 2 + 6
    s = _blank(4)
    stores(s, 2, gold=1, books=1, cloth=1, tools=1)
    s["boards"][2]["goods"]["gold"] = 2
    s["boards"][2]["decrees"] = ["D40", "D14"]  # DC-11 gold, DC-03
    sc = _scores(s)[2]
    assert sc["decrees"] == [["D40", 2], ["D14", 6]]
    assert sc["categories"]["decrees"] == 8


def _rich() -> dict:
    """Seat 0 against seat 1 (seat 2 has nothing) for the per-type decree table below."""
    s = _blank()
    b0, b1 = s["boards"][0], s["boards"][1]
    for lot, good, street in (
        ("A1", "gold", "S1"),
        ("A2", "cloth", "S2"),
        ("B3", "books", "S3"),
        ("A5", "tools", "S4"),
    ):
        _put(s, 0, lot, good, street)
    for lot, good, street in (("B1", "gold", "S1"), ("C1", "gold", "S1"), ("C2", "cloth", "S2"), ("D2", "cloth", "S1")):
        _put(s, 1, lot, good, street)
    for site, face in (("L-A", "blue"), ("R-B", "green"), ("T1", "blue")):
        _build(s, site, face)
    b0.update(
        rubble={"earthquake": 2, "fire": 1, "tsunami": 0},
        reis=10,
        influence=7,
        clergy=["T36", "T28"],
        goods={"gold": 2, "books": 1, "cloth": 1, "tools": 1},
        completed_plans=["B3", "G1"],
    )
    b1.update(
        rubble={"earthquake": 1, "fire": 1, "tsunami": 1},
        reis=5,
        influence=9,
        decrees=["D70"],
        goods={"gold": 2, "books": 0, "cloth": 0, "tools": 0},
        completed_plans=["B7", "B8"],
    )
    s["boards"][2]["goods"]["books"] = 3
    give_ship(s, 0, "ship-red-1", cargo=["books", "cloth"])  # goods in a hold are not counted
    b0["portfolio"]["top"].append("blue-01")  # Maia, influence 3
    b0["portfolio"]["bottom"].append("blue-16")
    return s


@pytest.mark.parametrize(
    ("decree", "wigs"),
    [
        ("D01", 2),
        ("D02", 1),
        ("D04", 2),
        ("D05", 2),
        ("D06", 2),  # DC-01: blue x1, green x1, sides x2
        ("D07", 2),
        ("D08", 2),
        ("D10", 2),
        ("D11", 6),
        ("D12", 0),  # DC-02: streets, row A (3), row C
        ("D14", 6),  # DC-03
        ("D16", 4),  # DC-04
        ("D19", 5),
        ("D20", 0),
        ("D22", 5),  # DC-05: map tie, gold street, row B tie
        ("D24", 1),
        ("D26", 3),
        ("D27", 1),  # DC-06: any owner
        ("D29", 2),
        ("D31", 0),  # DC-07
        ("D32", 5),  # DC-08: 3 = 3, tie
        ("D34", 5),
        ("D35", 0),
        ("D37", 5),  # DC-09: gold tie, books lost, tools
        ("D38", 5),  # DC-10
        ("D40", 2),
        ("D42", 1),  # DC-11: the hold's cloth is ignored
        ("D44", 3),
        ("D45", 4),
        ("D46", 2),  # DC-12: B3, G1 + CL-36 (blue)
        ("D47", 5),
        ("D48", 5),
        ("D49", 5),  # DC-13: 3 > 2; blue 2 = 2; green 1 > 0
        ("D50", 2),  # DC-14: 5 officials // 2
        ("D52", 0),  # DC-15: 5 < 10
        ("D54", 5),
        ("D56", 1),  # DC-16 tie 1 = 1; DC-17
        ("D58", 3),
        ("D60", 0),  # DC-18: 7 // 2; DC-19: 7 < 9
        ("D62", 2),  # DC-20: printed 2 + 3 (CL-28 ignored)
        ("D64", 3),  # DC-21: 3 cards
        ("D66", 5),  # DC-22: 10 + 4 > 5 + 5
        ("D68", 2),  # DC-23: 1 ship
    ],
)
def test_each_decree_type(decree, wigs):
    s = _rich()
    s["boards"][0]["decrees"] = [decree]
    assert scoring.decree_wigs(s, 0) == [(decree, wigs)]


def test_dc02_column_scope():  # DC-02 by column (no shipped card prints one)
    s = _rich()
    card = Decree(source="test", id="X", type="DC-02", params={"column": 1}, wigs=2, two_player=False)
    assert scoring.DECREES["DC-02"](s, 0, card) == 2
    assert scoring.DECREES["DC-02"](s, 1, card) == 4


def test_most_ties_score_for_every_owner():  # "most" accepts ties
    s = _rich()
    s["boards"][0]["decrees"], s["boards"][1]["decrees"] = ["D19"], ["D19", "D32"]
    scores = _scores(s)
    assert scores[0]["decrees"] == [["D19", 5]]
    assert scores[1]["decrees"] == [["D19", 5], ["D32", 5]]


def test_most_needs_at_least_one():  # ⚠ this project's reading
    s = _blank()
    s["boards"][0]["decrees"] = ["D19", "D32", "D36", "D47", "D52", "D60", "D66"]
    assert [w for _, w in scoring.decree_wigs(s, 0)] == [0] * 7
    s["boards"][0]["reis"] = 1
    assert scoring.decree_wigs(s, 0)[-1] == ("D66", 5)


# --- ranking and tie-break (rulebook p. 23) ------------------------------------------------------
def _score(seat: int, total: int, sets: int = 0, shops: int = 0, plans: int = 0, reis: int = 0) -> dict:
    tb = {"rubble_sets": sets, "stores": shops, "completed_plans": plans, "reis": reis}
    return {"seat": seat, "total": total, "tie_break": tb}


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ({"sets": 2}, {"sets": 1, "shops": 9, "plans": 9, "reis": 99}),
        ({"sets": 1, "shops": 3}, {"sets": 1, "shops": 2, "plans": 9, "reis": 99}),
        ({"shops": 2, "plans": 2}, {"shops": 2, "plans": 1, "reis": 99}),
        ({"plans": 1, "reis": 12}, {"plans": 1, "reis": 11}),
    ],
)
def test_tie_break_order(winner, loser):
    s = _blank()
    scores = [_score(0, 40, **loser), _score(1, 40, **winner), _score(2, 41)]
    assert scoring.ranking(s, scores) == [[2], [1], [0]]


def test_tie_break_on_reis_after_conversion_and_shared_first_place():
    s = _blank(2)
    s["boards"][0].update(wigs=10, reis=5, influence=5)  # 5 + 3 = 8 → 1 wig
    s["boards"][1].update(wigs=10, reis=9)  # 9 → 1 wig
    assert scoring.ranking(s, _scores(s)) == [[1], [0]]
    s["boards"][0].update(reis=9, influence=0)
    scores = _scores(s)
    assert [sc["total"] for sc in scores] == [11, 11]
    assert scoring.ranking(s, scores) == [[0, 1]]  # still tied: they share the victory


def test_scoring_is_pure():
    s = _rich()
    s["boards"][0].update(decrees=["D19", "D66", "D62"], sets=1, favors=["king"])
    before = copy.deepcopy(s)
    scores = _scores(s)
    scoring.ranking(s, scores)
    scoring.era_rubble_wigs(s, 0)
    assert s == before
    assert scores == _scores(s) == json.loads(json.dumps(scores))  # plain JSON, stable
