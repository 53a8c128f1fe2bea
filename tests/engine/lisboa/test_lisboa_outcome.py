"""Lisboa's final result as the core's typed Outcome: from the game end's real result (a shared first
place), and from a result stored in the state's layout (as database snapshots hold it)."""

from __future__ import annotations

from lisboa_play import check_outcome, run_step, table

from engine.core import Outcome, SeatResult
from engine.lisboa import scoring
from engine.lisboa.game import GAME


def _ended(state: dict) -> dict:
    """Run the real game-end step on ``state`` as if the last turn had just been played."""
    state["end"] = {"last_round": state["round"]}
    state["active"] = (state["start_player"] - 1) % len(state["players"])
    events = run_step(state, {"step": "game_end_check"})
    assert state["over"] and events[-1]["kind"] == "game_over"
    return state


def test_no_outcome_before_the_end():
    assert GAME.outcome(table(2)) is None


def test_a_tie_on_every_key_shares_first_place():
    s = table(2)
    for b in s["boards"]:
        b.update(wigs=10, reis=9, influence=0, sets=0, completed_plans=[], favors=[], decrees=[])
    outcome = check_outcome(_ended(s))
    assert [(r.seat, r.rank, r.winner) for r in outcome.results] == [(0, 1, True), (1, 1, True)]
    assert outcome.shared and outcome.winners == (0, 1)


def test_the_tie_break_keys_order_equal_totals():
    s = table(3)
    for b in s["boards"]:
        b.update(wigs=10, reis=0, influence=0, sets=0, completed_plans=[], favors=[], decrees=[])
    s["boards"][2].update(sets=1)  # its rubble wigs equal seat 1's extra board wigs; ahead on rubble sets
    s["boards"][1].update(wigs=10 + scoring.era_rubble_wigs(s, 2))
    s["boards"][0].update(wigs=30)
    outcome = check_outcome(_ended(s))
    assert [r.seat for r in outcome.results] == [0, 2, 1] and outcome.winners == (0,)
    assert outcome.seat(2).total == outcome.seat(1).total and [r.rank for r in outcome.results] == [1, 2, 3]
    assert outcome.seat(2).tie_break["rubble sets"] == 1 and outcome.seat(2).rank == 2


def test_a_stored_result_reads_as_an_outcome():
    """A finished game's ``result`` exactly as the game end stores it (snapshots keep it so)."""
    row = {
        "seat": 0,
        "board_wigs": 12,
        "categories": {"ships": 3, "rubble": 2, "stores": 4, "reis": 1, "decrees": 0, "officials": 15, "favors": 4},
        "stores": {"cloth": 4},
        "decrees": [],
        "total": 41,
        "tie_break": {"rubble_sets": 1, "stores": 2, "completed_plans": 3, "reis": 7},
    }
    other = dict(row, seat=1, board_wigs=22, total=51)
    third = dict(row, seat=2, tie_break={"rubble_sets": 2, "stores": 0, "completed_plans": 0, "reis": 0})
    state = {
        "players": ["Ann", "Bob", "Cy"],
        "over": True,
        "result": {"scores": [row, other, third], "ranking": [[1], [2], [0]], "winners": [1]},
    }
    outcome = GAME.outcome(state)
    assert outcome == Outcome(
        (
            SeatResult(
                1,
                "Bob",
                51,
                1,
                {"board wigs": 22} | other["categories"],
                {"rubble sets": 1, "stores": 2, "completed plans": 3, "reis": 7},
                winner=True,
            ),
            SeatResult(
                2,
                "Cy",
                41,
                2,
                {"board wigs": 12} | row["categories"],
                {"rubble sets": 2, "stores": 0, "completed plans": 0, "reis": 0},
            ),
            SeatResult(
                0,
                "Ann",
                41,
                3,
                {"board wigs": 12} | row["categories"],
                {"rubble sets": 1, "stores": 2, "completed plans": 3, "reis": 7},
            ),
        )
    )
    assert list(outcome.seat(0).breakdown) == [
        "board wigs",
        "ships",
        "rubble",
        "stores",
        "reis",
        "decrees",
        "officials",
        "favors",
    ]
