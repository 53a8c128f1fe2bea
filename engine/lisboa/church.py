"""Meet the Cardinal (D14), the clergy tiles' immediate effects (CL-32, CL-33/D27) and church
scoring (D23) (rulebook pp. 14-15).

The Cardinal walks clockwise on the path spaces only, 1 or 2 steps (a single-arrow move, NB-07 or
a lot bonus: exactly 1), CL-20 adding up to 2 (applied to single-arrow moves too, this
project's reading). It needs a tile taken from a space adjacent to where it stops; 4 tiles held
forbid it. Every treasury icon passed or stopped on moves the treasury up 1; the influence icon
lays the Cardinal down and church scoring follows at the end of the turn, clockwise from the
triggerer (rulebook p. 15; the Bodoge summary scores at once with one tile each: this project
follows the rulebook).

Church scoring collects the answers in parallel (a PARALLEL frame) and applies them in rule order
: each discards 0 or more tiles for their back wigs and one influence gain if any.
Discarded tiles leave the game (this project's reading: no text says where they go).

Texts: ``cardinal 2 C3`` (steps, tile space), ``favors maia king`` (CL-33), ``church discard T05 T09``
or ``church discard none``.
"""

from __future__ import annotations

from itertools import combinations

from ..core import PARALLEL
from . import flow
from .effects import REGISTRY
from .i18n import msg
from .rules import (
    board,
    clergy_effects,
    favors_available,
    gain_influence,
    move_treasury,
    pack_of,
    take_favor,
    top_influence,
)
from .state_actions import ACTIONS
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State


def cardinal_options(state: State, d: LDecision) -> list[Action]:
    pack, seat = pack_of(state), d["player"]
    b = board(state, seat)
    if len(b["clergy"]) >= pack.player.clergy_max:
        return []
    extra = 2 if "CL-20" in clergy_effects(pack, b) else 0
    totals = sorted({base + e for base in d.get("steps", [1, 2]) for e in range(extra + 1)})
    paths = list(pack.church_paths)
    here = paths.index(state["church"]["cardinal"])
    spaces = state["church"]["spaces"]
    return [
        {"verb": "cardinal", "steps": t, "space": sp}
        for t in totals
        for sp in pack.church_paths[paths[(here + t) % len(paths)]].adjacent_tiles
        if spaces[sp]
    ]


def cardinal_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    pack, seat, church = pack_of(state), d["player"], state["church"]
    paths = list(pack.church_paths)
    here = paths.index(church["cardinal"])
    for k in range(1, action["steps"] + 1):
        icons = pack.church_paths[paths[(here + k) % len(paths)]].icons
        if "treasury" in icons:
            move_treasury(state, 1, events, "cardinal")
        if "influence" in icons and not church["lying"]:
            church["lying"], church["trigger"] = True, seat
            events.append({"kind": "church_triggered", "player": seat})
    church["cardinal"] = paths[(here + action["steps"]) % len(paths)]
    tile = church["spaces"][action["space"]]
    assert tile is not None, "the Cardinal's options name occupied tile spaces only"
    church["spaces"][action["space"]] = None
    board(state, seat)["clergy"].append(tile)
    events.append({"kind": "cardinal", "player": seat, "to": church["cardinal"], "tile": tile})
    effect = pack.clergy[tile].effect
    if effect == "CL-32":
        gain_influence(state, seat, REGISTRY[effect].constants["influence"], events, "clergy tile")
    elif effect == "CL-33":
        lacked = favors_available(state, seat)
        if len(lacked) <= 2:
            for noble in lacked:
                take_favor(state, seat, noble, events, "clergy tile")
        else:
            flow.ask(state, "clergy_favors", seat)


def favors_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "favors", "nobles": list(c)} for c in combinations(favors_available(state, d["player"]), 2)]


def favors_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    for noble in action["nobles"]:
        take_favor(state, d["player"], noble, events, "clergy tile")


flow.kind("cardinal", cardinal_options, cardinal_act, msg("Move the Cardinal and take an adjacent clergy tile."))
flow.kind("clergy_favors", favors_options, favors_act, msg("Take 2 Royal Favors."), default_first=True)
ACTIONS["meet_cardinal"] = (
    lambda state, seat: bool(cardinal_options(state, {"kind": "cardinal", "player": seat})),
    "cardinal",
)


# --- church scoring (D23) ------------------------------------------------------------------------
@flow.step("church_scoring")
def _church_scoring(state: State, s: LStep, events: Events) -> None:
    n, first = len(state["players"]), state["church"].get("trigger", state["active"])
    seats = [(first + k) % n for k in range(n) if board(state, (first + k) % n)["clergy"]]
    if not seats:
        _stand(state, events)
        return
    flow.STEPS.open_frame(state, "church", seats, PARALLEL, resume="church_resume")


def church_options(state: State, d: LDecision) -> list[Action]:
    held = sorted(board(state, d["player"])["clergy"])
    return [{"verb": "church", "tiles": list(c)} for k in range(len(held) + 1) for c in combinations(held, k)]


flow.kind(
    "church",
    church_options,
    None,
    msg("Church scoring: discard clergy tiles for their wigs and one influence gain, or none."),
    default_first=True,
)


@flow.step("church_resume")
def _church_resume(state: State, s: LStep, events: Events) -> None:
    pack, frame = pack_of(state), s["frame"]
    for seat in frame["seats"]:
        tiles = frame["answers"][str(seat)]["tiles"]
        if not tiles:
            events.append({"kind": "church_pass", "player": seat})
            continue
        b = board(state, seat)
        for tile in tiles:
            b["clergy"].remove(tile)
        wigs = sum(pack.clergy[t].back_wigs for t in tiles)
        b["wigs"] += wigs
        events.append({"kind": "church_discard", "player": seat, "tiles": tiles, "wigs": wigs})
        gain_influence(state, seat, top_influence(state, seat), events, "church scoring")
    _stand(state, events)


def _stand(state: State, events: Events) -> None:
    state["church"]["lying"] = False
    state["church"].pop("trigger", None)
    events.append({"kind": "cardinal_stands"})
