"""The Lisboa decision stack: one open decision, a queue of steps still to run, and frames.

A turn is a program of named *steps* kept as plain data in ``state["queue"]`` (so a restart
between two answers loses nothing, and nothing lives in a closure). A step may open the one
decision in ``state["decision"]`` (``{"kind", "player", ...data}``) and stop; once it is answered,
:func:`run` goes on with the queue. Nested sub-decisions (a follower → Meet the Cardinal → a tile
with an immediate effect → which favors) push their steps in front with :func:`then`. Out-of-turn
windows use :mod:`engine.core.frames` on ``state["frames"]``; a frame names the step that resumes.
A frame whose ``data["each"]`` names a step applies every answer at once (that step, with its
sub-decisions, runs while ``data["busy"]``) instead of all of them at the end.

Modules register their steps (``STEPS``), and the options and effect of each decision kind
(``KINDS``), at import; :mod:`engine.lisboa.driver` imports them all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]
Step = Callable[[State, dict[str, Any], Events], None]


@dataclass(frozen=True)
class Kind:
    """A decision kind: its legal options and what an answer does."""

    options: Callable[[State, dict[str, Any]], list[Action]]
    act: Callable[[State, dict[str, Any], Action, Events], None]
    prompt: str
    default_first: bool = False  # the first option is the deadline default (else none, or "done")


STEPS: dict[str, Step] = {}
KINDS: dict[str, Kind] = {}


def step(name: str) -> Callable[[Step], Step]:
    def register(fn: Step) -> Step:
        if name in STEPS:
            raise ValueError(f"step {name!r} registered twice")
        STEPS[name] = fn
        return fn
    return register


def kind(name: str, options: Callable[[State, dict[str, Any]], list[Action]],
         act: Callable[[State, dict[str, Any], Action, Events], None], prompt: str,
         default_first: bool = False) -> None:
    if name in KINDS:
        raise ValueError(f"decision kind {name!r} registered twice")
    KINDS[name] = Kind(options, act, prompt, default_first)


def ask(state: State, kind_name: str, player: int, **data: Any) -> None:
    """Open the decision ``kind_name`` for ``player``; the queue waits until it is answered."""
    if state["decision"] is not None:
        raise RuntimeError(f"decision {state['decision']['kind']} still open")
    state["decision"] = {"kind": kind_name, "player": player, **data}


def then(state: State, *steps: dict[str, Any]) -> None:
    """Run ``steps`` next, in this order, before anything queued earlier."""
    state["queue"][0:0] = [dict(s) for s in steps]


def run(state: State, events: Events) -> None:
    """Run queued steps until one opens a decision or a frame, or the queue is empty."""
    while state["decision"] is None and _frame_free(state) and state["queue"] and not state["over"]:
        current = state["queue"].pop(0)
        STEPS[current["step"]](state, current, events)


def _frame_free(state: State) -> bool:
    """No frame waits, or the top one is applying an answer (its ``data["busy"]``, the follow window)."""
    return not state["frames"] or bool(state["frames"][-1]["data"].get("busy"))


def options(state: State) -> list[Action]:
    decision = state["decision"]
    return KINDS[decision["kind"]].options(state, decision) if decision else []


def answer(state: State, action: Action, events: Events) -> None:
    """Apply ``action`` to the open decision (already validated), then run on."""
    decision = state["decision"]
    state["decision"] = None
    KINDS[decision["kind"]].act(state, decision, action, events)
    run(state, events)
