"""Pieces of the Lorenzo il Magnifico board image: colours, short texts for cards, excommunication
tiles and leaders (from the public data pack), and the small drawings every part uses."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from functools import lru_cache

from engine.core.colours import PlayerColour, colours_of
from engine.lorenzo.colours import COLOURS
from engine.lorenzo.data import PACKS
from engine.lorenzo.model import Card, Excommunication, Pack
from engine.lorenzo.types import Bundle, BundleKey, LView, Occupant, Output

from ..common import (
    GREEN,
    HEADER,
    INK,
    ORANGE,
    PURPLE,
    RGB,
    SKY,
    WHITE,
    YELLOW,
    Align,
    Canvas,
    fit,
)
from .i18n import WORDS, msg, tr, tr_id

TOWER_COLOURS: dict[str, RGB] = {"green": GREEN, "blue": SKY, "yellow": YELLOW, "purple": PURPLE}
TYPE_TOWER = {"territory": "green", "character": "blue", "building": "yellow", "venture": "purple"}
# The players' colours are the game's own (engine.lorenzo.colours, unlike the towers'); every badge
# also carries a name.
PLAYER_COLOURS: tuple[RGB, ...] = tuple(c.rgb for c in COLOURS)
_COLOURS: ContextVar[tuple[PlayerColour, ...]] = ContextVar("lorenzo_colours", default=COLOURS)
MEMBER_LETTERS = {"black": "B", "white": "W", "orange": "O", "neutral": "N"}
DIE_FILL: dict[str, RGB] = {"black": INK, "white": WHITE, "orange": ORANGE}
SHORT = {
    "w": msg("W"),
    "s": msg("S"),
    "sv": msg("Sv"),
    "c": msg("C"),
    "vp": msg("VP"),
    "mp": msg("MP"),
    "fp": msg("FP"),
    "cp": msg("CP"),
}
ORDER: tuple[BundleKey, ...] = ("w", "s", "sv", "c", "vp", "mp", "fp", "cp")
ACTION_WORDS = {
    "territory": msg("green"),
    "building": msg("yellow"),
    "character": msg("blue"),
    "venture": msg("purple"),
    "harvest": msg("harvest"),
    "production": msg("production"),
}
TYPE_PLURALS = {
    "territory": msg("territories"),
    "building": msg("buildings"),
    "character": msg("characters"),
    "venture": msg("ventures"),
}


def _names() -> list[str]:
    """Card and leader names of every shipped pack (drawn translated, see :func:`name`)."""
    pack = PACKS.shipped()
    return [card.name for card in pack.cards.values()] + [leader.name for leader in pack.leaders.values()]


WORDS.declare_data(_names)


def name(text: str, lang: str) -> str:
    """A card's or a leader's name in ``lang`` (a pack's own new names stay as they are)."""
    return text if lang == "en" else tr_id(WORDS.name, text, lang)


def pack_of(view: LView) -> Pack:
    return pack_by_fingerprint(str(view["pack"]))


@lru_cache(maxsize=8)
def pack_by_fingerprint(fingerprint: str) -> Pack:
    return PACKS.by_fingerprint(fingerprint)


def seated(occupant: Occupant) -> tuple[int, str]:
    """A member on a space: the view's ``[seat, member]`` pair."""
    seat, member = occupant
    assert isinstance(seat, int), f"not a [seat, member] pair: {occupant}"
    return seat, str(member)


def use_colours(view: LView) -> tuple[PlayerColour, ...]:
    """Draw the seats in the colours the view carries (the table's choice; else the game's order)."""
    colours = tuple(colours_of(view, COLOURS))
    _COLOURS.set(colours)
    return colours


def seat_colour(seat: int) -> PlayerColour:
    """The colour seat ``seat`` is drawn in (see :func:`use_colours`)."""
    colours = _COLOURS.get()
    return colours[seat % len(colours)]


def player_colour(seat: int) -> RGB:
    return seat_colour(seat).rgb


def bundle(b: Bundle, lang: str = "en") -> str:
    """``{"w": 1, "c": 2}`` > ``1W 2C``; a military cost > ``need 3 MP, pay 2 MP``."""
    if "need" in b:
        return tr(msg("need {need} MP, pay {pay} MP", need=b["need"], pay=b.get("mp", 0)), lang)
    return " ".join(f"{b[k]}{tr(SHORT[k], lang)}" for k in ORDER if b.get(k)) or "-"


def _output(option: Output, lang: str) -> str:
    got = bundle(option["get"], lang) + (f"/{_type(option['per'], lang)}" if "per" in option else "")
    return f"{bundle(option['pay'], lang)}>{got}" if option.get("pay") else f"+{got}"


def _type(card_type: object, lang: str) -> str:
    word = TYPE_WORDS.get(str(card_type))
    return str(card_type) if word is None else tr(word, lang)


TYPE_WORDS = {
    "territory": msg("territory"),
    "building": msg("building"),
    "character": msg("character"),
    "venture": msg("venture"),
}
TOWER_NAMES = {
    "green": msg("green tower"),
    "blue": msg("blue tower"),
    "yellow": msg("yellow tower"),
    "purple": msg("purple tower"),
}


def _action(card: Card, lang: str) -> str:
    p = card.action_params
    if card.action == "take":
        tower = TOWER_NAMES.get(str(p["tower"]))
        if p["tower"] == "any":
            where = tr(msg("any tower"), lang)
        else:
            where = tr(tower, lang) if tower is not None else f"{p['tower']} tower"
        off = f", -{bundle(p['discount'], lang)}" if "discount" in p else ""
        return tr(msg("take a card: {where} @{value}{off}", where=where, value=p["value"], off=off), lang)
    if card.action in ("harvest", "production"):
        return f"{tr(ACTION_WORDS[card.action], lang)} @{p['value']}"
    if card.action == "vp_per_card":
        return tr(msg("{vp} VP per {type}", vp=p["vp"], type=_type(p["type"], lang)), lang)
    if card.action == "vp_per_mp":
        return tr(msg("{vp} VP per {mp} MP", vp=p["vp"], mp=p["mp"]), lang)
    return ""


def _permanent(card: Card, lang: str) -> str:
    p = card.perm_params
    if card.perm == "no_floor_bonus":
        return tr(msg("no floor 3-4 bonuses"), lang)
    if card.perm == "bonus":
        extra = f", -{bundle(p['discount'], lang)}" if "discount" in p else ""
        extra += tr(msg(", -1W or -1S"), lang) if "discount_one_of" in p else ""
        return f"+{p['value']} {tr(ACTION_WORDS[p['on']], lang)}{extra}"
    return ""


def card_lines(card: Card, lang: str = "en") -> list[str]:
    """Cost, then what the card does, as short lines."""
    costs = tr(msg(" or "), lang).join(bundle(c, lang) for c in card.costs if c)
    lines = [tr(msg("cost {costs}", costs=costs), lang)] if costs else []
    now = " · ".join(x for x in (bundle(card.gain, lang) if card.gain else "", _action(card, lang)) if x)
    if now:
        lines.append(tr(msg("now: {what}", what=now), lang))
    if card.type == "territory":
        lines.append(tr(msg("harvest {n}: {what}", n=card.harvest_value, what=bundle(card.harvest, lang)), lang))
    elif card.type == "building":
        outputs = " / ".join(_output(o, lang) for o in card.outputs)
        lines.append(tr(msg("prod {n}: {what}", n=card.prod_value, what=outputs), lang))
    elif card.type == "character" and card.perm:
        lines.append(tr(msg("always: {what}", what=_permanent(card, lang)), lang))
    elif card.type == "venture":
        lines.append(tr(msg("end: {n} VP", n=card.end_vp), lang))
    return lines


REDUCED = {"mp": msg("MP"), "c": msg("coin"), "sv": msg("servant"), "ws": msg("W or S")}
PLURAL_TYPES = {"territory": msg("territorys"), "building": msg("buildings"), "character": msg("characters")}
PLURAL_TYPES["venture"] = msg("ventures")


def excomm_text(tile: Excommunication, lang: str = "en") -> str:
    p = tile.effect_params

    def say(message: str) -> str:
        return tr(message, lang)

    def action() -> str:
        word = ACTION_WORDS.get(p.get("action", ""))
        return "" if word is None else say(word)

    def types() -> str:
        word = PLURAL_TYPES.get(str(p.get("type")))
        return f"{p.get('type')}s" if word is None else say(word)

    texts: dict[str, Callable[[], str]] = {
        "reduce_gain": lambda: say(msg("-1 {what} per gain", what=REDUCED[p.get("resource", "")])),
        "action_penalty": lambda: say(msg("-{n} on {action} actions", n=p.get("value"), action=action())),
        "coloured_penalty": lambda: say(msg("coloured members -{n}", n=p.get("value"))),
        "no_market": lambda: say(msg("no market")),
        "servant_price": lambda: say(msg("{n} servants per +1", n=p.get("servants"))),
        "skip_first_turn": lambda: say(msg("first turn moves to the end")),
        "no_final_vp": lambda: say(msg("no final VP for {types}", types=types())),
        "lose_vp_per_vp": lambda: say(msg("-1 VP per {n} VP", n=p.get("per"))),
        "lose_vp_per_mp": lambda: say(msg("-1 VP per MP")),
        "lose_vp_per_building_cost": lambda: say(msg("-1 VP per W, S on buildings")),
        "lose_vp_per_resource": lambda: say(msg("-1 VP per resource")),
    }
    return texts[tile.effect]()


def member_badge(
    c: Canvas, x: float, y: float, view: LView, seat: int, member: str, size: int = 13, align: Align = "l"
) -> float:
    """A pill in the player's colour: their colour's mark, their name and the member's letter
    (``R Ann·B``: Ann's black member); returns its width."""
    colour = seat_colour(seat)
    name = str(view["players"][seat])
    label = f"{colour.mark} {fit(name, size, 70)}·{MEMBER_LETTERS.get(member, '?')}"
    ink = WHITE if sum(colour.rgb) < 500 else INK
    return c.badge(x, y, label, colour.rgb, ink, size, align, who=f"seat {seat} {member}")


def die(c: Canvas, x: float, y: float, colour: str, value: int, side: int = 30) -> None:
    fill = DIE_FILL.get(colour, WHITE)
    c.rect((x, y, x + side, y + side), fill=fill, outline=HEADER, width=2, radius=6)
    c.text(x + side / 2, y + side / 2, str(value), 17, WHITE if fill == INK else INK, "c", bold=True)


def who_acts(view: LView, lang: str = "en") -> str:
    pending = view.get("pending") or []
    names = view["players"]
    seats = list(dict.fromkeys(int(p["player"]) for p in pending))
    if not pending:
        return tr(msg("Game over"), lang) if view.get("over") else ""
    who = (", " if lang == "en" else "、").join(str(names[s]) for s in seats)
    return tr(msg("{names}: {prompt}", names=who, prompt=str(pending[0].get("prompt", ""))), lang)
