"""Helpers for expansion scenarios: a game past the building selection, and conservation of
plantation tiles and quarries."""

from __future__ import annotations

from typing import Any

from pr_helpers import GOODS, State, act, make_game, role_turn


def exp_game(players: int = 4, seed: int = 1, expansions: str = "both", **options: Any) -> State:
    """An expansion game past the building selection (random), Governor seat 0 to choose a
    role; scenarios then put the buildings they need on boards with :func:`set_board`."""
    options.setdefault("selection", "random")
    state = make_game(players, seed, expansions=expansions, **options)
    assert state["decision"] == {"kind": "role", "player": 0}
    return state


def check_tiles(state: State, first: State) -> None:
    """Plantation tiles per kind and quarries are conserved (forests come from outside);
    an island never holds more than 12 tiles."""

    def count(s: State) -> tuple[dict[str, int], int]:
        tiles = s["plantations"]
        kinds = {g: tiles["deck"].count(g) + tiles["discard"].count(g) + tiles["faceup"].count(g) for g in GOODS}
        quarries = s["supply"]["quarries"]
        for board in s["boards"]:
            for kind, (n, _) in board["island"].items():
                if kind in kinds:
                    kinds[kind] += n
                elif kind == "quarry":
                    quarries += n
        return kinds, quarries

    assert count(state) == count(first)
    for board in state["boards"]:
        assert sum(n for n, _ in board["island"].values()) <= 12


def finish_with_prospector(state: State, seat: int = 3) -> State:
    """End a 4-player game now: the city end is due and the round's last role pick is a Prospector."""
    state["end"] = state["end"] or ["city"]
    role_turn(state, seat, choice=3)
    state, _ = act(state, seat, "role prospector")
    assert state["over"]
    return state
