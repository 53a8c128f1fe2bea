"""Meet the Cardinal and church scoring (engine/lisboa/church.py): rulebook pp. 14-15 and
the p. 15 example, D14, D23. The ring geometry is the pack's provisional one (12 path spaces, P01 = influence,
P05 and P09 = treasury)."""

from __future__ import annotations

import lisboa_driver as driver
from lisboa_play import do, goods, open_decision, run_step, table, texts

from engine.lisboa.game import GAME


def _tiles(s, spaces):
    for space in s["church"]["spaces"]:
        s["church"]["spaces"][space] = spaces.get(space)


def test_cardinal_moves_one_or_two_and_takes_an_adjacent_tile():  # rulebook p. 14
    s = table(3)
    _tiles(s, {"C1": "T01", "C2": "T02", "C3": "T03"})
    s["boards"][0]["clergy"] = []
    open_decision(s, "cardinal", 0)
    assert texts(s, 0) == ["cardinal 1 C1", "cardinal 1 C2", "cardinal 2 C2", "cardinal 2 C3"]
    do(s, 0, "cardinal 2 C3")
    assert s["church"]["cardinal"] == "P03" and s["boards"][0]["clergy"] == ["T03"]
    assert s["church"]["spaces"]["C3"] is None


def test_treasury_icon_passed_moves_the_treasury_up():  # rulebook p. 14: stop on or pass
    s = table(3)
    s["church"]["cardinal"] = "P04"
    _tiles(s, {"C3": "T03", "C4": "T04"})
    treasury = s["treasury"]
    open_decision(s, "cardinal", 0)
    do(s, 0, "cardinal 2 C4")  # passes P05
    assert s["treasury"] == treasury + 1 and not s["church"]["lying"]


def test_t05_four_tiles_forbid_meeting_the_cardinal():  # T05
    s = table(3)
    s["boards"][0]["clergy"] = ["T01", "T02", "T03", "T04"]
    goods(s, 0, cloth=1, gold=1)
    open_decision(s, "trade", 0, done=[])
    assert not any("meet-cardinal" in t for t in texts(s, 0))


def test_nb07_single_step_and_cl20_extra_steps():  # single-arrow move; CL-20 adds up to 2
    s = table(3)
    _tiles(s, {"C1": "T01", "C2": "T02", "C3": "T03", "C4": "T04"})
    s["boards"][0]["clergy"] = []
    open_decision(s, "cardinal", 0, steps=[1])
    assert texts(s, 0) == ["cardinal 1 C1", "cardinal 1 C2"]
    s["boards"][0]["clergy"] = ["T20"]
    assert [t.split()[1] for t in texts(s, 0)] == ["1", "1", "2", "2", "3", "3"]


def _lying(s, trigger):
    s["church"]["lying"], s["church"]["trigger"] = True, trigger


def test_e13_church_scoring():  # E13: discard one tile (2 wigs on its back): +2 wigs, +6 influence (cap 10)
    s = table(3)
    g = s["boards"][0]
    g["clergy"] = ["T01", "T30"]  # T01: back 2 wigs (provisional pack value)
    g["portfolio"]["top"] = ["blue-10", "ship-red-1"]  # 4 + 2 = 6
    g["holds"]["ship-red-1"] = {"goods": [], "sailing": False}
    g["influence"], g["wigs"] = 7, 5
    for b in s["boards"][1:]:
        b["clergy"] = []
    _lying(s, 0)
    run_step(s, {"step": "church_scoring"})
    assert driver.waiting(s) == [0]
    assert texts(s, 0) == ["church discard none", "church discard T01", "church discard T30", "church discard T01 T30"]
    do(s, 0, "church discard T01")
    assert g["clergy"] == ["T30"] and g["wigs"] == 5 + 2 + 1  # +1: the gain ended on 10
    assert g["influence"] == 10 and not s["church"]["lying"]


def test_t07_scoring_asks_in_parallel_and_applies_from_the_triggerer():  # T07
    s = table(3)
    for seat, b in enumerate(s["boards"]):
        b["clergy"], b["influence"], b["wigs"] = ["T0" + str(seat + 1)], 9, 5
        b["portfolio"]["top"] = ["blue-09"]  # +3: every gain ends on 10
    _lying(s, 1)
    run_step(s, {"step": "church_scoring"})
    assert s["frames"][-1]["seats"] == [1, 2, 0] and driver.waiting(s) == [1, 2, 0]
    events = []
    for seat in (0, 2, 1):
        events += driver.apply(s, seat, {"verb": "church", "tiles": s["boards"][seat]["clergy"][:1]})
    order = [e["player"] for e in events if e["kind"] == "church_discard"]
    assert order == [1, 2, 0] and not s["frames"]


def test_players_without_tiles_are_not_asked():  # rulebook p. 15
    s = table(3)
    for b in s["boards"]:
        b["clergy"] = []
    _lying(s, 0)
    run_step(s, {"step": "church_scoring"})
    assert not s["frames"] and not s["church"]["lying"]


def test_influence_icon_lays_the_cardinal_down_and_scoring_ends_the_turn():  # rulebook p. 14, p. 15
    s = table(3)
    s["church"]["cardinal"] = "P12"
    _tiles(s, {"C1": "T01", "C2": "T02"})
    for b in s["boards"]:
        b["clergy"] = []
    s["boards"][0]["hand"].pop()  # as after a card play: the draw follows
    open_decision(s, "cardinal", 0, queue=[{"step": "end_turn"}])
    do(s, 0, "cardinal 1 C2")  # stops on P01
    assert s["frames"] and s["frames"][-1]["seats"] == [0]
    do(s, 0, "church discard T02")
    assert not s["church"]["lying"] and s["decision"]["kind"] == "draw"


def test_a_held_church_answer_shows_who_answered_not_what():  # everyone answers at once (D23)
    s = table(3)
    for seat, b in enumerate(s["boards"]):
        b["clergy"] = ["T0" + str(seat + 1), "T1" + str(seat + 1)]
    _lying(s, 0)
    run_step(s, {"step": "church_scoring"})
    driver.apply(s, 1, {"verb": "church", "tiles": []})
    other = GAME.copy_state(s)
    other["frames"][-1]["answers"]["1"] = {"verb": "church", "tiles": ["T12"]}  # only seat 1's answer differs
    assert GAME.public_view(s) == GAME.public_view(other)
    assert GAME.public_view(s)["frames"][-1]["answers"] == {"1": None}  # who answered, not what
    for seat in (0, 2):
        assert GAME.view(s, seat) == GAME.view(other, seat)
        for seed in (1, 2):  # the AI's sampled world depends on what the seat sees only
            world = GAME.determinize(s, seat, seed)
            assert world == GAME.determinize(other, seat, seed) and GAME.view(world, seat) == GAME.view(s, seat)
    assert GAME.view(other, 1)["frames"][-1]["answers"] == {"1": {"verb": "church", "tiles": ["T12"]}}
