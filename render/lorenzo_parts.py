"""Pieces of the Lorenzo il Magnifico board image: colours, short texts for cards, excommunication
tiles and leaders (from the public data pack), and the small drawings every part uses."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.lorenzo.data import PACKS
from engine.lorenzo.model import Card, Excommunication, Pack

from .common import (
    BLUE,
    GREEN,
    HEADER,
    INK,
    ORANGE,
    PURPLE,
    RGB,
    SKY,
    VERMILLION,
    WHITE,
    YELLOW,
    Align,
    Canvas,
    View,
    fit,
)

TOWER_COLOURS: dict[str, RGB] = {"green": GREEN, "blue": SKY, "yellow": YELLOW, "purple": PURPLE}
TYPE_TOWER = {"territory": "green", "character": "blue", "building": "yellow", "venture": "purple"}
# Okabe–Ito colours for the players (the towers use the others); every badge also carries a name.
PLAYER_COLOURS: tuple[RGB, ...] = (VERMILLION, BLUE, (70, 70, 70), ORANGE)
MEMBER_LETTERS = {"black": "B", "white": "W", "orange": "O", "neutral": "N"}
DIE_FILL: dict[str, RGB] = {"black": INK, "white": WHITE, "orange": ORANGE}
SHORT = {"w": "W", "s": "S", "sv": "Sv", "c": "C", "vp": "VP", "mp": "MP", "fp": "FP", "cp": "CP"}
ORDER = ("w", "s", "sv", "c", "vp", "mp", "fp", "cp")
ACTION_WORDS = {
    "territory": "green",
    "building": "yellow",
    "character": "blue",
    "venture": "purple",
    "harvest": "harvest",
    "production": "production",
}


def pack_of(view: View) -> Pack:
    return _pack(str(view["pack"]))


@lru_cache(maxsize=8)
def _pack(fingerprint: str) -> Pack:
    return PACKS.by_fingerprint(fingerprint)


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def bundle(b: dict[str, Any]) -> str:
    """``{"w": 1, "c": 2}`` > ``1W 2C``; a military cost > ``need 3 MP, pay 2 MP``."""
    if "need" in b:
        return f"need {b['need']} MP, pay {b.get('mp', 0)} MP"
    return " ".join(f"{b[k]}{SHORT[k]}" for k in ORDER if b.get(k)) or "-"


def _output(option: dict[str, Any]) -> str:
    got = bundle(option["get"]) + (f"/{option['per']}" if "per" in option else "")
    return f"{bundle(option['pay'])}>{got}" if option.get("pay") else f"+{got}"


def _action(card: Card) -> str:
    p = card.action_params
    if card.action == "take":
        where = "any tower" if p["tower"] == "any" else f"{p['tower']} tower"
        off = f", -{bundle(p['discount'])}" if "discount" in p else ""
        return f"take a card: {where} @{p['value']}{off}"
    if card.action in ("harvest", "production"):
        return f"{card.action} @{p['value']}"
    if card.action == "vp_per_card":
        return f"{p['vp']} VP per {p['type']}"
    if card.action == "vp_per_mp":
        return f"{p['vp']} VP per {p['mp']} MP"
    return ""


def _permanent(card: Card) -> str:
    p = card.perm_params
    if card.perm == "no_floor_bonus":
        return "no floor 3-4 bonuses"
    if card.perm == "bonus":
        extra = f", -{bundle(p['discount'])}" if "discount" in p else ""
        extra += ", -1W or -1S" if "discount_one_of" in p else ""
        return f"+{p['value']} {ACTION_WORDS[p['on']]}{extra}"
    return ""


def card_lines(card: Card) -> list[str]:
    """Cost, then what the card does, as short lines."""
    costs = " or ".join(bundle(c) for c in card.costs if c)
    lines = [f"cost {costs}"] if costs else []
    now = " · ".join(x for x in (bundle(card.gain) if card.gain else "", _action(card)) if x)
    if now:
        lines.append(f"now: {now}")
    if card.type == "territory":
        lines.append(f"harvest {card.harvest_value}: {bundle(card.harvest)}")
    elif card.type == "building":
        lines.append(f"prod {card.prod_value}: " + " / ".join(_output(o) for o in card.outputs))
    elif card.type == "character" and card.perm:
        lines.append(f"always: {_permanent(card)}")
    elif card.type == "venture":
        lines.append(f"end: {card.end_vp} VP")
    return lines


def excomm_text(tile: Excommunication) -> str:
    p = tile.effect_params
    texts: dict[str, Callable[[], str]] = {
        "reduce_gain": lambda: (
            "-1 " + {"mp": "MP", "c": "coin", "sv": "servant", "ws": "W or S"}[p.get("resource", "")] + " per gain"
        ),
        "action_penalty": lambda: f"-{p.get('value')} on {ACTION_WORDS.get(p.get('action', ''), '')} actions",
        "coloured_penalty": lambda: f"coloured members -{p.get('value')}",
        "no_market": lambda: "no market",
        "servant_price": lambda: f"{p.get('servants')} servants per +1",
        "skip_first_turn": lambda: "first turn moves to the end",
        "no_final_vp": lambda: f"no final VP for {p.get('type')}s",
        "lose_vp_per_vp": lambda: f"-1 VP per {p.get('per')} VP",
        "lose_vp_per_mp": lambda: "-1 VP per MP",
        "lose_vp_per_building_cost": lambda: "-1 VP per W, S on buildings",
        "lose_vp_per_resource": lambda: "-1 VP per resource",
    }
    return texts[tile.effect]()


def member_badge(
    c: Canvas, x: float, y: float, view: View, seat: int, member: str, size: int = 13, align: Align = "l"
) -> float:
    """A pill in the player's colour: their name and the member's letter; returns its width."""
    name = str(view["players"][seat])
    label = f"{fit(name, size, 70)} {MEMBER_LETTERS.get(member, '?')}"
    return c.badge(x, y, label, player_colour(seat), WHITE, size, align)


def die(c: Canvas, x: float, y: float, colour: str, value: int, side: int = 30) -> None:
    fill = DIE_FILL.get(colour, WHITE)
    c.rect((x, y, x + side, y + side), fill=fill, outline=HEADER, width=2, radius=6)
    c.text(x + side / 2, y + side / 2, str(value), 17, WHITE if fill == INK else INK, "c", bold=True)


def who_acts(view: View) -> str:
    pending = view.get("pending") or []
    names = view["players"]
    seats = list(dict.fromkeys(int(p["player"]) for p in pending))
    if not pending:
        return "Game over" if view.get("over") else ""
    return ", ".join(str(names[s]) for s in seats) + ": " + str(pending[0].get("prompt", ""))
