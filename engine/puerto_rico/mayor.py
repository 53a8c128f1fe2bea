"""Mayor [S 1.3]: optional privilege colonist from the supply; the ship's colonists go out
one at a time from the Mayor; then every player places all their colonists at once
(empty circles must be filled); finally the ship is refilled from empty building circles,
at least one per player, and a shortfall ends the game."""

from __future__ import annotations

from typing import Any

from ..core import PARALLEL
from ..core.frames import is_complete, pop_frame, push_frame, record_answer, top_frame
from .board import circles, colonists, empty_building_circles, placement, set_placement
from .rounds import end_role, seats_from, trigger_end

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]

FILL_ORDER_TILES = ("quarry", "coffee", "tobacco", "sugar", "indigo", "corn")


def start(state: State, chooser: int, events: Events) -> None:
    state["phase"] = {"chooser": chooser}
    if state["supply"]["colonists"] > 0:
        state["decision"] = {"kind": "mayor_privilege", "player": chooser}
    else:
        _distribute(state, events)


def privilege_options(state: State, player: int) -> list[Action]:
    return [{"verb": "privilege"}, {"verb": "pass"}]


def act_privilege(state: State, player: int, action: Action, events: Events) -> None:
    if action["verb"] == "privilege":
        state["supply"]["colonists"] -= 1
        state["boards"][player]["san_juan"] += 1
        events.append({"kind": "mayor_privilege", "player": player})
    else:
        events.append({"kind": "pass", "player": player, "role": "mayor"})
    state["decision"] = None
    _distribute(state, events)


def _distribute(state: State, events: Events) -> None:
    order = seats_from(state, state["phase"]["chooser"])
    shares = [0] * len(order)
    for i in range(state["supply"]["ship"]):
        shares[order[i % len(order)]] += 1
    for seat, share in enumerate(shares):
        state["boards"][seat]["san_juan"] += share
    state["supply"]["ship"] = 0
    events.append({"kind": "colonists", "shares": shares})
    asked, forced, defaults, caps_by_seat = [], [], {}, {}
    for seat in order:
        board = state["boards"][seat]
        caps = circles(board)
        if has_one_layout(board, caps):
            set_placement(board, default_layout(board))
            forced.append(seat)
        else:
            asked.append(seat)
            defaults[str(seat)] = default_layout(board)
            caps_by_seat[str(seat)] = list(caps.items())  # a list keeps its order through JSON
    if forced:
        events.append({"kind": "layouts_forced", "players": forced})
    if asked:
        # Boards do not change until every layout is in, so defaults and capacities are fixed.
        push_frame(state, "mayor_layout", asked, PARALLEL, "mayor_refill",
                   {"drafts": {}, "defaults": defaults, "circles": caps_by_seat})
    else:
        _refill(state, events)


def has_one_layout(board: dict[str, Any], caps: dict[str, int]) -> bool:
    """No colonists, a single place to stand, or enough to fill every circle [S]."""
    have = colonists(board)
    return have == 0 or len(caps) <= 1 or have >= sum(caps.values())


def default_layout(board: dict[str, Any]) -> dict[str, int]:
    """Keep the current layout, then fill new colonists into empty circles, buildings first."""
    caps = circles(board)
    layout = {k: v for k, v in placement(board).items() if v}
    spare = board["san_juan"]
    order = [b for b in caps if b in board["city"]] + [t for t in FILL_ORDER_TILES if t in caps]
    for target in order:
        add = min(spare, caps[target] - layout.get(target, 0))
        if add > 0:
            layout[target] = layout.get(target, 0) + add
            spare -= add
    return layout


def layout_options(state: State, player: int) -> list[Action]:
    frame = top_frame(state)
    assert frame is not None
    seat = str(player)
    draft = frame["data"]["drafts"].get(seat, {})
    opts: list[Action] = [{"verb": "layout", "layout": frame["data"]["defaults"][seat]}]
    opts += [{"verb": "place", "target": t} for t, cap in frame["data"]["circles"][seat] if draft.get(t, 0) < cap]
    return opts


def valid_layout(board: dict[str, Any], layout: Any) -> bool:
    """Every target exists, no circle overfilled, and as many placed as can be [S]."""
    if not isinstance(layout, dict):
        return False
    caps = circles(board)
    for target, count in layout.items():
        if target not in caps or not isinstance(count, int) or not 0 < count <= caps[target]:
            return False
    return sum(layout.values()) == min(colonists(board), sum(caps.values()))


def act_layout(state: State, player: int, action: Action, events: Events) -> None:
    frame = top_frame(state)
    assert frame is not None
    board = state["boards"][player]
    if action["verb"] == "place":
        drafts = frame["data"]["drafts"]
        draft = drafts.setdefault(str(player), {})
        draft[action["target"]] = draft.get(action["target"], 0) + 1
        room = sum(cap for _, cap in frame["data"]["circles"][str(player)])
        left = min(colonists(board), room) - sum(draft.values())
        if left > 0:
            events.append({"kind": "place", "player": player, "target": action["target"], "left": left})
            return
        layout = drafts.pop(str(player))
    else:
        frame["data"]["drafts"].pop(str(player), None)
        layout = dict(action["layout"])
    record_answer(frame, player, layout)
    events.append({"kind": "layout_done", "player": player})
    if is_complete(frame):
        pop_frame(state)
        for seat, chosen in frame["answers"].items():
            set_placement(state["boards"][int(seat)], chosen)
        # Revealing everybody's layout is an undo barrier: nobody may take theirs back after.
        events.append({"kind": "layouts", "layouts": dict(frame["answers"]),
                       "reveals": True})
        _refill(state, events)


def _refill(state: State, events: Events) -> None:
    """One colonist per empty building circle, at least one per player [S]."""
    supply = state["supply"]
    needed = max(len(state["boards"]), sum(empty_building_circles(b) for b in state["boards"]))
    loaded = min(needed, supply["colonists"])
    supply["colonists"] -= loaded
    supply["ship"] = loaded
    events.append({"kind": "ship_refill", "colonists": loaded, "needed": needed})
    if loaded < needed:
        trigger_end(state, "colonists", events)
    end_role(state, events)
