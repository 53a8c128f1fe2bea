"""A fast exact copy of a Puerto Rico state, for every copying step (the service's ``play.apply``,
the AI's determinizations).

The core's copy (a marshal round trip) knows nothing of the state's shape, and interns every
string it reads back. This one copies the parts that make up most of a state (the boards, the
supply, the building stock, the plantations, the cargo ships, the role tables) by the
shapes :mod:`.types` gives them, and everything else (the phase, the open decision, the frames,
the draft, the result) level by level, every list and dict anew. It shares with the original what
is only ever read once written: the parts :mod:`.setup` fixes (the table's options, the names, the
role choosers' order, the totals) and the data a Mayor layout window fixes when it opens (each
seat's proposed layouts and circles). A board or supply holding a key its type does not name is
copied level by level too. The copy equals the marshal copy, keys in the same order, shares nothing
else with the original, and no action changes one through the other
(``tests/engine/puerto_rico/test_pr_copying.py`` checks all three over random games of the
expansions).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Mapping
from typing import Any, cast

from .types import Board, Cargo, PRState, Supply

#: The keys each kind of record may hold (its type's, required or not).
_BOARD_KEYS = Board.__required_keys__ | Board.__optional_keys__
_STOCK_KEYS = Supply.__required_keys__ | Supply.__optional_keys__


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _generic(value: Any) -> Any:
    """A deep copy of any part: dicts and lists anew, level by level (for the small parts a
    marshal round trip costs more, interning every string it reads), anything else but a scalar
    through marshal."""
    kind = value.__class__
    if kind is dict:
        new = value.copy()
        for key, item in value.items():
            if item.__class__ not in _SCALARS:
                new[key] = _generic(item)
        return new
    if kind is list:
        return [item if item.__class__ in _SCALARS else _generic(item) for item in value]
    return value if kind in _SCALARS else marshal.loads(marshal.dumps(value))


def _board(board: Board) -> Board:
    if not board.keys() <= _BOARD_KEYS:
        copied: Board = _generic(board)
        return copied
    new = board.copy()
    new["goods"] = board["goods"].copy()
    new["island"] = _lists(board["island"])  # tile kind → [tiles, occupied]
    new["city"] = board["city"].copy()
    if "nobles" in board:
        new["nobles"] = board["nobles"].copy()
    return new


def _stock(stock: Supply) -> Any:
    """The supply: numbers, and the goods per kind."""
    if not stock.keys() <= _STOCK_KEYS:
        return _generic(stock)
    new = stock.copy()
    new["goods"] = stock["goods"].copy()
    return new


def _lists(lists: Mapping[str, list[Any]]) -> Any:
    """A dict of lists of numbers or names (the plantation stacks, a board's island)."""
    return {key: items.copy() for key, items in lists.items()}


def _cargo(ships: list[Cargo]) -> list[Cargo]:
    return [ship.copy() for ship in ships]


#: A Mayor layout frame's data set once when the window opens and only read after (the boards do
#: not change until every layout is in, see ``mayor._ask_layouts``; an answer copies the proposed
#: layout it takes): a copy shares these with the original.
_FIXED_LAYOUT_DATA = frozenset({"defaults", "circles", "noble_defaults"})


def _frames(frames: list[Any]) -> list[Any]:
    return [_layout_frame(frame) if frame.get("kind") == "mayor_layout" else _generic(frame) for frame in frames]


def _layout_frame(frame: dict[str, Any]) -> dict[str, Any]:
    """A Mayor layout frame: all of it anew but the data fixed since the window opened."""
    new = frame.copy()
    for key, value in frame.items():
        if value.__class__ not in _SCALARS:
            new[key] = _generic(value) if key != "data" else _layout_data(value)
    return new


def _layout_data(data: dict[str, Any]) -> dict[str, Any]:
    new = data.copy()
    for key, value in data.items():
        if key not in _FIXED_LAYOUT_DATA and value.__class__ not in _SCALARS:
            new[key] = _generic(value)
    return new


def _shared(part: Any) -> Any:
    """A part :mod:`.setup` writes and the rules only ever read after: the copy shares it."""
    return part


#: Part of the state → its copy, by the part's type in :data:`.types.PRState` (a dict or list of
#: numbers and names: a shallow copy is a deep one).
_PARTS: dict[str, Callable[[Any], Any]] = {
    "boards": lambda boards: [_board(b) for b in boards],
    "supply": _stock,
    "totals": _shared,  # what the game started with
    "plantations": _lists,
    "cargo": _cargo,
    "buildings": dict.copy,  # building → copies left
    "role_money": dict.copy,  # role → doubloons on it
    "taken": dict.copy,  # role → seat
    "options": _shared,  # the table's options
    "players": _shared,  # names
    "choosers": _shared,  # seat offsets
    "end": list.copy,  # end conditions met
    "house": list.copy,  # goods in the trading house
    "frames": _frames,
}


def copy_state(state: PRState) -> PRState:
    """A deep copy of ``state`` equal to the generic one, in the same key order."""
    plain = cast(dict[str, Any], state)
    new = plain.copy()
    for key, value in plain.items():
        if value.__class__ not in _SCALARS:
            part = _PARTS.get(key)
            new[key] = _generic(value) if part is None else part(value)
    return cast(PRState, new)


__all__ = ["copy_state"]
