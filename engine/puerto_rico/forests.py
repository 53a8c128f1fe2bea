"""Forests [S]: with an occupied Forest House a player may take a forest
instead of a plantation, discarding a face-up plantation of their choice; a tile just drawn
by the Hacienda or the Land Office may be discarded for a forest instead. A forest fills an
island space, never holds a colonist and stays to the end; every 2 forests make any building
1 cheaper (:func:`new_buildings.forest_discount`). Forest tiles are not limited."""

from __future__ import annotations

from .board import active, add_tile, island_full
from .data import GOODS
from .tiles import discard
from .types import Events, PRAction, PRState


def options(state: PRState, player: int) -> list[PRAction]:
    """``forest <kind>``: a forest, discarding that face-up plantation."""
    board = state["boards"][player]
    if not active(board, "forest-house") or island_full(board):
        return []
    faceup = state["plantations"]["faceup"]
    return [{"verb": "forest", "tile": kind} for kind in GOODS if kind in faceup]


def take(state: PRState, player: int, kind: str) -> None:
    tiles = state["plantations"]
    tiles["faceup"].remove(kind)
    tiles["discard"].append(kind)
    add_tile(state["boards"][player], "forest")


def swap_option(state: PRState, player: int) -> list[PRAction]:
    """``swap for forest``: the tile the Hacienda or Land Office just drew becomes a forest."""
    drawn = state["phase"].get("drawn")
    if drawn and drawn[0] == player and active(state["boards"][player], "forest-house"):
        return [{"verb": "swap"}]
    return []


def swap(state: PRState, player: int, events: Events) -> None:
    _, drawn = state["phase"].pop("drawn")
    tile = str(drawn)  # [seat, tile]
    discard(state, player, tile)
    add_tile(state["boards"][player], "forest")
    events.append({"kind": "forest_swap", "player": player, "tile": tile})
