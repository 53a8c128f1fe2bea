"""Craftsman [S 1.3]: everyone produces in turn order from the chooser, capped by the
supply; Factory pays by kinds produced; then the chooser's privilege good."""

from __future__ import annotations

from typing import Any

from .board import active, production
from .data import FACTORY_PAY, GOODS
from .rounds import end_role, seats_from

State = dict[str, Any]
Events = list[dict[str, Any]]
Action = dict[str, Any]


def start(state: State, chooser: int, events: Events) -> None:
    supply = state["supply"]["goods"]
    produced_by_chooser: list[str] = []
    for player in seats_from(state, chooser):
        board = state["boards"][player]
        wanted = production(board)
        made = [0] * len(GOODS)
        for i, amount in enumerate(wanted):
            made[i] = min(amount, supply[i])
            supply[i] -= made[i]
            board["goods"][i] += made[i]
        kinds = sum(1 for m in made if m)
        factory = FACTORY_PAY[kinds] if active(board, "factory") else 0
        board["doubloons"] += factory
        if kinds or factory:
            events.append({"kind": "produce", "player": player, "goods": made, "factory": factory})
        if player == chooser:
            produced_by_chooser = [GOODS[i] for i, m in enumerate(made) if m]
    state["phase"] = {"produced": produced_by_chooser}
    if options(state, chooser):
        state["decision"] = {"kind": "craft_bonus", "player": chooser}
    else:
        end_role(state, events)


def options(state: State, player: int) -> list[Action]:
    """The privilege: 1 more barrel of a kind the chooser produced, after everyone [S];
    optional, as the seed's walkthrough says (it may be declined)."""
    supply = state["supply"]["goods"]
    opts: list[Action] = [{"verb": "bonus", "good": g} for g in state["phase"]["produced"]
                          if supply[GOODS.index(g)] > 0]
    return opts + [{"verb": "pass"}] if opts else []


def act(state: State, player: int, action: Action, events: Events) -> None:
    if action["verb"] == "pass":
        events.append({"kind": "pass", "player": player, "role": "craftsman"})
        end_role(state, events)
        return
    i = GOODS.index(action["good"])
    state["supply"]["goods"][i] -= 1
    state["boards"][player]["goods"][i] += 1
    events.append({"kind": "craft_bonus", "player": player, "good": action["good"]})
    end_role(state, events)
