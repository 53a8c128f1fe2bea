"""The order of play: whose role choice, end of a role, end of round and game [S 1.2, 1.4]."""

from __future__ import annotations

from typing import Any

from .data import ROLE_ORDER
from .flow import STEPS
from .guest_window import open_window
from .scoring import BONUSES, final_scores, player_score

State = dict[str, Any]
Events = list[dict[str, Any]]


def seats_from(state: State, first: int) -> list[int]:
    """Every seat once, clockwise from ``first``."""
    n = len(state["boards"])
    return [(first + i) % n for i in range(n)]


def chooser(state: State) -> int:
    """Whose role choice it is: the round's pattern of offsets from the Governor."""
    n = len(state["boards"])
    offset: int = state["choosers"][state["choice"]]
    return (state["governor"] + offset) % n


def role_chooser(state: State) -> int:
    """The player who chose the role now being played."""
    who: int = state["taken"][state["role"]]
    return who


def start_turns(state: State, chooser: int, kind: str) -> None:
    """Every player once, clockwise from the chooser, each asked ``kind``."""
    state["phase"] = {"order": seats_from(state, chooser), "idx": 0}
    state["decision"] = {"kind": kind, "player": chooser}


def next_turn(state: State, kind: str) -> bool:
    """Ask the next player in the phase's order; False once everybody has had a turn."""
    phase = state["phase"]
    phase["idx"] += 1
    if phase["idx"] < len(phase["order"]):
        state["decision"] = {"kind": kind, "player": phase["order"][phase["idx"]]}
        return True
    return False


def end_role(state: State, events: Events) -> None:
    """After a role: the next chooser, or the end of the round."""
    state["role"] = None
    state["phase"] = {}
    state["decision"] = None
    state["choice"] += 1
    if state["choice"] < len(state["choosers"]):
        state["decision"] = {"kind": "role", "player": chooser(state)}
        return
    end_round(state, events)


def final_outcome(state: State, player: int, board: dict[str, Any]) -> int:
    """``board``'s final score (the Guest House window before scoring)."""
    total: int = player_score(board)["total"]
    return total


def end_round(state: State, events: Events) -> None:
    """+1 doubloon on every unchosen role; the Governor passes left; maybe the game ends,
    after the Guest House window (a guest may still man an empty large building)."""
    if state["end"] and open_window(
        state, "final", seats_from(state, state["governor"]), final_outcome, BONUSES, "final"
    ):
        return
    finish_round(state, events)


@STEPS.step("final")
def _final_after_guests(state: State, s: dict[str, Any], events: Events) -> None:
    finish_round(state, events)  # the Guest House window before final scoring is closed


def finish_round(state: State, events: Events) -> None:
    unchosen = [r for r in ROLE_ORDER if r in state["role_money"] and r not in state["taken"]]
    for role in unchosen:
        state["role_money"][role] += 1
    state["taken"] = {}
    state["choice"] = 0
    if state["end"]:
        state["over"] = True
        state["decision"] = None
        state["result"] = final_scores(state)
        events.append({"kind": "game_over", "reasons": list(state["end"]), "winners": state["result"]["winners"]})
        return
    state["governor"] = (state["governor"] + 1) % len(state["boards"])
    state["round"] += 1
    events.append({"kind": "round", "round": state["round"], "governor": state["governor"], "bonus_roles": unchosen})
    state["decision"] = {"kind": "role", "player": chooser(state)}


def trigger_end(state: State, reason: str, events: Events) -> None:
    """Note an end condition once; the game still ends at the end of the round [S]."""
    if reason not in state["end"]:
        state["end"].append(reason)
        events.append({"kind": "end_triggered", "reason": reason})


def award_vp(state: State, player: int, amount: int) -> None:
    """VP chips from the supply; chips earned after it runs out still count [S],
    so the supply may go below zero (it is shown as 0) and the end triggers. Expansion
    games also count the chips earned in the Captain phase, for the Customs House [S]."""
    board = state["boards"][player]
    board["vp"] += amount
    state["supply"]["vp"] -= amount
    if "captain_vp" in board and state["role"] == "captain":
        board["captain_vp"] += amount


def check_vp_supply(state: State, events: Events) -> None:
    if state["supply"]["vp"] <= 0:
        trigger_end(state, "vp", events)


def take_colonist(state: State) -> bool:
    """One colonist for the Hospice or University: from the supply, else from the ship
    (the official rule; the seed is silent — README rules notes). False if none."""
    supply = state["supply"]
    if supply["colonists"] > 0:
        supply["colonists"] -= 1
        return True
    if supply["ship"] > 0:
        supply["ship"] -= 1
        return True
    return False
