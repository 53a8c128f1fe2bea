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

from .board import COLOURED, State, ability, can_pay, cards_of, has_excomm, n_players, pack, res, tower_card, unplaced
from .costs import after_entry, entry_terms, may_take, payments, settle_entry
from .model import WORK_ACTIONS, Space
from .types import ActionKind, Bundle, Member, WorkAction
from .values import action_modifier, boost_needed, max_boost, member_value, placement_value, space_action

_OPEN: dict[tuple[str, int], list[Space]] = {}  # by the pack's fingerprint (same content) and players


def open_spaces(state: State) -> list[Space]:
    """The spaces open at this player count, in board order."""
    chosen, players = pack(state), n_players(state)
    key = (chosen.fingerprint, players)
    found = _OPEN.get(key)
    if found is None:
        found = _OPEN[key] = [s for s in chosen.spaces.values() if s.players <= players]
    return list(found)


def _group_key(space: Space) -> str:
    """What shares the colour rule with ``space``: its tower, or its area."""
    return space.tower if space.area == "tower" else space.area


class _Placer:
    """What every placement check of one seat reads, worked out once for a whole listing (the
    state does not change while the options are listed): the members still home, Ariosto, the
    market's excommunication, the most servants can add, the towers and areas already holding one
    of the seat's coloured members, and each member's value and each action's modifier."""

    __slots__ = (
        "ariosto",
        "coloured_in",
        "home",
        "modifiers",
        "most",
        "no_market",
        "payable",
        "seat",
        "state",
        "terms",
        "values",
    )

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.home = unplaced(state, seat)
        self.ariosto = ability(state, seat, "ignore_occupied") is not None
        self.no_market = has_excomm(state, seat, "no_market")
        self.most = max_boost(state, seat)
        spaces = pack(state).spaces
        self.coloured_in = {
            _group_key(spaces[space_id])
            for space_id, occupants in state["spaces"].items()
            if any(s == seat and m in COLOURED for s, m in occupants)
        }
        self.values: dict[Member, int] = {}
        self.modifiers: dict[ActionKind, int] = {}
        self.terms: dict[str, tuple[int, int, Bundle]] = {}  # by space: see costs.entry_terms
        self.payable: dict[int, list[Bundle]] = {}  # by card: its payments, none when it may not be taken

    def blocked(self, member: Member, space: Space) -> bool:
        occupants = self.state["spaces"].get(space.id, [])
        if space.capacity and len(occupants) >= space.capacity and not self.ariosto:
            return True
        if space.area == "market" and self.no_market:
            return True
        if space.area == "tower" and tower_card(self.state, space) is None and not occupants:
            return True  # emptied by a card's action
        if member in COLOURED and space.area in ("tower", "harvest", "production"):
            return _group_key(space) in self.coloured_in
        return False

    def value(self, member: Member, space: Space) -> int:
        """:func:`.values.placement_value`, from the member's value and the action's modifier."""
        if member not in self.values:
            self.values[member] = member_value(self.state, self.seat, member)
        value = self.values[member] - space.penalty
        action = space_action(self.state, space)
        if action:
            if action not in self.modifiers:
                self.modifiers[action] = action_modifier(self.state, self.seat, action)
            value += self.modifiers[action]
        return value

    def entry_boost(self, member: Member, space: Space) -> int | None:
        if member not in self.home or self.blocked(member, space):
            return None
        boost = boost_needed(self.value(member, space), space.value)
        if boost > self.most:
            return None
        state, seat = self.state, self.seat
        if space.area == "tower":
            card = tower_card(state, space)
            if card is None:  # Ariosto: floor bonus only
                return boost if after_entry(state, seat, space, boost) is not None else None
            return boost if self.can_take(card, space, boost) else None
        return boost

    def can_take(self, card_id: int, space: Space, boost: int) -> bool:
        """True when :func:`.costs.take_payments` offers a payment (the same checks, each one
        worked out once per card or space)."""
        state, seat = self.state, self.seat
        if card_id not in self.payable:
            card = pack(state).cards[card_id]
            self.payable[card_id] = payments(state, seat, card) if may_take(state, seat, card) else []
        if not self.payable[card_id]:
            return False
        if space.id not in self.terms:
            self.terms[space.id] = entry_terms(state, seat, space)
        held = settle_entry(res(state, seat), boost, self.terms[space.id])
        return held is not None and any(can_pay(held, p) for p in self.payable[card_id])


def blocked(state: State, seat: int, member: Member, space: Space) -> bool:
    """True when the space is closed to ``member`` whatever the servants."""
    return _Placer(state, seat).blocked(member, space)


def entry_boost(state: State, seat: int, member: Member, space: Space) -> int | None:
    """The least servants' worth of value that makes the placement legal and payable, or ``None``."""
    return _Placer(state, seat).entry_boost(member, space)


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
    placer = _Placer(state, seat)
    return [s for s in open_spaces(state) if placer.entry_boost(member, s) is not None]


def placeable_members(state: State, seat: int) -> list[Member]:
    """``seat``'s members with at least one legal placement, in the order black, white, orange, neutral."""
    spaces, placer = open_spaces(state), _Placer(state, seat)
    return [m for m in placer.home if any(placer.entry_boost(m, s) is not None for s in spaces)]
