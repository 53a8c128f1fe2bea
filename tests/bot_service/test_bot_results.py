"""Score lines for both result shapes, and the doctests of the bot package."""

from __future__ import annotations

import doctest

import pytest

import bot.history
import bot.results
from bot.results import format_scores, iso, names_list


@pytest.mark.parametrize("module", [bot.results, bot.history])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_puerto_rico_shape_with_shared_win() -> None:
    scores = {
        "players": [
            {"seat": 0, "name": "A", "vp_chips": 10, "buildings": 12, "bonuses": {"guild-hall": 4},
             "total": 26, "tiebreak": 5},
            {"seat": 1, "name": "B", "vp_chips": 14, "buildings": 12, "bonuses": {}, "total": 26, "tiebreak": 5},
            {"seat": 2, "name": "C", "vp_chips": 1, "buildings": 2, "bonuses": {}, "total": 3, "tiebreak": 0},
        ],
        "ranking": [1, 0, 2], "winners": [1, 0], "tie_break": "doubloons + goods", "shared": True,
    }
    assert format_scores(scores, ["Ann", "Bob", "Cy"]) == [
        "Final scores:",
        "1. Bob — 26 (vp chips 14, buildings 12, tie-break 5)",
        "1. Ann — 26 (vp chips 10, buildings 12, guild-hall 4, tie-break 5)",
        "3. Cy — 3 (vp chips 1, buildings 2, tie-break 0)",
        "Shared win: Bob and Ann.",
        "Tie-break: doubloons + goods.",
    ]


def test_unknown_shape_falls_back_and_helpers() -> None:
    assert format_scores({"a": 1}, []) == ["Final scores:", "a: 1"]
    assert format_scores(None, []) == []
    assert names_list([]) == "nobody" and names_list(["A", "B", "C"]) == "A, B and C"
    assert iso("2030-01-01T00:00:00Z") == "2030-01-01T00:00:00Z"
