"""Action 1, Sell Goods (D08; rulebook p. 11).

Sell at least one good: each into any docked ship (anyone's) with a free hold space, for the good's
price + the ship's sale bonus + your own bonuses (TP-04 +2 for its good, CL-12..CL-15 +2 for
theirs, CL-16 +1). A full hold sails at once: its *owner* scores 1 wig per good (CL-17: +2) and
nobody can load it until it docks at the start of its owner's turn. Prices do not change.

Texts: ``sell <good> <ship>`` (e.g. ``sell gold ship-red-1``), and ``done`` once one good is sold.
"""

from __future__ import annotations

from . import flow
from .i18n import msg
from .rules import SALE_CLERGY, board, clergy_effects, pack_of, permanents, ship_type
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State


def docked_ships(state: State) -> list[tuple[int, str]]:
    """(owner, ship) with a free hold space and not sailing, in seat then portfolio order."""
    pack = pack_of(state)
    out = []
    for seat, b in enumerate(state["boards"]):
        for ship in b["portfolio"]["top"]:
            hold = b["holds"].get(ship)
            if hold and not hold["sailing"] and len(hold["goods"]) < pack.ships[ship_type(ship)].hull:
                out.append((seat, ship))
    return out


def possible(state: State, seat: int) -> bool:
    return bool(docked_ships(state)) and any(board(state, seat)["goods"][g] for g in pack_of(state).goods)


def sale_value(state: State, seat: int, good: str, ship: str) -> int:
    pack, b = pack_of(state), board(state, seat)
    effects = clergy_effects(pack, b)
    value = state["prices"][good] + pack.ships[ship_type(ship)].sale_bonus
    value += sum(2 for e, p in permanents(pack, b) if e == "TP-04" and p["good"] == good)
    value += 2 * effects.count(SALE_CLERGY[good]) + effects.count("CL-16")
    return value


def options(state: State, d: LDecision) -> list[Action]:
    seat = d["player"]
    goods = [g for g in pack_of(state).goods if board(state, seat)["goods"][g]]
    opts: list[Action] = [{"verb": "sell", "good": g, "ship": ship} for g in goods for _, ship in docked_ships(state)]
    if d["sold"]:
        opts.append({"verb": "done"})
    return opts


def act(state: State, d: LDecision, action: Action, events: Events) -> None:
    if action["verb"] == "done":
        return
    seat, good, ship = d["player"], action["good"], action["ship"]
    sell_one(state, seat, good, ship, events)
    flow.ask(state, "sell", seat, sold=d["sold"] + 1)


def sell_one(state: State, seat: int, good: str, ship: str, events: Events) -> None:
    pack, b = pack_of(state), board(state, seat)
    owner = next(o for o, s in docked_ships(state) if s == ship)
    value = sale_value(state, seat, good, ship)
    b["goods"][good] -= 1
    b["reis"] += value
    hold = state["boards"][owner]["holds"][ship]
    hold["goods"].append(good)
    events.append({"kind": "sell", "player": seat, "good": good, "ship": ship, "owner": owner, "reis": value})
    hull = pack.ships[ship_type(ship)].hull
    if len(hold["goods"]) == hull:
        hold["sailing"] = True
        o = state["boards"][owner]
        wigs = hull + 2 * clergy_effects(pack, o).count("CL-17")
        o["wigs"] += wigs
        events.append({"kind": "sail", "player": owner, "ship": ship, "wigs": wigs})


@flow.step("sell")
def _sell(state: State, s: LStep, events: Events) -> None:
    flow.ask(state, "sell", s["player"], sold=0)


flow.kind("sell", options, act, msg("Sell a good into a docked ship (done when finished)."))
