"""Small effects of the expansion buildings, called from the role modules [S].

Each function is a no-op for a board without the building, so the base game runs the same
code path and gets exactly its old results."""

from __future__ import annotations

from .board import active
from .data import BUILDINGS, EFFECTS, GOODS
from .nobles import colonist_in, noble_in, placed
from .types import Board, PRState

CORN = GOODS.index("corn")
AQUEDUCT = {"indigo-plant": GOODS.index("indigo"), "sugar-mill": GOODS.index("sugar")}
CLOISTER_SETS: tuple[int, ...] = tuple(EFFECTS["cloister"])  # [S] by sets of three tiles


def privilege_count(state: PRState, player: int) -> int:
    """Library: the privilege of the role its owner chooses is doubled [S] (docs/rules/puerto-rico.md)."""
    return 2 if active(state["boards"][player], "library") else 1


# --- Builder ----------------------------------------------------------------------------


def forest_discount(board: Board) -> int:
    """Every 2 forests −1, any column; no occupied Forest House needed [S]."""
    forests: int = board["island"].get("forest", [0, 0])[0]
    per: int = EFFECTS["forests_per_doubloon"]
    return forests // per


def zoning_discounts(board: Board) -> tuple[int, int]:
    """Zoning Office: colonist → columns 1–3 −1; noble → column 4 −2 [S].
    Returned as (discount for columns 1–3, discount for column 4)."""
    if not active(board, "zoning-office"):
        return 0, 0
    if noble_in(board, "zoning-office"):
        return 0, EFFECTS["zoning_noble"]
    return EFFECTS["zoning_colonist"], 0


def zoning_discount(board: Board, building: str) -> int:
    small, large = zoning_discounts(board)
    return large if BUILDINGS[building].column == 4 else small


def church_vp(board: Board, building: str) -> int:
    """Church: a column 2/3 building +1 VP, a column 4 building +2; not itself [S]."""
    if building == "church" or not active(board, "church"):
        return 0
    vp: int = EFFECTS["church_vp"][BUILDINGS[building].column]
    return vp


# --- Craftsman --------------------------------------------------------------------------


def aqueduct(board: Board, made: list[int]) -> list[int]:
    """+1 indigo / sugar when the *large* plant of that kind is manned and the kind is
    produced; nothing for the small ones [S]."""
    extra = [0] * len(GOODS)
    if active(board, "aqueduct"):
        for plant, kind in AQUEDUCT.items():
            if made[kind] and active(board, plant):
                extra[kind] = 1
    return extra


def specialty_factory(board: Board, made: list[int]) -> int:
    """(largest single-kind production, corn excluded) − 1 doubloons [S]."""
    if not active(board, "specialty-factory"):
        return 0
    return max(0, max(n for i, n in enumerate(made) if i != CORN) - 1)


def chapel(board: Board) -> tuple[int, int]:
    """(doubloons, VP): a colonist +1 doubloon, a noble +1 VP chip [S]."""
    if noble_in(board, "chapel"):
        return 0, 1
    return (1, 0) if colonist_in(board, "chapel") else (0, 0)


def jeweler(board: Board) -> int:
    """+1 doubloon per noble standing on the owner's board [S]."""
    return placed(board) if active(board, "jeweler") else 0


# --- Captain ----------------------------------------------------------------------------


def union_hall(board: Board) -> int:
    """+1 VP per 2 goods of one kind, per kind [S]."""
    if not active(board, "union-hall"):
        return 0
    pair: int = EFFECTS["union_hall_pair"]
    return sum(n // pair for n in board["goods"])


def lighthouse(board: Board) -> int:
    return 1 if active(board, "lighthouse") else 0


# --- scoring ----------------------------------------------------------------------------


def cloister(board: Board) -> int:
    """Sets of 3 identical island tiles (forests and quarries count) → 1, 3, 6, 10 [S]."""
    sets = sum(tiles // 3 for tiles, _ in board["island"].values())
    return CLOISTER_SETS[min(sets, len(CLOISTER_SETS) - 1)]


def royal_garden(board: Board) -> int:
    """+1 VP per noble held, on the board or in San Juan [S]."""
    return sum((board.get("nobles") or {}).values())
