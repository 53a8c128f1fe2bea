"""Puerto Rico as an engine :class:`~engine.core.Game`: dispatch by decision kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import PARALLEL, SINGLE, Action, Decision, Event, EventText, Game, GameSpec, State
from ..core.frames import is_asked, top_frame, waiting_seats
from ..core.outcome import Outcome
from . import (
    black_market,
    builder,
    captain,
    captain_extras,
    craftsman,
    draft,
    guest_house,
    guest_window,
    hunting_lodge,
    mayor,
    settler,
    trader,
    views,
)
from .actions import action_text
from .events import event_text
from .flow import STEPS
from .labels import shape
from .options import OPTIONS as TABLE_OPTIONS
from .options import validate
from .roles import choose_role, role_options
from .scoring import outcome_of
from .setup import RULES_VERSION, setup

SPEC = GameSpec(
    id="puerto_rico",
    title="Puerto Rico",
    min_players=2,
    max_players=5,
    rules_version=RULES_VERSION,
    options=TABLE_OPTIONS,
    has_hidden_info=True,
    has_chance=True,
    has_simultaneous=True,
    validate=validate,
)

OPTIONS: dict[str, Callable[[State, int], list[Action]]] = {
    "role": lambda s, p: role_options(s),
    "settle": settler.options,
    "mayor_privilege": mayor.privilege_options,
    "mayor_layout": mayor.layout_options,
    "build": builder.options,
    "craft_bonus": craftsman.options,
    "trade": trader.options,
    "ship": captain.options,
    "keep": lambda s, p: captain.keep_options(s["boards"][p]),
    "draft": draft.options,
    "black_market": black_market.options,
    "lodge": hunting_lodge.options,
    "royal": captain_extras.royal_options,
    "small_wharf": captain_extras.small_wharf_options,
    "guests": guest_window.options,
}


def _guests_done(state: State, player: int, action: Action, events: list[Event], said: bool = True) -> None:
    frame = guest_window.finish(state, player, events, said)
    if frame is not None:  # every owner is done: the step the window names resumes (see .flow)
        STEPS.resume(state, frame, events)


ACTS: dict[str, Callable[[State, int, Action, list[Event]], None]] = {
    "role": lambda s, p, a, ev: choose_role(s, p, a["role"], ev),
    "settle": settler.act,
    "mayor_privilege": mayor.act_privilege,
    "mayor_layout": mayor.act_layout,
    "build": builder.act,
    "craft_bonus": craftsman.act,
    "trade": trader.act,
    "ship": captain.act,
    "keep": captain.act_keep,
    "draft": draft.act,
    "black_market": builder.act_black_market,
    "lodge": hunting_lodge.act,
    "royal": captain.act_royal,
    "small_wharf": captain.act_small_wharf,
    "guests": _guests_done,
}
PROMPTS = {
    "role": "Choose a role.",
    "settle": "Take a plantation (or quarry), or pass.",
    "mayor_privilege": "Take a colonist from the supply (Mayor privilege)?",
    "mayor_layout": "Place your colonists.",
    "build": "Build one building, or pass.",
    "craft_bonus": "Take one extra good (Craftsman privilege).",
    "trade": "Sell one good, or pass.",
    "ship": "Load goods on a ship.",
    "keep": "Choose the goods to keep.",
    "draft": "Choose a building for this game.",
    "black_market": "Pay the rest with the Black Market: return a colonist, a good or a VP chip.",
    "lodge": "Hunting Lodge: discard a tile from your island, or pass.",
    "royal": "Royal Supplier: ship one good (1 VP), or pass.",
    "small_wharf": "Load the Small Wharf, then sail (1 VP per 2 goods).",
    "guests": "Guest House: move a guest, or leave them where they are.",  # see guest_window.prompt
}
# Taken when a deadline passes: passing where it is legal, the proposed layout, the
# most valuable storage or privilege good, the guests staying where they are; role choice
# and mandatory loading have none.
DEFAULT_FIRST = {"mayor_layout", "keep", "mayor_privilege", "draft", "black_market", "guests"}


class PuertoRico(Game):
    spec = SPEC

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        return setup(players, options, seed)

    def _kind_for(self, state: State, player: int) -> str | None:
        frames = state["frames"]
        if frames:
            return frames[-1]["kind"] if is_asked(frames[-1], player) else None
        decision = state["decision"]
        if decision and decision["player"] == player:
            return decision["kind"]
        return None

    def waiting(self, state: State) -> list[int]:
        if state["over"]:
            return []
        frame = top_frame(state)
        if frame is not None:
            return waiting_seats(frame)
        return [state["decision"]["player"]] if state["decision"] else []

    def pending(self, state: State) -> list[Decision]:
        if state["over"]:
            return []
        frame = top_frame(state)
        if frame is not None:
            seats, kind, mode = waiting_seats(frame), frame["kind"], PARALLEL
        elif state["decision"]:
            seats, kind, mode = [state["decision"]["player"]], state["decision"]["kind"], SINGLE
        else:
            return []
        return [self._decision(state, kind, seat, mode) for seat in seats]

    def _decision(self, state: State, kind: str, seat: int, mode: str) -> Decision:
        opts = OPTIONS[kind](state, seat)
        default = None
        if kind in DEFAULT_FIRST:
            default = opts[0]
        elif kind == "craft_bonus":
            default = opts[-2]  # the most valuable kind produced (options are in price order)
        elif {"verb": "pass"} in opts:
            default = {"verb": "pass"}
        opts += guest_house.options(state, seat, kind)
        prompt = guest_window.prompt(state) if kind == guest_window.KIND else PROMPTS[kind]
        return Decision(kind, seat, tuple(opts), default, mode, prompt, shape(state, kind, seat, opts))

    def legal_actions(self, state: State, player: int) -> list[Action]:
        kind = None if state["over"] else self._kind_for(state, player)
        if not kind:
            return []
        return OPTIONS[kind](state, player) + guest_house.options(state, player, kind)

    def apply_action(self, state: State, player: int, action: Action) -> list[Event]:
        kind = self._kind_for(state, player)
        assert kind is not None, "apply_action needs a legal action"
        events: list[Event] = []
        if action["verb"] == "guest":
            guest_house.act(state, player, action, events)
            opts = self.legal_actions(state, player)
            if kind == "keep" and len(opts) == 1:  # nothing left to choose in a frame
                captain.act_keep(state, player, opts[0], events)
            elif kind == guest_window.KIND and len(opts) == 1:  # no move left: the window is done
                _guests_done(state, player, opts[0], events, said=False)
            return events
        ACTS[kind](state, player, action, events)
        return events

    def action_text(self, action: Action) -> str:
        return action_text(action)

    def event_text(self, state: State, event: Event) -> EventText:
        return event_text(state, event)

    def _pending_view(self, state: State) -> list[dict[str, Any]]:
        return [{"player": d.player, "kind": d.kind, "prompt": d.prompt} for d in self.pending(state)]

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state, self._pending_view(state))

    def view(self, state: State, player: int) -> dict[str, Any]:
        return views.private_view(state, player, self._pending_view(state))

    def view_text(self, view: dict[str, Any]) -> str:
        return views.view_text(view)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def outcome(self, state: State) -> Outcome | None:
        return outcome_of(state["result"]) if state["result"] else None


GAME = PuertoRico()
