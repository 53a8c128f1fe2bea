"""A fast exact copy of a Red Cathedral state, for every copying step (the service's ``play.apply``,
the AI's determinizations).

The core's copy (a marshal round trip) knows nothing of the state's shape; this one copies the big
regular parts (sections, seats, market spaces) by their known keys, each mutable value anew, and
everything else in one generic deep copy (a marshal round trip), so the result equals the marshal copy and shares no
list or dict with the original (``tests/engine/red_cathedral/test_red_cathedral_ai.py`` checks both
over random games).
"""

from __future__ import annotations

import marshal
from typing import Any

from .types import Seat, Section, Space, State

#: The parts copied by their known keys.
_REGULAR = frozenset({"sections", "seats", "spaces"})


def _section(sec: Section) -> Section:
    new = sec.copy()
    new["delivered"] = sec["delivered"].copy()
    ornament = sec["ornament"]
    if ornament is not None:
        new["ornament"] = {"seat": ornament["seat"], "kind": ornament["kind"], "jewels": ornament["jewels"].copy()}
    return new


def _seat(me: Seat) -> Seat:
    new = me.copy()
    new["inventory"] = me["inventory"].copy()
    new["banners"] = me["banners"].copy()
    new["ornaments"] = me["ornaments"].copy()
    new["lost"] = me["lost"].copy()
    new["slots"] = {k: None if v is None else v.copy() for k, v in me["slots"].items()}
    return new


def _space(space: Space) -> Space:
    return {"tile": space["tile"], "dice": space["dice"].copy()}


def copy_state(state: State) -> State:
    """A deep copy of ``state`` equal to the generic one: the regular parts by their keys, the rest
    in one generic copy."""
    rest: dict[str, Any] = marshal.loads(marshal.dumps({k: v for k, v in state.items() if k not in _REGULAR}))
    rest["sections"] = [_section(s) for s in state["sections"]]
    rest["seats"] = [_seat(s) for s in state["seats"]]
    rest["spaces"] = [_space(s) for s in state["spaces"]]
    copied: State = {k: rest[k] for k in state}  # type: ignore[assignment]  # in the state's key order
    return copied


__all__ = ["copy_state"]
