"""Land Office [S], once per Trader phase, on the owner's turn besides the sale.
Colonist: pay 1 doubloon for a random plantation from the stack (with the Forest House it
may become a forest: ``swap for forest``). Noble: discard a tile from the island for 1
doubloon; the Trader's privilege does not apply; its occupant goes to San Juan."""

from __future__ import annotations

from . import forests, tiles
from .board import add_tile, island_full
from .nobles import colonist_in, noble_in
from .types import Events, PRAction, PRState

VERBS = ("land", "swap")


def options(state: PRState, player: int) -> list[PRAction]:
    opts = forests.swap_option(state, player)
    board = state["boards"][player]
    if player in state["phase"].get("land_used", []):
        return opts
    if (
        colonist_in(board, "land-office")
        and board["doubloons"] >= 1
        and not island_full(board)
        and tiles.can_draw(state)
    ):
        opts.append({"verb": "land", "mode": "draw"})
    if noble_in(board, "land-office"):
        opts += [{"verb": "land", "mode": "discard", "tile": t} for t in tiles.discardable(board)]
    return opts


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    if action["verb"] == "swap":
        forests.swap(state, player, events)
        return
    state["phase"].setdefault("land_used", []).append(player)
    board = state["boards"][player]
    if action["mode"] == "draw":
        board["doubloons"] -= 1
        tile = tiles.draw(state, events)
        assert tile is not None  # options() checked the stack
        add_tile(board, tile)
        state["phase"]["drawn"] = [player, tile]
        events.append({"kind": "land_draw", "player": player, "tile": tile, "random": True})
    else:
        moved = tiles.discard(state, player, action["tile"])
        board["doubloons"] += 1
        events.append({"kind": "land_discard", "player": player, "tile": action["tile"], "moved": moved})
