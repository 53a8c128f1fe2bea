"""A new Puerto Rico game for 2–5 players [S setup, P per-count table]."""

from __future__ import annotations

from typing import Any

from ..core import rng
from .board import add_tile, new_board
from .data import BUILDINGS, DATA, GOODS, setup_for

RULES_VERSION = 1


def _copies(players: int) -> dict[str, int]:
    two = setup_for(players)["copies"] == "two_player"
    return {b.id: (b.copies_two_player if two else b.copies) for b in BUILDINGS.values()}


def setup(players: list[str], options: dict[str, Any], seed: int) -> dict[str, Any]:
    n = len(players)
    table = setup_for(n)
    state: dict[str, Any] = {
        "game": "puerto_rico", "rules_version": RULES_VERSION, "options": dict(options),
        "players": list(players), "seed": seed, "rng": rng.seed_state(seed), "step": 0,
        "round": 1, "governor": 0, "choice": 0, "choosers": list(table["choices"]),
        "role_money": {r: 0 for r in table["roles"]}, "taken": {},
        "role": None, "phase": {}, "decision": None, "frames": [],
        "end": [], "over": False, "result": None,
    }
    remove = table["remove_goods"]
    supply_goods = [count - remove for count in DATA["goods_supply"]]
    deck: list[str] = []
    for kind, count in zip(GOODS, DATA["plantations"], strict=True):
        deck += [kind] * (count - table["remove_plantations"])
    boards = [new_board(table["doubloons"]) for _ in players]
    for board, tile in zip(boards, table["start"], strict=True):
        deck.remove(tile)
        add_tile(board, tile)
    rng.shuffle(state, deck)
    faceup = [deck.pop() for _ in range(n + 1)]
    state.update({
        "boards": boards,
        "supply": {"colonists": table["colonists"], "ship": table["ship"], "vp": table["vp_chips"],
                   "goods": supply_goods, "quarries": table["quarries"]},
        "totals": {"colonists": table["colonists"] + table["ship"], "vp": table["vp_chips"],
                   "goods": list(supply_goods)},
        "buildings": _copies(n),
        "plantations": {"deck": deck, "discard": [], "faceup": faceup},
        "cargo": [{"size": size, "good": None, "load": 0} for size in table["cargo_ships"]],
        "house": [],
    })
    state["decision"] = {"kind": "role", "player": 0}
    return state
