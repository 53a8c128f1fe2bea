"""Open a Public Building (D20; rulebook pp. 20-21): the King's noble action, TC-01/TC-02.

Step ``open_building`` {player}:
1. ``building_site``: an empty site: a row's left or right end or a street's top (row E's are
   covered in 2p).
2. ``building_plan``: one of your unused plans whose colour's construction space holds a building;
   the building keeps the face of that colour (never flipped), and at a street top that face must
   show the street's store type (rulebook p. 20 note).
3. the site's cubes as one take (CL-29 asks once, CL-30 pays per cube), then the site bonus
   (:mod:`.bonus`; a Cardinal bonus is limited to moves that keep the hire payable). A CL-30
   tile that bonus brings comes after the cubes, so it pays nothing for them.
4. the building goes on the site.
5. ``building_officials``: required = the plan's officials - 2 per TP-05 - 1 per CL-22, at least 0.
   You return that many of your officials from offices and the plaza, choosing where from (auto
   when there is one way); only the shortfall is hired, at the treasury's right value each, 2 less
   each with CL-23 (rulebook p. 21). The hire is one réis payment (TP-03/CL-31 once, D21 default).
6. the plan joins your completed plans (its printed number counts at the end, rulebook p. 23).
7. scoring for every owner: at a street top each store facing that street, at a row end each
   store of that row whose type the face shows, scores its column's value. CL-21: +2 wigs.
8. the construction space is refilled from its stack at once; once the stack is empty that colour
   can no longer be built.

Order: this project's, with the plan chosen before the site's rubble and bonus (rulebook p. 20
takes them first; the two differ only for a plan bonus, NB-08, which cannot then pay for this building).

:func:`can_open_building` is the precondition of a King visit, follow or sponsored building: a
usable (site, plan) pair whose hire is payable (E26), after the site's cubes and bonus, in
that order, as the procedure takes them.

Texts: ``site T1``, ``plan B3``, ``officials plaza king``.
"""

from __future__ import annotations

from . import flow, payment
from .bonus import GUARDS, gain_bonus, payable_after
from .effects import REGISTRY
from .i18n import msg
from .rules import (
    board,
    can_pay_reis,
    clergy_effects,
    pack_of,
    permanents,
    recall_official,
    take_rubble,
    treasury_value,
)
from .store import face_icons
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State


# --- officials and the hire ----------------------------------------------------------------------
def required(state: State, seat: int, plan: str) -> int:
    """Officials to return: the plan's number less TP-05 (2 each) and CL-22 (1 each), at least 0."""
    pack, b = pack_of(state), board(state, seat)
    cut = REGISTRY["TP-05"].constants["officials"] * sum(1 for e, _ in permanents(pack, b) if e == "TP-05")
    cut += REGISTRY["CL-22"].constants["officials"] * clergy_effects(pack, b).count("CL-22")
    return max(0, pack.plans[plan].officials - cut)


def places(state: State, seat: int) -> list[tuple[str, int]]:
    """Where ``seat``'s officials are out: the plaza first (returning those keeps office presence)."""
    me = str(seat)
    out = [("plaza", state["plaza"].get(me, 0))] + [(n, state["offices"][n].get(me, 0)) for n in pack_of(state).nobles]
    return [(p, n) for p, n in out if n]


def hire_price(state: State, seat: int) -> int:
    """One missing official: the treasury's right value, 2 less per CL-23, at least 0."""
    cut = REGISTRY["CL-23"].constants["reis"] * clergy_effects(pack_of(state), board(state, seat)).count("CL-23")
    return max(0, treasury_value(state) - cut)


def missing(state: State, seat: int, plan: str) -> int:
    """Officials ``plan`` needs beyond those ``seat`` has out: the ones to hire."""
    return max(0, required(state, seat, plan) - sum(n for _, n in places(state, seat)))


def hire_cost(state: State, seat: int, plan: str) -> int:
    """Réis (before TP-03/CL-31) for the officials ``plan`` needs beyond those ``seat`` has out."""
    return missing(state, seat, plan) * hire_price(state, seat)


def hire_payable(state: State, seat: int, plan: str) -> bool:
    """The hire ``plan`` needs is payable now (the site's cubes and bonus already taken)."""
    return can_pay_reis(state, seat, hire_cost(state, seat, plan))


GUARDS["building"] = lambda state, seat, guard: hire_payable(state, seat, guard["plan"])


# --- legality ------------------------------------------------------------------------------------
def fits(state: State, site: str, plan: str) -> bool:
    """The plan's colour has a building to build, and a street top's type is on its face."""
    pack = pack_of(state)
    colour = pack.plans[plan].colour
    building = state["buildings"][colour]["buildable"]
    if building is None:
        return False
    spec = pack.sites[site]
    if spec.side != "top" or spec.street is None:
        return True
    face = pack.buildings[building].blue if colour == "blue" else pack.buildings[building].green
    return pack.streets[spec.street].type in face


def usable(state: State, seat: int, site: str, plan: str) -> bool:
    """``plan`` can open a building on ``site`` and the hire is payable after the site's bonus."""
    if not fits(state, site, plan):
        return False
    # No bonus adds an official to hire, but a hire free now (CL-23) can cost réis once the
    # site's Cardinal bonus raises the treasury: only "nothing to hire" needs no look at the bonus.
    if not missing(state, seat, plan):
        return True
    # The site's cubes come first: CL-30 pays for them with the tiles held now, never with one
    # the site's Cardinal bonus brings afterwards (that bonus is looked at on the cubes' réis).
    pack, b = pack_of(state), board(state, seat)
    spec = pack.sites[site]
    reis = sum(state["city"]["sites"][site]["rubble"].values()) * clergy_effects(pack, b).count("CL-30")
    b["reis"] += reis
    try:
        return payable_after(state, seat, spec.bonus, spec.bonus_params, lambda after: hire_payable(after, seat, plan))
    finally:
        b["reis"] -= reis


def empty_sites(state: State) -> list[str]:
    sites = state["city"]["sites"]
    return [s for s in pack_of(state).sites if s in sites and sites[s]["building"] is None]


def can_open_building(state: State, seat: int) -> bool:
    plans = board(state, seat)["plans"]
    return any(usable(state, seat, site, plan) for site in empty_sites(state) for plan in plans)


# --- the procedure -------------------------------------------------------------------------------
@flow.step("open_building")
def _open_building(state: State, s: LStep, events: Events) -> None:
    if can_open_building(state, s["player"]):
        flow.ask(state, "building_site", s["player"])
    else:  # only if something done since the check took the last option away
        events.append({"kind": "action_lost", "player": s["player"], "action": "open_public_building"})


def site_options(state: State, d: LDecision) -> list[Action]:
    plans = board(state, d["player"])["plans"]
    return [
        {"verb": "building_site", "site": site}
        for site in empty_sites(state)
        if any(usable(state, d["player"], site, plan) for plan in plans)
    ]


def site_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    flow.ask(state, "building_plan", d["player"], site=action["site"])


def plan_options(state: State, d: LDecision) -> list[Action]:
    return [
        {"verb": "building_plan", "plan": plan}
        for plan in board(state, d["player"])["plans"]
        if usable(state, d["player"], d["site"], plan)
    ]


def plan_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    first: LStep = {"step": "building_rubble", "player": d["player"], "site": d["site"], "plan": action["plan"]}
    flow.then(
        state,
        first,
        {**first, "step": "building_bonus"},
        {**first, "step": "building_place"},
        {**first, "step": "building_officials"},
    )


@flow.step("building_rubble")
def _building_rubble(state: State, s: LStep, events: Events) -> None:
    pile = state["city"]["sites"][s["site"]]["rubble"]
    cubes = [r for r in pack_of(state).rubble for _ in range(pile[r])]
    for r in pile:
        pile[r] = 0
    if cubes:
        take_rubble(state, s["player"], cubes, events, "site rubble")


@flow.step("building_bonus")
def _building_bonus(state: State, s: LStep, events: Events) -> None:
    spec = pack_of(state).sites[s["site"]]
    gain_bonus(
        state,
        s["player"],
        spec.bonus,
        spec.bonus_params,
        events,
        "site bonus",
        guard={"check": "building", "site": s["site"], "plan": s["plan"]},
    )


@flow.step("building_place")
def _building_place(state: State, s: LStep, events: Events) -> None:
    colour = pack_of(state).plans[s["plan"]].colour
    building = state["buildings"][colour]["buildable"]
    assert building is not None, "a plan is usable only while its colour has a buildable building"
    state["buildings"][colour]["buildable"] = None
    state["city"]["sites"][s["site"]]["building"] = {"id": building, "face": colour}
    events.append(
        {
            "kind": "building_opened",
            "player": s["player"],
            "site": s["site"],
            "building": building,
            "face": colour,
            "plan": s["plan"],
        }
    )


@flow.step("building_officials")
def _building_officials(state: State, s: LStep, events: Events) -> None:
    seat, plan = s["player"], s["plan"]
    need = required(state, seat, plan)
    back = min(need, sum(n for _, n in places(state, seat)))
    finish: LStep = {"step": "building_finish", "player": seat, "site": s["site"], "plan": plan, "missing": need - back}
    if back:
        flow.ask(state, "building_officials", seat, n=back, finish=finish)
    else:
        flow.then(state, finish)


def _returns(pools: list[tuple[str, int]], k: int) -> list[list[str]]:
    """Every multiset of ``k`` places drawn from ``pools`` (place, count), most from the first."""
    if k == 0:
        return [[]]
    if not pools:
        return []
    (place, n), rest = pools[0], pools[1:]
    return [[place] * take + tail for take in range(min(n, k), -1, -1) for tail in _returns(rest, k - take)]


def officials_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "officials", "places": r} for r in _returns(places(state, d["player"]), d["n"])]


def officials_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    for place in action["places"]:
        recall_official(state, d["player"], place, events, "public building")
    flow.then(state, d["finish"])


@flow.step("building_finish")
def _building_finish(state: State, s: LStep, events: Events) -> None:
    pack, seat, plan = pack_of(state), s["player"], s["plan"]
    b = board(state, seat)
    if s["missing"] and not s.get("paid"):  # D21 may ask how much influence covers, then we come back
        flow.then(
            state, payment.step(seat, s["missing"] * hire_price(state, seat), "hire officials"), {**s, "paid": True}
        )
        return
    if s["missing"]:
        events.append({"kind": "officials_hired", "player": seat, "n": s["missing"]})
    b["plans"].remove(plan)
    b["completed_plans"].append(plan)
    events.append({"kind": "plan_completed", "player": seat, "plan": plan, "officials": pack.plans[plan].officials})
    _score(state, s["site"], events)
    wigs = REGISTRY["CL-21"].constants["wigs"] * clergy_effects(pack, b).count("CL-21")
    if wigs:
        b["wigs"] += wigs
        events.append({"kind": "building_wigs", "player": seat, "wigs": wigs})
    colour = pack.plans[plan].colour
    space = state["buildings"][colour]
    space["buildable"] = space["stack"].pop(0) if space["stack"] else None
    events.append({"kind": "building_refill", "colour": colour, "building": space["buildable"]})


def _score(state: State, site: str, events: Events) -> None:
    """Every matching store scores its column's value for its owner (rulebook p. 20 step 6)."""
    pack, lots = pack_of(state), state["city"]["lots"]
    spec, icons = pack.sites[site], face_icons(state, site)
    for lot in pack.lots:
        store = lots.get(lot)
        if store is None:
            continue
        if spec.side == "top":
            hit = store["street"] == spec.street
        else:
            hit = pack.lots[lot].row == spec.row and store["type"] in icons
        if hit:
            wigs = pack.column_score(pack.lots[lot].column, state["city"]["scoring"])
            board(state, store["owner"])["wigs"] += wigs
            events.append({"kind": "store_scored", "player": store["owner"], "lot": lot, "site": site, "wigs": wigs})


flow.kind("building_site", site_options, site_act, msg("Open a public building: choose the site."))
flow.kind("building_plan", plan_options, plan_act, msg("Open a public building: choose the plan to use."))
flow.kind(
    "building_officials",
    officials_options,
    officials_act,
    msg("Open a public building: choose where the officials you return come from."),
    default_first=True,
)
