"""The Lisboa driver: who is asked, what they may do, and applying an answer, over :mod:`.flow`.

:class:`engine.lisboa.game.Lisboa` delegates to it; tests use it directly too. It mirrors
:mod:`engine.core.play`: ``legal_actions`` per seat, ``apply`` validates, acts and resolves forced
steps (a decision with exactly one legal option), ``act_text`` parses a text with
:func:`engine.core.text.match_text`. Setup's clergy keep (D01) and the optional draft (D02,
:mod:`.draft`) are asked of every seat at once. An open decision is answered before a frame's
seats are asked: a frame with ``data["each"]`` (the follow window) applies each answer at once,
and that answer's sub-decisions run while the frame waits.
"""

from __future__ import annotations

from typing import Any

from ..core.frames import is_asked, pop_frame, record_answer, top_frame, waiting_seats
from ..core.text import match_text
from . import church, decree, draft, era, flow, portfolio, room, sell, sponsor, state_actions, trade, turn, visit
from .actions import action_text
from .setup import keep_clergy, setup, setup_pending

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]
MAX_FORCED = 10_000
# Every rules module registers its steps and decision kinds when imported.
RULE_MODULES = (church, decree, era, portfolio, room, sell, sponsor, state_actions, trade, visit)


def new_game(players: list[str], options: dict[str, Any] | None = None, seed: int = 1) -> State:
    state = setup(list(players), dict(options or {}), seed)
    state.setdefault("queue", [])
    return state


def waiting(state: State) -> list[int]:
    if state["over"]:
        return []
    if state["phase"] == "setup":
        if state["setup"]["draft"] == "running":
            return draft.waiting(state)
        return [s for s, k in enumerate(state["setup"]["clergy_kept"]) if k is None]
    if state["decision"]:  # first: a follow's sub-decision while its frame waits
        return [state["decision"]["player"]]
    frame = top_frame(state)
    return waiting_seats(frame) if frame is not None else []


def setup_answer_held(state: State, seat: int) -> bool:
    """True while ``seat`` has answered the set-up's clergy keep or this draft pass and others
    still choose: the answers are only used once all are in, so this one may be taken back."""
    if state["over"] or state["phase"] != "setup":
        return False
    s = state["setup"]
    answers = s["draft_picks"] if s["draft"] == "running" else s["clergy_kept"]
    return answers[seat] is not None and any(a is None for a in answers)


def take_back_setup(state: State, seat: int) -> None:
    """Withdraw ``seat``'s held set-up answer (see :func:`setup_answer_held`); it is asked again."""
    assert setup_answer_held(state, seat)
    s = state["setup"]
    s["draft_picks" if s["draft"] == "running" else "clergy_kept"][seat] = None


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in waiting(state):
        return []
    if state["phase"] == "setup":
        if state["setup"]["draft"] == "running":
            return draft.options(state, seat)
        return [{"verb": "keep", "tile": t} for t in state["setup"]["clergy_offers"][seat]]
    frame = top_frame(state)
    if frame is not None and state["decision"] is None:
        return flow.KINDS[frame["kind"]].options(state, {"kind": frame["kind"], "player": seat})
    return flow.options(state)


def apply(state: State, seat: int, action: Action) -> Events:
    """Validate and apply ``action`` in place, then every forced step; return the events."""
    if action not in legal_actions(state, seat):
        legal = [action_text(a) for a in legal_actions(state, seat)]
        raise ValueError(f"{action} is not legal for seat {seat}; legal: {legal}")
    events = act(state, seat, action)
    for _ in range(MAX_FORCED):
        forced = _forced(state)
        if forced is None:
            return events
        for event in act(state, *forced):
            event["forced"] = True
            events.append(event)
    raise RuntimeError("forced steps did not settle")


def act_text(state: State, seat: int, text: str) -> Events:
    legal = legal_actions(state, seat)
    return apply(state, seat, legal[match_text(text, [action_text(a) for a in legal])])


def _forced(state: State) -> tuple[int, Action] | None:
    for seat in waiting(state):
        opts = legal_actions(state, seat)
        if len(opts) == 1:
            return seat, opts[0]
    return None


def act(state: State, seat: int, action: Action) -> Events:
    """Apply a legal ``action`` of ``seat`` in place (no validation, no forced steps); return the events."""
    events: Events = []
    if state["phase"] == "setup":
        if action["verb"] == "draft":
            draft.pick(state, seat, action["cards"])
            events.append({"kind": "draft_pick", "player": seat, "cards": list(action["cards"])})
        else:
            keep_clergy(state, seat, action["tile"])
            events.append({"kind": "keep_clergy", "player": seat, "tile": action["tile"]})
            if state["setup"]["draft"] == "pending" and "keep_clergy" not in setup_pending(state):
                draft.start(state)
        if state["phase"] == "play":
            turn.begin(state, events)
        return events
    frame = top_frame(state)
    if frame is not None and state["decision"] is None:
        assert is_asked(frame, seat)
        record_answer(frame, seat, action)
        if frame["data"].get("each"):  # applied now, before the next seat is asked (the follow window)
            frame["data"]["busy"] = True
            flow.then(state, {"step": frame["data"]["each"], "player": seat, "answer": action})
        elif not waiting_seats(frame):
            pop_frame(state)
            flow.then(state, {"step": frame["resume"], "frame": frame})
        flow.run(state, events)
        return events
    flow.answer(state, action, events)
    return events
