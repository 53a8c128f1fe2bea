"""Guest House [S]: holds up to 2 colonists; its owner may move them to any
free circle (a building or a plantation/quarry) at the start, middle or end of any phase,
each separately, with immediate effect; once moved they stay put until the next Mayor.

The move is offered inside the owner's own prompts: whenever the owner is asked anything
(a role, a pick, a sale, a load, storage...), ``guest <place>`` (or ``guest noble <place>``)
moves one guest and the same question is asked again. It is not offered inside the Mayor's
layout (the Guest House is then an ordinary 2-circle building) nor in the middle of a Black
Market payment or a Small Wharf loading. Where something the owner gets is settled with no
prompt of theirs first, :mod:`guest_window` opens a window for the moves."""

from __future__ import annotations

from . import nobles as nb
from .data import BUILDING_ORDER, BUILDINGS, TILES
from .types import Board, Events, PRAction, PRState

NOT_IN = frozenset({"mayor_layout", "draft", "black_market", "small_wharf"})


def free_places(board: Board) -> list[str]:
    """Every place with a free circle a guest may move to, in the game's fixed order."""
    island, city = board["island"], board["city"]
    places = [t for t in TILES if t in island and island[t][1] < island[t][0]]
    return places + [b for b in BUILDING_ORDER if b in city and b != "guest-house" and city[b] < BUILDINGS[b].circles]


def options(state: PRState, player: int, kind: str) -> list[PRAction]:
    board = state["boards"][player]
    if not board["city"].get("guest-house") or kind in NOT_IN:
        return []
    targets = free_places(board)
    opts: list[PRAction] = []
    for noble in nb.kinds_at(board, "guest-house"):
        opts += [
            {"verb": "guest", "target": t, "noble": True} if noble else {"verb": "guest", "target": t} for t in targets
        ]
    return opts


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    noble = bool(action.get("noble"))
    nb.move_person(state["boards"][player], "guest-house", action["target"], noble)
    events.append({"kind": "guest", "player": player, "target": action["target"], "noble": noble})
