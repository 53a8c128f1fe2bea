"""Trader [S 1.3]: each player in turn may sell one good to the trading house (4 spaces,
all different kinds unless the seller has an occupied Office). Markets add 1/2, the
chooser 1. A full house ends the phase at once and is emptied; otherwise goods stay."""

from __future__ import annotations

from typing import Any

from .board import active
from .data import GOODS, HOUSE_SIZE, PRICE
from .rounds import end_role, next_turn, role_chooser, start_turns

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]


def start(state: State, chooser: int, events: Events) -> None:
    start_turns(state, chooser, "trade")


def price(state: State, player: int, good: str) -> int:
    board = state["boards"][player]
    value = PRICE[GOODS.index(good)]
    value += active(board, "small-market") + 2 * active(board, "large-market")
    return value + (player == role_chooser(state))


def options(state: State, player: int) -> list[Action]:
    board = state["boards"][player]
    house = state["house"]
    opts: list[Action] = []
    if len(house) < HOUSE_SIZE:
        office = active(board, "office")
        opts = [{"verb": "sell", "good": g} for i, g in enumerate(GOODS)
                if board["goods"][i] > 0 and (office or g not in house)]
    opts.append({"verb": "pass"})
    return opts


def act(state: State, player: int, action: Action, events: Events) -> None:
    if action["verb"] == "sell":
        good = action["good"]
        paid = price(state, player, good)
        board = state["boards"][player]
        board["goods"][GOODS.index(good)] -= 1
        board["doubloons"] += paid
        state["house"].append(good)
        events.append({"kind": "sell", "player": player, "good": good, "price": paid})
    else:
        events.append({"kind": "pass", "player": player, "role": "trader"})
    # A full house ends the phase at once [S].
    if len(state["house"]) < HOUSE_SIZE and next_turn(state, "trade"):
        return
    if len(state["house"]) >= HOUSE_SIZE:
        for good in state["house"]:
            state["supply"]["goods"][GOODS.index(good)] += 1
        events.append({"kind": "house_emptied", "goods": list(state["house"])})
        state["house"] = []
    end_role(state, events)
