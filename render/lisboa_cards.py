"""Lisboa's cards as drawn: ships with their holds, political cards, decrees; read from the public
data pack being drawn (:func:`.lisboa_parts.pack`)."""

from __future__ import annotations

from .common import FAINT, GREY_FILL, HEADER, INK, MUTED, WHITE
from .lisboa_parts import NOBLE_NAMES, SHIP_COLOURS, Pen, pack

# Image text is ASCII (plus the ellipsis): Pillow's bundled font has no accented letters, so "reis".
DECREE_LABELS = {
    "DC-01": "per public bldg",
    "DC-02": "2/store in",
    "DC-03": "6: every store type",
    "DC-04": "1/store",
    "DC-05": "most stores",
    "DC-06": "1/store any owner",
    "DC-07": "1/rubble",
    "DC-08": "most rubble",
    "DC-09": "most goods",
    "DC-10": "every good",
    "DC-11": "1/good",
    "DC-12": "per done plan",
    "DC-13": "most done plans",
    "DC-14": "1/2 plan officials",
    "DC-15": "most plan officials",
    "DC-16": "most decrees",
    "DC-17": "1/decree",
    "DC-18": "1/2 influence",
    "DC-19": "most influence",
    "DC-20": "1/2 portfolio infl.",
    "DC-21": "1/portfolio card",
    "DC-22": "most reis",
    "DC-23": "2/ship",
}


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
    pen.text(x + 5, y + 9, f"SHIP {colour} {number}", 12, fg, bold=True, width=w - 10)
    if sailing:
        pen.badge(x + w - 3, y + 9, "SAILING", INK, WHITE, 9, "r")
    n = hull(ship)
    for k in range(n):
        sx = x + 5 + k * 20
        pen.rect(sx, y + 20, sx + 17, y + h - 3, GREY_FILL, FAINT, 1, 2)
        if goods and k < len(goods):
            pen.good(sx + 8.5, (y + 20 + y + h - 3) / 2, goods[k], 7.5)
    pen.text(x + 8 + n * 20, y + (h + 20) / 2 - 1, f"hold {len(goods or [])}/{n}", 11, MUTED)


def card_lines(card: str) -> tuple[str, str, str]:
    """(kind, "id  infl N", effect ids) for a political card id."""
    info = pack().cards.get(card)
    if info is None:
        return "?", card, ""
    effects = [e for e in (info.bottom, info.centre, info.permanent) if e]
    infl = f"  infl {info.influence}" if info.influence is not None else ""
    return NOBLE_NAMES.get(info.kind, info.kind), f"{card}{infl}", " ".join(effects)


def draw_card(pen: Pen, x: float, y: float, w: float, h: float, card: str) -> None:
    """A political card: kind band, id and influence, effect ids."""
    if card.startswith("ship-"):
        draw_ship(pen, x, y, w, h, card)
        return
    kind, middle, effects = card_lines(card)
    pen.rect(x, y, x + w, y + h, WHITE, INK, 1, 4)
    pen.rect(x, y, x + w, y + 17, HEADER, INK, 1, 4)
    pen.text(x + 5, y + 9, kind.upper(), 12, WHITE, bold=True, width=w - 10)
    pen.text(x + 5, y + 27, middle, 12, INK, bold=True, width=w - 10)
    if h >= 44:
        pen.text(x + 5, y + h - 8, effects, 11, MUTED, width=w - 10)


def _param(key: str, value: object) -> str:
    if value is True:
        return key
    return {"row": f"row {value}", "street": f"{value} street", "side": f"{value} side"}.get(key, str(value))


def decree_text(decree: str) -> str:
    """ "D20  DC-05  most stores: row B" from the pack's decree row."""
    info = pack().decrees.get(decree)
    if info is None:
        return decree
    params = ", ".join(_param(k, v) for k, v in info.params.items())
    label = DECREE_LABELS.get(info.type, info.type) + (f": {params}" if params else "")
    return f"{decree}  {info.type}  {label}"


def decree_wigs(decree: str) -> int | None:
    info = pack().decrees.get(decree)
    return info.wigs if info else None
