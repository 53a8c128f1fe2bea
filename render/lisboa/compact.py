"""The shared board on Lisboa's turn image, compact and read at Discord's inline size: the nobles'
rows (what each wants, its favors left, the officials in its office, the visit and the follow under
way, and its stack of the political display with the top card's effects), the market (prices,
treasury, shipyard), the church and the decree display side by side, and the city as a grid with
the architects' buildings and plans.

Each function draws one part from ``top`` (pixels, :data:`render.turn.WIDTH` wide) and returns its
bottom; every place that differs from the view as the turn began is outlined
(:func:`render.turn.changed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..common import GREY_FILL, INK, VERMILLION, WHITE, Canvas, View, text_width
from ..turn import BODY, PAD, SMALL, WIDTH, changed, section, was
from . import icons
from .cards import SHIP_COLOUR_NAMES, decree_wigs, decree_words, ship_parts
from .effects import card_effects, card_head, tile_effect
from .i18n import msg, msgn, tr
from .parts import NOBLE_NAMES, pack
from .view import top_frame

LINE = icons.LINE


def _differs(old: View | None, now: View, *path: Any) -> bool:
    return old is not None and was(old, *path) != was(now, *path)


# --- the nobles' rows ---------------------------------------------------------------------------------
NAME_W, WANTS_X, FAVORS_X, OFFICE_X, CARD_X = 150, 166, 212, 262, 500


def court(c: Canvas, top: float, view: View, old: View | None) -> float:
    """One row per noble (and the treasury stack): wants, favors, office, visit, display card."""
    lang = c.lang
    y = section(c, top, tr(msg("Nobles, offices and the political display"), lang))
    offices = view.get("offices") or {}
    favors = view.get("favors") or {}
    visit = view.get("court") or {}
    frame = top_frame(view)
    follow = (frame.get("data") or {}) if frame and frame.get("kind") == "follow" else {}
    display = (view.get("political") or {}).get("display") or {}
    names = view.get("players") or []
    pk = pack()
    kinds = list(pk.setup.display_order) or list(display)
    for kind in kinds:
        noble = pk.nobles.get(kind)
        row_top = y
        x_card = CARD_X if noble is not None else PAD + NAME_W
        stack = display.get(kind) or {}
        card = stack.get("top")
        count = int(stack.get("count") or 0)
        said = tr(msg("stack {n}: empty", n=count), lang)
        if card:
            effects = "; ".join(card_effects(str(card), lang))
            said = tr(
                msgn(
                    "{n} card, top {card}: {effects}",
                    "{n} cards, top {card}: {effects}",
                    count,
                    card=card_head(str(card), lang),
                    effects=effects,
                ),
                lang,
            )
        bottom = icons.lines(c, x_card, y + 4, [said], WIDTH - PAD - x_card)
        line2 = _visit_line(kind, visit, follow, names, lang) if noble is not None else ""
        h = max(bottom - y, (2 if line2 else 1) * LINE + 4, icons.TOKEN + 4) + 6
        if noble is not None and kind in (visit.get("noble"), follow.get("noble")):
            c.rect((4, y, WIDTH - 4, y + h), fill=None, outline=VERMILLION, width=3, radius=6)
        cy = y + 4 + LINE / 2
        name = tr(NOBLE_NAMES[kind], lang) if kind in NOBLE_NAMES else kind
        c.text(
            PAD,
            cy,
            name,
            BODY if text_width(name, BODY, True) <= NAME_W else SMALL,
            INK,
            bold=True,
            box=(PAD, y, PAD + NAME_W, y + h),
        )
        if noble is not None:
            icons.good(c, WANTS_X, cy - icons.TOKEN / 2, icons.TOKEN, noble.wants)
            c.text(FAVORS_X, cy, f"{favors.get(kind, 0)}", BODY, INK, bold=True, box=(FAVORS_X, y, OFFICE_X, y + h))
            _office(c, cy, noble.office_spaces, offices.get(kind) or {}, kind)
            if line2:
                c.text(PAD, cy + LINE, line2, SMALL, VERMILLION, bold=True, box=(PAD, y, CARD_X - 8, y + h))
        places = (("offices", kind), ("favors", kind), ("political", "display", kind), ("court",))
        if any(_differs(old, view, *path) for path in places if noble is not None or path[0] == "political"):
            changed(c, (2, row_top + 2, WIDTH - 2, row_top + h - 2), f"{kind} row")
        y += h + 2
        c.d.line((PAD, y - 1, WIDTH - PAD, y - 1), fill=GREY_FILL, width=1)
    return y


def _office(c: Canvas, cy: float, spaces: int, counts: dict[str, int], kind: str) -> None:
    keys = sorted(counts, key=lambda k: (k == "dummy", int(k) if k.isdigit() else 99))
    owners = [k for k in keys for _ in range(max(0, int(counts[k])))]
    step = min(icons.TOKEN + 4, (CARD_X - OFFICE_X - 16) / max(1, spaces))
    r = min(icons.TOKEN, step - 3) / 2
    for k in range(spaces):
        cx = OFFICE_X + r + k * step
        if k < len(owners):
            icons.seat(c, cx, cy, owners[k], r, who=f"{kind} office {k}")
        else:
            c.circle(cx, cy, r, fill=WHITE, outline=GREY_FILL, width=2)


def _visit_line(kind: str, visit: dict[str, Any], follow: dict[str, Any], names: Sequence[str], lang: str) -> str:
    def who(seat: object) -> str:
        return str(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    if follow.get("noble") == kind:
        return tr(msg("followed: {name}'s visit", name=who(follow.get("visitor"))), lang)
    if visit.get("noble") == kind:
        return tr(msg("visit: {name}", name=who(visit.get("player"))), lang)
    return ""


# --- market -------------------------------------------------------------------------------------------
def market(c: Canvas, top: float, view: View, old: View | None) -> float:
    """Prices, the treasury marker and the shipyard's top ship, on one line (wrapped if need be)."""
    lang = c.lang
    y = top + 6
    prices = view.get("prices") or {}
    x: float = PAD
    cy = y + LINE / 2 + 2
    for good in pack().goods:
        icons.good(c, x, cy - icons.TOKEN / 2, icons.TOKEN, good)
        x += icons.TOKEN + 6
        x += c.text(x, cy, str(prices.get(good, "?")), BODY, INK, bold=True) + 18
    if _differs(old, view, "prices"):
        changed(c, (PAD - 4, y - 2, x - 10, y + LINE + 6), "prices")
    spaces = pack().treasury_spaces
    t = view.get("treasury")
    value = spaces[t].right if isinstance(t, int) and 0 <= t < len(spaces) else "?"
    said = tr(msg("treasury {n} reis", n=value), lang)
    x0 = x
    x += c.text(x, cy, said, SMALL, INK, bold=True) + 24
    if _differs(old, view, "treasury"):
        changed(c, (x0 - 4, y - 2, x - 18, y + LINE + 6), "treasury")
    yard = view.get("shipyard") or []
    if yard:
        colour, number = ship_parts(str(yard[0]))
        name = tr(SHIP_COLOUR_NAMES[colour], lang) if colour in SHIP_COLOUR_NAMES else colour
        said = tr(msg("shipyard: {colour} ship {n}, {left} in all", colour=name, n=number, left=len(yard)), lang)
    else:
        said = tr(msg("shipyard: empty"), lang)
    bottom = icons.lines(c, x, y, [said], WIDTH - PAD - x)
    if _differs(old, view, "shipyard"):
        changed(c, (x - 4, y - 2, WIDTH - PAD, bottom + 4), "shipyard")
    return max(bottom, y + LINE + 8) + 4


# --- church and decrees ---------------------------------------------------------------------------------
HALF = (WIDTH - 3 * PAD) / 2


def church_and_decrees(c: Canvas, top: float, view: View, old: View | None) -> float:
    """The church (the Cardinal, the tiles on the ring with their effects) and the decree display."""
    lang = c.lang
    y = top + 4
    ch = view.get("church") or {}
    cardinal = str(ch.get("cardinal") or "?")
    head = tr(msg("Cardinal on {space}", space=cardinal), lang)
    if ch.get("lying"):
        head += "  " + tr(msg("(lying down)"), lang)
    lines = [head]
    for space, tile in (ch.get("spaces") or {}).items():
        lines.append(
            f"{space}: {tile} {tile_effect(str(tile), lang)}" if tile else f"{space}: {tr(msg('empty'), lang)}"
        )
    left = icons.lines(c, PAD, y, lines, HALF, bold_first=True)
    if _differs(old, view, "church"):
        changed(c, (PAD - 4, y - 2, PAD + HALF + 4, left + 2), "church")
    x = 2 * PAD + HALF
    d = view.get("decrees") or {}
    rows = []
    for decree in d.get("display") or []:
        wigs = decree_wigs(str(decree))
        rows.append(
            decree_words(str(decree), lang) + (f"  ({tr(msgn('{n} wig', '{n} wigs', wigs), lang)})" if wigs else "")
        )
    deck = d.get("deck")
    rows.insert(0, tr(msg("decrees: {n} in the deck", n=deck if isinstance(deck, int) else len(deck or [])), lang))
    right = icons.lines(c, x, y, rows, HALF, bold_first=True)
    if _differs(old, view, "decrees", "display"):
        changed(c, (x - 4, y - 2, WIDTH - PAD + 4, right + 2), "decrees")
    return max(left, right) + 6


__all__ = ["church_and_decrees", "court", "market"]
