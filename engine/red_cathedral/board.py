"""Reading and changing the table: the pack a game uses, seats, inventories, the supply, gains and
payments, the cathedral's sections and the score track. Every rules module works through these."""

from __future__ import annotations

from collections.abc import Mapping

from ..core.rng import randbelow
from . import model as m
from . import score
from .data import PACKS
from .types import Cost, Die, Gain, Material, OrnamentKind, Seat, State, Turn

_LAST: dict[str, m.Pack] = {}  # the pack last looked up, by fingerprint (asked thousands of times a game)


def pack_of(state: State) -> m.Pack:
    """The pack this game was set up with (ValueError when it is not loaded)."""
    fingerprint = state["pack"]["fingerprint"]
    pack = _LAST.get(fingerprint)
    if pack is None:
        pack = PACKS.by_fingerprint(fingerprint)
        _LAST.clear()
        _LAST[fingerprint] = pack
    return pack


def seat(state: State, p: int) -> Seat:
    return state["seats"][p]


def turn(state: State) -> Turn:
    """The turn being played (the rules read it only inside a turn)."""
    now = state["turn"]
    assert now is not None, "no turn is being played"
    return now


def advanced(state: State) -> bool:
    return bool(state["options"]["workshop"] == "advanced")


def lap(state: State) -> tuple[int, ...]:
    return pack_of(state).prestige


# --- inventory and supply ----------------------------------------------------------------------
def capacity(state: State, p: int) -> int:
    """Inventory spaces not covered by a banner."""
    return pack_of(state).rules.inventory - seat(state, p)["banners"]["inventory"]


def held(state: State, p: int) -> int:
    return sum(seat(state, p)["inventory"].values())


def room(state: State, p: int) -> int:
    return capacity(state, p) - held(state, p)


def obtainable(state: State, p: int, item: Gain, n: int) -> int:
    """How much of ``n`` ``item`` player ``p`` would really get (supply and inventory space limit
    materials; rubles, RP and PP are never limited)."""
    if item in m.MATERIALS:
        return max(0, min(n, state["supply"][item], room(state, p)))
    return n


def gain(state: State, p: int, item: Gain, n: int) -> int:
    """Give ``p`` up to ``n`` of ``item`` (materials limited by supply and room: the rest is not
    taken); return what was gained."""
    got = obtainable(state, p, item, n)
    me = seat(state, p)
    if item in m.MATERIALS:
        state["supply"][item] -= got
        me["inventory"][item] += got
    elif item == "rubles":
        me["rubles"] += got
    elif item == "rp":
        me["pos"] += got
    elif item == "pp":
        me["pos"] = score.gain_pp(lap(state), me["pos"], got)
    return got


def gain_all(state: State, p: int, gains: Mapping[Gain, int]) -> dict[Gain, int]:
    """Apply every gain in ``gains``; return what was really gained (zeros left out)."""
    got = {item: gain(state, p, item, n) for item, n in gains.items()}
    return {k: v for k, v in got.items() if v}


def can_pay(state: State, p: int, cost: Mapping[Cost, int], times: int = 1) -> bool:
    me = seat(state, p)
    return all((me["rubles"] if k == "rubles" else me["inventory"][k]) >= n * times for k, n in cost.items())


def pay(state: State, p: int, cost: Mapping[Cost, int]) -> None:
    """Pay ``cost`` (rubles to the bank, materials back to the supply); it must be payable."""
    me = seat(state, p)
    for k, n in cost.items():
        if k == "rubles":
            me["rubles"] -= n
        else:
            me["inventory"][k] -= n
            state["supply"][k] += n


def lose_rp(state: State, p: int, n: int) -> int:
    """Move ``p``'s marker back ``n`` spaces, never below 0; return how far it moved."""
    me = seat(state, p)
    lost = min(n, me["pos"])
    me["pos"] -= lost
    return lost


def pp(state: State, p: int) -> int:
    return score.pp_at(lap(state), seat(state, p)["pos"])


# --- dice ---------------------------------------------------------------------------------------
def roll(state: State) -> int:
    return randbelow(state, pack_of(state).rules.die_faces) + 1


def die_space(state: State, colour: Die) -> int:
    return next(i for i, s in enumerate(state["spaces"]) if colour in s["dice"])


# --- the cathedral ------------------------------------------------------------------------------
def section_at(state: State, name: str) -> int:
    return next(i for i, s in enumerate(state["sections"]) if s["name"] == name)


def card(state: State, index: int) -> m.Section:
    return pack_of(state).sections[state["sections"][index]["card"]]


def missing(state: State, index: int) -> dict[Material, int]:
    """Materials still to deliver to a section (zeros left out)."""
    sec = state["sections"][index]
    need = card(state, index).cost
    return {k: n - sec["delivered"].get(k, 0) for k, n in need.items() if n > sec["delivered"].get(k, 0)}


def below(state: State, index: int) -> int | None:
    """The section directly below ``index`` in its tower, or ``None`` for a base."""
    sec = state["sections"][index]
    return None if sec["level"] == 0 else state["towers"][sec["tower"]][sec["level"] - 1]


def available(state: State) -> list[int]:
    """Sections a banner may go on: unclaimed, and a base or right above a claimed section."""
    out: list[int] = []
    for i, sec in enumerate(state["sections"]):
        under = below(state, i)
        if sec["owner"] is None and (under is None or state["sections"][under]["owner"] is not None):
            out.append(i)
    return out


def completed(state: State, p: int) -> int:
    return sum(1 for s in state["sections"] if s["done"] and s["owner"] == p)


def ornaments_placed(state: State, p: int) -> int:
    return sum(1 for s in state["sections"] if s["ornament"] and s["ornament"]["seat"] == p)


def ornament_kind(state: State, index: int) -> OrnamentKind:
    level = card(state, index).level
    return next(o.id for o in pack_of(state).ornaments.values() if o.level == level)


def banners_left(state: State, p: int) -> int:
    banners = seat(state, p)["banners"]
    return banners["inventory"] + banners["board"]
