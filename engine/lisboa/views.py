"""What everybody may see of a Lisboa state, and what one player sees (hands, bags and decks are hidden).

Hands, the order of every deck, the face-down cards of the political display stacks and of the
public-building stacks below their visible top (rulebook p. 6, p. 7), the clergy bag, the clergy tiles
offered at setup and the box are hidden; the public view keeps their sizes only.

An answer held by an open parallel frame (church scoring) is hidden too until the last answer is in:
the window asks everyone at once, so no seat may learn another's answer before giving its own (as
the bot's log withholds it, :func:`bot.service.log_lines.hidden_answers`). The view keeps who has
answered (each held answer as ``None``); a player's own view shows their own answer.
"""

from __future__ import annotations

import marshal

from ..core.decisions import PARALLEL
from ..core.frames import is_complete
from .copying import copy_state
from .types import LState
from .view_types import LView

HIDDEN = ("rng", "seed", "queue")  # the generator, the seed and the engine's own program of steps


def public_view(state: LState) -> LView:
    """A deep copy of ``state`` with every hidden list replaced by its size."""
    shown: dict[str, object] = copy_state(state)  # type: ignore[assignment]  # read as plain data
    for key in HIDDEN:
        shown.pop(key, None)
    view: LView = shown  # type: ignore[assignment]  # its hidden lists are replaced by sizes below
    for board, held in zip(view["boards"], state["boards"], strict=True):
        board["hand"] = len(held["hand"])
    pol, political = view["political"], state["political"]
    pol["purple"], pol["brown"] = len(political["purple"]), len(political["brown"])
    pol["display"] = {
        kind: {"top": cards[0] if cards else None, "count": len(cards)} for kind, cards in political["display"].items()
    }
    view["decrees"]["deck"] = len(state["decrees"]["deck"])
    view["church"]["bag"] = len(state["church"]["bag"])
    setup, chosen = view["setup"], state["setup"]
    setup["clergy_offers"] = [len(o) for o in chosen["clergy_offers"]]
    if "packets" in chosen:  # the starting draft (D02): sizes only
        setup["packets"] = [len(p) for p in chosen["packets"]]
    if "draft_kept" in chosen:
        setup["draft_kept"] = [len(p) for p in chosen["draft_kept"]]
    if "draft_picks" in chosen:
        setup["draft_picks"] = [p is not None for p in chosen["draft_picks"]]
    if view["phase"] == "setup":
        setup["clergy_kept"] = [k is not None for k in chosen["clergy_kept"]]
    box = state["box"]
    view["box"] = {
        "political": len(box["political"]),
        "plans": len(box["plans"]),
        "ships": len(box["ships"]),
        "decrees": len(box["decrees"]),
        "rubble": sum(box["rubble"].values()),
    }
    for colour, shown_stack in view["buildings"].items():
        stack = state["buildings"][colour]["stack"]
        shown_stack["stack"] = {"top": stack[0] if stack else None, "count": len(stack)}
    for frame in view.get("frames") or []:
        if frame["mode"] == PARALLEL and not is_complete(frame):  # held answers: who, not what
            frame["answers"] = dict.fromkeys(frame["answers"])
    return view


def player_view(state: LState, seat: int) -> LView:
    """The public view plus what ``seat`` alone may see: its hand, clergy offer, draft packet and
    held answer."""
    view = public_view(state)
    view["seat"] = seat
    view["boards"][seat]["hand"] = sorted(state["boards"][seat]["hand"])
    setup, chosen = view["setup"], state["setup"]
    setup["clergy_offers"][seat] = list(chosen["clergy_offers"][seat])
    if "packets" in chosen:
        setup["packets"][seat] = list(chosen["packets"][seat])
        setup["draft_kept"][seat] = list(chosen["draft_kept"][seat])
    if view["phase"] == "setup":
        setup["clergy_kept"][seat] = chosen["clergy_kept"][seat]
    for shown, frame in zip(view.get("frames") or [], state.get("frames") or [], strict=True):
        if str(seat) in frame["answers"]:
            shown["answers"][str(seat)] = marshal.loads(marshal.dumps(frame["answers"][str(seat)]))
    return view
