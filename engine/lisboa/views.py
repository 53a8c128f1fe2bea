"""What everybody may see of a Lisboa state, and what one player sees (hands, bags and decks are hidden).

Hands, the order of every deck, the face-down cards of the political display stacks and of the
public-building stacks below their visible top (rulebook p. 6, p. 7), the clergy bag, the clergy tiles
offered at setup and the box are hidden; the public view keeps their sizes only.
"""

from __future__ import annotations

import marshal
from typing import Any


def public_view(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of ``state`` with every hidden list replaced by its size."""
    view: dict[str, Any] = marshal.loads(marshal.dumps(state))  # plain JSON data: the fastest exact copy
    view.pop("rng", None)
    view.pop("seed", None)
    view.pop("queue", None)  # the engine's own program of steps still to run
    for board in view["boards"]:
        board["hand"] = len(board["hand"])
    pol = view["political"]
    for deck in [k for k in pol if k != "display"]:
        pol[deck] = len(pol[deck])
    pol["display"] = {
        kind: {"top": cards[0] if cards else None, "count": len(cards)} for kind, cards in pol["display"].items()
    }
    view["decrees"]["deck"] = len(view["decrees"]["deck"])
    view["church"]["bag"] = len(view["church"]["bag"])
    setup = view["setup"]
    setup["clergy_offers"] = [len(o) for o in setup["clergy_offers"]]
    for key in ("packets", "draft_kept"):  # the starting draft (D02): sizes only
        if key in setup:
            setup[key] = [len(p) for p in setup[key]]
    if "draft_picks" in setup:
        setup["draft_picks"] = [p is not None for p in setup["draft_picks"]]
    if view["phase"] == "setup":
        view["setup"]["clergy_kept"] = [k is not None for k in view["setup"]["clergy_kept"]]
    view["box"] = {k: (sum(v.values()) if isinstance(v, dict) else len(v)) for k, v in view["box"].items()}
    for colour in view["buildings"].values():
        stack = colour["stack"]
        colour["stack"] = {"top": stack[0] if stack else None, "count": len(stack)}
    return view


def player_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The public view plus what ``seat`` alone may see: its hand, clergy offer and draft packet."""
    view = public_view(state)
    view["seat"] = seat
    view["boards"][seat]["hand"] = sorted(state["boards"][seat]["hand"])
    setup = state["setup"]
    view["setup"]["clergy_offers"][seat] = list(setup["clergy_offers"][seat])
    if "packets" in setup:
        view["setup"]["packets"][seat] = list(setup["packets"][seat])
        view["setup"]["draft_kept"][seat] = list(setup["draft_kept"][seat])
    if view["phase"] == "setup":
        view["setup"]["clergy_kept"][seat] = setup["clergy_kept"][seat]
    return view
