"""Craftsman [S]: everyone produces in turn order from the chooser, capped by the
supply; Factory pays by kinds produced; then the chooser's privilege good.

Expansions [S]: Aqueduct (+1 from a manned large indigo plant / sugar mill), Specialty
Factory, Chapel (colonist: a doubloon; noble: a VP chip), Jeweler (a doubloon per placed
noble); the Library doubles the privilege (2 goods, of the same or different kinds)."""

from __future__ import annotations

from .board import active, production
from .data import BUILDING_ORDER, BUILDINGS, FACTORY_PAY, GOODS
from .flow import ask, kind, step, then
from .i18n import msg
from .new_buildings import aqueduct, chapel, jeweler, privilege_count, specialty_factory
from .rounds import END_ROLE, award_vp, check_vp_supply, role_chooser, seats_from
from .types import Board, Events, Good, PRAction, PRState, PRStep

# Where a guest changes what production gives: plantations, production buildings, and the
# buildings that pay for production (the Guest House window before production).
PLACES = (
    tuple(GOODS)
    + tuple(b for b in BUILDING_ORDER if BUILDINGS[b].produces)
    + ("aqueduct", "factory", "specialty-factory", "chapel", "jeweler")
)


def made_by(board: Board, supply: list[int]) -> list[int]:
    """Barrels ``board`` makes now, capped by ``supply``, Aqueduct extras included."""
    made = [min(amount, left) for amount, left in zip(production(board), supply, strict=True)]
    extras = aqueduct(board, made)
    return [m + min(extra, left - m) for m, extra, left in zip(made, extras, supply, strict=True)]


def _factory(board: Board, made: list[int]) -> int:
    return FACTORY_PAY[sum(1 for m in made if m)] if active(board, "factory") else 0


def outcome(state: PRState, player: int, board: Board) -> tuple[tuple[int, ...], int, int, tuple[int, int], int]:
    """What production would give ``board`` now: goods, Factory, Specialty Factory, Chapel, Jeweler."""
    made = made_by(board, state["supply"]["goods"])
    return tuple(made), _factory(board, made), specialty_factory(board, made), chapel(board), jeweler(board)


@step("craftsman")
def _start(state: PRState, s: PRStep, events: Events) -> None:
    chooser = role_chooser(state)
    supply = state["supply"]["goods"]
    produced_by_chooser: list[Good] = []
    for player in seats_from(state, chooser):
        board = state["boards"][player]
        made = made_by(board, supply)
        for i, amount in enumerate(made):
            supply[i] -= amount
            board["goods"][i] += amount
        factory = _factory(board, made)
        board["doubloons"] += factory
        if any(made) or factory:
            events.append({"kind": "produce", "player": player, "goods": made, "factory": factory})
        _income(state, player, made, events)
        if player == chooser:
            produced_by_chooser = [GOODS[i] for i, m in enumerate(made) if m]
    state["phase"] = {"produced": produced_by_chooser}
    if privilege_count(state, chooser) == 2:
        state["phase"]["bonus_left"] = 2
    if options(state, chooser):
        ask(state, "craft_bonus", chooser)
    else:
        then(state, END_ROLE)


def _income(state: PRState, player: int, made: list[int], events: Events) -> None:
    """Specialty Factory, Chapel and Jeweler, right after the player's production."""
    board = state["boards"][player]
    specialty = specialty_factory(board, made)
    chapel_money, chapel_vp = chapel(board)
    jewels = jeweler(board)
    if specialty or chapel_money or jewels:
        board["doubloons"] += specialty + chapel_money + jewels
        events.append(
            {
                "kind": "income",
                "player": player,
                "specialty_factory": specialty,
                "chapel": chapel_money,
                "jeweler": jewels,
            }
        )
    if chapel_vp:
        award_vp(state, player, chapel_vp)
        events.append({"kind": "chapel_vp", "player": player, "vp": chapel_vp})
        check_vp_supply(state, events)


def options(state: PRState, player: int) -> list[PRAction]:
    """The privilege: 1 more barrel of a kind the chooser produced, after everyone [S];
    optional, as the wiki page's walkthrough says (it may be declined)."""
    supply = state["supply"]["goods"]
    opts: list[PRAction] = [
        {"verb": "bonus", "good": g} for g in state["phase"]["produced"] if supply[GOODS.index(g)] > 0
    ]
    return opts + [{"verb": "pass"}] if opts else []


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    if action["verb"] == "pass":
        events.append({"kind": "pass", "player": player, "role": "craftsman"})
        then(state, END_ROLE)
        return
    i = GOODS.index(action["good"])
    state["supply"]["goods"][i] -= 1
    state["boards"][player]["goods"][i] += 1
    events.append({"kind": "craft_bonus", "player": player, "good": action["good"]})
    left = state["phase"].get("bonus_left", 1) - 1
    if left > 0 and options(state, player):
        state["phase"]["bonus_left"] = left
        ask(state, "craft_bonus", player)  # Library: a second good, of the same or another kind [S]
        return
    then(state, END_ROLE)


def most_valuable(options: list[PRAction]) -> PRAction | None:
    """The deadline default: the most valuable kind produced (options are in price order)."""
    return next((a for a in reversed(options) if a["verb"] == "bonus"), None)


kind("craft_bonus", options, act, msg("Take one extra good (Craftsman privilege)."), default=most_valuable)
