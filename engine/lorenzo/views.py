"""What everybody may see of a Lorenzo state, and what one player sees.

Hidden: the order of the decks (their sizes are shown), the leaders in hands and the draft packets
(their counts are shown), the leaders out of the game, a Vatican answer or draft pick not yet
revealed (only who has answered), and the generator's state. Everything else is public: played
leaders face up or down, the excommunication tiles and cubes, resources, cards and tracks.
"""

from __future__ import annotations

from ..core.frames import top_frame
from .board import State, pack
from .scoring import total
from .types import BoardView, LView, PendingView


def _board_view(state: State, seat: int) -> BoardView:
    mine = state["boards"][seat]
    return {
        "res": dict(mine["res"]),
        "cards": {t: list(c) for t, c in mine["cards"].items()},
        "placed": list(mine["placed"]),
        "excomm": list(mine["excomm"]),
        "tile": mine["tile"],
        "hand": len(mine["hand"]),
        "leaders": [e.copy() for e in mine["leaders"]],
        "value6": mine["value6"],
    }


def public_view(state: State, pending: list[PendingView]) -> LView:
    """Everything everybody sees, with the decisions ``pending`` now."""
    frame = top_frame(state)
    decision = state["decision"]
    return {
        "game": "lorenzo",
        "pack": state["pack"]["fingerprint"],
        "players": list(state["players"]),
        "options": dict(state["options"]),
        "phase": state["phase"],
        "round": state["round"],
        "period": state["period"],
        "order": list(state["order"]),
        "active": state["active"],
        "dice": dict(state["dice"]),
        "towers": {t: list(c) for t, c in state["towers"].items()},
        "decks": {t: len(d) for t, d in state["decks"].items()},
        "spaces": {s: [list(o) for o in occ] for s, occ in state["spaces"].items()},
        "open_spaces": [s.id for s in pack(state).spaces.values() if s.players <= len(state["players"])],
        "excomm": list(state["excomm"]),
        "boards": [_board_view(state, seat) for seat in range(len(state["players"]))],
        "tiles_left": list(state["setup"]["tiles"]),
        "packets": [len(p) for p in state["setup"]["packets"]],
        "leader_discards": list(state["leader_discards"]),
        "window": None
        if frame is None
        else {
            "kind": frame["kind"],
            "asked": list(frame["seats"]),
            "answered": sorted(int(s) for s in frame["answers"]),
        },
        "deciding": None if decision is None else {"kind": decision["kind"], "player": decision["player"]},
        "result": state["result"],
        "totals": [total(p) for p in state["result"]["parts"]] if state["result"] else None,
        "over": state["over"],
        "pending": pending,
    }


def player_view(state: State, seat: int, pending: list[PendingView]) -> LView:
    """The public view plus ``seat``'s hand, draft packet and not yet revealed answer."""
    view = public_view(state, pending)
    view["seat"] = seat
    view["hand"] = list(state["boards"][seat]["hand"])
    packets = state["setup"]["packets"]
    view["packet"] = list(packets[seat]) if packets else []
    frame = top_frame(state)
    view["my_answer"] = frame["answers"].get(str(seat)) if frame else None
    return view
