"""Réis payments with the influence substitution choice (D21; rulebook pp. 10-11).

A réis cost (after TP-03 and CL-31) is paid from réis; influence may cover part of it, each réis
moving the influence marker back to the next réis icon below it. Digest D21: pay réis first and
prompt only when the player is short; then the choice is how many réis influence covers, from
the shortfall up to what the track can give (``cover 2 with influence``), the least being the
deadline default. A caller may narrow the choices with ``keep`` (a check run on a copy after
paying), e.g. a sponsor's fee must leave the sponsored action payable.

Step ``pay_reis`` {player, base, why, keep?}; ``keep`` names a check in ``KEEP_CHECKS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict, Unpack

from . import flow
from .i18n import msg
from .rules import board, pay_reis, reis_cost, reis_splits
from .sim import copy
from .types import Events, LDecision, LStep, ReisPayment
from .types import LAction as Action
from .types import LState as State

KEEP_CHECKS: dict[str, Callable[[State, int, ReisPayment], bool]] = {}


class Keep(TypedDict, total=False):
    """What narrows a payment's choices: the check's name, and its data."""

    keep: str
    centre: str | None  # the sponsored card's centre (the ``sponsor`` check)


def step(seat: int, base: int, why: str, **keep: Unpack[Keep]) -> LStep:
    """The step that pays ``base`` réis for ``seat`` (``keep``: {"keep": name, ...its data})."""
    pay: LStep = {"step": "pay_reis", "player": seat, "base": base, "why": why}
    if "keep" in keep:
        pay["keep"] = keep["keep"]
    if "centre" in keep:
        pay["centre"] = keep["centre"]
    return pay


def choices(state: State, s: ReisPayment) -> list[int]:
    """How many réis influence may cover (ascending); only the least when the player is not short."""
    seat = s["player"]
    cost = reis_cost(state, seat, s["base"])
    splits = reis_splits(state, seat, cost)
    if cost <= board(state, seat)["reis"]:
        return splits[:1]
    check = KEEP_CHECKS.get(s.get("keep", ""))
    if check is None:
        return splits
    kept = []
    for k in splits:
        sim = copy(state)
        pay_reis(sim, seat, s["base"], [], s["why"], substitute=k)
        if check(sim, seat, s):
            kept.append(k)
    return kept or splits[:1]


@flow.step("pay_reis")
def _pay(state: State, s: LStep, events: Events) -> None:
    ks = choices(state, s)
    if not ks:
        raise RuntimeError(f"a réis payment ({s['why']}) was offered but cannot be paid")
    if len(ks) == 1:
        pay_reis(state, s["player"], s["base"], events, s["why"], substitute=ks[0])
        return
    pay: ReisPayment = {"player": s["player"], "base": s["base"], "why": s["why"]}  # the step's data
    if "keep" in s:
        pay["keep"] = s["keep"]
    if "centre" in s:
        pay["centre"] = s["centre"]
    flow.ask(state, "reis_split", s["player"], pay=pay)


def split_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "cover", "influence": k} for k in choices(state, d["pay"])]


def split_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    p = d["pay"]
    pay_reis(state, p["player"], p["base"], events, p["why"], substitute=action["influence"])


flow.kind(
    "reis_split",
    split_options,
    split_act,
    msg("You are short of réis: choose how many réis your influence covers."),
    default_first=True,
)
