"""Choosing a role [S 1.2]: take its doubloons, then play it, chooser first."""

from __future__ import annotations

from typing import Any

from . import builder, captain, captain_extras, craftsman, mayor, settler, trader
from .data import ROLE_ORDER
from .flow import STEPS
from .guest_window import Outcome, open_window
from .new_buildings import privilege_count
from .nobles import villa_outcome
from .rounds import end_role, seats_from

State = dict[str, Any]
Events = list[dict[str, Any]]


def role_options(state: State) -> list[dict[str, Any]]:
    return [{"verb": "role", "role": r} for r in ROLE_ORDER if r in state["role_money"] and r not in state["taken"]]


def prospect(state: State, player: int, events: Events) -> None:
    """Prospector: the chooser alone gains 1 doubloon [S] (2 with the Library: README notes)."""
    gain = privilege_count(state, player)
    state["boards"][player]["doubloons"] += gain
    event: dict[str, Any] = {"kind": "prospect", "player": player}
    if gain != 1:
        event["doubloons"] = gain
    events.append(event)
    end_role(state, events)


STARTS = {
    "settler": settler.start,
    "mayor": mayor.start,
    "builder": builder.start,
    "craftsman": craftsman.start,
    "trader": trader.start,
    "captain": captain.start,
    "prospector": prospect,
    "prospector-2": prospect,
}


# The Guest House window as a phase starts: what is settled before the owner's first prompt
# (the outcome to compare, the places a guest may change it from).
WINDOWS: dict[str, tuple[Outcome, tuple[str, ...]]] = {
    "mayor": (villa_outcome, ("villa",)),
    "craftsman": (craftsman.outcome, craftsman.PLACES),
    "captain": (captain_extras.start_outcome, captain_extras.START_PLACES),
}


def choose_role(state: State, player: int, role: str, events: Events) -> None:
    money = state["role_money"][role]
    state["role_money"][role] = 0
    state["taken"][role] = player
    state["boards"][player]["doubloons"] += money
    state["role"] = role
    state["decision"] = None
    events.append({"kind": "role", "player": player, "role": role, "doubloons": money})
    # The chooser is not asked: their role prompt just offered the same moves.
    window = WINDOWS.get(role)
    others = seats_from(state, player)[1:]
    if window and open_window(state, role, others, *window, "role", {"role": role}):
        return
    play_role(state, player, role, events)


def play_role(state: State, chooser: int, role: str, events: Events) -> None:
    STARTS[role](state, chooser, events)


@STEPS.step("role")
def _role_after_guests(state: State, s: dict[str, Any], events: Events) -> None:
    """The Guest House window as a phase starts is closed: the role is played."""
    role = s["frame"]["data"]["role"]
    play_role(state, state["taken"][role], role, events)
