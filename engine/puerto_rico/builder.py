"""Builder [S]: each player in turn may build one building; quarries discount up to
the building's column, the chooser pays 1 less, University adds a colonist.

Expansions [S]: the variant rule's cost swap; forests (every 2 −1), the Zoning Office and
the Library's doubled privilege; the Black Market only when the building is otherwise
unaffordable; the Church pays VP for larger buildings. Discounts stack in the wiki page's order:
quarries, forests, Black Market, Zoning Office, privilege."""

from __future__ import annotations

from ..core.steps import first
from . import black_market
from .board import active, city_spaces_used, occupied_quarries
from .data import BUILDING_ORDER, BUILDINGS, CITY_SPACES
from .flow import ask, kind, step, then
from .i18n import msg
from .new_buildings import church_vp, forest_discount, privilege_count, zoning_discount, zoning_discounts
from .options import option
from .rounds import (
    END_ROLE,
    award_vp,
    check_vp_supply,
    next_turn,
    role_chooser,
    start_turns,
    take_colonist,
    trigger_end,
)
from .types import Board, Events, PRAction, PRState, PRStep


@step("builder")
def _start(state: PRState, s: PRStep, events: Events) -> None:
    start_turns(state, role_chooser(state), "build")


def printed_cost(state: PRState, building: str) -> int:
    """The cost on the board; the variant rule swaps Factory and University [S]."""
    b = BUILDINGS[building]
    if b.variant_cost is not None and option(state, "variant") == "on":
        return b.variant_cost
    return b.cost


def _pricing(state: PRState, player: int) -> tuple[int, int]:
    """(occupied quarries, flat discount: forests + privilege), shared by every building."""
    board = state["boards"][player]
    flat = forest_discount(board)
    if player == role_chooser(state):
        flat += privilege_count(state, player)
    return occupied_quarries(board), flat


def _price(state: PRState, board: Board, building: str, quarries: int, flat: int) -> int:
    b = BUILDINGS[building]
    price = printed_cost(state, building) - min(quarries, b.column) - flat
    return max(0, price - zoning_discount(board, building))


def cost(state: PRState, player: int, building: str) -> int:
    """Printed cost − occupied quarries (capped by column) − forests − Zoning Office −
    the privilege (1, or 2 with the Library), not below 0. The Black Market comes on top."""
    return _price(state, state["boards"][player], building, *_pricing(state, player))


# What options() reads of every building, in the board's order: id, spaces, column, printed cost,
# cost under the variant rule.
_COSTS = tuple(
    (b.id, b.spaces, b.column, b.cost, b.cost if b.variant_cost is None else b.variant_cost)
    for b in (BUILDINGS[i] for i in BUILDING_ORDER)
)


def options(state: PRState, player: int) -> list[PRAction]:
    board = state["boards"][player]
    free = CITY_SPACES - city_spaces_used(board)
    budget = board["doubloons"] + black_market.capacity(board)
    quarries, flat = _pricing(state, player)
    # The same arithmetic as _price, with the per-table and per-board parts hoisted.
    variant = option(state, "variant") == "on"
    zoning_small, zoning_large = zoning_discounts(board)
    copies, city = state["buildings"], board["city"]
    opts: list[PRAction] = []
    for b, spaces, column, cost, variant_cost in _COSTS:
        if spaces > free or b in city or not copies.get(b):
            continue
        price = (variant_cost if variant else cost) - (quarries if quarries < column else column) - flat
        if price - (zoning_large if column == 4 else zoning_small) <= budget:
            opts.append({"verb": "build", "building": b})
    opts.append({"verb": "pass"})
    return opts


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    if action["verb"] == "build":
        building = action["building"]
        price = cost(state, player, building)
        short = price - state["boards"][player]["doubloons"]
        if short > 0:  # only then may the Black Market pay part of it [S]
            black_market.begin(state, player, building, price, short)
            ask(state, "black_market", player)
            return
        finish_build(state, player, building, price, events)
    else:
        events.append({"kind": "pass", "player": player, "role": "builder"})
    then(state, {"step": "build_next"})


def finish_build(state: PRState, player: int, building: str, price: int, events: Events, returned: int = 0) -> None:
    """Pay (``returned`` of the price was paid with the Black Market), place the building,
    University colonist, Church VP, a full city ends the game."""
    board = state["boards"][player]
    board["doubloons"] -= price - returned
    state["buildings"][building] -= 1
    # University: one colonist on the new building, even if it has more circles [S].
    university = active(board, "university") and BUILDINGS[building].circles > 0 and take_colonist(state)
    board["city"][building] = 1 if university else 0
    events.append(
        {"kind": "build", "player": player, "building": building, "cost": price - returned, "university": university}
    )
    church = church_vp(board, building)
    if church:
        award_vp(state, player, church)
        events.append({"kind": "church", "player": player, "vp": church})
        check_vp_supply(state, events)
    if city_spaces_used(board) >= CITY_SPACES:
        trigger_end(state, "city", events)


@step("build_next")
def _next(state: PRState, s: PRStep, events: Events) -> None:
    if not next_turn(state, "build"):
        then(state, END_ROLE)


def act_black_market(state: PRState, player: int, action: PRAction, events: Events) -> None:
    done = black_market.pay(state, player, action, events)
    if done is None:
        ask(state, "black_market", player)  # the next item
        return
    building, price, returned = done
    finish_build(state, player, building, price, events, returned)
    then(state, {"step": "build_next"})


kind("build", options, act, msg("Build one building, or pass."))
kind(
    "black_market",
    black_market.options,
    act_black_market,
    msg("Pay the rest with the Black Market: return a colonist, a good or a VP chip."),
    default=first,
)
