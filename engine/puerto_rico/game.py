"""Puerto Rico as an engine :class:`~engine.core.Game`: a :class:`~engine.core.stepgame.StepGame`
on Puerto Rico's registry of steps and decision kinds (:mod:`.flow`), so :mod:`engine.core.play`
(validation, forced steps, copies) and the bot drive it.

Pending decisions: the open decision (single), else the top frame's waiting seats (parallel: the
Mayor layouts, storage, the Guest House windows; never both at once). A frame's kind records its
own answers (a layout is placed one colonist at a time, a Guest House move answers nothing), so
its seats are asked with ``where=OWN``. Deadline defaults: see :mod:`.flow`.
"""

from __future__ import annotations

from ..core import EventText, GameSpec
from ..core.outcome import Outcome
from ..core.records import DecisionData
from ..core.shapes import Shape
from ..core.spec import Options
from ..core.stepgame import Asked, StepGame
from . import ai as pr_ai
from . import (
    builder,
    captain,
    copying,
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
from .colours import COLOURS
from .events import event_text
from .flow import STEPS
from .i18n import msg
from .labels import shape
from .options import OPTIONS as TABLE_OPTIONS
from .options import validate
from .scoring import outcome_of
from .setup import RULES_VERSION, setup
from .types import Pending, PRAction, PREvent, PRState, PRView

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
    colours=COLOURS,
)
# Every rules module registers its steps and decision kinds when imported.
RULE_MODULES = (builder, captain, craftsman, draft, guest_window, hunting_lodge, mayor, roles, rounds, settler, trader)


class PuertoRico(StepGame[PRState, PRAction, PREvent, PRView, DecisionData]):
    spec = SPEC
    steps = STEPS

    def setup(self, players: list[str], options: Options, seed: int) -> PRState:
        return setup(players, options, seed)

    def shape_of(self, state: PRState, asked: Asked[DecisionData], options: list[PRAction]) -> Shape | None:
        return shape(state, asked.kind, asked.seat, options)

    def action_text(self, action: PRAction) -> str:
        return action_text(action)

    def event_text(self, state: PRState, event: PREvent) -> EventText:
        return event_text(state, event)

    def _pending_view(self, state: PRState) -> list[Pending]:
        return [{"player": d.player, "kind": d.kind, "prompt": str(d.prompt)} for d in self.pending(state)]

    def public_view(self, state: PRState) -> PRView:
        return views.public_view(state, self._pending_view(state))

    def view(self, state: PRState, player: int) -> PRView:
        return views.private_view(state, player, self._pending_view(state))

    def view_text(self, view: PRView) -> str:
        return views.view_text(view)

    def copy_state(self, state: PRState) -> PRState:
        return copying.copy_state(state)

    def outcome(self, state: PRState) -> Outcome | None:
        return outcome_of(state["result"]) if state["result"] else None

    # The AI player's hooks (engine.ai): hidden parts resampled, a position's promised scores.
    evaluation_scale = 7.0

    def determinize(self, state: PRState, seat: int, seed: int) -> PRState:
        return pr_ai.determinize(state, seat, seed)

    def evaluate(self, state: PRState) -> list[float]:
        return pr_ai.evaluate(state)


GAME = PuertoRico()
