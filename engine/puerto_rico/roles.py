"""Choosing a role [S]: take its doubloons, then play it, chooser first.

A role choice queues the role's step, registered by the module that plays it (``prospector``
here); the Guest House window as some phases start comes first and resumes with ``role``."""

from __future__ import annotations

from . import captain_extras, craftsman
from .data import ROLE_ORDER
from .flow import kind, step, then
from .guest_window import Outcome, open_window
from .i18n import msg
from .new_buildings import privilege_count
from .nobles import villa_outcome
from .rounds import END_ROLE, role_chooser, seats_from
from .types import Events, PRAction, PREvent, PRState, PRStep


def role_options(state: PRState, player: int) -> list[PRAction]:
    return [{"verb": "role", "role": r} for r in ROLE_ORDER if r in state["role_money"] and r not in state["taken"]]


@step("prospector")
def _prospect(state: PRState, s: PRStep, events: Events) -> None:
    """Prospector: the chooser alone gains 1 doubloon [S] (2 with the Library: docs/rules/puerto-rico.md)."""
    player = role_chooser(state)
    gain = privilege_count(state, player)
    state["boards"][player]["doubloons"] += gain
    event: PREvent = {"kind": "prospect", "player": player}
    if gain != 1:
        event["doubloons"] = gain
    events.append(event)
    then(state, END_ROLE)


# The step playing each role (both Prospectors are the same role).
ROLE_STEPS = {role: "prospector" if role.startswith("prospector") else role for role in ROLE_ORDER}

# The Guest House window as a phase starts: what is settled before the owner's first prompt
# (the outcome to compare, the places a guest may change it from).
WINDOWS: dict[str, tuple[Outcome, tuple[str, ...]]] = {
    "mayor": (villa_outcome, ("villa",)),
    "craftsman": (craftsman.outcome, craftsman.PLACES),
    "captain": (captain_extras.start_outcome, captain_extras.START_PLACES),
}


def choose_role(state: PRState, player: int, action: PRAction, events: Events) -> None:
    role = action["role"]
    money = state["role_money"][role]
    state["role_money"][role] = 0
    state["taken"][role] = player
    state["boards"][player]["doubloons"] += money
    state["role"] = role
    events.append({"kind": "role", "player": player, "role": role, "doubloons": money})
    # The chooser is not asked: their role prompt just offered the same moves.
    window = WINDOWS.get(role)
    others = seats_from(state, player)[1:]
    if window and open_window(state, role, others, *window, "role", {"role": role}):
        return
    then(state, {"step": ROLE_STEPS[role]})


@step("role")
def _role_after_guests(state: PRState, s: PRStep, events: Events) -> None:
    """The Guest House window as a phase starts is closed: the role is played."""
    then(state, {"step": ROLE_STEPS[s["frame"]["data"]["role"]]})


kind("role", role_options, choose_role, msg("Choose a role."))
