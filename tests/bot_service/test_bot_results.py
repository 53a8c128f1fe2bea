"""Final-score lines from typed outcomes (results stored in either game's layout), and the doctests
of the bot package."""

from __future__ import annotations

import doctest
from typing import Any

import pytest

import bot.service.history
import bot.service.results
from bot.service.scores import format_scores, winner_line
from bot.service.words import names_list
from bot.store.times import iso
from engine.core import Outcome, SeatResult, get_game


@pytest.mark.parametrize("module", [bot.service.results, bot.service.history])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_a_stored_puerto_rico_result_with_a_shared_win() -> None:
    """A result in the layout Puerto Rico keeps in its state (old snapshots hold the same), shown
    through the game's typed outcome: a described tie-break shows inline and once at the end."""
    result = {
        "players": [
            {
                "seat": 0,
                "name": "A",
                "vp_chips": 10,
                "buildings": 12,
                "bonuses": {"guild-hall": 4},
                "total": 26,
                "tiebreak": 5,
            },
            {"seat": 1, "name": "B", "vp_chips": 14, "buildings": 12, "bonuses": {}, "total": 26, "tiebreak": 5},
            {"seat": 2, "name": "C", "vp_chips": 1, "buildings": 2, "bonuses": {}, "total": 3, "tiebreak": 0},
        ],
        "ranking": [1, 0, 2],
        "winners": [1, 0],
        "tie_break": "doubloons + goods",
        "shared": True,
    }
    outcome = get_game("puerto_rico").outcome({"players": ["A", "B", "C"], "result": result})
    assert format_scores(outcome, ["Ann", "Bob", "Cy"]) == [
        "Final scores:",
        "1. Bob — 26 (vp chips 14, buildings 12, tie-break 5)",
        "1. Ann — 26 (vp chips 10, buildings 12, guild-hall 4, tie-break 5)",
        "3. Cy — 3 (vp chips 1, buildings 2, tie-break 0)",
        "Shared win: Bob and Ann.",
        "Tie-break: doubloons + goods.",
    ]


def test_a_stored_lisboa_result_lists_the_tie_break_where_totals_are_equal() -> None:
    def row(seat: int, total: int, sets: int, reis: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "board_wigs": total - 4,
            "categories": {"ships": 3, "rubble_wigs": 1},
            "stores": {},
            "decrees": [],
            "total": total,
            "tie_break": {"rubble_sets": sets, "stores": 0, "completed_plans": 0, "reis": reis},
        }

    result = {
        "scores": [row(0, 40, 1, 5), row(1, 40, 2, 0), row(2, 52, 0, 0), row(3, 40, 1, 5)],
        "ranking": [[2], [1], [0, 3]],
        "winners": [2],
    }
    outcome = get_game("lisboa").outcome({"players": ["A", "B", "C", "D"], "result": result})
    assert format_scores(outcome, ["Ann", "Bob", "Cy", "Di"]) == [
        "Final scores:",
        "1. Cy — 52 (board wigs 48, ships 3, rubble wigs 1)",
        "2. Bob — 40 (board wigs 36, ships 3, rubble wigs 1)",
        "3. Ann — 40 (board wigs 36, ships 3, rubble wigs 1)",
        "3. Di — 40 (board wigs 36, ships 3, rubble wigs 1)",
        "Winner: Cy.",
        "Tie-break at 40: Bob (rubble sets 2, stores 0, completed plans 0, reis 0); "
        "Ann (rubble sets 1, stores 0, completed plans 0, reis 5); "
        "Di (rubble sets 1, stores 0, completed plans 0, reis 5).",
    ]


def test_no_outcome_no_lines_and_helpers() -> None:
    assert format_scores(None, []) == []
    nobody = Outcome((SeatResult(0, "Ann", 2, 1), SeatResult(1, "Bob", 1, 2)))
    assert format_scores(nobody, []) == ["Final scores:", "1. Ann — 2", "2. Bob — 1"]
    assert winner_line(nobody, []) is None
    assert winner_line(Outcome((SeatResult(0, "Ann", 2.5, 1, winner=True),)), []) == "Winner: Ann."
    assert names_list([]) == "nobody" and names_list(["A", "B", "C"]) == "A, B and C"
    assert iso("2030-01-01T00:00:00Z") == "2030-01-01T00:00:00Z"
