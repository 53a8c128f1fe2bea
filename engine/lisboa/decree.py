"""Take a Decree (D19; rulebook p. 19): the Marquis's noble action, NB-06 and TC-03.

Take one face-up decree; then you may destroy one rubble-set marker from the Marquis portrait
(it leaves the game) for one more decree, once per decree action (rulebook p. 19; the Bodoge summary says once per
turn: this project reads it per action, equivalent in practice). CL-25: +1 wig per decree.
The display is refilled at the end of the turn. Step ``decree`` {player}.

Texts: ``decree <id>``, and for the extra ``decree <id>`` or ``no extra decree``.
"""

from __future__ import annotations

from . import flow
from .i18n import msg
from .rules import board, clergy_effects, pack_of
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State


@flow.step("decree")
def _decree(state: State, s: LStep, events: Events) -> None:
    if state["decrees"]["display"]:
        flow.ask(state, "decree", s["player"], extra=False)
    else:
        events.append({"kind": "action_lost", "player": s["player"], "action": "take_decree"})


def options(state: State, d: LDecision) -> list[Action]:
    opts: list[Action] = [{"verb": "decree", "card": c} for c in state["decrees"]["display"]]
    return opts + [{"verb": "no_extra"}] if d["extra"] else opts


def act(state: State, d: LDecision, action: Action, events: Events) -> None:
    seat = d["player"]
    b = board(state, seat)
    if action["verb"] == "no_extra":
        return
    if d["extra"]:
        b["marquis_markers"] -= 1
    state["decrees"]["display"].remove(action["card"])
    b["decrees"].append(action["card"])
    wigs = clergy_effects(pack_of(state), b).count("CL-25")
    b["wigs"] += wigs
    events.append({"kind": "decree", "player": seat, "card": action["card"], "extra": d["extra"], "wigs": wigs})
    if not d["extra"] and b["marquis_markers"] and state["decrees"]["display"]:
        flow.ask(state, "decree", seat, extra=True)


flow.kind("decree", options, act, msg("Take a decree (or, with a rubble-set marker, one more)."))
