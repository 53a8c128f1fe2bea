"""Visit a Noble (rulebook p. 16, D16, D17) and the follow window (p. 16, D22), through the driver."""

from __future__ import annotations

from typing import Any

import lisboa_driver as driver
import pytest
from lisboa_play import do, goods, kinds, stores, table, texts

from engine.core import IllegalAction, play
from engine.lisboa.visit import can_visit

MARQUIS, MAIA, KING = "blue-06", "blue-01", "blue-11"


def visit_table(decrees: int = 3, **influence: int) -> dict[str, Any]:
    """4 players, seat 0 to act with a Marquis, a Maia and a King card; treasury left 0, empty
    offices, no favors, no clergy, no goods, 5 influence each (``p1=2`` sets seat 1's), no wigs."""
    s = table(4)
    s["treasury"] = 2
    s["offices"] = {n: {} for n in s["offices"]}
    for seat, b in enumerate(s["boards"]):
        b.update(favors=[], clergy=[], reis=0, wigs=0, marquis_markers=0, influence=influence.get(f"p{seat}", 5))
        goods(s, seat)
    s["boards"][0]["hand"] = [MARQUIS, MAIA, KING]
    s["decrees"]["display"] = s["decrees"]["display"][:decrees]
    return s


def favor(s: dict[str, Any], *seats: int) -> None:
    for seat in seats:
        s["boards"][seat]["favors"] = ["marquis"]


def skipped(events: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(e["player"], e["why"]) for e in events if e["kind"] == "follow_skipped"]


# --- the visit ---------------------------------------------------------------------------------
def test_maia_and_king_visits_need_their_noble_action():  # rulebook p. 16, T06
    s = visit_table()
    s["city"]["tile_display"] = {space: False for space in s["city"]["tile_display"]}  # no city tile
    s["boards"][0]["plans"] = []  # no plan
    assert [t for t in texts(s, 0) if t.startswith("visit")] == [f"visit {MARQUIS}"]
    assert not can_visit(s, 0, MAIA) and not can_visit(s, 0, KING)


def test_t06_no_decree_to_take_no_visit():  # T06: the noble action is impossible, so no visit
    s = visit_table(decrees=0)
    assert f"visit {MARQUIS}" not in texts(s, 0)


def test_e15_visit_cost_counts_other_colours_and_the_treasury():  # E15 (Marquis in place of the King)
    s = visit_table(p0=6)
    s["treasury"] = 4  # left +1
    s["offices"]["marquis"] = {"0": 3, "1": 2, "2": 1, "3": 1}  # 4 not of seat 0's colour, own 3 ignored
    s["plaza"] = {"1": 3}  # the plaza never counts (rulebook p. 16)
    events = do(s, 0, f"visit {MARQUIS}")
    pay = [e for e in events if e["kind"] == "pay_influence"]
    assert pay == [
        {
            "kind": "pay_influence",
            "player": 0,
            "influence": 5,
            "reis": 0,
            "wigs": 0,
            "why": "visit marquis",
            "forced": True,
        }
    ]
    assert s["boards"][0]["influence"] == 1 and MARQUIS not in s["boards"][0]["hand"]


def test_e16_wigs_pay_only_the_shortfall():  # E16: cost 4, 2 influence -> 0 influence, -2 wigs
    s = visit_table(p0=2)
    s["offices"]["marquis"] = {"1": 4}
    s["boards"][0]["wigs"] = 3
    do(s, 0, f"visit {MARQUIS}")
    b = s["boards"][0]
    assert (b["influence"], b["wigs"]) == (0, 1)


def test_unpayable_visit_is_refused():  # rulebook pp. 10-11: shortfall above the wigs makes the visit illegal
    s = visit_table(p0=2)
    s["offices"]["marquis"] = {"1": 4}
    s["boards"][0]["wigs"] = 1
    assert f"visit {MARQUIS}" not in texts(s, 0)
    with pytest.raises(IllegalAction):
        driver.apply(s, 0, {"verb": "visit", "card": MARQUIS})


def test_e17_reis_may_pay_while_influence_remains():  # E17 with CL-26 in place of SG-L2: cost 6, 1 influence
    s = visit_table(p0=1)
    s["treasury"] = 4
    s["offices"]["marquis"] = {"1": 5}
    s["boards"][0].update(clergy=["T26"], reis=7)
    do(s, 0, f"visit {MARQUIS}")
    assert texts(s, 0) == ["pay 1 influence 5 reis 0 wigs", "pay 0 influence 6 reis 0 wigs"]
    do(s, 0, "pay 0 influence 6 reis 0 wigs")
    b = s["boards"][0]
    assert (b["influence"], b["reis"]) == (1, 1)


def test_cl04_reis_on_the_court_before_paying():  # rulebook p. 16: CL-04 +3 réis on step 1 can fund the cost
    s = visit_table(p0=0)
    s["offices"]["marquis"] = {"1": 3}
    s["boards"][0]["clergy"] = ["T04", "T26"]  # CL-04, and CL-26 so réis may pay
    assert f"visit {MARQUIS}" in texts(s, 0)
    events = do(s, 0, f"visit {MARQUIS}")
    assert [e["reis"] for e in events if e["kind"] == "visit"] == [3]
    assert s["boards"][0]["reis"] == 0


def test_d17_free_state_action_then_the_decree_e23_extra():  # D17, D19, E23
    s = visit_table()
    stores(s, 0, gold=1)
    s["boards"][0]["marquis_markers"] = 2
    first, second = s["decrees"]["display"][:2]
    do(s, 0, f"visit {MARQUIS}")
    assert texts(s, 0) == ["free produce-goods", "no free action"]  # no goods: no ship
    events = do(s, 0, "free produce-goods")
    assert s["boards"][0]["goods"]["gold"] == 1 and "noble_action" in kinds(events)
    do(s, 0, f"decree {first}")
    assert "no extra decree" in texts(s, 0)
    do(s, 0, f"decree {second}")
    b = s["boards"][0]
    assert b["decrees"][-2:] == [first, second] and b["marquis_markers"] == 1  # no third (E23)
    assert s["decision"]["kind"] == "draw" and "court" not in s  # no favors: window closed, end of turn


# --- the follow window -------------------------------------------------------------------------
def test_window_order_skips_answers_and_return_of_control():  # D22, rulebook p. 16, E14 (Marquis)
    s = visit_table(decrees=3, p3=0)
    favor(s, 1, 3, 0)  # the visitor's own favor is never asked
    s["offices"]["marquis"] = {"0": 2, "1": 1}
    s["boards"][1]["marquis_markers"] = 1
    d1, d2, d3 = s["decrees"]["display"]
    do(s, 0, f"visit {MARQUIS}")
    events = do(s, 0, f"decree {d1}")
    # seat 1 holds the favor and is asked first (the visitor's left); seat 2 lacks it
    assert skipped(events) == [(2, "no_favor")]
    assert driver.waiting(s) == [1] and texts(s, 1) == ["decline", "follow take-decree"]
    assert driver.legal_actions(s, 3) == [] and driver.legal_actions(s, 0) == []
    events = do(s, 1, "follow take-decree")
    b1 = s["boards"][1]
    assert b1["favors"] == [] and s["favors"]["marquis"] >= 1
    assert b1["influence"] == 3  # follow cost with seat 1's colour: seat 0's 2 officials (rulebook p. 16)
    assert driver.waiting(s) == [1] and texts(s, 1) == [f"decree {d2}", f"decree {d3}"]  # sub-decision
    do(s, 1, f"decree {d2}")
    events = do(s, 1, f"decree {d3}")  # the extra decree by marker: the display is now empty
    # seat 3 holds the favor but has no influence and nothing left to take: skipped when reached
    assert skipped(events) == [(3, "no_legal_follow")]
    assert s["boards"][3]["favors"] == ["marquis"] and not s["frames"]
    assert s["decision"] == {"kind": "draw", "player": 0} and driver.waiting(s) == [0]


def test_each_answer_is_seen_by_the_next_and_the_window_survives_json():  # D22: chain, plain data
    s = visit_table(decrees=3)
    favor(s, 1, 2, 3)
    d1, d2, d3 = s["decrees"]["display"]
    do(s, 0, f"visit {MARQUIS}")
    do(s, 0, f"decree {d1}")
    assert texts(s, 1) == ["decline", "follow take-decree"]
    do(s, 1, "follow take-decree")
    do(s, 1, f"decree {d2}")
    s = play.loads(play.dumps(s))  # between two answers of the window
    assert s["frames"][0]["kind"] == "follow" and s["frames"][0]["answers"] == {
        "1": {"verb": "follow", "action": "take_decree"}
    }
    assert driver.waiting(s) == [2] and texts(s, 2) == ["decline", "follow take-decree"]
    do(s, 2, "decline")  # the default; the favor stays
    assert s["boards"][2]["favors"] == ["marquis"] and driver.waiting(s) == [3]
    s = play.loads(play.dumps(s))
    events = do(s, 3, "follow take-decree")
    assert s["boards"][3]["decrees"] == [d3] and "follow_window_closed" in kinds(events)
    assert s["decision"]["kind"] == "draw" and s["decision"]["player"] == 0 and "court" not in s


def test_follow_with_a_state_action_without_paying_a_good():  # rulebook p. 16
    s = visit_table(decrees=1)
    favor(s, 1)
    stores(s, 1, books=2)
    events = do(s, 0, f"visit {MARQUIS}")  # the one decree is taken at once (a forced step)
    # the last decree is gone: only the state action remains for seat 1
    assert texts(s, 1) == ["decline", "follow produce-goods"]
    events = do(s, 1, "follow produce-goods")
    assert s["boards"][1]["goods"]["books"] == 2 and s["boards"][1]["favors"] == []
    assert s["boards"][1]["goods"] == {"gold": 0, "books": 2, "cloth": 0, "tools": 0}
    assert s["decision"]["kind"] == "draw"
    assert kinds(events).count("follow") == 1


def test_cl08_follow_is_free_and_unpayable_follow_is_skipped():  # rulebook p. 16: CL-08; D22 auto-skip
    s = visit_table(decrees=3, p1=0, p2=0)
    favor(s, 1, 2)
    s["offices"]["marquis"] = {"0": 2}
    s["boards"][1]["clergy"] = ["T08"]
    d1, d2, _ = s["decrees"]["display"]
    do(s, 0, f"visit {MARQUIS}")
    do(s, 0, f"decree {d1}")
    assert driver.waiting(s) == [1]
    events = do(s, 1, "follow take-decree")
    events += do(s, 1, f"decree {d2}")
    pay = [e for e in events if e["kind"] == "pay_influence"]
    assert pay[0]["influence"] == 0 and s["boards"][1]["influence"] == 0
    assert skipped(events) == [(2, "no_legal_follow")]  # seat 3 (no favor) was skipped at the opening
    assert s["decision"]["kind"] == "draw"


def test_no_holder_no_window():  # D22: everyone without the favor is skipped, logged
    s = visit_table()
    d1 = s["decrees"]["display"][0]
    do(s, 0, f"visit {MARQUIS}")
    events = do(s, 0, f"decree {d1}")
    assert skipped(events) == [(1, "no_favor"), (2, "no_favor"), (3, "no_favor")]
    assert not s["frames"] and s["decision"]["kind"] == "draw"


def test_two_player_dummies_count_for_the_visit_cost():  # rulebook p. 16
    s = table(2)
    s["treasury"] = 2  # left 0
    for b in s["boards"]:
        b.update(clergy=[], favors=[], wigs=0, influence=5)
    s["boards"][0]["hand"] = [MARQUIS]
    s["offices"]["marquis"] = {"dummy": 1, "0": 1, "1": 1}
    do(s, 0, f"visit {MARQUIS}")
    assert s["boards"][0]["influence"] == 3
