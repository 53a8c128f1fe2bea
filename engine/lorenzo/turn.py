"""A player's turn (BGA help page §遊び方): leader actions, then one placement, then leader actions.

The placement is asked in three steps, each offering only what can be completed: the family
member, then the space, then (for a harvest or a production, where more value activates more
cards) how many servants to add; elsewhere the servants the space needs are paid without asking.
The space's action then runs with its nested choices (which cost, which privileges, a granted
action, production options...). A player whose members have no legal placement skips the turn
(⚠ this project's reading; ``voluntary_pass=yes`` lets anyone pass). Leader actions (advanced game)
are offered before the member is chosen and once the placement has been resolved.
"""

from __future__ import annotations

from .board import State, board, pack, pay, servant_price
from .costs import tower_tax
from .flow import ask, kind, step, then
from .gains import gain_step
from .i18n import msg
from .leaders import leader_actions, leader_apply
from .spaces import member_spaces, placeable_members, servant_options
from .towers import take_step
from .types import LAction, LDecision, LEvent, LStep, Member
from .values import placement_value
from .words import COLOURS, word

Events = list[LEvent]
Action = LAction


@step("turn")
def _turn(state: State, s: LStep, events: Events) -> None:
    seat = s["player"]
    state["active"] = seat
    if not _turn_options(state, seat):
        events.append({"type": "skip", "player": seat})
        return
    ask(state, "turn", seat)


def turn_options(state: State, asked: LDecision) -> list[Action]:
    return _turn_options(state, asked["player"])


def _turn_options(state: State, seat: int) -> list[Action]:
    members = placeable_members(state, seat)
    out: list[Action] = [{"do": "member", "member": m} for m in members]
    out += leader_actions(state, seat)
    if out and (not members or state["options"].get("voluntary_pass")):
        out.append({"do": "pass"})
    return out


def turn_default(options: list[Action]) -> Action | None:
    """No default while a placement is possible (the table decides); else passing."""
    if any(o["do"] == "member" for o in options):
        return None
    return {"do": "pass"} if {"do": "pass"} in options else None


def _turn_act(state: State, asked: LDecision, action: Action, events: Events) -> None:
    seat = asked["player"]
    if action["do"] == "member":
        ask(state, "space", seat, member=action["member"])
    elif action["do"] == "pass":
        events.append({"type": "pass", "player": seat})
    else:
        then(state, {"step": "turn", "player": seat})
        leader_apply(state, seat, action, events)


kind("turn", turn_options, _turn_act, msg("Your turn: choose a family member to place"), turn_default)


def _space_options(state: State, asked: LDecision) -> list[Action]:
    return [{"do": "space", "space": s.id} for s in member_spaces(state, asked["player"], asked["member"])]


def _space_act(state: State, asked: LDecision, action: Action, events: Events) -> None:
    seat, member = asked["player"], asked["member"]
    choices = servant_options(state, seat, member, pack(state).spaces[action["space"]])
    if len(choices) == 1:
        place(state, seat, member, action["space"], choices[0], events)
    else:
        ask(state, "servants", seat, member=member, space=action["space"])


def _space_prompt(state: State, asked: LDecision) -> str:
    return msg("Where does your {member} family member go?", member=word(COLOURS, asked["member"]))


kind("space", _space_options, _space_act, _space_prompt, lambda options: None)


def _servant_options(state: State, asked: LDecision) -> list[Action]:
    space = pack(state).spaces[asked["space"]]
    return [{"do": "servants", "n": n} for n in servant_options(state, asked["player"], asked["member"], space)]


def _servant_act(state: State, asked: LDecision, action: Action, events: Events) -> None:
    place(state, asked["player"], asked["member"], asked["space"], action["n"], events)


kind("servants", _servant_options, _servant_act, msg("How many servants do you add to its value?"))


def place(state: State, seat: int, member: Member, space_id: str, boost: int, events: Events) -> None:
    """Put ``member`` on ``space_id`` with ``boost`` servants' worth of value (already checked)."""
    space = pack(state).spaces[space_id]
    value = placement_value(state, seat, member, space) + boost
    servants = boost * servant_price(state, seat)
    if servants:
        pay(state, seat, {"sv": servants})
    tax = tower_tax(state, seat, space.tower) if space.area == "tower" else 0  # before the member arrives
    state["spaces"].setdefault(space_id, []).append([seat, member])
    board(state, seat)["placed"].append(member)
    events.append(
        {"type": "place", "player": seat, "member": member, "space": space_id, "value": value, "servants": servants}
    )
    if space.area == "tower":
        steps = [take_step(seat, space_id, tax)]
    elif space.area == "harvest" or space.area == "production":
        steps = [{"step": space.area, "player": seat, "value": value}]
    else:
        steps = [gain_step(seat, space.reward, "space", space=space_id)]
    then(state, *steps, {"step": "after_turn", "player": seat})


@step("after_turn")
def _after_turn(state: State, s: LStep, events: Events) -> None:
    if leader_actions(state, s["player"]):
        ask(state, "after", s["player"])


def _after_options(state: State, asked: LDecision) -> list[Action]:
    end: Action = {"do": "end"}
    return [end] + leader_actions(state, asked["player"])


def _after_act(state: State, asked: LDecision, action: Action, events: Events) -> None:
    if action["do"] != "end":
        then(state, {"step": "after_turn", "player": asked["player"]})
        leader_apply(state, asked["player"], action, events)


kind("after", _after_options, _after_act, msg("Leader actions before your turn ends?"))
