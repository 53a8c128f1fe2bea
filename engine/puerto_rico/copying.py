"""A fast exact copy of a Puerto Rico state, for every copying step (the service's ``play.apply``,
the AI's determinizations).

The core's copy (a marshal round trip) knows nothing of the state's shape. This one copies the
parts that make up most of a state (the boards, the supply and totals, the building stock, the
plantations, the cargo ships, the role tables) by the shapes :mod:`.types` gives them, each list
and dict anew, and everything else (the phase, the open decision, the frames, the draft, the
result, the options) in one generic copy, a marshal round trip. A board, supply or total holding a
key its type does not name is copied the generic way too, so nothing is ever shared with the
original: the copy equals the marshal copy, keys in the same order
(``tests/engine/puerto_rico/test_pr_copying.py`` checks both over random games of every table).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any, cast

from .types import Board, Cargo, Plantations, PRState, Supply, Totals

#: The keys each kind of record may hold (its type's, required or not).
_BOARD_KEYS = Board.__required_keys__ | Board.__optional_keys__
_STOCK_KEYS = Supply.__required_keys__ | Supply.__optional_keys__ | Totals.__required_keys__ | Totals.__optional_keys__


def _generic(value: Any) -> Any:
    return marshal.loads(marshal.dumps(value))


def _board(board: Board) -> Board:
    if not board.keys() <= _BOARD_KEYS:
        copied: Board = _generic(board)
        return copied
    new = board.copy()
    new["goods"] = board["goods"].copy()
    new["island"] = {tile: slot.copy() for tile, slot in board["island"].items()}
    new["city"] = board["city"].copy()
    if "nobles" in board:
        new["nobles"] = board["nobles"].copy()
    return new


def _stock(stock: Supply | Totals) -> Any:
    """The supply or the game's totals: numbers, and the goods per kind."""
    if not stock.keys() <= _STOCK_KEYS:
        return _generic(stock)
    new = stock.copy()
    new["goods"] = stock["goods"].copy()
    return new


def _plantations(tiles: Plantations) -> Plantations:
    return {"deck": tiles["deck"].copy(), "discard": tiles["discard"].copy(), "faceup": tiles["faceup"].copy()}


def _cargo(ships: list[Cargo]) -> list[Cargo]:
    return [ship.copy() for ship in ships]


def _flat(value: dict[str, int] | list[Any]) -> Any:
    """A dict of numbers or a list of numbers or names: a shallow copy is a deep one."""
    return value.copy()


#: Part of the state → its copy, by the part's type in :data:`.types.PRState`.
_PARTS: dict[str, Callable[[Any], Any]] = {
    "boards": lambda boards: [_board(b) for b in boards],
    "supply": _stock,
    "totals": _stock,
    "plantations": _plantations,
    "cargo": _cargo,
    "buildings": _flat,  # building → copies left
    "role_money": _flat,  # role → doubloons on it
    "taken": _flat,  # role → seat
    "players": _flat,  # names
    "choosers": _flat,  # seat offsets
    "end": _flat,  # end conditions met
    "house": _flat,  # goods in the trading house
}
_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_state(state: PRState) -> PRState:
    """A deep copy of ``state`` equal to the generic one, in the same key order."""
    plain = cast(dict[str, Any], state)
    new = plain.copy()
    rest = {}
    for key, value in plain.items():
        part = _PARTS.get(key)
        if part is not None:
            new[key] = part(value)
        elif value.__class__ not in _SCALARS:
            rest[key] = value
    if rest:
        new.update(_generic(rest))
    return cast(PRState, new)


__all__ = ["copy_state"]
