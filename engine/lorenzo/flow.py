"""Lorenzo's registry on the core step queue (:mod:`engine.core.steps`): its steps and decision kinds.

A round is a program of named steps in ``state["queue"]``: the deal and the dice, one ``turn`` per
member per player, the Vatican report after even rounds, the end of the round. A step may open the
one decision in ``state["decision"]`` and stop; nested effects (a card's privilege, its granted
action, that card's own effects...) push their steps in front with :func:`then`, so a restart in the
middle of "place → take a card → 2 privileges → take another card" loses nothing. The Vatican
report and the leader draft are parallel frames (answers held until the last one is in).

Rules modules register their steps and kinds here at import (:mod:`.game` imports them all) and
name each other's steps by string, never by import. Deadline defaults: every kind lists its
rule-safe answer first, except the placement, which has none.
"""

from __future__ import annotations

from ..core.loose import Loose
from ..core.steps import Steps, first

STEPS: Steps[Loose, Loose, Loose, Loose, Loose, Loose] = Steps("lorenzo", default=first)
step, kind, ask, then = STEPS.step, STEPS.kind, STEPS.ask, STEPS.then
