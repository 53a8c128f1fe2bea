"""Where a family member may go (BGA help page §準備, §アクションスペース, §収穫, §生産, §市場, §議会).

A space is open at the player count printed on it; holds one member (the large harvest and
production spaces and the council hold any number); needs an action value of at least its number.
In a tower a player has at most one *coloured* member (the neutral one counts as a colour of its
own); likewise in the harvest area and in the production area. The market is closed under
excommunication 2.5. Ludovico Ariosto ignores "already occupied" (not the colour rule, not the
tax): on an occupied tower space he takes only the floor bonus. A tower space whose card was taken
by a card's action stays empty: nobody may use it this round (⚠ this project's reading).

A placement is offered only when it can be completed: the servants it needs can be paid and, on a
tower, the card may be taken and paid (tax and floor bonus included).
"""

from __future__ import annotations

from .board import COLOURED, State, ability, cards_of, has_excomm, n_players, pack, tower_card, unplaced
from .costs import after_entry, take_payments
from .model import WORK_ACTIONS, Space
from .types import Member, WorkAction
from .values import boost_needed, max_boost, placement_value


def open_spaces(state: State) -> list[Space]:
    """The spaces open at this player count, in board order."""
    players = n_players(state)
    return [s for s in pack(state).spaces.values() if s.players <= players]


def _group(space: Space) -> list[str]:
    """The spaces sharing the colour rule with ``space``: its tower, or its area."""
    return [space.tower] if space.area == "tower" else [space.area]


def _has_coloured_in(state: State, seat: int, space: Space) -> bool:
    spaces = pack(state).spaces
    group = _group(space)
    for space_id, occupants in state["spaces"].items():
        other = spaces[space_id]
        key = other.tower if other.area == "tower" else other.area
        if key in group and any(s == seat and m in COLOURED for s, m in occupants):
            return True
    return False


def blocked(state: State, seat: int, member: Member, space: Space) -> bool:
    """True when the space is closed to ``member`` whatever the servants."""
    occupants = state["spaces"].get(space.id, [])
    ariosto = ability(state, seat, "ignore_occupied") is not None
    if space.capacity and len(occupants) >= space.capacity and not ariosto:
        return True
    if space.area == "market" and has_excomm(state, seat, "no_market"):
        return True
    if space.area == "tower" and tower_card(state, space) is None and not occupants:
        return True  # emptied by a card's action
    if member in COLOURED and space.area in ("tower", "harvest", "production"):
        return _has_coloured_in(state, seat, space)
    return False


def entry_boost(state: State, seat: int, member: Member, space: Space) -> int | None:
    """The least servants' worth of value that makes the placement legal and payable, or ``None``."""
    if member not in unplaced(state, seat) or blocked(state, seat, member, space):
        return None
    boost = boost_needed(placement_value(state, seat, member, space), space.value)
    if boost > max_boost(state, seat):
        return None
    if space.area == "tower":
        if tower_card(state, space) is None:  # Ariosto: floor bonus only
            return boost if after_entry(state, seat, space, boost) is not None else None
        return boost if take_payments(state, seat, space, boost) else None
    return boost


def useful_value(state: State, seat: int, action: WorkAction) -> int:
    """The action value that activates everything ``seat`` owns for a harvest or production."""
    cards = pack(state).cards
    tile = pack(state).rules.tile_value
    if action == "harvest":
        return max([tile] + [cards[c].harvest_value for c in cards_of(state, seat, "territory")])
    return max([tile] + [cards[c].prod_value for c in cards_of(state, seat, "building")])


def boost_choices(state: State, seat: int, base: int, least: int, action: WorkAction | None) -> list[int]:
    """Servants' worth to offer: from ``least`` up to what can still activate more of ``seat``'s
    cards in a harvest or production (``base``: the value before servants); only ``least``
    elsewhere, where more value changes nothing."""
    most = max_boost(state, seat)
    if least > most:
        return []
    if action is None:
        return [least]
    top = max(least, useful_value(state, seat, action) - base)
    return list(range(least, min(top, most) + 1))


def servant_options(state: State, seat: int, member: Member, space: Space) -> list[int]:
    least = entry_boost(state, seat, member, space)
    if least is None:
        return []
    action = WORK_ACTIONS.get(space.area)
    return boost_choices(state, seat, placement_value(state, seat, member, space), least, action)


def member_spaces(state: State, seat: int, member: Member) -> list[Space]:
    return [s for s in open_spaces(state) if entry_boost(state, seat, member, s) is not None]


def placeable_members(state: State, seat: int) -> list[Member]:
    """``seat``'s members with at least one legal placement, in the order black, white, orange, neutral."""
    spaces = open_spaces(state)
    return [m for m in unplaced(state, seat) if any(entry_boost(state, seat, m, s) is not None for s in spaces)]
