"""Words shared by labels, event sentences and the text board.

>>> amounts({"brick": 2, "rubles": 1, "rp": 3})
'2 brick, 1 ruble, 3 RP'
>>> amounts({}), plural(1, "ruble"), plural(2, "ruble")
('nothing', '1 ruble', '2 rubles')
"""

from __future__ import annotations

from typing import Any

from . import board

State = dict[str, Any]
NAMES = {"green": "green jewel", "purple": "purple jewel", "rubles": "ruble", "rp": "RP", "pp": "PP"}
GUILDS = {
    "craftsmen": "the Craftsmen's Guild",
    "teamsters": "the Teamsters' Guild",
    "merchants": "the Merchants' Guild",
    "clergy": "the Clergy",
}
SPACE_WORDS = {"white-1": "white (1st)", "white-2": "white (2nd)"}


def plural(n: int, word: str) -> str:
    if word in ("RP", "PP", "lumber", "brick", "stone", "gold"):
        return f"{n} {word}"
    return f"{n} {word}" + ("" if n == 1 else "s")


def times(n: int) -> str:
    """``once``, ``2 times``."""
    return "once" if n == 1 else f"{n} times"


def guild_of_card(state: State, card_id: str) -> str:
    return GUILDS[board.pack_of(state).influence[card_id].group]


def noun(name: str) -> str:
    """``green`` -> ``green jewel``: an item's name without a count."""
    return NAMES.get(name, name)


def item(name: str, n: int) -> str:
    return plural(n, NAMES.get(name, name))


def amounts(d: dict[str, int]) -> str:
    parts = [item(k, n) for k, n in d.items() if n]
    return ", ".join(parts) if parts else "nothing"


def slot_name(slot: str) -> str:
    return SPACE_WORDS.get(slot, slot)


def space_name(state: State, space: int) -> str:
    """``space 3 (2 brick)``: a market space by number and its tile."""
    tile = board.pack_of(state).resource_tiles[state["spaces"][space]["tile"]]
    return f"space {space + 1} ({item(tile.item, tile.amount)})"


def tile_text(state: State, tile_id: str) -> str:
    tile = board.pack_of(state).tiles[tile_id]
    if tile.kind == "resource":
        return item(tile.item, tile.amount)
    return f"the yield of the {tile.die} die's space"


def influence_text(state: State, card_id: str, which: int) -> str:
    tag, cost, gain = board.pack_of(state).influence[card_id].action(which)
    head = "once" if tag == "once" else "repeatable"
    pay = f"pay {amounts(cost)}, " if cost else ""
    return f"{head}: {pay}get {amounts(gain)}"


def section_text(state: State, index: int) -> str:
    sec, card = state["sections"][index], board.card(state, index)
    level = card.level
    reward = amounts({"rp": card.rp, "rubles": card.rubles})
    return f"{sec['name']} ({level}: {amounts(card.cost)} for {reward})"
