"""CL-29 (Bodoge summary §特殊効果 > 教会チップ ヤ), D26): after a rubble take, discard 1 of the
cubes just taken for 2 wigs.

:func:`.rules.take_rubble` queues the step ``cl29`` {player, cubes} (the cubes of that take that
were kept on the board) when the taker holds CL-29, instead of checking rubble sets at once. At
most one cube per take: a site's 2 cubes are one take, so one question. The default (deadline)
answer is to keep them. The discarded cube leaves the game (to the box). The rubble-set check
(rulebook p. 9) follows the answer, so a discarded cube never completes a set.

Texts: ``keep cubes``, ``discard fire for 2 wigs``.
"""

from __future__ import annotations

from . import flow
from .effects import REGISTRY
from .i18n import msg
from .rules import board, check_sets, pack_of
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State


@flow.step("cl29")
def _cl29(state: State, s: LStep, events: Events) -> None:
    flow.ask(state, "cl29", s["player"], cubes=list(s["cubes"]))


def options(state: State, d: LDecision) -> list[Action]:
    wigs = REGISTRY["CL-29"].constants["wigs"]
    kept = [r for r in pack_of(state).rubble if r in d["cubes"] and board(state, d["player"])["rubble"][r]]
    keep_all: list[Action] = [{"verb": "cl29", "discard": None}]
    return keep_all + [{"verb": "cl29", "discard": r, "wigs": wigs} for r in kept]


def act(state: State, d: LDecision, action: Action, events: Events) -> None:
    seat, cube = d["player"], action["discard"]
    if cube is not None:
        b = board(state, seat)
        b["rubble"][cube] -= 1
        state["box"]["rubble"][cube] += 1
        b["wigs"] += action["wigs"]
        events.append({"kind": "rubble_discard", "player": seat, "rubble": cube, "wigs": action["wigs"]})
    check_sets(state, seat, events)


flow.kind(
    "cl29",
    options,
    act,
    msg("CL-29: discard one of the cubes just taken for 2 wigs, or keep them."),
    default_first=True,
)
