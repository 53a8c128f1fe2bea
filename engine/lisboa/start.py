"""The set-up choices every seat makes at once, as decision kinds of Lisboa's registry: keeping
one of two clergy tiles (D01) and the optional draft (D02, :mod:`.draft`). Their answers live in
``state["setup"]`` (not in a frame) and are used once all are in, so until then each may be taken
back. The last answer starts the first turn (:func:`.turn.begin`)."""

from __future__ import annotations

from ..core import PARALLEL
from ..core.stepgame import OWN, Asked
from ..core.steps import first
from . import draft, flow, turn
from .i18n import msg
from .setup import keep_clergy, setup_pending
from .types import Events, LDecision
from .types import LAction as Action
from .types import LState as State


def asked(state: State) -> list[Asked[LDecision]]:
    """The seats still to answer this set-up question (during set-up only)."""
    s = state["setup"]
    if s["draft"] == "running":
        kind, seats = "draft", draft.waiting(state)
    else:
        kind, seats = "keep_clergy", [seat for seat, k in enumerate(s["clergy_kept"]) if k is None]
    return [Asked(seat, kind, PARALLEL, {"kind": kind, "player": seat}, OWN) for seat in seats]


def answer_held(state: State, seat: int) -> bool:
    """True while ``seat`` has answered the clergy keep or this draft pass and others still choose."""
    if state["over"] or state["phase"] != "setup":
        return False
    s = state["setup"]
    answers = s["draft_picks"] if s["draft"] == "running" else s["clergy_kept"]
    return answers[seat] is not None and any(a is None for a in answers)


def take_back(state: State, seat: int) -> None:
    """Withdraw ``seat``'s held set-up answer (see :func:`answer_held`); it is asked again."""
    assert answer_held(state, seat)
    s = state["setup"]
    s["draft_picks" if s["draft"] == "running" else "clergy_kept"][seat] = None


def _keep_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "keep", "tile": t} for t in state["setup"]["clergy_offers"][d["player"]]]


def _keep_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    keep_clergy(state, d["player"], action["tile"])
    events.append({"kind": "keep_clergy", "player": d["player"], "tile": action["tile"]})
    if state["setup"]["draft"] == "pending" and "keep_clergy" not in setup_pending(state):
        draft.start(state)
    _play_started(state, events)


def _draft_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    draft.pick(state, d["player"], action["cards"])
    events.append({"kind": "draft_pick", "player": d["player"], "cards": list(action["cards"])})
    _play_started(state, events)


def _play_started(state: State, events: Events) -> None:
    if state["phase"] == "play":
        turn.begin(state, events)


flow.kind(
    "keep_clergy",
    _keep_options,
    _keep_act,
    msg("Keep one of your two starting clergy tiles (the other goes back to the bag)."),
    default=first,
)
flow.kind(
    "draft",
    lambda state, d: draft.options(state, d["player"]),
    _draft_act,
    msg("Starting draft: keep cards from the packet in front of you; the rest pass left."),
    default=first,
)
