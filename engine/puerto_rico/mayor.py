"""Mayor [S]: optional privilege colonist from the supply; the ship's colonists go out
one at a time from the Mayor; then every player places all their colonists at once
(empty circles must be filled); finally the ship is refilled from empty building circles,
at least one per player, and a shortfall ends the game.

Expansions: the Library doubles the privilege; the ship's noble leaves first (so the Mayor
gets it); Villas add a noble each; layouts say where nobles stand; the refill puts a noble
aboard first and a shortfall no longer ends a Nobles game."""

from __future__ import annotations

from operator import itemgetter
from typing import cast

from ..core import PARALLEL
from ..core.frames import is_complete, record_answer, top_frame
from ..core.steps import first
from . import nobles as nb
from .board import circles, colonists, empty_building_circles, set_placement
from .flow import STEPS, ask, kind, step, then
from .i18n import msg
from .layouts import default_layout, default_layouts, forced_layout, valid_layout
from .new_buildings import privilege_count
from .options import has_nobles
from .rounds import END_ROLE, role_chooser, seats_from, trigger_end
from .types import Events, Layout, PRAction, PREvent, PRFrameData, PRState, PRStep

_CAPACITY = itemgetter(1)  # of a [target, capacity] pair

__all__ = [
    "default_layout",
    "valid_layout",
    "privilege_options",
    "act_privilege",
    "layout_options",
    "act_layout",
]


@step("mayor")
def _start(state: PRState, s: PRStep, events: Events) -> None:
    chooser = role_chooser(state)
    state["phase"] = {"chooser": chooser}
    if state["supply"]["colonists"] > 0:
        ask(state, "mayor_privilege", chooser)
    else:
        then(state, {"step": "mayor_colonists"})


def privilege_options(state: PRState, player: int) -> list[PRAction]:
    opts: list[PRAction] = [{"verb": "privilege"}]
    if privilege_count(state, player) == 2 and state["supply"]["colonists"] >= 2:
        opts.append({"verb": "privilege", "count": 2})  # Library: the privilege doubled
    return opts + [{"verb": "pass"}]


def act_privilege(state: PRState, player: int, action: PRAction, events: Events) -> None:
    if action["verb"] == "privilege":
        count = action.get("count", 1)
        state["supply"]["colonists"] -= count
        state["boards"][player]["san_juan"] += count
        event: PREvent = {"kind": "mayor_privilege", "player": player}
        if count != 1:
            event["count"] = count
        events.append(event)
    else:
        events.append({"kind": "pass", "player": player, "role": "mayor"})
    then(state, {"step": "mayor_colonists"})


@step("mayor_colonists")
def _distribute(state: PRState, s: PRStep, events: Events) -> None:
    """The ship's colonists go out one at a time from the Mayor; then everybody's layout."""
    supply = state["supply"]
    order = seats_from(state, state["phase"]["chooser"])
    shares = [0] * len(order)
    noble_shares = [0] * len(order)
    ship_nobles = supply.get("ship_nobles", 0)
    for i in range(ship_nobles + supply["ship"]):  # one at a time from the Mayor, nobles first
        seat = order[i % len(order)]
        shares[seat] += 1
        noble_shares[seat] += i < ship_nobles
        nb.add_person(state["boards"][seat], "san_juan", i < ship_nobles)
    supply["ship"] = 0
    event: PREvent = {"kind": "colonists", "shares": shares}
    if "ship_nobles" in supply:
        supply["ship_nobles"] = 0
        event["nobles"] = noble_shares
    events.append(event)
    if has_nobles(state):
        nb.villas(state, order, events)
    _ask_layouts(state, order, events)


def _ask_layouts(state: PRState, order: list[int], events: Events) -> None:
    asked: list[int] = []
    forced: list[int] = []
    defaults: dict[str, Layout] = {}
    noble_defaults: dict[str, Layout] = {}
    caps_by_seat: dict[str, list[list[str | int]]] = {}
    for seat in order:
        board = state["boards"][seat]
        caps = circles(board)
        only = forced_layout(board, caps)
        if only is not None:
            set_placement(board, *only)
            forced.append(seat)
        else:
            asked.append(seat)
            defaults[str(seat)], noble_defaults[str(seat)] = default_layouts(board)
            # [target, capacity] pairs: a list keeps its order through JSON, and a list (not a
            # tuple) inside it keeps the state equal to itself after a reload.
            caps_by_seat[str(seat)] = [[target, cap] for target, cap in caps.items()]
    if forced:
        events.append({"kind": "layouts_forced", "players": forced})
    if asked:
        # Boards do not change until every layout is in, so defaults and capacities are fixed.
        data: PRFrameData = {"drafts": {}, "defaults": defaults, "circles": caps_by_seat}
        if has_nobles(state):
            data["noble_defaults"], data["noble_drafts"] = noble_defaults, {}
        STEPS.open_frame(state, "mayor_layout", asked, PARALLEL, "mayor_refill", data)
    else:
        then(state, {"step": "mayor_ship"})


def layout_options(state: PRState, player: int) -> list[PRAction]:
    """The proposed layout, then one more person (a colonist; with nobles, a noble too) at each
    place with room left in the layout being built. Asked many times a window (after every
    placement, for every seat asked), hence the plain loops."""
    frame = top_frame(state)
    assert frame is not None
    data, seat = frame["data"], str(player)
    draft = data["drafts"].get(seat, {})
    proposed: PRAction = {"verb": "layout", "layout": data["defaults"][seat]}
    if "noble_drafts" not in data:  # no nobles: a colonist at each place with room
        opts = [proposed]
        pairs = cast(list[tuple[str, int]], data["circles"][seat])  # [target, capacity] lists
        for target, cap in pairs:
            if draft.get(target, 0) < cap:
                opts.append({"verb": "place", "target": target})
        return opts
    nobles = data["noble_defaults"].get(seat) if "noble_defaults" in data else None
    if nobles:
        proposed["nobles"] = nobles
    opts = [proposed]
    board = state["boards"][player]
    own = nb.held(board)
    noble_draft = data["noble_drafts"].get(seat, {})
    more_nobles = sum(noble_draft.values()) < own
    more_colonists = sum(draft.values()) - sum(noble_draft.values()) < colonists(board) - own
    for pair in data["circles"][seat]:
        target, cap = str(pair[0]), int(pair[1])  # [target, capacity]
        if draft.get(target, 0) < cap:
            if more_colonists:
                opts.append({"verb": "place", "target": target})
            if more_nobles:
                opts.append({"verb": "place", "target": target, "noble": True})
    return opts


def act_layout(state: PRState, player: int, action: PRAction, events: Events) -> None:
    frame = top_frame(state)
    assert frame is not None
    board = state["boards"][player]
    data, seat = frame["data"], str(player)
    if action["verb"] == "place":
        draft = data["drafts"].setdefault(seat, {})
        draft[action["target"]] = draft.get(action["target"], 0) + 1
        if action.get("noble"):
            noble_draft = data["noble_drafts"].setdefault(seat, {})
            noble_draft[action["target"]] = noble_draft.get(action["target"], 0) + 1
        room = sum(map(_CAPACITY, data["circles"][seat]))
        left = min(colonists(board), room) - sum(draft.values())
        if left > 0:
            event: PREvent = {"kind": "place", "player": player, "target": action["target"], "left": left}
            if action.get("noble"):
                event["noble"] = True
            events.append(event)
            return
        layout = data["drafts"].pop(seat)
        nobles = data.get("noble_drafts", {}).pop(seat, {})
    else:
        data["drafts"].pop(seat, None)
        data.get("noble_drafts", {}).pop(seat, None)
        layout, nobles = dict(action["layout"]), dict(action.get("nobles", {}))
    record_answer(frame, player, layout)
    if nobles:
        data.setdefault("nobles", {})[seat] = nobles
    elif seat in data.get("nobles", {}):  # an answer taken back and given again without nobles
        del data["nobles"][seat]
    events.append({"kind": "layout_done", "player": player})
    if is_complete(frame):
        STEPS.close(state)  # queues its resume step, mayor_refill


@step("mayor_refill")
def _laid_out(state: PRState, s: PRStep, events: Events) -> None:
    """Every layout is in: place them all, reveal them, then refill the colonist ship."""
    frame = s["frame"]
    data = frame["data"]
    for answered, chosen in frame["answers"].items():
        set_placement(state["boards"][int(answered)], chosen, data.get("nobles", {}).get(answered))
    # Revealing everybody's layout is an undo barrier: nobody may take theirs back after.
    revealed: PREvent = {"kind": "layouts", "layouts": dict(frame["answers"]), "reveals": True}
    if data.get("nobles"):
        revealed["nobles"] = dict(data["nobles"])
    events.append(revealed)
    then(state, {"step": "mayor_ship"})


@step("mayor_ship")
def _refill(state: PRState, s: PRStep, events: Events) -> None:
    """One colonist per empty building circle, at least one per player [S]; with Nobles a
    noble boards first and a shortfall does not end the game [S]."""
    supply = state["supply"]
    needed = max(len(state["boards"]), sum(empty_building_circles(b) for b in state["boards"]))
    noble = nb.refill(state, needed) if has_nobles(state) else 0
    loaded = min(needed - noble, supply["colonists"])
    supply["colonists"] -= loaded
    supply["ship"] = loaded
    event: PREvent = {"kind": "ship_refill", "colonists": loaded, "needed": needed}
    if has_nobles(state):
        event["nobles"] = noble
    events.append(event)
    if loaded + noble < needed and not has_nobles(state):
        trigger_end(state, "colonists", events)
    then(state, END_ROLE)


kind(
    "mayor_privilege",
    privilege_options,
    act_privilege,
    msg("Take a colonist from the supply (Mayor privilege)?"),
    default=first,
)
# The layout is a frame whose kind records the answers (act_layout); no Guest House moves in it.
# Shaped as a Distribute (labels.py): never a forced step, even once a single option is left.
kind(
    "mayor_layout",
    layout_options,
    act_layout,
    msg("Place your colonists."),
    default=first,
    frame=True,
    distribute=True,
)
