"""Questions about one player's board: spaces, colonists, active buildings.

A board is plain data::

    {"doubloons": 3, "vp": 0, "goods": [corn, indigo, sugar, tobacco, coffee],
     "island": {"corn": [tiles, occupied], ...}, "city": {"harbor": colonists, ...},
     "san_juan": colonists waiting}
"""

from __future__ import annotations

from operator import itemgetter

from .data import BUILDING_ORDER, BUILDINGS, GOOD_INDEX, GOODS, ISLAND_SPACES, TILES
from .types import Board

_TILES, _OCCUPIED = itemgetter(0), itemgetter(1)  # of an island slot [tiles, occupied]


def new_board(doubloons: int) -> Board:
    return {"doubloons": doubloons, "vp": 0, "goods": [0] * len(GOODS), "island": {}, "city": {}, "san_juan": 0}


def active(board: Board, building: str) -> bool:
    """A building works only while it has at least one colonist [S]."""
    return board["city"].get(building, 0) > 0


def island_tiles(board: Board) -> int:
    return sum(map(_TILES, board["island"].values()))


def island_full(board: Board) -> bool:
    return island_tiles(board) >= ISLAND_SPACES


LARGE = frozenset(b.id for b in BUILDINGS.values() if b.large)


def city_spaces_used(board: Board) -> int:
    """One space per building, two per large building."""
    city = board["city"]
    return len(city) + len(LARGE.intersection(city))


def occupied_quarries(board: Board) -> int:
    return board["island"].get("quarry", [0, 0])[1]


def add_tile(board: Board, tile: str, occupied: int = 0) -> None:
    slot = board["island"].setdefault(tile, [0, 0])
    slot[0] += 1
    slot[1] += occupied


def colonists(board: Board) -> int:
    """Every colonist the player has: on tiles, in buildings and in San Juan."""
    on_island = sum(map(_OCCUPIED, board["island"].values()))
    return on_island + sum(board["city"].values()) + board["san_juan"]


def circles(board: Board) -> dict[str, int]:
    """Capacity of every place a colonist can stand: tiles by kind, then buildings, in the
    game's fixed order (never the dicts' key order, which a JSON round trip sorts)."""
    island, city = board["island"], board["city"]
    caps = {t: island[t][0] for t in TILES if t in island and island[t][0]}
    caps.update({b: BUILDINGS[b].circles for b in BUILDING_ORDER if b in city and BUILDINGS[b].circles})
    return caps


def placement(board: Board) -> dict[str, int]:
    """Where the colonists stand now (same keys and order as :func:`circles`)."""
    island, city = board["island"], board["city"]
    here = {t: island[t][1] for t in TILES if t in island and island[t][0]}
    here.update({b: city[b] for b in BUILDING_ORDER if b in city and BUILDINGS[b].circles})
    return here


def set_placement(board: Board, layout: dict[str, int], nobles: dict[str, int] | None = None) -> None:
    """Stand colonists as ``layout`` says; the rest wait in San Juan. With the Nobles
    expansion ``nobles`` says how many of those standing at each place are nobles."""
    total = colonists(board)
    for tile, slot in board["island"].items():
        slot[1] = layout.get(tile, 0)
    for b in board["city"]:
        board["city"][b] = layout.get(b, 0)
    board["san_juan"] = total - sum(layout.values())
    if "nobles" in board:
        held = sum(board["nobles"].values())
        placed = {k: n for k, n in (nobles or {}).items() if n}
        if held - sum(placed.values()):
            placed["san_juan"] = held - sum(placed.values())
        board["nobles"] = placed


def empty_building_circles(board: Board) -> int:
    return sum(BUILDINGS[b].circles - n for b, n in board["city"].items())


def goods_total(board: Board) -> int:
    return sum(board["goods"])


def production(board: Board) -> list[int]:
    """Barrels this board would make, per kind, before the supply cap [S].

    Corn needs only occupied corn plantations; other kinds need an occupied
    plantation *and* an occupied circle of a matching production building.
    """
    made = [0] * len(GOODS)
    workers = [0] * len(GOODS)
    for b, n in board["city"].items():
        kind = BUILDINGS[b].produces
        if kind is not None:
            workers[GOOD_INDEX[kind]] += n
    for kind, (_, occ) in board["island"].items():
        if kind in ("quarry", "forest"):
            continue
        i = GOOD_INDEX[kind]
        made[i] = occ if kind == "corn" else min(occ, workers[i])
    return made
