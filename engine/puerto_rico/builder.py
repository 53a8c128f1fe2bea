"""Builder [S 1.3]: each player in turn may build one building; quarries discount up to
the building's column, the chooser pays 1 less, University adds a colonist."""

from __future__ import annotations

from typing import Any

from .board import active, city_spaces_used, occupied_quarries
from .data import BUILDING_ORDER, BUILDINGS, CITY_SPACES
from .rounds import end_role, next_turn, role_chooser, start_turns, take_colonist, trigger_end

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]


def start(state: State, chooser: int, events: Events) -> None:
    start_turns(state, chooser, "build")


def cost(state: State, player: int, building: str) -> int:
    """Printed cost − occupied quarries (capped by column) − 1 for the chooser, not below 0."""
    b = BUILDINGS[building]
    board = state["boards"][player]
    price = b.cost - min(occupied_quarries(board), b.column)
    if player == role_chooser(state):
        price -= 1
    return max(0, price)


def options(state: State, player: int) -> list[Action]:
    board = state["boards"][player]
    free = CITY_SPACES - city_spaces_used(board)
    # Quarry discount and privilege, as in cost(), hoisted out of the loop.
    budget = board["doubloons"] + (player == role_chooser(state))
    quarries = occupied_quarries(board)
    copies, city = state["buildings"], board["city"]
    opts: list[Action] = []
    for b in BUILDING_ORDER:
        spec = BUILDINGS[b]
        if (copies[b] and b not in city and spec.spaces <= free
                and spec.cost - min(quarries, spec.column) <= budget):
            opts.append({"verb": "build", "building": b})
    opts.append({"verb": "pass"})
    return opts


def act(state: State, player: int, action: Action, events: Events) -> None:
    if action["verb"] == "build":
        building = action["building"]
        board = state["boards"][player]
        price = cost(state, player, building)
        board["doubloons"] -= price
        state["buildings"][building] -= 1
        # University: one colonist on the new building, even if it has more circles [S].
        university = (active(board, "university") and BUILDINGS[building].circles > 0
                      and take_colonist(state))
        board["city"][building] = 1 if university else 0
        events.append({"kind": "build", "player": player, "building": building, "cost": price,
                       "university": university})
        if city_spaces_used(board) >= CITY_SPACES:
            trigger_end(state, "city", events)
    else:
        events.append({"kind": "pass", "player": player, "role": "builder"})
    if not next_turn(state, "build"):
        end_role(state, events)
