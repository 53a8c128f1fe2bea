"""Build a Store (D18; rulebook pp. 17-18): Manuel da Maia's noble action, TC-01/TC-02.

Step ``build_store`` {player}, in the rulebook's order (the Bodoge summary takes the rubble
before the lot bonus):
1. ``store_tile``: a city tile from a display space; the space sets the store type, the small
   space serves the small column-5 lots (rulebook p. 17).
2. ``store_lot``: an empty lot of that size facing a street of that type; a lot facing two
   matching streets lets the builder choose (the Bodoge summary), the notch then faces it.
3. the lot bonus (:mod:`.bonus`), before the rubble and the payment (a 5-réis bonus can fund the
   store, BGG Lisboa forum); a Cardinal bonus is limited to moves that keep the cost payable.
4. ``store_rubble``: 1 cube of the lot's row or column rubble, your choice (none if both are
   empty); only cubes after which the land cost can still be paid are offered. CL-29/CL-30 apply.
5. the land cost: the treasury's right value + every cube still in that row and column, by the
   pack's land cost per disaster (3/2/1; site rubble never counts), TP-01 (N less per cube of its
   colour) and TP-02 (0) first, then TP-03/CL-31 and the influence substitution of
   :mod:`.payment` (D21: réis first; a player short of réis chooses how much influence covers).
6. ``store_house``: a house from the bottom of a store group of your choice that still has one;
   the space it uncovers activates its ability (rulebook p. 18).
7. wigs = the column's scoring value x the related public buildings already built (the top site
   of the store's street and the two ends of its row, each counted when its face shows the store
   type; at most 3; rulebook p. 18), + 1 with CL-24.
The emptied display space is refilled at the end of the turn (:mod:`.turn`).

:func:`.land.can_build_store` is the precondition of a Maia visit, follow or sponsored store: a
tile, a matching empty lot, a house left, and a land cost payable after the lot bonus and the best
cube (:mod:`.land`: the land cost and the lot checks).

Texts: ``tile D-gold``, ``lot B3 S2``, ``rubble row fire`` / ``rubble column tsunami``, ``house middle``.
"""

from __future__ import annotations

from . import flow, payment
from .bonus import gain_bonus
from .effects import REGISTRY
from .i18n import msg
from .land import can_build_store, land_cost, lot_payable, lots_for, payable_with, rubble_pools, usable_spaces
from .rules import board, clergy_effects, pack_of, reis_cost, take_rubble
from .types import Events, LDecision, LStep, Store
from .types import LAction as Action
from .types import LState as State

POOLS = ("row", "column")


# --- the procedure -------------------------------------------------------------------------------
@flow.step("build_store")
def _build_store(state: State, s: LStep, events: Events) -> None:
    if can_build_store(state, s["player"]):
        flow.ask(state, "store_tile", s["player"])
    else:  # only if something done since the check took the last option away
        events.append({"kind": "action_lost", "player": s["player"], "action": "build_store"})


def tile_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "store_tile", "space": sp} for sp in usable_spaces(state, d["player"])]


def tile_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    space = action["space"]
    state["city"]["tile_display"][space] = False
    kind = pack_of(state).tile_display[space].type
    events.append({"kind": "store_tile", "player": d["player"], "space": space, "type": kind})
    flow.ask(state, "store_lot", d["player"], space=space)


def lot_options(state: State, d: LDecision) -> list[Action]:
    return [
        {"verb": "store_lot", "lot": lot, "street": street}
        for lot, street in lots_for(state, d["space"])
        if lot_payable(state, d["player"], lot)
    ]


def lot_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    seat, lot, street = d["player"], action["lot"], action["street"]
    kind = pack_of(state).streets[street].type
    state["city"]["lots"][lot] = {"owner": seat, "type": kind, "street": street}
    events.append({"kind": "store_lot", "player": seat, "lot": lot, "street": street, "type": kind})
    flow.then(
        state,
        {"step": "store_bonus", "player": seat, "lot": lot},
        {"step": "store_rubble", "player": seat, "lot": lot},
        {"step": "store_pay", "player": seat, "lot": lot},
    )


@flow.step("store_bonus")
def _store_bonus(state: State, s: LStep, events: Events) -> None:
    spec = pack_of(state).lots[s["lot"]]
    gain_bonus(
        state,
        s["player"],
        spec.bonus,
        spec.bonus_params,
        events,
        "lot bonus",
        guard={"check": "store", "lot": s["lot"]},
    )


@flow.step("store_rubble")
def _store_rubble(state: State, s: LStep, events: Events) -> None:
    if any(n for pool in rubble_pools(state, s["lot"]).values() for n in pool.values()):
        flow.ask(state, "store_rubble", s["player"], lot=s["lot"])


def rubble_options(state: State, d: LDecision) -> list[Action]:
    pools = rubble_pools(state, d["lot"])
    opts: list[Action] = [
        {"verb": "store_rubble", "pool": p, "rubble": r} for p in POOLS for r in pack_of(state).rubble if pools[p][r]
    ]
    return [o for o in opts if payable_with(state, d["player"], d["lot"], o["rubble"])] or opts


def rubble_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    rubble_pools(state, d["lot"])[action["pool"]][action["rubble"]] -= 1
    take_rubble(state, d["player"], action["rubble"], events, f"store {action['pool']}")


@flow.step("store_pay")
def _store_pay(state: State, s: LStep, events: Events) -> None:
    seat, lot = s["player"], s["lot"]
    base = land_cost(state, seat, lot)
    flow.then(
        state,
        payment.step(seat, base, "land cost"),
        {"step": "store_house", "player": seat, "lot": lot, "cost": reis_cost(state, seat, base)},
    )


@flow.step("store_house")
def _store_house(state: State, s: LStep, events: Events) -> None:
    flow.ask(state, "store_house", s["player"], lot=s["lot"], cost=s["cost"])


def house_options(state: State, d: LDecision) -> list[Action]:
    houses = board(state, d["player"])["houses"]
    return [{"verb": "store_house", "group": g} for g in sorted(houses) if houses[g]]  # never the dict's order


def house_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    seat, group = d["player"], action["group"]
    houses = board(state, seat)["houses"]
    houses[group] -= 1
    events.append({"kind": "house", "player": seat, "group": group, "left": houses[group]})
    _score(state, seat, d["lot"], d["cost"], events)


def related(state: State, lot: str) -> int:
    """Built public buildings related to the store on ``lot``: its street's top site and its row's
    two ends, each when its face shows the store's type (rulebook p. 18; at most 3)."""
    pack, store = pack_of(state), built_store(state, lot)
    row = pack.lots[lot].row
    sites = [pack.streets[store["street"]].top_site]
    sites += [s.id for s in pack.sites.values() if s.side != "top" and s.row == row]
    return sum(1 for site in sites if store["type"] in face_icons(state, site))


def built_store(state: State, lot: str) -> Store:
    """The store built on ``lot``."""
    store = state["city"]["lots"][lot]
    assert store is not None, f"no store on lot {lot}"
    return store


def face_icons(state: State, site: str) -> tuple[str, ...]:
    """Store types on the face a built site shows (nothing if unbuilt or covered)."""
    placed = state["city"]["sites"].get(site)
    if not placed or not placed["building"]:
        return ()
    building = pack_of(state).buildings[placed["building"]["id"]]
    return building.blue if placed["building"]["face"] == "blue" else building.green


def _score(state: State, seat: int, lot: str, cost: int, events: Events) -> None:
    pack, store = pack_of(state), built_store(state, lot)
    n = related(state, lot)
    wigs = pack.column_score(pack.lots[lot].column, state["city"]["scoring"]) * n
    wigs += REGISTRY["CL-24"].constants["wigs"] * clergy_effects(pack, board(state, seat)).count("CL-24")
    board(state, seat)["wigs"] += wigs
    events.append(
        {
            "kind": "store_built",
            "player": seat,
            "lot": lot,
            "type": store["type"],
            "street": store["street"],
            "related": n,
            "wigs": wigs,
            "cost": cost,
        }
    )


flow.kind("store_tile", tile_options, tile_act, msg("Build a store: take a city tile from the display."))
flow.kind("store_lot", lot_options, lot_act, msg("Build a store: choose the lot (and the street it faces)."))
flow.kind("store_rubble", rubble_options, rubble_act, msg("Build a store: take a rubble cube from its row or column."))
flow.kind("store_house", house_options, house_act, msg("Build a store: place a house from a store group."))
