"""Settler [S]: each player in turn may take a face-up plantation; the chooser (or an
occupied Construction Hut) may take a quarry instead. Hacienda draws before the pick,
Hospice adds a colonist to the tile taken. The row refills only at the end of the phase.

Expansions [S]: Forest House (``forest <kind>``; ``swap for forest`` after a Hacienda
draw; the Hospice colonist then waits in San Juan); Library (the chooser's second pick
after everyone: a plantation or forest, a quarry only with a Construction Hut, no Hospice
colonist); Hunting Lodge at the end of the phase (:mod:`hunting_lodge`)."""

from __future__ import annotations

from . import forests, tiles
from .board import active, add_tile, island_full
from .data import GOODS
from .flow import ask, kind, step, then
from .i18n import msg
from .new_buildings import privilege_count
from .rounds import role_chooser, seats_from, take_colonist
from .types import Events, PRAction, PRState, PRStep


@step("settler")
def _start(state: PRState, s: PRStep, events: Events) -> None:
    state["phase"] = {"order": seats_from(state, role_chooser(state)), "idx": 0, "hacienda_used": False}
    then(state, {"step": "settle_turn"})


@step("settle_turn")
def _turn(state: PRState, s: PRStep, events: Events) -> None:
    """The next player with room on their island picks; then the Library's second pick; then
    the end of the phase (:mod:`.hunting_lodge`)."""
    phase = state["phase"]
    while phase["idx"] < len(phase["order"]):
        player = phase["order"][phase["idx"]]
        if not island_full(state["boards"][player]):
            ask(state, "settle", player)
            return
        events.append({"kind": "island_full", "player": player})
        phase["idx"] += 1
    chooser = role_chooser(state)
    if "second" not in phase and privilege_count(state, chooser) == 2 and not island_full(state["boards"][chooser]):
        phase["second"] = True  # Library: the chooser's second pick, after everyone [S]
        phase["order"].append(chooser)
        ask(state, "settle", chooser)
        return
    then(state, {"step": "hunting_lodge"})


def options(state: PRState, player: int) -> list[PRAction]:
    board = state["boards"][player]
    phase = state["phase"]
    second = phase.get("second", False)
    tiles_ = state["plantations"]
    swap = forests.swap_option(state, player)
    if island_full(board):
        return swap + [{"verb": "pass"}]
    opts: list[PRAction] = []
    if not second and active(board, "hacienda") and not phase["hacienda_used"] and tiles.can_draw(state):
        opts.append({"verb": "hacienda"})
    opts += swap
    opts += [{"verb": "take", "tile": kind} for kind in GOODS if kind in tiles_["faceup"]]
    opts += forests.options(state, player)
    may_quarry = (player == role_chooser(state) and not second) or active(board, "construction-hut")
    if may_quarry and state["supply"]["quarries"] > 0:
        opts.append({"verb": "take", "tile": "quarry"})
    opts.append({"verb": "pass"})
    return opts


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    board = state["boards"][player]
    phase = state["phase"]
    verb = action["verb"]
    if verb == "hacienda":
        # Before the normal pick; never a quarry; no Hospice colonist [S].
        tile = tiles.draw(state, events)
        phase["hacienda_used"] = True
        if tile is not None:
            add_tile(board, tile)
            if active(board, "forest-house"):
                phase["drawn"] = [player, tile]
        events.append({"kind": "hacienda", "player": player, "tile": tile, "random": True})
        ask(state, "settle", player)  # then the normal pick
        return
    if verb == "swap":
        forests.swap(state, player, events)
        ask(state, "settle", player)
        return
    phase.pop("drawn", None)
    # The Hospice colonist: the first pick only with the Library [S]; a forest's waits in San Juan.
    hospice = verb in ("take", "forest") and not phase.get("second") and active(board, "hospice")
    if verb == "take":
        tile = action["tile"]
        if tile == "quarry":
            state["supply"]["quarries"] -= 1
        else:
            state["plantations"]["faceup"].remove(tile)
        hospice = hospice and take_colonist(state)
        add_tile(board, tile, 1 if hospice else 0)
        events.append({"kind": "settle", "player": player, "tile": tile, "hospice": hospice})
    elif verb == "forest":
        forests.take(state, player, action["tile"])
        hospice = hospice and take_colonist(state)
        board["san_juan"] += 1 if hospice else 0
        events.append({"kind": "forest", "player": player, "discarded": action["tile"], "hospice": hospice})
    else:
        events.append({"kind": "pass", "player": player, "role": "settler"})
    phase["idx"] += 1
    phase["hacienda_used"] = False
    then(state, {"step": "settle_turn"})


kind("settle", options, act, msg("Take a plantation (or quarry), or pass."))
