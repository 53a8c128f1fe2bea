"""Island tiles leaving and entering play: the face-down stack, and tiles discarded from an
island (Hunting Lodge, Land Office). Forests never leave an island [S]."""

from __future__ import annotations

from ..core import rng
from . import nobles as nb
from .data import TILES
from .types import Board, Events, PRState


def draw(state: PRState, events: Events) -> str | None:
    """Top of the face-down stack; the discards are reshuffled when it runs out [P]."""
    tiles = state["plantations"]
    if not tiles["deck"] and tiles["discard"]:
        tiles["deck"], tiles["discard"] = tiles["discard"], []
        rng.shuffle(state, tiles["deck"])
        events.append({"kind": "reshuffle", "random": True})
    tile: str | None = tiles["deck"].pop() if tiles["deck"] else None
    return tile


def can_draw(state: PRState) -> bool:
    return bool(state["plantations"]["deck"] or state["plantations"]["discard"])


def discardable(board: Board) -> list[str]:
    """Tile kinds an island may give up: plantations and quarries, never forests."""
    return [t for t in TILES if board["island"].get(t, [0, 0])[0]]


def discard(state: PRState, player: int, kind: str) -> bool:
    """Remove one ``kind`` tile from the island: an empty one if there is one, else an
    occupied one whose person (a colonist before a noble) goes to San Juan [S]. Plantations
    go to the discard pile, quarries back to the supply. True if someone had to move."""
    board = state["boards"][player]
    slot = board["island"][kind]
    moved = slot[1] >= slot[0]
    if moved:
        noble = nb.kinds_at(board, kind)[0]
        nb.move_person(board, kind, "san_juan", noble)
    slot[0] -= 1
    if not slot[0]:
        del board["island"][kind]
    if kind == "quarry":
        state["supply"]["quarries"] += 1
    else:
        state["plantations"]["discard"].append(kind)
    return moved


def refill_faceup(state: PRState, events: Events) -> None:
    """End of the Settler phase: untaken tiles to the discards, then players + 1 new ones
    face up [P]."""
    tiles = state["plantations"]
    tiles["discard"] += tiles["faceup"]
    tiles["faceup"] = []
    for _ in range(len(state["boards"]) + 1):
        tile = draw(state, events)
        if tile is None:
            break
        tiles["faceup"].append(tile)
    events.append({"kind": "faceup", "tiles": list(tiles["faceup"]), "random": True})
