"""Lorenzo il Magnifico as an engine :class:`~engine.core.Game`: a
:class:`~engine.core.stepgame.StepGame` on Lorenzo's registry of steps and decision kinds
(:mod:`.flow`), so :mod:`engine.core.play` (validation, forced steps, copies) and the bot drive it.

Pending decisions: the open decision (one player: the placement and its nested choices, the bonus
tile pick), else the top frame (every asked player at once: the Vatican report, the leader draft).
A state records the fingerprint of the data pack it was set up with; a state whose pack is not
loaded is refused, never played with other card values.
"""

from __future__ import annotations

from ..core import EventText, GameSpec
from ..core.datapack import PackGame
from ..core.outcome import Outcome
from ..core.shapes import Shape
from ..core.spec import Options
from ..core.stepgame import Asked, StepGame
from . import ai, gains, harvest, leaders, rounds, scoring, setup, towers, turn, vatican
from .colours import COLOURS
from .data import PACKS, pack_of
from .flow import STEPS
from .i18n import msg
from .labels import action_text, shape
from .model import Pack
from .options import OPTIONS, validate
from .textboard import view_text
from .texts import event_text
from .types import LAction, LDecision, LEvent, LState, LView, PendingView
from .views import player_view, public_view

State = LState
Action = LAction
Event = LEvent


SPEC = GameSpec(
    id="lorenzo",
    title=msg("Lorenzo il Magnifico"),
    min_players=2,
    max_players=4,
    rules_version=setup.RULES_VERSION,
    options=OPTIONS,
    has_hidden_info=True,
    has_chance=True,
    has_simultaneous=True,
    validate=validate,
    colours=COLOURS,
)
# Every rules module registers its steps and decision kinds when imported.
RULE_MODULES = (gains, harvest, leaders, rounds, scoring, setup, towers, turn, vatican)


class Lorenzo(StepGame[LState, LAction, LEvent, LView, LDecision], PackGame[LState, LAction, LEvent, LView, Pack]):
    spec = SPEC
    packs = PACKS
    steps = STEPS
    options_cache = 64  # listing options simulates on copies; one action asks several times

    def __init__(self) -> None:
        self.pack = None  # a server owner's pack for new games (None: the shipped one)

    def setup(self, players: list[str], options: Options, seed: int) -> State:
        state = setup.setup(players, options, seed, self.pack_for_new_games())
        STEPS.run(state, [])
        return state

    def shape_of(self, state: State, asked: Asked[LDecision], options: list[Action]) -> Shape | None:
        return shape(state, asked.seat, asked.kind, options)

    def legal_actions(self, state: State, player: int) -> list[Action]:
        pack_of(state)  # refuses a state set up with another data pack
        return super().legal_actions(state, player)

    def action_text(self, action: Action) -> str:
        return action_text(action)

    def event_text(self, state: State, event: Event) -> EventText:
        return event_text(state, event)

    def _pending_view(self, state: State) -> list[PendingView]:
        # A view is plain data: the prompt in English (a front end translates play.pending's prompt).
        return [
            {"player": d.player, "kind": d.kind, "prompt": str(d.prompt), "mode": d.mode} for d in self.pending(state)
        ]

    def public_view(self, state: State) -> LView:
        return public_view(state, self._pending_view(state))

    def view(self, state: State, player: int) -> LView:
        return player_view(state, player, self._pending_view(state))

    def view_text(self, view: LView) -> str:
        return view_text(view)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome_of(state)

    # --- the AI player's hooks (:mod:`.ai`) ---
    evaluation_scale = ai.EVALUATION_SCALE
    ai_budget = ai.AI_BUDGET

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return ai.determinize(state, seat, seed, self.copy_state)

    def evaluate(self, state: State) -> list[float]:
        return ai.evaluate(state)


GAME = Lorenzo()
