"""The Vatican report after rounds 2, 4 and 6 (BGA help page §教会の評価).

A player below the period's threshold (3, 4, 5 faith points) is excommunicated at once: a cube on
that period's tile, whose effect applies from now on; faith points are kept. Every player at or
above it answers at the same time and in private: support the Church (the VP the faith track shows
for their points, at most 15 counting as 15, plus 5 with Sisto IV; faith back to 0) or accept the
excommunication (points kept). Answers stay hidden (the board shows who has answered) and may be
taken back until the last one is in; then they are revealed together. The report after round 6 is
the faith scoring of the final tally: faith points are not scored again (⚠ this project's reading).
"""

from __future__ import annotations

from ..core.decisions import PARALLEL
from .board import State, ability, pack, res
from .flow import STEPS, kind, step
from .i18n import msg
from .types import LAction, LDecision, LEvent, LStep

Events = list[LEvent]
SUPPORT: LAction = {"do": "vatican", "support": True}
REFUSE: LAction = {"do": "vatican", "support": False}


def threshold(state: State) -> int:
    return int(pack(state).rules.faith_thresholds[state["period"] - 1])


def faith_vp(state: State, faith: int) -> int:
    table = pack(state).rules.faith_vp
    return int(table[min(faith, len(table) - 1)])


def excommunicate(state: State, seat: int, events: Events, chose: bool) -> None:
    state["boards"][seat]["excomm"].append(state["period"])
    tile = state["excomm"][state["period"] - 1]
    events.append({"type": "excommunicated", "player": seat, "tile": tile, "chose": chose})


@step("vatican")
def _vatican(state: State, s: LStep, events: Events) -> None:
    need = threshold(state)
    events.append({"type": "vatican", "period": state["period"], "threshold": need})
    eligible = []
    for seat in state["order"]:
        if res(state, seat)["fp"] < need:
            excommunicate(state, seat, events, chose=False)
        else:
            eligible.append(seat)
    if eligible:
        STEPS.open_frame(state, "vatican", eligible, PARALLEL, "vatican_done")


def _options(state: State, asked: LDecision) -> list[LAction]:
    return [SUPPORT.copy(), REFUSE.copy()]


def _answered(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    """Held by the frame until the last answer: only who has answered is public."""
    events.append({"type": "vatican_answer", "player": asked["player"], "support": action["support"]})


@step("vatican_done")
def _vatican_done(state: State, s: LStep, events: Events) -> None:
    answers: dict[str, LAction] = s["frame"]["answers"]  # each asked seat's answer
    revealed: dict[str, bool] = {}
    for seat in state["order"]:
        answer = answers.get(str(seat))
        if answer is None:
            continue
        revealed[str(seat)] = answer["support"]
        if answer["support"]:
            held = res(state, seat)
            sisto = ability(state, seat, "support_vp")
            vp = faith_vp(state, held["fp"]) + (sisto["vp"] if sisto else 0)
            events.append({"type": "support", "player": seat, "faith": held["fp"], "vp": vp})
            held["vp"] += vp
            held["fp"] = 0
        else:
            excommunicate(state, seat, events, chose=True)
    events.append({"type": "vatican_revealed", "answers": revealed, "reveals": True})


kind("vatican", _options, _answered, msg("Vatican report: support the Church, or accept excommunication?"))
