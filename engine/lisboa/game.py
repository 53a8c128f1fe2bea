"""Lisboa as an engine :class:`~engine.core.Game`: a :class:`~engine.core.stepgame.StepGame` on
Lisboa's registry of steps and decision kinds (:mod:`.flow`), so :mod:`engine.core.play`
(validation, forced steps, copies) and the bot drive it.

Pending decisions: during set-up the clergy keep (D01) and the optional draft (D02) are asked of
every seat at once (parallel, :mod:`.start`); during play the open decision (single; a follower's
sub-decisions included), else the top frame: the follow window (D22, chain: one seat at a time)
or church scoring (D23, parallel). Deadline defaults: see :mod:`.flow`.

A state records the fingerprint of the data pack it was set up with; a state whose pack is not
loaded is refused (:func:`.rules.pack_of`), never played with other card values.
"""

from __future__ import annotations

from ..core import EventText, GameSpec
from ..core.datapack import PackGame
from ..core.memo import ContentMemo
from ..core.outcome import Outcome
from ..core.shapes import Shape
from ..core.spec import Options
from ..core.stepgame import Asked, StepGame
from . import ai, church, decree, era, portfolio, room, sell, sponsor, start, state_actions, trade, views, visit
from .actions import action_text
from .colours import COLOURS
from .copying import copy_state
from .data import PACKS
from .flow import STEPS
from .i18n import msg
from .labels import shape
from .model import Pack
from .options import OPTIONS, validate
from .rules import board, pack_of
from .scoring import outcome_of
from .setup import RULES_VERSION, setup
from .textboard import view_text
from .texts import event_text
from .types import LAction, LDecision, LEvent, LState
from .view_types import LView, PendingView

SPEC = GameSpec(
    id="lisboa",
    title=msg("Lisboa"),
    min_players=2,
    max_players=4,
    rules_version=RULES_VERSION,
    options=OPTIONS,
    has_hidden_info=True,
    has_chance=True,
    has_simultaneous=True,
    validate=validate,
    colours=COLOURS,
)
# Every rules module registers its steps and decision kinds when imported.
RULE_MODULES = (church, decree, era, portfolio, room, sell, sponsor, start, state_actions, trade, visit)


#: The decision kinds whose options cost the most to list, checked ahead on copies or look-ahead (a
#: main action, a free action kept possible, a store's lot, a public building's site, a guarded
#: Cardinal move, a sponsored centre): 0.2 to 2 ms to list. A look-up costs 30-60 µs (the state's
#: marshal bytes, 8 KB mid-game), and on the copying path each decision is looked up twice (the
#: forced-step check, then the caller), so a kind listed in under about 0.1 ms (a trade, a follow,
#: a payment, a store's tile or cube, the officials of a building) is listed afresh instead.
SIMULATED = frozenset(
    {
        "main",
        "visit_free",
        "store_lot",
        "building_site",
        "bonus_cardinal",
        "sponsor_event",
    }
)


def _without_count(state: LState) -> dict[str, object]:
    """The state's content less the core's action count ``step``, which no option reads: ``play.apply``
    lists the options of the state it made (its forced-step check) before counting the action, and its
    caller lists them again after, so keyed with the count every decision would be listed twice."""
    content: dict[str, object] = {**state}
    content.pop("step", None)
    return content


class Lisboa(StepGame[LState, LAction, LEvent, LView, LDecision], PackGame[LState, LAction, LEvent, LView, Pack]):
    """Notices and a server owner's pack (a folder laid out like ``engine/lisboa/data``) come with
    :class:`~engine.core.datapack.PackGame`."""

    spec = SPEC
    packs = PACKS
    steps = STEPS
    options_cache = 64  # listing options simulates on copies; one action asks several times
    _memo: ContentMemo | None = None

    def __init__(self) -> None:
        self.pack = None  # a server owner's pack for new games (None: the shipped one)

    def setup(self, players: list[str], options: Options, seed: int) -> LState:
        state = setup(players, options, seed, self.pack)
        state.setdefault("queue", [])
        return state

    def asked(self, state: LState) -> list[Asked[LDecision]]:
        if state["phase"] == "setup" and not state["over"]:  # the clergy keep and the draft
            return start.asked(state)
        return super().asked(state)

    def shape_of(self, state: LState, asked: Asked[LDecision], options: list[LAction]) -> Shape | None:
        return shape(state, asked.seat, options)

    def options_of(self, state: LState, asked: Asked[LDecision]) -> list[LAction]:
        """The legal answers of one seat asked, memoised by the state's content
        (:class:`engine.core.memo.ContentMemo`). Only the kinds of :data:`SIMULATED` are memoised:
        the others' options cost less than the key."""
        kind = STEPS.kinds[asked.kind]
        if asked.kind not in SIMULATED:
            return kind.options(state, asked.data)
        if self._memo is None:
            self._memo = ContentMemo(self.options_cache)
        found: list[LAction] = self._memo.get(
            asked.seat.to_bytes(2, "big"), _without_count(state), lambda: kind.options(state, asked.data)
        )
        return found

    def copy_state(self, state: LState) -> LState:
        return copy_state(state)

    def may_be_forced(self, state: LState, player: int) -> bool:
        """Also False for a main action with two cards or more in hand while getting 1 gold is
        always allowed: two ``gold`` options at least, so never a forced step, and the forced-step
        check need not list its options (a main action's are the costliest to list)."""
        decision = state["decision"]
        two_golds = (
            decision is not None
            and decision["kind"] == "main"
            and decision["player"] == player
            and not state["over"]
            and len(board(state, player)["hand"]) >= 2
            and not state["options"].get("gold_only_when_stuck")
        )
        return not two_golds and super().may_be_forced(state, player)

    def legal_actions(self, state: LState, player: int) -> list[LAction]:
        pack_of(state)  # refuses a state set up with another data pack
        return super().legal_actions(state, player)

    def may_take_back(self, state: LState, player: int) -> bool:
        if state["phase"] == "setup":  # the clergy keep and the draft are not frames
            return start.answer_held(state, player)
        return super().may_take_back(state, player)  # church scoring: a parallel frame

    def take_back(self, state: LState, player: int) -> list[LEvent]:
        if state["phase"] == "setup":
            start.take_back(state, player)
            return []
        return super().take_back(state, player)

    def action_text(self, action: LAction) -> str:
        return action_text(action)

    def event_text(self, state: LState, event: LEvent) -> EventText:
        return event_text(state, event)

    def _pending_view(self, state: LState) -> list[PendingView]:
        # Views are plain data: the prompt as its English text (a front end asks the game for words).
        return [
            {"player": d.player, "kind": d.kind, "prompt": str(d.prompt), "mode": d.mode} for d in self.pending(state)
        ]

    def public_view(self, state: LState) -> LView:
        view = views.public_view(state)
        view["pending"] = self._pending_view(state)
        return view

    def view(self, state: LState, player: int) -> LView:
        view = views.player_view(state, player)
        view["pending"] = self._pending_view(state)
        return view

    def view_text(self, view: LView) -> str:
        return view_text(view)

    # --- the AI player's hooks (:mod:`.ai`) ---
    evaluation_scale = ai.EVALUATION_SCALE
    ai_budget = ai.AI_BUDGET

    def determinize(self, state: LState, seat: int, seed: int) -> LState:
        return ai.determinize(state, seat, seed)

    def evaluate(self, state: LState) -> list[float]:
        return ai.evaluate(state)

    def outcome(self, state: LState) -> Outcome | None:
        return outcome_of(state["result"], state["players"]) if state["result"] else None


GAME = Lisboa()
