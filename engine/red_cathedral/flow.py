"""The Red Cathedral's registry on the core step queue (:mod:`engine.core.steps`).

A turn is a program of named steps in ``state["queue"]``: ``turn`` asks the main action, whose
answer queues the action's steps and then ``end`` (the explicit end of the turn, where free
actions may still follow), then ``next`` (the next seat, or final scoring). Rules modules register
their steps and decision kinds here at import (:mod:`.game` imports them all).

Deadline defaults: a kind's own rule, else finishing (``end turn``, ``done``, ``no jewels``)
where offered, else the first option. The main action has none (a timed-out main action goes to
the table).
"""

from __future__ import annotations

from typing import Any

from ..core.loose import Loose
from ..core.steps import Steps

Action = dict[str, Any]
FINISHING = ({"verb": "end"}, {"verb": "done"}, {"verb": "jewels", "jewels": []})


def finish_default(options: list[Action]) -> Action | None:
    """Finishing where offered, else the first option (every kind lists its safe answer first)."""
    return next((d for d in FINISHING if d in options), options[0] if options else None)


STEPS: Steps[Loose, Loose, Loose, Loose, Loose, Loose] = Steps("red_cathedral", default=finish_default)
step, kind, ask, then = STEPS.step, STEPS.kind, STEPS.ask, STEPS.then
