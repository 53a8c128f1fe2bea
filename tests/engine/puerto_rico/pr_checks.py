"""Invariant checks for the Puerto Rico engine tests, and the building tables they check against.

Conservation of colonists, nobles, goods and VP chips, nothing negative, city capacity. The
tables are typed in from the rules ([P] tables, see engine/puerto_rico/__init__.py), never read
from the engine, so a wrong engine table
fails here. :mod:`pr_helpers` re-exports everything, so tests import from one place.
"""

from __future__ import annotations

from typing import Any

State = dict[str, Any]
GOODS = ("corn", "indigo", "sugar", "tobacco", "coffee")
GI = {g: i for i, g in enumerate(GOODS)}


def _colonists(board: dict[str, Any]) -> int:
    """Every person on the board (nobles included)."""
    return sum(o for _, o in board["island"].values()) + sum(board["city"].values()) + board["san_juan"]


def _nobles(board: dict[str, Any]) -> int:
    return sum((board.get("nobles") or {}).values())


def check_invariants(state: State) -> None:
    """Conservation of colonists, goods and VP chips; nothing negative."""
    supply, totals = state["supply"], state["totals"]
    boards = state["boards"]
    colonists = supply["colonists"] + supply["ship"] + sum(_colonists(b) - _nobles(b) for b in boards)
    assert colonists == totals["colonists"], (colonists, totals["colonists"])
    if "nobles" in totals:  # Nobles: 20 nobles between supply, ship and boards
        held = sum(_nobles(b) for b in boards)
        assert supply["nobles"] + supply["ship_nobles"] + held == totals["nobles"]
        assert supply["nobles"] >= 0 and supply["ship_nobles"] >= 0
        for b in boards:
            for place, n in b["nobles"].items():
                at = (
                    b["san_juan"]
                    if place == "san_juan"
                    else (b["city"][place] if place in b["city"] else b["island"][place][1])
                )
                assert 0 < n <= at, (place, n, at)
    for b in boards:
        if "forest" in b["island"]:
            assert b["island"]["forest"][1] == 0, "a forest never holds a colonist"
    for i, good in enumerate(GOODS):
        held = sum(b["goods"][i] for b in boards)
        aboard = sum(s["load"] for s in state["cargo"] if s["good"] == good)
        in_house = state["house"].count(good)
        assert supply["goods"][i] + held + aboard + in_house == totals["goods"][i], good
        assert supply["goods"][i] >= 0
    assert supply["vp"] + sum(b["vp"] for b in boards) == totals["vp"]
    assert supply["colonists"] >= 0 and supply["ship"] >= 0 and supply["quarries"] >= 0
    for b in boards:
        assert b["doubloons"] >= 0 and b["vp"] >= 0 and b["san_juan"] >= 0
        assert all(n >= 0 for n in b["goods"])
        for tiles, occ in b["island"].values():
            assert 0 <= occ <= tiles
        for n in b["city"].values():
            assert n >= 0
    for ship in state["cargo"]:
        assert 0 <= ship["load"] <= ship["size"]
        assert (ship["good"] is None) == (ship["load"] == 0)
    assert all(n >= 0 for n in state["buildings"].values())
    assert len(state["house"]) <= 4


# The base-game building table, typed in from the published building tables (not read from
# the engine): id → (cost, VP, quarry column, circles, copies 3–5p, copies 2p, kind).
# kind: "small" / "large" production, "violet" small violet, "big" large violet.
BUILDING_TABLE: dict[str, tuple[int, int, int, int, int, int, str]] = {
    "small-indigo-plant": (1, 1, 1, 1, 4, 2, "small"),
    "small-sugar-mill": (2, 1, 1, 1, 4, 2, "small"),
    "indigo-plant": (3, 2, 2, 3, 3, 2, "large"),
    "sugar-mill": (4, 2, 2, 3, 3, 2, "large"),
    "tobacco-storage": (5, 3, 3, 3, 3, 2, "large"),
    "coffee-roaster": (6, 3, 3, 2, 3, 2, "large"),
    "small-market": (1, 1, 1, 1, 2, 1, "violet"),
    "hacienda": (2, 1, 1, 1, 2, 1, "violet"),
    "construction-hut": (2, 1, 1, 1, 2, 1, "violet"),
    "small-warehouse": (3, 1, 1, 1, 2, 1, "violet"),
    "hospice": (4, 2, 2, 1, 2, 1, "violet"),
    "office": (5, 2, 2, 1, 2, 1, "violet"),
    "large-market": (5, 2, 2, 1, 2, 1, "violet"),
    "large-warehouse": (6, 2, 2, 1, 2, 1, "violet"),
    "factory": (7, 3, 3, 1, 2, 1, "violet"),
    "university": (8, 3, 3, 1, 2, 1, "violet"),
    "harbor": (8, 3, 3, 1, 2, 1, "violet"),
    "wharf": (9, 3, 3, 1, 2, 1, "violet"),
    "guild-hall": (10, 4, 4, 1, 1, 1, "big"),
    "residence": (10, 4, 4, 1, 1, 1, "big"),
    "fortress": (10, 4, 4, 1, 1, 1, "big"),
    "customs-house": (10, 4, 4, 1, 1, 1, "big"),
    "city-hall": (10, 4, 4, 1, 1, 1, "big"),
}


# The expansion tables, typed in from the published expansion tables (not read from the
# engine): id → (cost, VP, column, circles, copies at 3–5 players, large, set).
EXPANSION_TABLE: dict[str, tuple[int, int, int, int, int, bool, str]] = {
    "aqueduct": (1, 1, 1, 1, 2, False, "new_buildings"),
    "forest-house": (2, 1, 1, 1, 2, False, "new_buildings"),
    "black-market": (2, 1, 1, 1, 2, False, "new_buildings"),
    "storehouse": (3, 1, 1, 1, 2, False, "new_buildings"),
    "guest-house": (4, 2, 2, 2, 2, False, "new_buildings"),
    "trading-post": (5, 2, 2, 1, 2, False, "new_buildings"),
    "church": (5, 2, 2, 1, 2, False, "new_buildings"),
    "small-wharf": (6, 2, 2, 1, 2, False, "new_buildings"),
    "lighthouse": (7, 3, 3, 1, 2, False, "new_buildings"),
    "specialty-factory": (8, 3, 3, 1, 2, False, "new_buildings"),
    "library": (8, 3, 3, 1, 2, False, "new_buildings"),
    "union-hall": (9, 3, 3, 1, 2, False, "new_buildings"),
    "cloister": (10, 4, 4, 1, 1, True, "new_buildings"),
    "statue": (10, 8, 4, 0, 1, True, "new_buildings"),
    "land-office": (2, 1, 1, 1, 2, False, "nobles"),
    "chapel": (3, 1, 1, 1, 2, False, "nobles"),
    "hunting-lodge": (4, 2, 2, 1, 2, False, "nobles"),
    "zoning-office": (5, 2, 2, 1, 2, False, "nobles"),
    "royal-supplier": (6, 2, 2, 1, 2, False, "nobles"),
    "villa": (7, 3, 3, 1, 2, False, "nobles"),
    "jeweler": (8, 3, 3, 1, 2, False, "nobles"),
    "royal-garden": (10, 4, 4, 1, 1, True, "nobles"),
}


def circles_of(building: str) -> int:
    if building in EXPANSION_TABLE:
        return EXPANSION_TABLE[building][3]
    return BUILDING_TABLE[building][3]


def _large(building: str) -> bool:
    if building in EXPANSION_TABLE:
        return EXPANSION_TABLE[building][5]
    return BUILDING_TABLE[building][6] == "big"


def city_spaces(board: dict[str, Any]) -> int:
    return sum(2 if _large(b) else 1 for b in board["city"])


def check_city(state: State) -> None:
    """No building holds more colonists than it has circles; at most 12 city spaces."""
    for board in state["boards"]:
        for b, n in board["city"].items():
            assert n <= circles_of(b), (b, n)
        assert city_spaces(board) <= 12
        assert sum(t for t, _ in board["island"].values()) <= 12
