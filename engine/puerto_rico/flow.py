"""Puerto Rico's registry on the core step queue (:mod:`engine.core.steps`).

Puerto Rico keeps one open decision in ``state["decision"]`` and its reaction windows on
``state["frames"]``: the Mayor layouts and the Captain's storage (parallel frames whose answers are
held until the last one is in) and the Guest House window (:mod:`.guest_window`). Each frame names
the step that resumes the game once it closes; those steps are registered here by the modules
that own them (Mayor: ``mayor_refill``; Captain: ``captain_unload``, ``storage``; roles: ``role``;
Hunting Lodge: ``lodge``; end of round: ``final``), and read the closed frame from ``s["frame"]``.
Puerto Rico keeps no queue: a closed frame's step runs at once (:meth:`Steps.resume`).
"""

from __future__ import annotations

from ..core.steps import Steps

STEPS = Steps("puerto_rico")
