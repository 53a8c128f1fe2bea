"""Choosing the buildings of an expansion game [S].

Every cost has a fixed number of slots for non-production buildings; the candidates are
the base game's plus those of the chosen expansions. A filled slot removes the other
candidates of that cost. *Draft*: players pick one building at a time in cyclic order from
the Governor; *random*: each cost's slots are drawn at random. With the Board Game Arena
restrictions on, the buildings of a restricted pair never both enter the game. A cost whose
remaining candidates just fill its free slots is filled automatically (nobody spends a pick).
Production buildings are always in play and never drafted [P]."""

from __future__ import annotations

from ..core import rng
from ..core.steps import first
from .data import BUILDING_ORDER, BUILDINGS, RESTRICTIONS, SLOTS
from .flow import ask, kind
from .i18n import msg
from .options import building_sets, option
from .types import Events, PRAction, PRState


def copies(players: int, building: str) -> int:
    b = BUILDINGS[building]
    return b.copies_two_player if players == 2 else b.copies


def chosen(state: PRState) -> list[str]:
    return [str(b) for b, _ in state["draft"]["picks"]]  # [building, seat or None]


def _excluded(state: PRState, building: str, picked: list[str]) -> bool:
    if option(state, "draft_restrictions") != "on":
        return False
    return any(building in pair and any(o in picked for o in pair if o != building) for pair in RESTRICTIONS)


def open_candidates(state: PRState) -> list[str]:
    """Buildings that may still enter the game, in the board's order."""
    sets = building_sets(state["options"])
    picked = chosen(state)
    filled: dict[int, int] = {}
    for b in picked:
        filled[BUILDINGS[b].cost] = filled.get(BUILDINGS[b].cost, 0) + 1
    return [
        b
        for b in BUILDING_ORDER
        if BUILDINGS[b].drafted
        and BUILDINGS[b].set in sets
        and b not in picked
        and filled.get(BUILDINGS[b].cost, 0) < SLOTS[BUILDINGS[b].cost]
        and not _excluded(state, b, picked)
    ]


def _add(state: PRState, building: str, seat: int | None) -> None:
    state["draft"]["picks"].append([building, seat])
    state["buildings"][building] = copies(len(state["boards"]), building)


def _autofill(state: PRState, events: Events) -> None:
    """Fill every cost whose remaining candidates just fit its free slots."""
    changed = True
    while changed:
        changed = False
        open_now = open_candidates(state)
        picked = chosen(state)
        for cost, slots in sorted(SLOTS.items()):
            group = [b for b in open_now if BUILDINGS[b].cost == cost]
            free = slots - sum(1 for b in picked if BUILDINGS[b].cost == cost)
            if group and len(group) <= free:
                for b in group:
                    _add(state, b, None)
                events.append({"kind": "market_auto", "buildings": group})
                changed = True
                break


def start(state: PRState) -> None:
    """At set-up: the random market, or the first draft decision (Governor first)."""
    events: Events = []  # set-up has no event stream; the view shows the market
    state["draft"] = {"picks": [], "turn": 0, "method": str(option(state, "selection"))}
    if option(state, "selection") == "random":
        for cost in sorted(SLOTS):
            while True:
                group = [b for b in open_candidates(state) if BUILDINGS[b].cost == cost]
                if not group:
                    break
                _add(state, group[rng.randbelow(state, len(group))], None)
        ask(state, "role", 0)
        return
    _autofill(state, events)
    _next(state, events)


def _next(state: PRState, events: Events) -> None:
    if open_candidates(state):
        n = len(state["boards"])
        ask(state, "draft", (state["governor"] + state["draft"]["turn"]) % n)
        return
    ask(state, "role", state["governor"])
    events.append({"kind": "market", "buildings": market(state)})


def market(state: PRState) -> list[str]:
    """The drafted or drawn buildings, in the board's order."""
    picked = set(chosen(state))
    return [b for b in BUILDING_ORDER if b in picked]


def options(state: PRState, player: int) -> list[PRAction]:
    return [{"verb": "draft", "building": b} for b in open_candidates(state)]


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    building = action["building"]
    _add(state, building, player)
    state["draft"]["turn"] += 1
    events.append({"kind": "draft", "player": player, "building": building})
    _autofill(state, events)
    _next(state, events)


kind("draft", options, act, msg("Choose a building for this game."), default=first)
