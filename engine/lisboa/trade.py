"""Action 2, Trade with Nobles (D09; rulebook p. 12).

One or two *different* state actions, each paid with one good the noble wants (Maia tools, the
Marquis books, the King cloth) or gold, placed on the action's icon: a covered icon cannot be
chosen again this turn (the goods go back to the supply at the end of the turn, ``state["icons"]``).
Only actions that can be completed after paying are offered (rulebook p. 9: no option whose mandatory
part cannot be completed).

Texts: ``trade <action> <good>`` (e.g. ``trade build-ship books``), then a second one or ``done``.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import church, flow  # noqa: F401  (church registers meet_cardinal in ACTIONS)
from .i18n import msg
from .rules import board, pack_of
from .state_actions import ACTIONS
from .types import Events, LDecision, LStep, named
from .types import LAction as Action
from .types import LState as State

MAX_TRADES = 2


def _payable(state: State, seat: int, action: str, good: str) -> bool:
    goods = board(state, seat)["goods"]
    if not goods[good]:
        return False
    goods[good] -= 1
    try:
        return ACTIONS[action][0](state, seat)
    finally:
        goods[good] += 1


#: The state actions whose possibility reads no goods (all but Build a Ship, paid in goods): the
#: good paid for them changes nothing, so they are judged once, not once per good.
GOODS_BLIND = frozenset({"hire_officials", "obtain_plan", "produce_goods", "royal_favor", "meet_cardinal"})


def _offers(state: State, seat: int, done: list[str]) -> Iterator[Action]:
    goods = board(state, seat)["goods"]
    for noble in pack_of(state).nobles.values():
        for action in noble.state_actions:
            if action in state["icons"] or action in done:
                continue
            possible: bool | None = None  # a goods-blind action's, judged at its first good held
            for good in dict.fromkeys((noble.wants, "gold")):
                if action not in GOODS_BLIND:
                    payable = _payable(state, seat, action, good)
                elif goods[good]:
                    possible = ACTIONS[action][0](state, seat) if possible is None else possible
                    payable = possible
                else:
                    payable = False
                if payable:
                    yield {"verb": "trade", "action": action, "good": good}


def offers(state: State, seat: int, done: list[str]) -> list[Action]:
    return list(_offers(state, seat, done))


def possible(state: State, seat: int) -> bool:
    """True when some trade can be made (stops at the first one found)."""
    return next(_offers(state, seat, []), None) is not None


@flow.step("trade")
def _trade(state: State, s: LStep, events: Events) -> None:
    done = s.get("done", [])
    if len(done) < MAX_TRADES:
        flow.ask(state, "trade", s["player"], done=done)


def options(state: State, d: LDecision) -> list[Action]:
    opts = offers(state, d["player"], d["done"])
    return opts + [{"verb": "done"}] if d["done"] else opts


def act(state: State, d: LDecision, action: Action, events: Events) -> None:
    if action["verb"] == "done":
        return
    seat, name, good = d["player"], named(action), action["good"]
    board(state, seat)["goods"][good] -= 1
    state["icons"][name] = good
    events.append({"kind": "trade", "player": seat, "action": name, "good": good})
    flow.then(
        state,
        {"step": "state_action", "player": seat, "action": name},
        {"step": "trade", "player": seat, "done": d["done"] + [name]},
    )


flow.kind("trade", options, act, msg("Trade with a noble: pay a good for a state action (done when finished)."))
