"""The order of play: whose role choice, end of a role, end of round and game [S].

A phase that is done queues ``END_ROLE`` (:mod:`.flow`)."""

from __future__ import annotations

from .data import ROLE_ORDER
from .flow import ask, step, then
from .guest_window import open_window
from .scoring import BONUSES, final_scores, player_score
from .types import Board, Events, PRState, PRStep

END_ROLE: PRStep = {"step": "end_role"}


def seats_from(state: PRState, first: int) -> list[int]:
    """Every seat once, clockwise from ``first``."""
    n = len(state["boards"])
    return [(first + i) % n for i in range(n)]


def chooser(state: PRState) -> int:
    """Whose role choice it is: the round's pattern of offsets from the Governor."""
    n = len(state["boards"])
    offset: int = state["choosers"][state["choice"]]
    return (state["governor"] + offset) % n


def role_chooser(state: PRState) -> int:
    """The player who chose the role now being played."""
    role = state["role"]
    assert role is not None, "no role is being played"
    return state["taken"][role]


def start_turns(state: PRState, chooser: int, kind: str) -> None:
    """Every player once, clockwise from the chooser, each asked ``kind``."""
    state["phase"] = {"order": seats_from(state, chooser), "idx": 0}
    ask(state, kind, chooser)


def next_turn(state: PRState, kind: str) -> bool:
    """Ask the next player in the phase's order; False once everybody has had a turn."""
    phase = state["phase"]
    phase["idx"] += 1
    if phase["idx"] < len(phase["order"]):
        ask(state, kind, phase["order"][phase["idx"]])
        return True
    return False


@step("choose_role")
def _choose_role(state: PRState, s: PRStep, events: Events) -> None:
    ask(state, "role", chooser(state))


@step("end_role")
def _end_role(state: PRState, s: PRStep, events: Events) -> None:
    """After a role: the next chooser, or the end of the round."""
    state["role"] = None
    state["phase"] = {}
    state["choice"] += 1
    then(state, {"step": "choose_role" if state["choice"] < len(state["choosers"]) else "end_round"})


def final_outcome(state: PRState, player: int, board: Board) -> int:
    """``board``'s final score (the Guest House window before scoring)."""
    total: int = player_score(board)["total"]
    return total


@step("end_round")
def _end_round(state: PRState, s: PRStep, events: Events) -> None:
    """+1 doubloon on every unchosen role; the Governor passes left; maybe the game ends,
    after the Guest House window (a guest may still man an empty large building)."""
    if state["end"] and open_window(
        state, "final", seats_from(state, state["governor"]), final_outcome, BONUSES, "final"
    ):
        return
    then(state, {"step": "finish_round"})


@step("final")
def _final_after_guests(state: PRState, s: PRStep, events: Events) -> None:
    then(state, {"step": "finish_round"})  # the Guest House window before final scoring is closed


@step("finish_round")
def _finish_round(state: PRState, s: PRStep, events: Events) -> None:
    unchosen = [r for r in ROLE_ORDER if r in state["role_money"] and r not in state["taken"]]
    for role in unchosen:
        state["role_money"][role] += 1
    state["taken"] = {}
    state["choice"] = 0
    if state["end"]:
        state["over"] = True
        result = state["result"] = final_scores(state)
        events.append({"kind": "game_over", "reasons": list(state["end"]), "winners": result["winners"]})
        return
    state["governor"] = (state["governor"] + 1) % len(state["boards"])
    state["round"] += 1
    events.append({"kind": "round", "round": state["round"], "governor": state["governor"], "bonus_roles": unchosen})
    then(state, {"step": "choose_role"})


def trigger_end(state: PRState, reason: str, events: Events) -> None:
    """Note an end condition once; the game still ends at the end of the round [S]."""
    if reason not in state["end"]:
        state["end"].append(reason)
        events.append({"kind": "end_triggered", "reason": reason})


def award_vp(state: PRState, player: int, amount: int) -> None:
    """VP chips from the supply; chips earned after it runs out still count [S],
    so the supply may go below zero (it is shown as 0) and the end triggers. Expansion
    games also count the chips earned in the Captain phase, for the Customs House [S]."""
    board = state["boards"][player]
    board["vp"] += amount
    state["supply"]["vp"] -= amount
    if "captain_vp" in board and state["role"] == "captain":
        board["captain_vp"] += amount


def check_vp_supply(state: PRState, events: Events) -> None:
    if state["supply"]["vp"] <= 0:
        trigger_end(state, "vp", events)


def take_colonist(state: PRState) -> bool:
    """One colonist for the Hospice or University: from the supply, else from the ship
    (the official rule; the wiki page is silent — docs/rules/puerto-rico.md). False if none."""
    supply = state["supply"]
    if supply["colonists"] > 0:
        supply["colonists"] -= 1
        return True
    if supply["ship"] > 0:
        supply["ship"] -= 1
        return True
    return False
