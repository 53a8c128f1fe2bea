"""Rewards printed on card bottoms, lots and public-building sites (Bodoge summary
§コスト・ボーナス・特殊効果; rulebook p. 17, p. 20).

:func:`gain_bonus` resolves one: BN-01 N réis (the pack's id for a printed réis bonus), NB-04 a
Royal Favor, NB-05 N influence, NB-07 the Cardinal exactly 1 step and a tile, NB-08 a plan, NB-09
the pictured good, NB-10 a spare rubble cube (your colour; nothing if the pile is empty), NB-11
Build a Ship, NB-12 Produce. A reward that cannot be taken is lost. The step ``bonus`` {player,
effect, params, why} does the same from a queue (used by look-ahead, :mod:`.sim`).

A *guard* keeps a later mandatory payment possible: a lot or site bonus NB-07 can pass a treasury
icon (raising the land cost or the hire cost) or bring CL-31 / CL-32, so its Cardinal moves are
limited to those after which ``GUARDS[guard["check"]](state, seat, guard)`` holds (kind
``bonus_cardinal``, same options and texts as Meet the Cardinal; all of them if none qualifies,
which the callers' legality checks rule out). The other bonuses never lower what a player can pay.

Texts: ``rubble fire`` (NB-10), ``cardinal 1 C3`` (NB-07), and those of the state actions.
"""

from __future__ import annotations

from collections.abc import Callable

from . import church, flow, rubble, sim, state_actions  # noqa: F401  (they register their steps)
from .i18n import msg
from .model import Params
from .rules import board, clergy_effects, gain_goods, gain_influence, pack_of, take_rubble
from .types import Board, Events, Guard, LDecision, LStep
from .types import LAction as Action
from .types import LState as State

STATE_REWARDS = {
    "NB-04": "royal_favor",
    "NB-07": "meet_cardinal",
    "NB-08": "obtain_plan",
    "NB-11": "build_ship",
    "NB-12": "produce_goods",
}
BONUSES = ("BN-01", "NB-05", "NB-09", "NB-10", *STATE_REWARDS)
GUARDS: dict[str, Callable[[State, int, Guard], bool]] = {}


def gain_bonus(
    state: State,
    seat: int,
    effect: str,
    params: Params,
    events: Events,
    why: str,
    guard: Guard | None = None,
) -> None:
    """Resolve reward ``effect`` for ``seat`` now (its decisions are asked or queued)."""
    if effect == "BN-01":
        board(state, seat)["reis"] += params["n"]
        events.append({"kind": "bonus_reis", "player": seat, "reis": params["n"], "why": why})
    elif effect == "NB-05":
        gain_influence(state, seat, params["n"], events, why)
    elif effect == "NB-09":
        gain_goods(state, seat, params["good"], 1, events, why)
    elif effect == "NB-10":
        if any(state["city"]["spare_rubble"].values()):
            flow.ask(state, "spare_rubble", seat, why=why)
    elif effect == "NB-07" and guard is not None:
        if not church.cardinal_options(state, {"kind": "cardinal", "player": seat, "steps": [1]}):
            events.append({"kind": "action_lost", "player": seat, "action": "meet_cardinal"})
            return
        events.append({"kind": "state_action", "player": seat, "action": "meet_cardinal"})
        flow.ask(state, "bonus_cardinal", seat, steps=[1], guard=guard)
    elif effect in STATE_REWARDS:
        step: LStep = {"step": "state_action", "player": seat, "action": STATE_REWARDS[effect]}
        if effect == "NB-07":
            step["steps"] = [1]
        flow.then(state, step)
    else:
        raise ValueError(f"{effect} is not a reward")


# --- look-ahead: is a payment still possible after a bonus? ----------------------------------------
NEUTRAL = ("NB-04", "NB-08", "NB-09")  # change nothing a réis payment uses
HELPFUL = ("BN-01", "NB-05", "NB-10")  # only add réis or influence, known in advance


def payable_after(
    state: State,
    seat: int,
    effect: str,
    params: Params,
    check: Callable[[State], bool],
    best_case: tuple[int, int] | None = None,
) -> bool:
    """``check`` holds after bonus ``effect`` for some way of taking it. A Cardinal move (NB-07) is
    tried on copies unless the check holds with the treasury raised as far as the move can go, or
    fails even with ``best_case`` (réis, influence) added for the tile it could bring."""
    b = board(state, seat)
    if effect in NEUTRAL:
        return check(state)
    if effect in HELPFUL:
        reis, influence = _money(state, seat, effect, params)
        return _adjusted(state, b, reis, influence, 0, check)
    if effect == "NB-07":
        steps = church.cardinal_options(state, {"kind": "cardinal", "player": seat, "steps": [1]})
        if not steps:
            return check(state)
        if _adjusted(state, b, 0, 0, max(o["steps"] for o in steps), check):
            return True
        if best_case is not None and not _adjusted(state, b, *best_case, 0, check):
            return False
    step: LStep = {"step": "bonus", "player": seat, "effect": effect, "params": params, "why": "check"}
    return any(check(after) for after in sim.outcomes(state, [step]))


def _money(state: State, seat: int, effect: str, params: Params) -> tuple[int, int]:
    """Réis and influence a HELPFUL bonus brings (NB-10: CL-30's réis for the cube)."""
    pack, b = pack_of(state), board(state, seat)
    effects = clergy_effects(pack, b)
    if effect == "BN-01":
        return params["n"], 0
    if effect == "NB-05":
        gain = params["n"] + 2 * effects.count("CL-27")
        return 0, max(0, min(pack.influence.max, b["influence"] + gain) - b["influence"])
    return (effects.count("CL-30") if any(state["city"]["spare_rubble"].values()) else 0), 0


def _adjusted(state: State, b: Board, reis: int, influence: int, treasury: int, check: Callable[[State], bool]) -> bool:
    """``check`` with réis, influence (capped) and the treasury (clamped) raised for the moment."""
    top = len(pack_of(state).treasury_spaces) - 1
    old = (b["reis"], b["influence"], state["treasury"])
    b["reis"] += reis
    b["influence"] = min(pack_of(state).influence.max, b["influence"] + influence)
    state["treasury"] = min(top, state["treasury"] + treasury)
    try:
        return check(state)
    finally:
        b["reis"], b["influence"], state["treasury"] = old


@flow.step("bonus")
def _bonus(state: State, s: LStep, events: Events) -> None:
    gain_bonus(state, s["player"], s["effect"], s["params"], events, s["why"])


# --- NB-10: a cube from the spare pile -----------------------------------------------------------
def spare_options(state: State, d: LDecision) -> list[Action]:
    spare = state["city"]["spare_rubble"]
    return [{"verb": "rubble", "rubble": r} for r in pack_of(state).rubble if spare[r]]


def spare_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    state["city"]["spare_rubble"][action["rubble"]] -= 1
    take_rubble(state, d["player"], action["rubble"], events, d.get("why", "card reward"))


flow.kind("spare_rubble", spare_options, spare_act, msg("Take a rubble cube from the spare pile."), default_first=True)


# --- NB-07 with a guard ----------------------------------------------------------------------------
def guard_holds(state: State, d: LDecision, option: Action) -> bool:
    """True if ``d["guard"]`` still holds once Cardinal move ``option`` is done (on a copy)."""
    trial = sim.copy(state)
    trial.update({"decision": None, "queue": [], "frames": []})
    church.cardinal_act(trial, d, option, [])
    guard = d["guard"]
    return GUARDS[guard["check"]](trial, d["player"], guard)


def guarded_options(state: State, d: LDecision) -> list[Action]:
    opts = church.cardinal_options(state, d)
    return [o for o in opts if guard_holds(state, d, o)] or opts


flow.kind(
    "bonus_cardinal",
    guarded_options,
    church.cardinal_act,
    msg("Bonus: move the Cardinal 1 step and take an adjacent clergy tile."),
)
