"""Captain hooks of the expansions [S].

- Union Hall: at the owner's first Captain turn, before shipping, +1 VP per 2 goods of a kind.
- Royal Supplier (either occupant): at the owner's first turn only, optionally ship up to
  N goods, N = nobles standing on their board, at most one of each kind; +1 VP each; the
  goods go to the supply. Asked one good at a time (``supply corn``), ``pass`` when done.
- Small Wharf: once per phase, on one of the owner's turns instead of a cargo ship, ship
  any goods, as few or as many as wanted, for 1 VP per 2. Started with ``small-wharf``, then
  ``load 2 corn`` … and ``sail``. Harbor, Lighthouse and the Captain's privilege apply as to
  any shipment.

:func:`shipped` scores every shipment (cargo ship, Wharf, Small Wharf); :mod:`captain` runs
the turns and calls the steps here."""

from __future__ import annotations

from .board import active
from .data import EFFECTS, GOODS
from .new_buildings import lighthouse, privilege_count, union_hall
from .nobles import placed
from .rounds import award_vp, check_vp_supply
from .types import Board, Events, PRAction, PREvent, PRState

# What a guest changes at the start of the phase (the Guest House window): the Union Hall
# and the Royal Supplier act before the owner's first prompt, and an owner whose goods no
# ship takes is not asked at all unless a Wharf or Small Wharf is manned.
START_PLACES = ("wharf", "small-wharf", "union-hall", "royal-supplier")


def start_outcome(state: PRState, player: int, board: Board) -> tuple[int, bool, bool, bool]:
    goods = any(board["goods"])
    return (
        union_hall(board),
        goods and active(board, "royal-supplier") and placed(board) > 0,
        goods and active(board, "wharf"),
        goods and active(board, "small-wharf"),
    )


def first_turn(state: PRState, player: int, events: Events) -> bool:
    """Union Hall, then the Royal Supplier; True when the Royal Supplier is to ask."""
    board = state["boards"][player]
    vp = union_hall(board)
    if vp:
        award_vp(state, player, vp)
        events.append({"kind": "union_hall", "player": player, "vp": vp})
        check_vp_supply(state, events)
    if active(board, "royal-supplier") and placed(board) and any(board["goods"]):
        state["phase"]["royal"] = {"player": player, "left": placed(board), "done": []}
        return True
    return False


def royal_options(state: PRState, player: int) -> list[PRAction]:
    royal = state["phase"]["royal"]
    goods = state["boards"][player]["goods"]
    opts: list[PRAction] = [
        {"verb": "supply", "good": g} for i, g in enumerate(GOODS) if goods[i] and g not in royal["done"]
    ]
    return opts + [{"verb": "pass"}]


def royal_step(state: PRState, player: int, action: PRAction, events: Events) -> bool:
    """Ship one good or pass; True once the Royal Supplier is done (the turn goes on)."""
    royal = state["phase"]["royal"]
    if action["verb"] == "supply":
        i = GOODS.index(action["good"])
        state["boards"][player]["goods"][i] -= 1
        state["supply"]["goods"][i] += 1
        royal["done"].append(action["good"])
        royal["left"] -= 1
        award_vp(state, player, 1)
        events.append({"kind": "royal_supply", "player": player, "good": action["good"], "vp": 1})
        check_vp_supply(state, events)
        if royal["left"] > 0 and len(royal_options(state, player)) > 1:
            return False
    else:
        events.append({"kind": "pass", "player": player, "role": "royal-supplier"})
    del state["phase"]["royal"]
    return True


def small_wharf_start(state: PRState, player: int) -> list[PRAction]:
    phase = state["phase"]
    board = state["boards"][player]
    if (
        active(board, "small-wharf")
        and not phase.get("small_wharf_used", [True] * len(state["boards"]))[player]
        and any(board["goods"])
    ):
        return [{"verb": "small-wharf"}]
    return []


def small_wharf_begin(state: PRState, player: int) -> None:
    state["phase"]["small_wharf"] = [0] * len(GOODS)


def small_wharf_options(state: PRState, player: int) -> list[PRAction]:
    loaded = state["phase"]["small_wharf"]
    goods = state["boards"][player]["goods"]
    opts: list[PRAction] = [
        {"verb": "load", "good": g, "amount": n}
        for i, g in enumerate(GOODS)
        for n in range(1, goods[i] - loaded[i] + 1)
    ]
    return opts + ([{"verb": "sail"}] if any(loaded) else [])


def small_wharf_step(state: PRState, player: int, action: PRAction, events: Events) -> bool:
    """Load some goods, or sail; True once it has sailed (the turn is over)."""
    phase = state["phase"]
    loaded = phase["small_wharf"]
    if action["verb"] == "load":
        loaded[GOODS.index(action["good"])] += action["amount"]
        return False
    board = state["boards"][player]
    for i, n in enumerate(loaded):
        board["goods"][i] -= n
        state["supply"]["goods"][i] += n
    del phase["small_wharf"]
    phase["small_wharf_used"][player] = True
    event: PREvent = {"kind": "small_wharf", "player": player, "goods": list(loaded), "amount": sum(loaded)}
    shipped(state, player, sum(loaded) // EFFECTS["small_wharf_goods_per_vp"], event, events)
    return True


def shipped(state: PRState, player: int, vp: int, event: PREvent, events: Events) -> None:
    """Score a shipment worth ``vp`` before bonuses: Harbor +1 per shipment, the Captain's
    first-shipment privilege (+2 with the Library), Lighthouse +1 doubloon."""
    phase = state["phase"]
    board = state["boards"][player]
    harbor = 1 if active(board, "harbor") else 0
    bonus = 0
    if player == phase["chooser"] and not phase["bonus_taken"]:
        bonus = privilege_count(state, player)
        phase["bonus_taken"] = True
    award_vp(state, player, vp + harbor + bonus)
    event["vp"], event["harbor"], event["bonus"] = vp + harbor + bonus, harbor, bonus
    light = lighthouse(board)
    if light:
        board["doubloons"] += light
        event["lighthouse"] = light
    events.append(event)
    check_vp_supply(state, events)
