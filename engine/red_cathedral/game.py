"""The Red Cathedral as an engine :class:`~engine.core.Game`: a
:class:`~engine.core.stepgame.StepGame` on the registry of :mod:`.flow`, with a data pack
(:class:`~engine.core.datapack.PackGame`: the lobby's provisional notice, a server owner's pack).

One active player at a time: every decision is the open decision of the current turn; nothing is
asked out of turn. A state records the fingerprint of the pack it was set up with; a state whose
pack is not loaded is refused, never played with other values.
"""

from __future__ import annotations

from ..core import EventText, GameSpec
from ..core.datapack import PackGame
from ..core.outcome import Outcome
from ..core.shapes import Shape
from ..core.spec import Options
from ..core.stepgame import Asked, StepGame
from . import ai, board, claim, copying, free, market, market_actions, scoring, turn, views
from .actions import action_text
from .colours import COLOURS
from .data import PACKS
from .flow import STEPS
from .i18n import msg
from .labels import shape
from .model import Pack
from .options import OPTIONS, validate
from .setup import RULES_VERSION, setup
from .texts import event_text
from .types import Action, Decision, Event, State, View

SPEC = GameSpec(
    id="red_cathedral",
    title=msg("The Red Cathedral"),
    min_players=2,
    max_players=4,
    rules_version=RULES_VERSION,
    options=OPTIONS,
    has_hidden_info=False,
    has_chance=True,
    has_simultaneous=False,
    validate=validate,
    colours=COLOURS,
    colours_fixed=True,
)
# Every rules module registers its steps and decision kinds when imported.
RULE_MODULES = (claim, free, market, market_actions, scoring, turn)


class RedCathedral(StepGame[State, Action, Event, View, Decision], PackGame[State, Action, Event, View, Pack]):
    spec = SPEC
    packs = PACKS
    steps = STEPS

    def __init__(self) -> None:
        self.pack = None  # a server owner's pack for new games (None: the shipped one)

    def setup(self, players: list[str], options: Options, seed: int) -> State:
        state = setup(players, options, seed, self.pack_for_new_games())
        STEPS.run(state, [])
        return state

    def legal_actions(self, state: State, player: int) -> list[Action]:
        board.pack_of(state)  # refuses a state set up with a pack that is not loaded
        return super().legal_actions(state, player)

    def shape_of(self, state: State, asked: Asked[Decision], options: list[Action]) -> Shape | None:
        return shape(state, asked, options)

    def action_text(self, action: Action) -> str:
        return action_text(action)

    def event_text(self, state: State, event: Event) -> EventText:
        return event_text(state, event)

    def public_view(self, state: State) -> View:
        return views.public_view(state)

    def view(self, state: State, player: int) -> View:
        return views.player_view(state, player)

    def copy_state(self, state: State) -> State:
        return copying.copy_state(state)

    def view_text(self, view: View) -> str:
        return views.view_text(view)

    # --- the AI player's hooks (:mod:`.ai`) ---------------------------------------------------------
    evaluation_scale = ai.EVALUATION_SCALE

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return ai.determinize(state, seat, seed)

    def evaluate(self, state: State) -> list[float]:
        return ai.evaluate(state)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome_of(state["result"], state["players"]) if state["result"] else None


GAME = RedCathedral()
