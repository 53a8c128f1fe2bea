"""Leader actions in the advanced game (BGA help page §遊び方; the leaders' texts in the open-source
card data).

On their own turn a player may, any number of times, discard a leader from their hand for a
council privilege, play a leader whose requirement they meet now (checked, never paid; losing it
later changes nothing), or activate a played once-per-round leader (it turns face down until the
end of the round; ⚠ allowed in the turn it is played). Played leaders stay for the game. Lorenzo
de' Medici copies, once and for good, a leader another player has played (face up or down, never
Lorenzo himself): the copy is that leader's ability with its own face-down state; with no such
leader he cannot be played yet (⚠ this project's reading).
"""

from __future__ import annotations

from .board import COLOURED, State, ability_of, board, cards_of, leader, pack, res, unplaced
from .flow import ask, kind, then
from .gains import gain_step
from .i18n import msg
from .model import HELD, TYPES, WORK_ACTIONS, Leader
from .types import Coloured, LAction, LDecision, LEvent, PlayedLeader

Events = list[LEvent]
Action = LAction


def meets(state: State, seat: int, lead: Leader) -> bool:
    """True when ``seat`` meets ``lead``'s requirement now."""
    held = res(state, seat)
    for key, amount in lead.requires.items():
        if key in TYPES:
            have = len(cards_of(state, seat, key))
        elif key == "same_type":
            have = max(len(cards_of(state, seat, t)) for t in TYPES)
        elif key in HELD:
            have = held[key]
        else:
            raise KeyError(key)  # a requirement names points held, a card type or same_type
        if have < amount:
            return False
    return True


def copy_targets(state: State, seat: int) -> list[str]:
    """Leaders other players have played that Lorenzo de' Medici may copy."""
    out = []
    for other, mine in enumerate(state["boards"]):
        if other == seat:
            continue
        for entry in mine["leaders"]:
            if leader(state, entry["id"]).ability != "copy" and entry["id"] not in out:
                out.append(entry["id"])
    return sorted(out)


def _activatable(state: State, seat: int, entry: PlayedLeader) -> bool:
    lead = ability_of(state, entry)
    if lead is None or not lead.once_per_round or not entry["up"]:
        return False
    if lead.ability == "member_value":
        return any(m in COLOURED for m in unplaced(state, seat))
    return True


def leader_actions(state: State, seat: int) -> list[Action]:
    """``seat``'s leader actions now: play, activate, discard (none in the basic game)."""
    if not state["options"].get("advanced"):
        return []
    mine = board(state, seat)
    out: list[Action] = []
    for leader_id in mine["hand"]:
        lead = leader(state, leader_id)
        if meets(state, seat, lead) and (lead.ability != "copy" or copy_targets(state, seat)):
            out.append({"do": "leader", "act": "play", "leader": lead.key})
    for entry in mine["leaders"]:
        if _activatable(state, seat, entry):
            out.append({"do": "leader", "act": "activate", "leader": leader(state, entry["id"]).key})
    for leader_id in mine["hand"]:
        out.append({"do": "leader", "act": "discard", "leader": leader(state, leader_id).key})
    return out


def leader_apply(state: State, seat: int, action: Action, events: Events) -> None:
    """Apply a leader action from :func:`leader_actions`; nested choices are asked or queued."""
    lead = pack(state).leader_by_key(action["leader"])
    mine = board(state, seat)
    if action["act"] == "discard":
        mine["hand"].remove(lead.id)
        state["leader_discards"].append(lead.id)
        events.append({"type": "leader_discard", "player": seat, "leader": lead.id})
        then(state, gain_step(seat, {"cp": 1}, "leader", leader=lead.id))
    elif action["act"] == "play":
        mine["hand"].remove(lead.id)
        mine["leaders"].append({"id": lead.id, "up": True, "copy": None})
        events.append({"type": "leader_play", "player": seat, "leader": lead.id})
        if lead.ability == "copy":
            targets = copy_targets(state, seat)
            if len(targets) == 1:
                _copy(state, seat, targets[0], events)
            else:
                ask(state, "copy", seat)
    else:
        entry = next(e for e in mine["leaders"] if e["id"] == lead.id)
        entry["up"] = False
        events.append({"type": "leader_activate", "player": seat, "leader": lead.id})
        _activate(state, seat, entry, events)


def _activate(state: State, seat: int, entry: PlayedLeader, events: Events) -> None:
    lead = ability_of(state, entry)
    assert lead is not None
    params = lead.ability_params
    if lead.ability == "gain":
        then(state, gain_step(seat, params["gain"], "leader", leader=entry["id"]))
    elif lead.ability in WORK_ACTIONS:
        then(
            state,
            {
                "step": "grant_action",
                "player": seat,
                "action": WORK_ACTIONS[lead.ability],
                "value": params["value"],
                "servants_only": True,
            },
        )
    elif lead.ability == "member_value":
        members = [m for m in unplaced(state, seat) if m in COLOURED]
        if len(members) == 1:
            _set_value(state, seat, members[0], events)
        else:
            ask(state, "montefeltro", seat)


def _copy(state: State, seat: int, target: str, events: Events) -> None:
    entry = next(e for e in board(state, seat)["leaders"] if leader(state, e["id"]).ability == "copy")
    entry["copy"] = target
    events.append({"type": "leader_copy", "player": seat, "leader": target})


def _copy_options(state: State, asked: LDecision) -> list[Action]:
    return [{"do": "copy", "leader": leader(state, t).key} for t in copy_targets(state, asked["player"])]


def _copy_act(state: State, asked: LDecision, action: Action, events: Events) -> None:
    _copy(state, asked["player"], pack(state).leader_by_key(action["leader"]).id, events)


kind("copy", _copy_options, _copy_act, msg("Lorenzo de' Medici: which played leader do you copy (for good)?"))


def _set_value(state: State, seat: int, member: Coloured, events: Events) -> None:
    board(state, seat)["value6"] = member
    events.append({"type": "member_value", "player": seat, "member": member})


def _value_options(state: State, asked: LDecision) -> list[Action]:
    return [{"do": "boost", "member": m} for m in unplaced(state, asked["player"]) if m in COLOURED]


def _value_act(state: State, asked: LDecision, action: Action, events: Events) -> None:
    member = action["member"]
    assert member != "neutral", "only a coloured member is offered"
    _set_value(state, asked["player"], member, events)


kind(
    "montefeltro",
    _value_options,
    _value_act,
    msg("Federico da Montefeltro: which family member is worth 6 this round?"),
)
