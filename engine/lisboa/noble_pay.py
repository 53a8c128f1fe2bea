"""The noble actions and paying the influence cost of a visit or a follow (D16; rulebook p. 16,
p. 18; Bodoge summary §特殊効果 > 建物マス イ)② and §特殊効果 > 教会チップ ノ)).

Paying: :func:`.rules.influence_payments` lists every legal (influence, réis, wigs) mix, the D16
default (the most influence, then the most réis, then wigs) first. The prompt stays short by
grouping the mixes by the influence spent (step ``influence_pay`` {player, cost, why, keep?}):
decision ``influence_pay`` offers one option per amount of influence, the whole mix
(``pay 1 influence 5 reis 0 wigs``) when only one way pays the rest, else ``pay 1 influence then
5 reis or wigs``, which asks ``influence_rest`` for the réis and wigs (``pay 1 influence 3 reis 2
wigs``, the most réis first). A decision with one option plays itself, so without SG-L2/CL-26
nothing is asked. With ``keep`` (a noble whose noble action must follow), only the mixes after
which that action stays possible are offered.

Legality agrees with that filter: a visit, or a follow doing the noble action, is offered only if
some mix keeps the noble action possible (:func:`action_payable`), not one chosen mix, since a mix
paying with wigs can keep réis another would spend.
"""

from __future__ import annotations

from collections.abc import Callable

from . import building, flow, land, store  # noqa: F401  (store registers the build_store step)
from .i18n import msg
from .rules import board, influence_payments, pack_of, pay_influence
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State

Split = tuple[int, int, int]


def _can_decree(state: State, seat: int) -> bool:
    return bool(state["decrees"]["display"])


# noble action -> (possible, step name); the step takes {"player": seat}
NOBLE_ACTIONS: dict[str, tuple[Callable[[State, int], bool], str]] = {
    "build_store": (land.can_build_store, "build_store"),
    "take_decree": (_can_decree, "decree"),
    "open_public_building": (building.can_open_building, "open_building"),
}


def noble_action_possible(state: State, seat: int, noble: str) -> bool:
    entry = NOBLE_ACTIONS.get(pack_of(state).nobles[noble].noble_action)
    return entry is not None and entry[0](state, seat)


def possible_after(state: State, seat: int, noble: str, split: Split, bonus_reis: int = 0) -> bool:
    """The noble action is possible once ``split`` (influence, réis, wigs) is paid."""
    b = board(state, seat)
    i, r, w = split
    b["influence"], b["reis"], b["wigs"] = b["influence"] - i, b["reis"] + bonus_reis - r, b["wigs"] - w
    try:
        return noble_action_possible(state, seat, noble)
    finally:
        b["influence"], b["reis"], b["wigs"] = b["influence"] + i, b["reis"] - bonus_reis + r, b["wigs"] + w


def splits_with(state: State, seat: int, cost: int, bonus_reis: int = 0) -> list[Split]:
    """The legal mixes with ``bonus_reis`` more réis in hand (CL-03/04/05's court réis)."""
    b = board(state, seat)
    b["reis"] += bonus_reis
    try:
        return influence_payments(state, seat, cost)
    finally:
        b["reis"] -= bonus_reis


def action_payable(state: State, seat: int, noble: str, cost: int, bonus_reis: int = 0) -> bool:
    """Some legal mix of ``cost`` leaves ``noble``'s noble action possible. The mixes keeping the
    most réis (then influence) are tried first: they are the likeliest to."""
    splits = sorted(splits_with(state, seat, cost, bonus_reis), key=lambda p: (p[1], -p[0]))
    return any(possible_after(state, seat, noble, p, bonus_reis) for p in splits)


def _splits(state: State, d: LDecision) -> list[Split]:
    """The mixes offered: with ``keep``, those after which its noble action stays possible (all of
    them if none does, which the legality checks rule out)."""
    splits = influence_payments(state, d["player"], d["cost"])
    if d.get("keep"):
        splits = [p for p in splits if possible_after(state, d["player"], d["keep"], p)] or splits
    return splits


def _full(split: Split) -> Action:
    i, r, w = split
    return {"verb": "pay", "influence": i, "reis": r, "wigs": w}


@flow.step("influence_pay")
def _influence_pay(state: State, s: LStep, events: Events) -> None:
    if s["cost"] == 0:
        events.append(
            {"kind": "pay_influence", "player": s["player"], "influence": 0, "reis": 0, "wigs": 0, "why": s["why"]}
        )
        return
    keep = {"keep": s["keep"]} if s.get("keep") else {}
    flow.ask(state, "influence_pay", s["player"], cost=s["cost"], why=s["why"], **keep)


def pay_options(state: State, d: LDecision) -> list[Action]:
    """One option per amount of influence (most first): the whole mix, or the group of mixes."""
    groups: dict[int, list[Split]] = {}
    for p in _splits(state, d):
        groups.setdefault(p[0], []).append(p)
    return [
        _full(ps[0]) if len(ps) == 1 else {"verb": "pay", "influence": i, "rest": d["cost"] - i}
        for i, ps in groups.items()
    ]


def pay_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    if "rest" in action:
        keep = {"keep": d["keep"]} if d.get("keep") else {}
        flow.ask(
            state, "influence_rest", d["player"], cost=d["cost"], why=d["why"], influence=action["influence"], **keep
        )
        return
    pay_influence(state, d["player"], (action["influence"], action["reis"], action["wigs"]), events, d["why"])


def rest_options(state: State, d: LDecision) -> list[Action]:
    return [_full(p) for p in _splits(state, d) if p[0] == d["influence"]]


flow.kind(
    "influence_pay",
    pay_options,
    pay_act,
    msg(
        "Pay the influence cost: influence first; réis may stand in for it with SG-L2 or CL-26, "
        "wigs only for the influence you lack."
    ),
    default_first=True,
)
flow.kind(
    "influence_rest",
    rest_options,
    pay_act,
    msg("Pay the rest of the influence cost: réis and wigs (wigs only for the influence you lack)."),
    default_first=True,
)
