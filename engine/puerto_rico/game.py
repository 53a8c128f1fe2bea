"""Puerto Rico as an engine :class:`~engine.core.Game`: a :class:`~engine.core.stepgame.StepGame`
on Puerto Rico's registry of steps and decision kinds (:mod:`.flow`), so :mod:`engine.core.play`
(validation, forced steps, copies) and the bot drive it.

Pending decisions: the open decision (single), else the top frame's waiting seats (parallel: the
Mayor layouts, storage, the Guest House windows; never both at once). A frame's kind records its
own answers (a layout is placed one colonist at a time, a Guest House move answers nothing), so
its seats are asked with ``where=OWN``. Deadline defaults: see :mod:`.flow`.
"""

from __future__ import annotations

from typing import Any

from ..core import EventText, GameSpec
from ..core.loose import Loose, LooseDict
from ..core.outcome import Outcome
from ..core.shapes import Shape
from ..core.stepgame import Asked, StepGame
from . import (
    builder,
    captain,
    craftsman,
    draft,
    guest_window,
    hunting_lodge,
    mayor,
    roles,
    rounds,
    settler,
    trader,
    views,
)
from .actions import action_text
from .events import event_text
from .flow import STEPS
from .i18n import msg
from .labels import shape
from .options import OPTIONS as TABLE_OPTIONS
from .options import validate
from .scoring import outcome_of
from .setup import RULES_VERSION, setup

# Transitional (engine.core.loose): to be replaced by the game's TypedDicts.
State = LooseDict
Action = LooseDict
Event = LooseDict


SPEC = GameSpec(
    id="puerto_rico",
    title=msg("Puerto Rico"),
    min_players=2,
    max_players=5,
    rules_version=RULES_VERSION,
    options=TABLE_OPTIONS,
    has_hidden_info=True,
    has_chance=True,
    has_simultaneous=True,
    validate=validate,
)
# Every rules module registers its steps and decision kinds when imported.
RULE_MODULES = (builder, captain, craftsman, draft, guest_window, hunting_lodge, mayor, roles, rounds, settler, trader)


class PuertoRico(StepGame[Loose, Loose, Loose, Loose, Loose]):
    spec = SPEC
    steps = STEPS

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        return setup(players, options, seed)

    def shape_of(self, state: State, asked: Asked[Loose], options: list[Action]) -> Shape | None:
        return shape(state, asked.kind, asked.seat, options)

    def action_text(self, action: Action) -> str:
        return action_text(action)

    def event_text(self, state: State, event: Event) -> EventText:
        return event_text(state, event)

    def _pending_view(self, state: State) -> list[dict[str, Any]]:
        return [{"player": d.player, "kind": d.kind, "prompt": str(d.prompt)} for d in self.pending(state)]

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state, self._pending_view(state))

    def view(self, state: State, player: int) -> dict[str, Any]:
        return views.private_view(state, player, self._pending_view(state))

    def view_text(self, view: dict[str, Any]) -> str:
        return views.view_text(view)

    def outcome(self, state: State) -> Outcome | None:
        return outcome_of(state["result"]) if state["result"] else None


GAME = PuertoRico()
