"""Lisboa as an engine :class:`~engine.core.Game`: the decision stack of :mod:`.flow` behind the
core contract, so :mod:`engine.core.play` (validation, forced steps, copies) and the bot drive it.

Pending decisions: during setup the clergy keep (D01) and the optional draft (D02) are asked of
every seat at once (parallel); during play the open decision (single; a follower's sub-decisions
included), else the top frame: the follow window (D22, chain: one seat at a time) or church
scoring (D23, parallel). Deadline defaults: the first option of kinds marked ``default_first``
(keep the first tile, decline, discard none, the default payment, ...), else ``done`` / ``no
extra decree`` / ``no free action`` where offered, else the first option (the turn is under
way and must end); the main action (D03) has none.

A state records the fingerprint of the data pack it was set up with; a state whose pack is not
loaded is refused (:func:`.rules.pack_of`), never played with other card values.
"""

from __future__ import annotations

import marshal
from collections import OrderedDict
from typing import Any

from ..core import CHAIN, PARALLEL, SINGLE, Action, Decision, Event, EventText, GameSpec, State
from ..core.datapack import PackGame
from ..core.frames import top_frame
from ..core.outcome import Outcome
from . import driver, flow, views
from .actions import action_text
from .data import PACKS
from .labels import shape
from .model import Pack
from .options import OPTIONS, validate
from .rules import pack_of
from .scoring import outcome_of
from .setup import RULES_VERSION, setup
from .texts import event_text, view_text

SPEC = GameSpec(id="lisboa", title="Lisboa", min_players=2, max_players=4, rules_version=RULES_VERSION,
                options=OPTIONS, has_hidden_info=True, has_chance=True, has_simultaneous=True, validate=validate)
SETUP_PROMPTS = {"keep_clergy": "Keep one of your two starting clergy tiles (the other goes back to the bag).",
                 "draft": "Starting draft: keep cards from the packet in front of you; the rest pass left."}
DEFAULT_VERBS = ({"verb": "done"}, {"verb": "no_extra"}, {"verb": "free", "action": None})
CACHE_SIZE = 64
# Legal options by (seat, the state's exact bytes): Lisboa's legality checks simulate on copies,
# and one stored action asks for the same options several times (validate, forced steps, prompt).
# Keyed by content, so a changed state can never hit a stale entry; values are stored as bytes.
_OPTIONS: OrderedDict[bytes, bytes] = OrderedDict()


def cached_legal_actions(state: State, seat: int) -> list[Action]:
    key = seat.to_bytes(2, "big") + marshal.dumps(state)
    hit = _OPTIONS.get(key)
    if hit is not None:
        _OPTIONS.move_to_end(key)
        found: list[Action] = marshal.loads(hit)
        return found
    options = driver.legal_actions(state, seat)
    _OPTIONS[key] = marshal.dumps(options)
    if len(_OPTIONS) > CACHE_SIZE:
        _OPTIONS.popitem(last=False)
    return options


def _kind(state: State, seat: int) -> tuple[str, str, str]:
    """(decision kind, mode, prompt) of what ``seat`` is asked now; ``seat`` must be waiting."""
    if state["phase"] == "setup":
        kind = "draft" if state["setup"]["draft"] == "running" else "keep_clergy"
        return kind, PARALLEL, SETUP_PROMPTS[kind]
    decision = state["decision"]
    if decision is not None:
        return decision["kind"], SINGLE, flow.KINDS[decision["kind"]].prompt
    frame = top_frame(state)
    assert frame is not None
    mode = CHAIN if frame["mode"] == CHAIN else PARALLEL
    return frame["kind"], mode, flow.KINDS[frame["kind"]].prompt


def default_action(kind: str, options: list[Action]) -> Action | None:
    """What a deadline plays: the marked default, else finishing (``done``, no extra, no free
    action), else the first option of a decision inside a turn already under way, so a timed-out
    turn still ends; the main action (D03) has none (the digest: never automatic)."""
    if not options or kind == "main":
        return None
    if kind in ("keep_clergy", "draft") or (kind in flow.KINDS and flow.KINDS[kind].default_first):
        return options[0]
    return next((d for d in DEFAULT_VERBS if d in options), options[0])


class Lisboa(PackGame[Pack]):
    """Notices and a server owner's pack (a folder laid out like ``engine/lisboa/data``) come with
    :class:`~engine.core.datapack.PackGame`."""

    spec = SPEC
    packs = PACKS

    def __init__(self) -> None:
        self.pack = None  # a server owner's pack for new games (None: the shipped one)

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        state = setup(players, options, seed, self.pack)
        state.setdefault("queue", [])
        return state

    def waiting(self, state: State) -> list[int]:
        return driver.waiting(state)

    def pending(self, state: State) -> list[Decision]:
        out = []
        for seat in driver.waiting(state):
            kind, mode, prompt = _kind(state, seat)
            opts = cached_legal_actions(state, seat)
            out.append(Decision(kind, seat, tuple(opts), default_action(kind, opts), mode, prompt,
                                shape(state, seat, opts)))
        return out

    def legal_actions(self, state: State, player: int) -> list[Action]:
        pack_of(state)  # refuses a state set up with another data pack
        return cached_legal_actions(state, player)

    def may_take_back(self, state: State, player: int) -> bool:
        if state["phase"] == "setup":  # the clergy keep and the draft are not frames
            return driver.setup_answer_held(state, player)
        return super().may_take_back(state, player)  # church scoring: a parallel frame

    def take_back(self, state: State, player: int) -> list[Event]:
        if state["phase"] == "setup":
            driver.take_back_setup(state, player)
            return []
        return super().take_back(state, player)

    def apply_action(self, state: State, player: int, action: Action) -> list[Event]:
        return driver.act(state, player, action)

    def action_text(self, action: Action) -> str:
        return action_text(action)

    def event_text(self, state: State, event: Event) -> EventText:
        return event_text(state, event)

    def _pending_view(self, state: State) -> list[dict[str, Any]]:
        return [{"player": d.player, "kind": d.kind, "prompt": d.prompt, "mode": d.mode}
                for d in self.pending(state)]

    def public_view(self, state: State) -> dict[str, Any]:
        view = views.public_view(state)
        view["pending"] = self._pending_view(state)
        return view

    def view(self, state: State, player: int) -> dict[str, Any]:
        view = views.player_view(state, player)
        view["pending"] = self._pending_view(state)
        return view

    def view_text(self, view: dict[str, Any]) -> str:
        return view_text(view)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def outcome(self, state: State) -> Outcome | None:
        return outcome_of(state["result"], state["players"]) if state["result"] else None


GAME = Lisboa()
