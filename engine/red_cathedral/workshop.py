"""Workshop tiles on a player's board: which slots are open, what placing a tile costs, and a
tile's benefit (on being placed face up, and on each activation from the market).

A tile shows a resource (that resource in its amount) or a die (once, the yield of the market
space where the die of that colour now stands; ⚠ x1, not times the dice there). Basic side: a
face-up tile costs the slot's printed rubles. Advanced side (teaching script §上級ルール): it always costs 3;
an ornament lying on a coloured slot is released by a face-up tile and lost by a face-down one; a
white slot opens only once the banner on it has been used.
"""

from __future__ import annotations

from . import board
from . import model as m
from .types import Die, Events, Gain, Item, Slot, State, TileEvent

# Slots in the order they are offered: white first (no ornament to lose on the advanced side).
OFFER_ORDER: tuple[Slot, ...] = ("white-1", "white-2", "red", "blue", "yellow", "green")


def is_open(state: State, p: int, slot: Slot) -> bool:
    """True when a tile may go on ``slot`` now: it is empty and, on the advanced side, not under a banner."""
    me = board.seat(state, p)
    if me["slots"][slot] is not None:
        return False
    if not board.advanced(state) or not slot.startswith("white"):
        return True
    used = board.pack_of(state).rules.banners - board.pack_of(state).rules.banners_in_inventory - me["banners"]["board"]
    return used >= int(slot.split("-")[1])


def open_slots(state: State, p: int) -> list[Slot]:
    """Open slots, with only one of two interchangeable empty white slots."""
    slots = [s for s in OFFER_ORDER if is_open(state, p, s)]
    if "white-1" in slots and "white-2" in slots:
        slots.remove("white-2")
    return slots


def face_up_cost(state: State, slot: Slot) -> int:
    pack = board.pack_of(state)
    return pack.rules.advanced_face_up_cost if board.advanced(state) else pack.workshop[slot].cost


def yield_of(state: State, tile_id: str) -> tuple[Item, int]:
    """What a tile gives now: (item, amount)."""
    pack = board.pack_of(state)
    tile = pack.tiles[tile_id]
    if tile.kind == "resource":
        assert tile.item, "a resource tile names its item (checks.py)"
        return tile.item, tile.amount
    assert tile.die, "a die tile names its die (checks.py)"
    space = state["spaces"][board.die_space(state, tile.die)]
    resource = pack.resource_tiles[space["tile"]]
    return resource.item, resource.amount


def benefit(state: State, p: int, tile_id: str) -> dict[Gain, int]:
    """Give ``p`` the tile's benefit once; return what was really gained."""
    item, amount = yield_of(state, tile_id)
    return board.gain_all(state, p, {item: amount})


def place(state: State, p: int, tile_id: str, slot: Slot, up: bool, events: Events) -> None:
    """Put ``tile_id`` on ``slot`` face up (paying, and gaining its benefit) or face down."""
    me = board.seat(state, p)
    cost = face_up_cost(state, slot) if up else 0
    me["rubles"] -= cost
    me["slots"][slot] = {"tile": tile_id, "up": up}
    event: TileEvent = {"type": "tile", "player": p, "tile": tile_id, "slot": slot, "up": up, "paid": cost}
    holds = board.pack_of(state).advanced[slot].holds if board.advanced(state) else None
    if holds in m.ORNAMENTS:  # the advanced side: release or lose the ornament lying there
        assert holds is not None
        (me["ornaments"] if up else me["lost"])[holds] += 1
        event["ornament"] = holds
    events.append(event)
    if up:
        events.append({"type": "gain", "player": p, "why": "tile", "got": benefit(state, p, tile_id)})


def activatable(state: State, p: int, die: Die) -> list[Slot]:
    """Slots with a face-up tile the moved ``die`` activates on ``p``'s board."""
    me = board.seat(state, p)
    slots: tuple[Slot, ...] = ("white-1", "white-2") if die == "white" else (die,)
    return [s for s in slots if (tile := me["slots"][s]) is not None and tile["up"]]
