"""The core's typed final result: construction checks, ranks with shared places, winners, JSON."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.core import Outcome, SeatResult, place_ranks


def _seat(seat: int, total: int, rank: int, winner: bool = False, **tie_break: int) -> SeatResult:
    return SeatResult(seat, f"P{seat}", total, rank, {"chips": total - 2, "bonus": 2}, tie_break, winner)


def test_round_trip_through_json_keeps_everything_and_the_order_of_the_tables():
    outcome = Outcome(
        (
            _seat(2, 30, 1, True, sets=1, reis=4),
            _seat(0, 30, 2, sets=0, reis=9),
            SeatResult(1, "P1", 12.5, 3, {"z": 10, "a": 2.5}, {"b": 1, "a": 2}),
        ),
        "sets, then reis",
    )
    data = json.loads(json.dumps(outcome.to_dict()))
    assert data["results"][0] == {
        "seat": 2,
        "name": "P2",
        "total": 30,
        "rank": 1,
        "breakdown": {"chips": 28, "bonus": 2},
        "tie_break": {"sets": 1, "reis": 4},
        "winner": True,
    }
    back = Outcome.from_dict(data)
    assert back == outcome and hash(back) == hash(outcome)
    assert list(back.seat(1).breakdown) == ["z", "a"] and list(back.seat(1).tie_break) == ["b", "a"]
    assert back.tie_break == "sets, then reis" and back.winners == (2,) and not back.shared


def test_shared_win_and_shared_places():
    outcome = Outcome((_seat(1, 40, 1, True), _seat(3, 40, 1, True), _seat(0, 20, 3), _seat(2, 20, 3)))
    assert outcome.winners == (1, 3) and outcome.shared
    assert [r.rank for r in outcome.results] == [1, 1, 3, 3]
    assert outcome.seat(2).total == 20
    with pytest.raises(KeyError):
        outcome.seat(4)


def test_nobody_needs_to_win():
    outcome = Outcome((_seat(0, 5, 1), _seat(1, 3, 2)))
    assert outcome.winners == () and not outcome.shared


@pytest.mark.parametrize("ranks", [[1, 2, 3], [1, 1, 3], [1, 2, 2], [1, 1, 1], [1, 2, 2, 4]])
def test_competition_ranks_are_accepted(ranks):
    Outcome(tuple(_seat(seat, 10, rank) for seat, rank in enumerate(ranks)))


@pytest.mark.parametrize("ranks", [[2], [1, 1, 2], [1, 3], [2, 1], [1, 2, 1]])
def test_other_rank_sequences_are_refused(ranks):
    with pytest.raises(ValueError, match="rank"):
        Outcome(tuple(_seat(seat, 10, rank) for seat, rank in enumerate(ranks)))


def test_place_ranks_skip_after_a_shared_place():
    assert place_ranks([[2], [0, 1], [3]]) == {2: 1, 0: 2, 1: 2, 3: 4}
    assert place_ranks([[0, 1, 2]]) == {0: 1, 1: 1, 2: 1}
    assert place_ranks([]) == {}


@pytest.mark.parametrize(
    "make",
    [
        lambda: Outcome(()),
        lambda: Outcome((_seat(0, 1, 1), _seat(0, 1, 1))),
        lambda: SeatResult(-1, "x", 1, 1),
        lambda: SeatResult(0, "x", 1, 0),
        lambda: SeatResult(0, "x", True, 1),
        lambda: SeatResult(0, "x", "9", 1),  # type: ignore[arg-type]
        lambda: SeatResult(0, "x", 1, 1, {"vp": "3"}),  # type: ignore[dict-item]
        lambda: SeatResult(0, "x", 1, 1, {}, {"coins": False}),
    ],
)
def test_malformed_results_are_refused(make):
    with pytest.raises(ValueError):
        make()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"results": []},
        {"results": "x"},
        {"results": [{"seat": 0}]},
        {"players": [{"seat": 0, "total": 3}], "winners": [0]},
        [],
    ],
)
def test_from_dict_reads_only_its_own_layout(data):
    with pytest.raises(ValueError):
        Outcome.from_dict(data)


def test_results_are_frozen_and_own_their_tables():
    breakdown = {"vp": 3}
    result = SeatResult(0, "Ann", 3, 1, breakdown)
    breakdown["vp"] = 99
    assert result.breakdown == {"vp": 3}
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 5  # type: ignore[misc]
