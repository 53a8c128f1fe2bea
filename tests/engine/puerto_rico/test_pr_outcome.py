"""Puerto Rico's final result as the core's typed Outcome, read from a result stored in the state's
layout (as database snapshots hold it), shared win included."""

from __future__ import annotations

from pr_helpers import G

from engine.core import Outcome, SeatResult


def test_a_stored_result_with_a_shared_win_reads_as_an_outcome():
    rows = [
        {
            "vp_chips": 10,
            "buildings": 12,
            "bonuses": {"guild-hall": 4},
            "nobles": 0,
            "total": 26,
            "tiebreak": 5,
            "seat": 0,
            "name": "Ann",
        },
        {
            "vp_chips": 14,
            "buildings": 10,
            "bonuses": {},
            "nobles": 2,
            "total": 26,
            "tiebreak": 5,
            "seat": 1,
            "name": "Bob",
        },
        {"vp_chips": 1, "buildings": 2, "bonuses": {}, "nobles": 0, "total": 3, "tiebreak": 7, "seat": 2, "name": "Cy"},
        {"vp_chips": 1, "buildings": 2, "bonuses": {}, "nobles": 0, "total": 3, "tiebreak": 0, "seat": 3, "name": "Di"},
    ]
    state = {
        "over": True,
        "players": ["Ann", "Bob", "Cy", "Di"],
        "result": {
            "players": rows,
            "ranking": [0, 1, 2, 3],
            "winners": [0, 1],
            "tie_break": "doubloons + goods",
            "shared": True,
        },
    }
    tb = "doubloons + goods"
    assert G.outcome(state) == Outcome(
        (
            SeatResult(0, "Ann", 26, 1, {"vp chips": 10, "buildings": 12, "guild-hall": 4, "nobles": 0}, {tb: 5}, True),
            SeatResult(1, "Bob", 26, 1, {"vp chips": 14, "buildings": 10, "nobles": 2}, {tb: 5}, True),
            SeatResult(2, "Cy", 3, 3, {"vp chips": 1, "buildings": 2, "nobles": 0}, {tb: 7}),
            SeatResult(3, "Di", 3, 4, {"vp chips": 1, "buildings": 2, "nobles": 0}, {tb: 0}),
        ),
        tb,
    )


def test_a_base_game_result_has_no_nobles_and_keeps_the_stored_order():
    rows = [
        {"vp_chips": 9, "buildings": 3, "bonuses": {}, "total": 12, "tiebreak": 1, "seat": 0, "name": "Ann"},
        {
            "vp_chips": 20,
            "buildings": 5,
            "bonuses": {"residence": 4},
            "total": 29,
            "tiebreak": 0,
            "seat": 1,
            "name": "Bob",
        },
    ]
    state = {
        "over": True,
        "players": ["Ann", "Bob"],
        "result": {
            "players": rows,
            "ranking": [1, 0],
            "winners": [1],
            "tie_break": "doubloons + goods",
            "shared": False,
        },
    }
    outcome = G.outcome(state)
    assert outcome is not None and [r.seat for r in outcome.results] == [1, 0] and outcome.winners == (1,)
    assert outcome.seat(1).breakdown == {"vp chips": 20, "buildings": 5, "residence": 4}
    assert [r.rank for r in outcome.results] == [1, 2] and not outcome.shared


def test_no_outcome_while_the_game_runs():
    assert G.outcome({"over": False, "result": None}) is None
