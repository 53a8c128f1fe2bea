"""Black Market [S]: when a building is otherwise unaffordable, its owner may
return up to one colonist (or noble), one good and one VP chip, each −1 doubloon. It may
only cover the shortfall: the builder pays all their doubloons and never keeps any. The
colonist on the Black Market itself cannot be returned.

Inside the builder's turn, after ``build X``, a ``black_market`` decision asks for one
item at a time until the shortfall is covered; the price is fixed when ``build`` is chosen."""

from __future__ import annotations

from . import nobles as nb
from .board import active
from .data import BUILDING_ORDER, GOODS, TILES
from .types import Board, Events, PRAction, PREvent, PRState

ITEMS = ("colonist", "good", "vp")


def _places(board: Board) -> list[str]:
    """Where a returnable person may stand, in a fixed order (never dict order)."""
    places = ["san_juan"] if board["san_juan"] else []
    places += [t for t in TILES if board["island"].get(t, [0, 0])[1]]
    return places + [b for b in BUILDING_ORDER if board["city"].get(b) and b != "black-market"]


def _has(board: Board, item: str) -> bool:
    if item == "colonist":
        return bool(_places(board))
    if item == "good":
        return any(board["goods"])
    return bool(board["vp"] >= 1)


def capacity(board: Board) -> int:
    """How many doubloons the Black Market could stand in for now (0 without one)."""
    if not active(board, "black-market"):
        return 0
    return sum(1 for item in ITEMS if _has(board, item))


def begin(state: PRState, player: int, building: str, price: int, short: int) -> None:
    """The price is fixed now; the builder is then asked for one item at a time (:mod:`.builder`)."""
    state["phase"]["black_market"] = {"building": building, "price": price, "left": short, "used": []}


def options(state: PRState, player: int) -> list[PRAction]:
    board = state["boards"][player]
    used = state["phase"]["black_market"]["used"]
    opts: list[PRAction] = []
    if "colonist" not in used:
        for place in _places(board):
            opts += [
                {"verb": "return", "item": "colonist", "place": place, "noble": noble}
                for noble in nb.kinds_at(board, place)
            ]
    if "good" not in used:
        opts += [{"verb": "return", "item": "good", "good": g} for i, g in enumerate(GOODS) if board["goods"][i]]
    if "vp" not in used and board["vp"] >= 1:
        opts.append({"verb": "return", "item": "vp"})
    return opts


def pay(state: PRState, player: int, action: PRAction, events: Events) -> tuple[str, int, int] | None:
    """Return one item; once the shortfall is covered, (building, price, items returned)."""
    board = state["boards"][player]
    supply = state["supply"]
    deal = state["phase"]["black_market"]
    item = action["item"]
    event: PREvent = {"kind": "black_market", "player": player, "item": item}
    if item == "colonist":
        nb.remove_person(board, action["place"], action["noble"])
        supply["nobles" if action["noble"] else "colonists"] += 1
        event["place"], event["noble"] = action["place"], action["noble"]
    elif item == "good":
        i = GOODS.index(action["good"])
        board["goods"][i] -= 1
        supply["goods"][i] += 1
        event["good"] = action["good"]
    else:
        board["vp"] -= 1
        supply["vp"] += 1
    events.append(event)
    deal["used"].append(item)
    deal["left"] -= 1
    if deal["left"] > 0:
        return None
    del state["phase"]["black_market"]
    return deal["building"], deal["price"], len(deal["used"])
