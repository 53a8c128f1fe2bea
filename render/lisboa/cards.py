"""Lisboa's cards as drawn: ships with their holds, political cards, decrees; read from the public
data pack being drawn (:func:`.parts.pack`)."""

from __future__ import annotations

from ..common import FAINT, GREY_FILL, HEADER, INK, MUTED, WHITE
from .effects import card_effects
from .i18n import msg, tr
from .parts import GOOD_NAMES, NOBLE_NAMES, RUBBLE_NAMES, SHIP_COLOURS, Pen, pack

# Image text is ASCII (plus the ellipsis): Pillow's bundled font has no accented letters, so "reis".
DECREE_LABELS = {
    "DC-01": msg("per public bldg"),
    "DC-02": msg("2/store in"),
    "DC-03": msg("6: every store type"),
    "DC-04": msg("1/store"),
    "DC-05": msg("most stores"),
    "DC-06": msg("1/store any owner"),
    "DC-07": msg("1/rubble"),
    "DC-08": msg("most rubble"),
    "DC-09": msg("most goods"),
    "DC-10": msg("every good"),
    "DC-11": msg("1/good"),
    "DC-12": msg("per done plan"),
    "DC-13": msg("most done plans"),
    "DC-14": msg("1/2 plan officials"),
    "DC-15": msg("most plan officials"),
    "DC-16": msg("most decrees"),
    "DC-17": msg("1/decree"),
    "DC-18": msg("1/2 influence"),
    "DC-19": msg("most influence"),
    "DC-20": msg("1/2 portfolio infl."),
    "DC-21": msg("1/portfolio card"),
    "DC-22": msg("most reis"),
    "DC-23": msg("2/ship"),
}


SHIP_COLOUR_NAMES = {"blue": msg("blue"), "red": msg("red"), "purple": msg("purple"), "brown": msg("brown")}


SIDE_NAMES = {"left": msg("left"), "right": msg("right"), "top": msg("top")}
VALUE_NAMES = {**GOOD_NAMES, **RUBBLE_NAMES, **SHIP_COLOUR_NAMES, "green": msg("green"), **SIDE_NAMES}


def ship_parts(ship: str) -> tuple[str, str]:
    """("blue", "1") from "ship-blue-1"."""
    bits = ship.split("-")
    return (bits[1], bits[2]) if len(bits) >= 3 else (ship, "")


def hull(ship: str) -> int:
    info = pack().ships.get(ship_parts(ship)[0])
    return info.hull if info else 1


def draw_ship(
    pen: Pen, x: float, y: float, w: float, h: float, ship: str, goods: list[str] | None = None, sailing: bool = False
) -> None:
    """A ship card: colour band with colour name and number, then its hold slots with goods."""
    colour, number = ship_parts(ship)
    fill, fg = SHIP_COLOURS.get(colour, (WHITE, INK))
    pen.rect(x, y, x + w, y + h, WHITE, INK, 1, 4)
    pen.rect(x, y, x + w, y + 17, fill, INK, 1, 4)
    ship_colour = pen.name(SHIP_COLOUR_NAMES, colour)
    pen.text(
        x + 5, y + 9, pen.say(msg("SHIP {colour} {n}", colour=ship_colour, n=number)), 12, fg, bold=True, width=w - 10
    )
    if sailing:
        pen.badge(x + w - 3, y + 9, pen.say(msg("SAILING")), INK, WHITE, 9, "r")
    n = hull(ship)
    for k in range(n):
        sx = x + 5 + k * 20
        pen.rect(sx, y + 20, sx + 17, y + h - 3, GREY_FILL, FAINT, 1, 2)
        if goods and k < len(goods):
            pen.good(sx + 8.5, (y + 20 + y + h - 3) / 2, goods[k], 7.5)
    hold = pen.say(msg("hold {n}/{m}", n=len(goods or []), m=n))
    pen.text(x + 8 + n * 20, y + (h + 20) / 2 - 1, hold, 11, MUTED, width=w - 10 - n * 20 if pen.lang != "en" else None)


def card_lines(card: str, pen: Pen | None = None) -> tuple[str, str, str]:
    """(kind, "id  infl N", effect ids) for a political card id."""
    info = pack().cards.get(card)
    if info is None:
        return "?", card, ""
    effects = [e for e in (info.bottom, info.centre, info.permanent) if e]
    infl = ""
    if info.influence is not None:
        word = msg("  infl {n}", n=info.influence)
        infl = pen.say(word) if pen is not None else str(word)
    kind = pen.name(NOBLE_NAMES, info.kind) if pen is not None else str(NOBLE_NAMES.get(info.kind, info.kind))
    return kind, f"{card}{infl}", " ".join(effects)


def draw_card(pen: Pen, x: float, y: float, w: float, h: float, card: str) -> None:
    """A political card: kind band, id and influence, effect ids."""
    if card.startswith("ship-"):
        draw_ship(pen, x, y, w, h, card)
        return
    kind, middle, _ = card_lines(card, pen)
    pen.rect(x, y, x + w, y + h, WHITE, INK, 1, 4)
    pen.rect(x, y, x + w, y + 17, HEADER, INK, 1, 4)
    pen.text(x + 5, y + 9, kind.upper(), 12, WHITE, bold=True, width=w - 10)
    pen.text(x + 5, y + 27, middle, 12, INK, bold=True, width=w - 10)
    said = "; ".join(card_effects(card, pen.lang))
    if h >= 44 and pen.width(said, 11) <= w - 10:  # else only in the board's key of effects
        pen.text(x + 5, y + h - 8, said, 11, MUTED, width=w - 10)


def _param(key: str, value: str | int | bool, lang: str) -> str:
    if value is True:
        return tr(msg("the whole map"), lang) if key == "map" else key
    if lang != "en":
        found = VALUE_NAMES.get(str(value))
        value = str(value) if found is None else tr(found, lang)
    words = {"row": msg("row {v}", v=value), "street": msg("{v} street", v=value), "side": msg("{v} side", v=value)}
    return tr(words[key], lang) if key in words else str(value)


def decree_words(decree: str, lang: str) -> str:
    """ "D20  most stores: row B" (what decree ``decree`` scores) from the pack's decree row."""
    info = pack().decrees.get(decree)
    if info is None:
        return decree
    params = ", ".join(_param(k, v, lang) for k, v in info.params.items())
    found = DECREE_LABELS.get(info.type)
    name = info.type if found is None else tr(found, lang)
    return f"{decree}  {name}" + (f": {params}" if params else "")


def decree_text(decree: str, pen: Pen | None = None) -> str:
    """:func:`decree_words` in the pen's language (English without one)."""
    return decree_words(decree, pen.lang if pen is not None else "en")


def decree_wigs(decree: str) -> int | None:
    info = pack().decrees.get(decree)
    return info.wigs if info else None
