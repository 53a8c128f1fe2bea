"""Action values (BGA help page §遊び方), in this project's order (no rule text fixes one):

1. the base: the die of the member's colour, 0 for the neutral member, 5 for coloured members
   under Ludovico il Moro, 6 for the member chosen with Federico da Montefeltro;
2. the member's own modifiers: Lucrezia Borgia +2 (coloured), Sigismondo Malatesta +3 (neutral),
   excommunication 1.7 −1 (coloured, only when placed);
3. the action's modifiers: character bonuses (not for Sforza's or Leonardo's actions),
   excommunication penalties (1.5, 1.6, 2.1–2.4), the large space −3;
4. servants, +1 each (2 servants per +1 under excommunication 2.6);
5. the result is compared with the space's number: at least it (⚠ the BGA help page says "greater than").
"""

from __future__ import annotations

from .board import (
    COLOURED,
    State,
    ability,
    action_penalty,
    board,
    character_bonus,
    excomm_effects,
    pack,
    res,
    servant_price,
)
from .model import Space
from .types import ActionKind, Member


def base_value(state: State, seat: int, member: Member) -> int:
    if member not in COLOURED:
        return 0
    federico = ability(state, seat, "member_value")
    if federico is not None and board(state, seat)["value6"] == member:
        return int(federico["value"])
    moro = ability(state, seat, "coloured_base")
    if moro is not None:
        return int(moro["value"])
    return int(state["dice"][member])


def member_value(state: State, seat: int, member: Member) -> int:
    """The member's value when placed, before the action's modifiers and servants."""
    value = base_value(state, seat, member)
    if member in COLOURED:
        lucrezia = ability(state, seat, "coloured_bonus")
        value += lucrezia["value"] if lucrezia else 0
        value -= sum(p["value"] for p in excomm_effects(state, seat, "coloured_penalty"))
    else:
        malatesta = ability(state, seat, "neutral_bonus")
        value += malatesta["value"] if malatesta else 0
    return value


def action_modifier(state: State, seat: int, action: ActionKind, servants_only: bool = False) -> int:
    """Character bonuses (unless only servants may raise the action) less excommunication penalties."""
    bonus = 0 if servants_only else character_bonus(state, seat, action)
    return bonus - action_penalty(state, seat, action)


def space_action(state: State, space: Space) -> ActionKind | None:
    """What an action on ``space`` is for: a card type (towers), harvest, production, or nothing."""
    if space.area == "tower":
        return pack(state).tower_type(space.tower_id)
    return space.area if space.area in ("harvest", "production") else None


def placement_value(state: State, seat: int, member: Member, space: Space) -> int:
    """The value ``member`` has on ``space`` before servants."""
    value = member_value(state, seat, member) - space.penalty
    action = space_action(state, space)
    return value + (action_modifier(state, seat, action) if action else 0)


def max_boost(state: State, seat: int) -> int:
    """The most ``seat``'s servants can add now."""
    return res(state, seat)["sv"] // servant_price(state, seat)


def boost_needed(value: int, required: int) -> int:
    """The +N servants must add for ``value`` to reach ``required`` (0 if it does already)."""
    return max(0, required - value)
