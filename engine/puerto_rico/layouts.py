"""Mayor layouts: which layouts are legal, which one is proposed, and when there is only one.

A layout maps places (tile kinds, then buildings, in :func:`board.circles` order) to the
people standing there. In a Nobles game a second map says how many of them are nobles;
it is empty when no noble stands anywhere."""

from __future__ import annotations

from .board import circles, colonists, placement
from .nobles import held, noble_map
from .types import Board

Layout = dict[str, int]

FILL_ORDER_TILES = ("quarry", "coffee", "tobacco", "sugar", "indigo", "corn")


def _fill_order(board: Board, caps: Layout) -> list[str]:
    return [b for b in caps if b in board["city"]] + [t for t in FILL_ORDER_TILES if t in caps]


def default_layout(board: Board) -> Layout:
    """Keep the current layout, then fill new colonists into empty circles, buildings first."""
    return default_layouts(board)[0]


def default_layouts(board: Board) -> tuple[Layout, Layout]:
    """The proposed layout and its nobles: people keep their places; those waiting in San
    Juan fill empty circles, buildings first, nobles before colonists."""
    caps = circles(board)
    layout = {k: v for k, v in placement(board).items() if v}
    nobles = {k: v for k, v in noble_map(board).items() if k != "san_juan" and v}
    spare_nobles = noble_map(board).get("san_juan", 0)
    spare = board["san_juan"]
    for target in _fill_order(board, caps):
        add = min(spare, caps[target] - layout.get(target, 0))
        if add > 0:
            layout[target] = layout.get(target, 0) + add
            spare -= add
            as_nobles = min(add, spare_nobles)
            if as_nobles:
                nobles[target] = nobles.get(target, 0) + as_nobles
                spare_nobles -= as_nobles
    return layout, nobles


def forced_layout(board: Board, caps: Layout) -> tuple[Layout, Layout] | None:
    """The only legal layout, or ``None`` when the player has a real choice [S]: no people,
    a single place to stand, or enough people for every circle (and, with nobles, no choice
    of who stands where)."""
    have = colonists(board)
    nobles = held(board)
    room = sum(caps.values())
    if have == 0 or not caps:
        return {}, {}
    if not nobles:
        if len(caps) == 1 or have >= room:
            return default_layout(board), {}
        return None
    standing = min(have, room)
    fewest, most = max(0, standing - (have - nobles)), min(nobles, standing)
    if fewest != most:
        return None
    if len(caps) == 1:
        (target,) = caps
        return {target: standing}, ({target: most} if most else {})
    if have >= room and most in (0, standing):
        return dict(caps), (dict(caps) if most else {})
    return None


def valid_layout(board: Board, layout: object, nobles: object = None) -> bool:
    """Every target exists, no circle overfilled, as many placed as can be [S]; nobles stand
    only where people stand, and no more nobles or colonists than the player has."""
    if not isinstance(layout, dict):
        return False
    caps = circles(board)
    for target, count in layout.items():
        if target not in caps or not isinstance(count, int) or isinstance(count, bool) or not 0 < count <= caps[target]:
            return False
    have = colonists(board)
    if sum(layout.values()) != min(have, sum(caps.values())):
        return False
    nobles = nobles or {}
    if not isinstance(nobles, dict):
        return False
    for target, count in nobles.items():
        if not isinstance(count, int) or isinstance(count, bool) or not 0 < count <= layout.get(target, 0):
            return False
    own = held(board)
    standing = sum(nobles.values())
    return standing <= own and sum(layout.values()) - standing <= have - own
