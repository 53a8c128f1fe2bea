"""Trader [S]: each player in turn may sell one good to the trading house (4 spaces,
all different kinds unless the seller has an occupied Office). Markets add 1/2, the
chooser 1. A full house ends the phase at once and is emptied; otherwise goods stay.

Expansions [S]: the Trading Post sells any kind privately at the bare price (no markets,
but the privilege); the Library doubles the privilege; the Land Office acts besides the
sale (see :mod:`land_office`)."""

from __future__ import annotations

from . import land_office
from .board import active
from .data import GOODS, HOUSE_SIZE, PRICE
from .flow import ask, kind, step, then
from .i18n import msg
from .new_buildings import privilege_count
from .rounds import END_ROLE, next_turn, role_chooser, start_turns
from .types import Events, PRAction, PRState, PRStep


@step("trader")
def _start(state: PRState, s: PRStep, events: Events) -> None:
    start_turns(state, role_chooser(state), "trade")


def price(state: PRState, player: int, good: str, post: bool = False) -> int:
    board = state["boards"][player]
    value = PRICE[GOODS.index(good)]
    if not post:  # the markets do not apply to the Trading Post [S]
        value += active(board, "small-market") + 2 * active(board, "large-market")
    if player == role_chooser(state):
        value += privilege_count(state, player)
    return value


def options(state: PRState, player: int) -> list[PRAction]:
    board = state["boards"][player]
    house = state["house"]
    opts: list[PRAction] = land_office.options(state, player)
    if len(house) < HOUSE_SIZE:
        office = active(board, "office")
        opts += [
            {"verb": "sell", "good": g}
            for i, g in enumerate(GOODS)
            if board["goods"][i] > 0 and (office or g not in house)
        ]
    if active(board, "trading-post"):
        opts += [{"verb": "post", "good": g} for i, g in enumerate(GOODS) if board["goods"][i] > 0]
    opts.append({"verb": "pass"})
    return opts


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    if action["verb"] in land_office.VERBS:
        land_office.act(state, player, action, events)
        ask(state, "trade", player)  # besides the sale: the turn goes on
        return
    state["phase"].pop("drawn", None)
    board = state["boards"][player]
    if action["verb"] == "sell":
        good = action["good"]
        paid = price(state, player, good)
        board["goods"][GOODS.index(good)] -= 1
        board["doubloons"] += paid
        state["house"].append(good)
        events.append({"kind": "sell", "player": player, "good": good, "price": paid})
    elif action["verb"] == "post":
        good = action["good"]
        paid = price(state, player, good, post=True)
        i = GOODS.index(good)
        board["goods"][i] -= 1
        state["supply"]["goods"][i] += 1  # straight back to the supply [S]
        board["doubloons"] += paid
        events.append({"kind": "sell", "player": player, "good": good, "price": paid, "post": True})
    else:
        events.append({"kind": "pass", "player": player, "role": "trader"})
    then(state, {"step": "trade_next"})


@step("trade_next")
def _next(state: PRState, s: PRStep, events: Events) -> None:
    """The next seller; a full house ends the phase at once [S]."""
    if len(state["house"]) < HOUSE_SIZE and next_turn(state, "trade"):
        return
    if len(state["house"]) >= HOUSE_SIZE:
        for good in state["house"]:
            state["supply"]["goods"][GOODS.index(good)] += 1
        events.append({"kind": "house_emptied", "goods": list(state["house"])})
        state["house"] = []
    then(state, END_ROLE)


kind("trade", options, act, msg("Sell one good, or pass."))
