"""Helpers for the store and public-building tests: a quiet city where every number is set by the test."""

from __future__ import annotations

from typing import Any

from lisboa_play import table

DISASTERS = ("earthquake", "fire", "tsunami")


def cubes(earthquake: int = 0, fire: int = 0, tsunami: int = 0) -> dict[str, int]:
    return {"earthquake": earthquake, "fire": fire, "tsunami": tsunami}


def city_table(n: int = 3, treasury: int = 2, reis: int = 0, influence: int = 0) -> dict[str, Any]:
    """A table with no rubble on the map, no officials out, no building, no clergy, no favors and no
    plans; every player has ``reis`` réis, ``influence`` influence, 0 wigs and 8 officials. The
    treasury index 2 is 3 réis with modifier 0. The church holds only T01 (CL-01, nothing on money)."""
    s = table(n)
    s["treasury"] = treasury
    city = s["city"]
    for pools in (city["row_rubble"], city["column_rubble"]):
        for key in pools:
            pools[key] = cubes()
    for site in city["sites"].values():
        site["rubble"] = cubes()
    s["church"]["spaces"] = {space: "T01" for space in s["church"]["spaces"]}
    s["offices"] = {noble: {} for noble in s["offices"]}
    s["plaza"] = {}
    for b in s["boards"]:
        b.update(
            reis=reis,
            influence=influence,
            wigs=0,
            clergy=[],
            favors=[],
            plans=[],
            completed_plans=[],
            officials=8,
            portfolio={"top": [], "bottom": []},
            rubble=cubes(),
        )
    return s


def build(state: dict[str, Any], site: str, building: str, face: str) -> None:
    """Put an already built public building on ``site``."""
    state["city"]["sites"][site]["building"] = {"id": building, "face": face}


def store(state: dict[str, Any], lot: str, owner: int, kind: str, street: str) -> None:
    state["city"]["lots"][lot] = {"owner": owner, "type": kind, "street": street}


def wigs(state: dict[str, Any]) -> list[int]:
    return [b["wigs"] for b in state["boards"]]
