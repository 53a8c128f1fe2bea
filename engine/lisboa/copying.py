"""A fast exact copy of a Lisboa state, for every copying step: the service's ``play.apply``, the
look-ahead on copies (:mod:`.sim`, :func:`.portfolio.can_play`) and the AI's determinizations.

The core's copy (a marshal round trip) knows nothing of the state's shape; this one copies the big
regular parts (the boards, the city, the decks and displays) by their known keys, each list and dict
anew, and the irregular rest (the open decision, the queue, the frames, the result...) in one
generic deep copy (a marshal round trip). Strings, numbers, booleans and ``None`` are immutable, so
sharing them is safe. The result equals the marshal copy and shares no list or dict with the
original (``tests/engine/lisboa/test_lisboa_copying.py`` checks both over random games).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any

from .types import Board, Box, Church, City, Hold, LState, Political, SiteState

#: Keys whose value is immutable (a number, a string, a boolean), shared by the copy.
_SCALARS = frozenset({"game", "rules_version", "seed", "rng", "step", "phase", "era", "round", "start_player"})
_SCALARS |= {"turn", "over", "treasury", "active"}
#: Keys holding a flat list or dict of immutable values.
_FLAT = frozenset({"options", "players", "favors", "prices", "plaza", "shipyard", "ships_era2", "icons"})


def _hold(hold: Hold) -> Hold:
    return {"goods": hold["goods"].copy(), "sailing": hold["sailing"]}


def _board(b: Board) -> Board:
    new = b.copy()
    new["goods"] = b["goods"].copy()
    new["portfolio"] = {"top": b["portfolio"]["top"].copy(), "bottom": b["portfolio"]["bottom"].copy()}
    new["holds"] = {ship: _hold(hold) for ship, hold in b["holds"].items()}
    new["rubble"] = b["rubble"].copy()
    new["houses"] = b["houses"].copy()
    new["clergy"] = b["clergy"].copy()
    new["favors"] = b["favors"].copy()
    new["plans"] = b["plans"].copy()
    new["completed_plans"] = b["completed_plans"].copy()
    new["decrees"] = b["decrees"].copy()
    new["hand"] = b["hand"].copy()
    return new


def _site(site: SiteState) -> SiteState:
    built = site["building"]
    return {"rubble": site["rubble"].copy(), "building": None if built is None else built.copy()}


def _city(city: City) -> City:
    new = city.copy()
    new["lots"] = {lot: None if store is None else store.copy() for lot, store in city["lots"].items()}
    new["covered_rows"] = city["covered_rows"].copy()
    new["sites"] = {name: _site(site) for name, site in city["sites"].items()}
    new["row_rubble"] = {row: cubes.copy() for row, cubes in city["row_rubble"].items()}
    new["column_rubble"] = {column: cubes.copy() for column, cubes in city["column_rubble"].items()}
    new["spare_rubble"] = city["spare_rubble"].copy()
    new["tile_display"] = city["tile_display"].copy()
    new["tiles"] = city["tiles"].copy()
    new["scoring"] = city["scoring"].copy()
    return new


def _political(pol: Political) -> Political:
    return {
        "display": {kind: cards.copy() for kind, cards in pol["display"].items()},
        "purple": pol["purple"].copy(),
        "brown": pol["brown"].copy(),
    }


def _church(church: Church) -> Church:
    new = church.copy()
    new["spaces"] = church["spaces"].copy()
    new["bag"] = church["bag"].copy()
    return new


def _box(box: Box) -> Box:
    return {
        "political": box["political"].copy(),
        "plans": box["plans"].copy(),
        "ships": box["ships"].copy(),
        "decrees": box["decrees"].copy(),
        "rubble": box["rubble"].copy(),
    }


def _setup(setup: Any) -> Any:
    new = setup.copy()
    for key in ("clergy_offers", "packets", "draft_kept", "draft_picks"):
        if key in setup:
            new[key] = [None if item is None else item.copy() for item in setup[key]]
    new["clergy_kept"] = setup["clergy_kept"].copy()
    return new


#: The parts copied by their known keys.
_PARTS: dict[str, Callable[[Any], Any]] = {
    "boards": lambda boards: [_board(b) for b in boards],
    "city": _city,
    "political": _political,
    "decrees": lambda d: {"deck": d["deck"].copy(), "display": d["display"].copy(), "removed": d["removed"].copy()},
    "church": _church,
    "buildings": lambda stacks: {
        c: {"buildable": s["buildable"], "stack": s["stack"].copy()} for c, s in stacks.items()
    },
    "plans": lambda plans: {colour: ids.copy() for colour, ids in plans.items()},
    "offices": lambda offices: {noble: seats.copy() for noble, seats in offices.items()},
    "box": _box,
    "setup": _setup,
}


def copy_state(state: LState) -> LState:
    """A deep copy of ``state`` equal to the generic one: immutable values shared, the regular parts
    by their keys, the rest (decision, queue, frames, result...) in one generic copy."""
    copied: dict[str, Any] = {}
    rest: dict[str, Any] = {}
    plain: dict[str, Any] = state  # type: ignore[assignment]  # read as plain data
    for key, value in plain.items():
        if key in _SCALARS or value is None:
            copied[key] = value
        elif key in _FLAT:
            copied[key] = value.copy()
        elif key in _PARTS:
            copied[key] = _PARTS[key](value)
        else:
            copied[key] = rest[key] = value
    if rest:
        copied.update(marshal.loads(marshal.dumps(rest)))  # updating keeps the state's key order
    return copied  # type: ignore[return-value]  # LState is a plain dict at run time


__all__ = ["copy_state"]
