"""Read-only questions about a Lorenzo state: the pack, a player's holdings, cards, excommunications,
character permanents and leader abilities. Nothing here changes the state.

A player's board (``state["boards"][seat]``) holds ``res`` (w s sv c vp mp fp), ``cards`` by type,
the members ``placed`` this round, the periods of their ``excomm`` cubes, their bonus ``tile``, the
leaders in ``hand`` and ``leaders`` played (``{"id", "up", "copy"}``) and ``value6`` (the member
Federico da Montefeltro set to 6 this round).
"""

from __future__ import annotations

from collections.abc import Mapping

from .data import pack_of
from .model import RESOURCES, Card, Leader, Pack, Space
from .types import (
    AbilityParams,
    ActionKind,
    Board,
    Bundle,
    BundleKey,
    CardType,
    Coloured,
    ExcommParams,
    Holdings,
    LState,
    Member,
    Occupant,
    PermParams,
    PlayedLeader,
)

State = LState
MEMBERS: tuple[Member, ...] = ("black", "white", "orange", "neutral")
COLOURED: tuple[Coloured, ...] = ("black", "white", "orange")


def pack(state: State) -> Pack:
    return pack_of(state)


def card(state: State, card_id: int) -> Card:
    return pack_of(state).cards[card_id]


def board(state: State, seat: int) -> Board:
    return state["boards"][seat]


def res(state: State, seat: int) -> Holdings:
    return state["boards"][seat]["res"]


def cards_of(state: State, seat: int, card_type: CardType) -> list[int]:
    return state["boards"][seat]["cards"][card_type]


def n_players(state: State) -> int:
    return len(state["players"])


def unplaced(state: State, seat: int) -> list[Member]:
    placed = state["boards"][seat]["placed"]
    return [m for m in MEMBERS if m not in placed]


# --- excommunications -------------------------------------------------------------------------------
def excomm_effects(state: State, seat: int, effect: str) -> list[ExcommParams]:
    """Parameters of every excommunication tile of ``seat`` with this effect."""
    tiles = pack_of(state).excommunications
    out = []
    for period in state["boards"][seat]["excomm"]:
        tile = tiles[state["excomm"][period - 1]]
        if tile.effect == effect:
            out.append(tile.effect_params)
    return out


def has_excomm(state: State, seat: int, effect: str) -> bool:
    return bool(excomm_effects(state, seat, effect))


def action_penalty(state: State, seat: int, action: ActionKind) -> int:
    return sum(p["value"] for p in excomm_effects(state, seat, "action_penalty") if p["action"] == action)


def servant_price(state: State, seat: int) -> int:
    """Servants paid for each +1 (2 under excommunication 2.6)."""
    return max([1] + [p["servants"] for p in excomm_effects(state, seat, "servant_price")])


# --- characters -------------------------------------------------------------------------------------
def permanents(state: State, seat: int, perm: str) -> list[PermParams]:
    cards = pack_of(state).cards
    return [cards[c].perm_params for c in cards_of(state, seat, "character") if cards[c].perm == perm]


def character_bonus(state: State, seat: int, action: ActionKind) -> int:
    return sum(p["value"] for p in permanents(state, seat, "bonus") if p["on"] == action)


def no_floor_bonus(state: State, seat: int) -> bool:
    return bool(permanents(state, seat, "no_floor_bonus"))


# --- leaders ----------------------------------------------------------------------------------------
def seat_member(occupant: Occupant) -> tuple[int, Member]:
    """A member on a space, from its JSON pair ``[seat, member]``."""
    seat, member = occupant
    assert isinstance(seat, int) and isinstance(member, str), f"not a [seat, member] pair: {occupant}"
    return seat, member


def tower_card(state: State, space: Space) -> int | None:
    """The card on tower space ``space`` (``None`` once taken)."""
    return state["towers"][space.tower_id][space.floor - 1]


def leader(state: State, leader_id: str) -> Leader:
    return pack_of(state).leaders[leader_id]


def ability_of(state: State, entry: PlayedLeader) -> Leader | None:
    """The leader whose ability a played entry has: itself, or the one Lorenzo de' Medici copies."""
    played = leader(state, entry["id"])
    if played.ability == "copy":
        copied = entry.get("copy")
        return leader(state, copied) if copied else None
    return played


def ability(state: State, seat: int, name: str) -> AbilityParams | None:
    """The parameters of ``name`` if a leader ``seat`` played has it (copied ones included)."""
    for entry in state["boards"][seat]["leaders"]:
        lead = ability_of(state, entry)
        if lead is not None and lead.ability == name:
            return lead.ability_params
    return None


# --- holdings ---------------------------------------------------------------------------------------
def can_pay(holdings: Mapping[BundleKey, int], cost: Bundle) -> bool:
    """True when ``holdings`` cover ``cost`` (``need``: military points held, not spent)."""
    for key, amount in cost.items():
        held = holdings.get("mp" if key == "need" else key, 0)
        if held < amount:
            return False
    return True


def pay(state: State, seat: int, cost: Bundle) -> None:
    held = res(state, seat)
    for key, amount in cost.items():
        if key != "need":
            held[key] -= amount
            assert held[key] >= 0, f"seat {seat} paid {cost} without {key}"


def resource_count(holdings: Holdings) -> int:
    return sum(holdings[r] for r in RESOURCES)
