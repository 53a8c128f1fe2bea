"""Nobles [S]: 20 nobles beside the colonists. A noble is a colonist everywhere
(production, circles, Fortress) and scores 1 VP wherever it is; some buildings act
differently with a noble in them. One noble boards the colonist ship first at set-up and at
every refill, so the Mayor (first in the distribution) gets it. The colonist-shortage end
is removed.

A board of a Nobles game has ``"nobles": {place: count}``: how many of the people standing
at a place (a tile kind, a building, or ``"san_juan"``) are nobles. Base-game boards have no
such key; every helper here treats that as no nobles."""

from __future__ import annotations

from .board import active
from .types import Board, Events, PRState


def noble_map(board: Board) -> dict[str, int]:
    nobles: dict[str, int] = board.get("nobles") or {}
    return nobles


def held(board: Board) -> int:
    """Every noble the player has, placed or in San Juan."""
    return sum(noble_map(board).values())


def placed(board: Board) -> int:
    """Nobles standing on the player's island and city (not in San Juan)."""
    nobles = noble_map(board)
    return sum(nobles.values()) - nobles.get("san_juan", 0)


def noble_in(board: Board, building: str) -> bool:
    """True when a noble occupies ``building`` (all noble-sensitive buildings have 1 circle)."""
    return noble_map(board).get(building, 0) > 0


def colonist_in(board: Board, building: str) -> bool:
    """True when an ordinary colonist occupies ``building``."""
    return board["city"].get(building, 0) > noble_map(board).get(building, 0)


def people_at(board: Board, place: str) -> int:
    if place == "san_juan":
        n: int = board["san_juan"]
        return n
    if place in board["city"]:
        return int(board["city"][place])
    return int(board["island"][place][1])


def _shift(board: Board, place: str, delta: int) -> None:
    if place == "san_juan":
        board["san_juan"] += delta
    elif place in board["city"]:
        board["city"][place] += delta
    else:
        board["island"][place][1] += delta


def _shift_noble(board: Board, place: str, delta: int) -> None:
    nobles = board["nobles"]
    nobles[place] = nobles.get(place, 0) + delta
    if not nobles[place]:
        del nobles[place]


def remove_person(board: Board, place: str, noble: bool) -> None:
    """One person leaves ``place`` (to the supply or elsewhere: the caller says)."""
    _shift(board, place, -1)
    if noble:
        _shift_noble(board, place, -1)


def add_person(board: Board, place: str, noble: bool) -> None:
    _shift(board, place, 1)
    if noble:
        _shift_noble(board, place, 1)


def move_person(board: Board, source: str, target: str, noble: bool) -> None:
    remove_person(board, source, noble)
    add_person(board, target, noble)


def kinds_at(board: Board, place: str) -> list[bool]:
    """Which kinds of person stand at ``place``: ``False`` colonist, ``True`` noble."""
    total, nobles = people_at(board, place), noble_map(board).get(place, 0)
    return ([False] if total > nobles else []) + ([True] if nobles else [])


# --- the Mayor --------------------------------------------------------------------------


def villa_outcome(state: PRState, player: int, board: Board) -> bool:
    """Whether the Villa would bring ``board`` someone now (the Guest House window)."""
    supply = state["supply"]
    return active(board, "villa") and (supply.get("nobles", 0) > 0 or supply["colonists"] > 0)


def villas(state: PRState, order: list[int], events: Events) -> None:
    """Villa, either occupant: +1 noble from the supply; none left → a colonist; else nothing [S]."""
    supply = state["supply"]
    for seat in order:
        board = state["boards"][seat]
        if not active(board, "villa"):
            continue
        if supply["nobles"] > 0:
            supply["nobles"] -= 1
            add_person(board, "san_juan", True)
            events.append({"kind": "villa", "player": seat, "noble": True})
        elif supply["colonists"] > 0:
            supply["colonists"] -= 1
            board["san_juan"] += 1
            events.append({"kind": "villa", "player": seat, "noble": False})


def refill(state: PRState, needed: int) -> int:
    """One noble boards first, then colonists up to ``needed``; returns the nobles loaded."""
    supply = state["supply"]
    noble = 1 if supply["nobles"] > 0 and needed > 0 else 0
    supply["nobles"] -= noble
    supply["ship_nobles"] = noble
    return noble
