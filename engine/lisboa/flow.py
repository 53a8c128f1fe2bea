"""Lisboa's registry on the core step queue (:mod:`engine.core.steps`): its steps and decision kinds.

A turn is a program of named steps in ``state["queue"]``; a step may open the one decision in
``state["decision"]`` and stop; nested sub-decisions (a follower → Meet the Cardinal → a tile with
an immediate effect → which favors) push their steps in front with :func:`then`. Out-of-turn
windows are frames: church scoring (parallel, answers held until the last) and the follow window
(a chain whose ``each`` step applies every answer at once). Rules modules register their steps
and kinds here at import (:mod:`.game` imports them all); the short names below are the
registry's methods.

Deadline defaults: a kind's own rule (``default_first``: keep the first tile, decline, discard
none, the default payment, ...; the main action D03 has none), else finishing (``done``, ``no
extra decree``, ``no free action``) where offered, else the first option (the turn is under way
and must end).
"""

from __future__ import annotations

from typing import Any

from ..core.loose import Loose
from ..core.steps import Steps

Action = dict[str, Any]
DEFAULT_VERBS = ({"verb": "done"}, {"verb": "no_extra"}, {"verb": "free", "action": None})


def finish_default(options: list[Action]) -> Action | None:
    """Finishing where offered, else the first option, so a timed-out turn still ends."""
    return next((d for d in DEFAULT_VERBS if d in options), options[0] if options else None)


STEPS: Steps[Loose, Loose, Loose, Loose, Loose, Loose] = Steps("lisboa", default=finish_default)
KINDS = STEPS.kinds
step, kind, ask, then, run = STEPS.step, STEPS.kind, STEPS.ask, STEPS.then, STEPS.run
options, answer = STEPS.options, STEPS.answer
