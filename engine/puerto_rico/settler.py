"""Settler [S 1.3]: each player in turn may take a face-up plantation; the chooser (or an
occupied Construction Hut) may take a quarry instead. Hacienda draws before the pick,
Hospice adds a colonist to the tile taken. The row refills only at the end of the phase."""

from __future__ import annotations

from typing import Any

from ..core import rng
from .board import active, add_tile, island_full
from .data import GOODS
from .rounds import end_role, role_chooser, seats_from, take_colonist

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]


def start(state: State, chooser: int, events: Events) -> None:
    state["phase"] = {"order": seats_from(state, chooser), "idx": 0, "hacienda_used": False}
    _ask(state, events)


def _ask(state: State, events: Events) -> None:
    phase = state["phase"]
    while phase["idx"] < len(phase["order"]):
        player = phase["order"][phase["idx"]]
        if not island_full(state["boards"][player]):
            state["decision"] = {"kind": "settle", "player": player}
            return
        events.append({"kind": "island_full", "player": player})
        phase["idx"] += 1
    _finish(state, events)


def _draw(state: State, events: Events) -> str | None:
    """Top of the face-down stack; the discards are reshuffled when it runs out [P]."""
    tiles = state["plantations"]
    if not tiles["deck"] and tiles["discard"]:
        tiles["deck"], tiles["discard"] = tiles["discard"], []
        rng.shuffle(state, tiles["deck"])
        events.append({"kind": "reshuffle", "random": True})
    return tiles["deck"].pop() if tiles["deck"] else None


def options(state: State, player: int) -> list[Action]:
    board = state["boards"][player]
    opts: list[Action] = []
    tiles = state["plantations"]
    if island_full(board):
        return [{"verb": "pass"}]
    if (active(board, "hacienda") and not state["phase"]["hacienda_used"]
            and (tiles["deck"] or tiles["discard"])):
        opts.append({"verb": "hacienda"})
    opts += [{"verb": "take", "tile": kind} for kind in GOODS if kind in tiles["faceup"]]
    may_quarry = player == role_chooser(state) or active(board, "construction-hut")
    if may_quarry and state["supply"]["quarries"] > 0:
        opts.append({"verb": "take", "tile": "quarry"})
    opts.append({"verb": "pass"})
    return opts


def act(state: State, player: int, action: Action, events: Events) -> None:
    board = state["boards"][player]
    verb = action["verb"]
    if verb == "hacienda":
        # Before the normal pick; never a quarry; no Hospice colonist [S].
        tile = _draw(state, events)
        state["phase"]["hacienda_used"] = True
        if tile is not None:
            add_tile(board, tile)
        events.append({"kind": "hacienda", "player": player, "tile": tile, "random": True})
        return
    if verb == "take":
        tile = action["tile"]
        if tile == "quarry":
            state["supply"]["quarries"] -= 1
        else:
            state["plantations"]["faceup"].remove(tile)
        hospice = active(board, "hospice") and take_colonist(state)
        add_tile(board, tile, 1 if hospice else 0)
        events.append({"kind": "settle", "player": player, "tile": tile, "hospice": hospice})
    else:
        events.append({"kind": "pass", "player": player, "role": "settler"})
    state["phase"]["idx"] += 1
    state["phase"]["hacienda_used"] = False
    _ask(state, events)


def _finish(state: State, events: Events) -> None:
    """Untaken tiles to the discards, then players + 1 new ones face up [P]."""
    tiles = state["plantations"]
    tiles["discard"] += tiles["faceup"]
    tiles["faceup"] = []
    for _ in range(len(state["boards"]) + 1):
        tile = _draw(state, events)
        if tile is None:
            break
        tiles["faceup"].append(tile)
    events.append({"kind": "faceup", "tiles": list(tiles["faceup"]), "random": True})
    end_role(state, events)
