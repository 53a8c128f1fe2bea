"""Four of the six state actions (rulebook pp. 12-15): Hire Officials (D10/D28), Obtain a
Plan (D11), Build a Ship (D12), Produce Goods (D13), Royal Favor (D15). Meet the Cardinal (D14)
is in :mod:`.church`. Every one registers in ``ACTIONS`` with its legality test, and the step
``state_action`` {player, action, steps?} runs it (via trade, a visit, a follow or a card reward;
a reward whose action is impossible is lost, logged).

Readings: Hire places 2 officials in 2 different offices when you have 2, else 1 (the Bodoge summary
"up to 2" vs the rulebook "2": this project's reading); an upgrade needs a bigger hull; Produce is
illegal without a store (⚠ this project's reading); its bonus picks (SG-R1, CL-19) choose among the
types of your stores.

Texts: ``hire maia king``, ``plan blue``, ``ship new pay cloth gold``, ``ship upgrade ship-blue-1 pay
books`` (``pay nothing`` with SG-M3/CL-18), ``produce`` / ``produce extra gold``, ``favor king``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, combinations_with_replacement

from . import flow
from .i18n import msg
from .rules import (
    board,
    drop_price,
    favors_available,
    gain_goods,
    gain_influence,
    has,
    move_treasury,
    pack_of,
    place_official,
    ship_type,
    store_abilities,
    take_favor,
    top_influence,
)
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State

ACTIONS: dict[str, tuple[Callable[[State, int], bool], str]] = {}  # action -> (possible, decision kind)


@flow.step("state_action")
def _state_action(state: State, s: LStep, events: Events) -> None:
    seat, name = s["player"], s["action"]
    possible, kind_name = ACTIONS[name]
    if not possible(state, seat):
        events.append({"kind": "action_lost", "player": seat, "action": name})
        return
    extra = {"steps": s["steps"]} if "steps" in s else {}
    events.append({"kind": "state_action", "player": seat, "action": name})
    flow.ask(state, kind_name, seat, **extra)


# --- Hire Officials (Maia) -----------------------------------------------------------------------
def hire_options(state: State, d: LDecision) -> list[Action]:
    nobles = list(pack_of(state).nobles)
    k = min(2, board(state, d["player"])["officials"])
    return [{"verb": "hire", "offices": list(c)} for c in combinations(nobles, k)] if k else []


def hire_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    for noble in action["offices"]:
        place_official(state, d["player"], noble, events, "hire officials")


# --- Obtain a Plan (Maia) ------------------------------------------------------------------------
def plan_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "plan", "colour": c} for c in ("blue", "green") if state["plans"][c]]


def plan_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    plan = state["plans"][action["colour"]].pop(0)
    board(state, d["player"])["plans"].append(plan)
    events.append({"kind": "plan", "player": d["player"], "plan": plan})


# --- Build a Ship (Marquis) ----------------------------------------------------------------------
def ship_goods(state: State, seat: int, hull: int) -> int:
    """Goods a hull (or hull difference) costs: SG-M3 or CL-18 none, SG-M1 one fewer (rulebook p. 18)."""
    if has(state, seat, "SG-M3", "CL-18"):
        return 0
    return max(0, hull - 1) if "SG-M1" in store_abilities(pack_of(state), board(state, seat)) else hull


def _payments(state: State, seat: int, n: int) -> list[list[str]]:
    held = [g for g in pack_of(state).goods if board(state, seat)["goods"][g]]
    return [list(c) for c in combinations(held, n)]


def ship_options(state: State, d: LDecision) -> list[Action]:
    if not state["shipyard"]:
        return []
    pack, seat = pack_of(state), d["player"]
    hull = pack.ships[ship_type(state["shipyard"][0])].hull
    opts: list[Action] = [
        {"verb": "ship", "mode": "new", "pay": p} for p in _payments(state, seat, ship_goods(state, seat, hull))
    ]
    for old in board(state, seat)["portfolio"]["top"]:
        if old.startswith("ship-") and pack.ships[ship_type(old)].hull < hull:
            diff = ship_goods(state, seat, hull - pack.ships[ship_type(old)].hull)
            opts += [{"verb": "ship", "mode": "upgrade", "old": old, "pay": p} for p in _payments(state, seat, diff)]
    return opts


def ship_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    seat = d["player"]
    b = board(state, seat)
    for good in action["pay"]:
        b["goods"][good] -= 1
    ship = state["shipyard"].pop(0)
    events.append({"kind": "ship", "player": seat, "ship": ship, "pay": action["pay"], "old": action.get("old")})
    if action["mode"] == "upgrade":
        top = b["portfolio"]["top"]
        top[top.index(action["old"])] = ship
        b["holds"][ship] = b["holds"].pop(action["old"])  # the goods move to the new ship (rulebook p. 13)
        flow.then(state, {"step": "ship_built", "player": seat, "ship": ship})
        return
    flow.then(
        state,
        {"step": "insert", "player": seat, "card": ship, "row": "top"},
        {"step": "ship_built", "player": seat, "ship": ship},
    )


@flow.step("ship_built")
def _ship_built(state: State, s: LStep, events: Events) -> None:
    """Treasury up, then influence from the whole top row, the new ship included (rulebook p. 13)."""
    step = pack_of(state).ships[ship_type(s["ship"])].treasury_step
    move_treasury(state, step, events, "ship built")
    gain_influence(state, s["player"], top_influence(state, s["player"]), events, "ship built")


# --- Produce Goods (Marquis) ---------------------------------------------------------------------
def store_types(state: State, seat: int) -> dict[str, int]:
    """Stores per type (pack good order), the type being the street the notch faces (rulebook p. 14)."""
    counts = {g: 0 for g in pack_of(state).goods}
    for lot in state["city"]["lots"].values():
        if lot and lot["owner"] == seat:
            counts[lot["type"]] += 1
    return counts


def produce_options(state: State, d: LDecision) -> list[Action]:
    seat = d["player"]
    types = [g for g, n in store_types(state, seat).items() if n]
    if not types:
        return []
    picks = int("SG-R1" in store_abilities(pack_of(state), board(state, seat)))
    picks += [pack_of(state).clergy[t].effect for t in board(state, seat)["clergy"]].count("CL-19")
    return [{"verb": "produce", "extra": list(c)} for c in combinations_with_replacement(types, picks)]


def produce_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    """Cap per type; a price drops once per type of which at least 1 good was gained (rulebook p. 14)."""
    seat = d["player"]
    every = int("SG-R3" in store_abilities(pack_of(state), board(state, seat)))
    for good, n in store_types(state, seat).items():
        if n and gain_goods(state, seat, good, n + every + action["extra"].count(good), events, "produce"):
            drop_price(state, good, events)


# --- Royal Favor (King) --------------------------------------------------------------------------
def favor_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "favor", "noble": n} for n in favors_available(state, d["player"])]


def favor_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    take_favor(state, d["player"], action["noble"], events, "royal favor")


def _possible(opts: Callable[[State, LDecision], list[Action]]) -> Callable[[State, int], bool]:
    return lambda state, seat: bool(opts(state, {"kind": "possible", "player": seat}))


for _name, _kind, _opts, _act, _prompt in (
    ("hire_officials", "hire", hire_options, hire_act, msg("Hire officials: choose the offices.")),
    ("obtain_plan", "plan", plan_options, plan_act, msg("Take the top plan of a stack.")),
    ("build_ship", "ship", ship_options, ship_act, msg("Build or upgrade a ship, and pay its goods.")),
    ("produce_goods", "produce", produce_options, produce_act, msg("Produce goods.")),
    ("royal_favor", "favor", favor_options, favor_act, msg("Take a Royal Favor.")),
):
    flow.kind(_kind, _opts, _act, _prompt)
    ACTIONS[_name] = (_possible(_opts), _kind)
