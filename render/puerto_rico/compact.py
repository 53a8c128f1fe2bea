"""The turn image's part of the shared board, drawn :data:`render.turn.WIDTH` wide with no text under
:data:`render.turn.SMALL`: the role cards (doubloons on them, who took which), the colonists, VP chips,
face-up plantations, quarries and goods in the supply, the cargo ships and the trading house, and when
a build (or the building draft) is open, the buildings on offer. Each place that differs from the view
as the turn began is outlined (:func:`render.turn.changed`).

Every function takes the canvas, the top, the view, the view as the turn began (None: unknown) and
the set of legend keys it adds what it draws to; it returns its bottom.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.colours import PlayerColour
from engine.puerto_rico.data import BUILDINGS, GOODS, HOUSE_SIZE
from engine.puerto_rico.types import PRView as View

from ..common import FAINT, GREEN, GREY_FILL, INK, LINE, MUTED, PANEL, PURPLE, WHITE, Box, Canvas, text_width, wrap
from ..common import View as Table
from ..turn import BODY, PAD, SMALL, WIDTH, changed, disc, was
from .expansion import listed, noble, picked_by, slots_text, sort_key
from .i18n import msg, tr
from .key import ABBREVIATIONS
from .names import role_name
from .parts import letter_box, short, tile
from .pieces import coin, colonist

GAP = 10
TITLE_H = SMALL + 18  # a box's title line
LINE_H = 40  # one line of a box


def _frame(c: Canvas, box: tuple[float, float, float, float], title: str) -> None:
    c.rect(box, fill=PANEL, outline=LINE, width=2, radius=10)
    x0, y0, x1, _ = box
    c.text(x0 + 12, y0 + TITLE_H / 2 + 2, title, SMALL, MUTED, bold=True, box=(x0, y0, x1, y0 + TITLE_H))


def _outline_if(c: Canvas, differs: bool, box: tuple[float, float, float, float], who: str) -> None:
    if differs:
        changed(c, box, who)


def roles(c: Canvas, top: float, view: View, old: Table | None, colours: Sequence[PlayerColour]) -> float:
    """The role cards in play: each its name, the doubloons on it or who took it this round; the
    role being played framed in green."""
    cards = list(view["role_money"])
    taken = view.get("taken", {})
    n = max(1, len(cards))
    gap = 6
    w = (WIDTH - 2 * PAD - (n - 1) * gap) / n
    h = 100.0
    names = view["players"]
    for i, role in enumerate(cards):
        x = PAD + i * (w + gap)
        box = (x, top, x + w, top + h)
        current = role == view.get("role")
        seat = taken.get(role)
        c.rect(box, fill=GREY_FILL if seat is not None else PANEL, outline=GREEN if current else LINE, width=2)
        if current:
            c.rect((x - 2, top - 2, x + w + 2, top + h + 2), outline=GREEN, width=6, radius=6)
        name = role_name(role, c.lang)
        bold = text_width(name, SMALL, True) <= w - 8
        c.text(x + w / 2, top + 22, name, SMALL, INK, "c", bold=bold, box=(x, top, x + w, top + 44))
        cy = top + 68
        if seat is not None:
            who = names[seat] if seat < len(names) else ""
            name_w = text_width(who, SMALL, True)
            disc_w = BODY * 1.24
            shown = disc_w + 6 + name_w <= w - 8
            left = x + (w - (disc_w + 6 + name_w if shown else disc_w)) / 2
            if seat < len(colours):
                disc(c, left, cy, colours[seat], who=f"seat {seat} role {role}")
            if shown:
                c.text(left + disc_w + 6, cy, who, SMALL, INK, bold=True, box=(x, top + 44, x + w, top + h))
        elif view["role_money"][role]:
            coin(c, x + w / 2, cy, 18, view["role_money"][role], SMALL)
        before_money = was(old, "role_money", role)
        differs = old is not None and (before_money != view["role_money"][role] or was(old, "taken", role) != seat)
        _outline_if(c, differs, box, f"role {role}")
    return top + h


def _number(c: Canvas, x: float, y: float, n: int, box: tuple[float, float, float, float]) -> float:
    return c.text(x, y, str(n), BODY, INK, bold=True, box=box)


def supply(c: Canvas, top: float, view: View, old: Table | None, keys: set[str]) -> float:
    """Three boxes: colonists (on the ship, in the supply) and VP chips; the face-up plantations and
    the quarries; the goods left in the supply."""
    lang = c.lang
    s = view["supply"]
    nobles = view.get("nobles")
    h = TITLE_H + 3 * LINE_H + 8
    labels = [tr(msg("On ship"), lang), tr(msg("Supply"), lang), tr(msg("VP chips"), lang)]
    label_w = max(text_width(t, SMALL) for t in labels)
    first_w = 12 + label_w + 12 + 30 + text_width("000", BODY, True) + (70 if nobles else 0) + 12
    goods_w = 12 + 5 * 64 + 8
    x0 = PAD
    x1 = x0 + first_w
    _frame(c, (x0, top, x1, top + h), tr(msg("Colonists & VP"), lang))
    ix = x0 + 12 + label_w + 12
    rows = [
        ("ship", s["ship"], nobles.get("ship") if nobles else None),
        ("colonists", s["colonists"], nobles.get("supply") if nobles else None),
        ("vp", s["vp"], None),
    ]
    for k, (key, n, lords) in enumerate(rows):
        y0 = top + TITLE_H + k * LINE_H
        cy = y0 + LINE_H / 2
        cell = (x0 + 6, y0, x1 - 6, y0 + LINE_H)
        c.text(x0 + 12, cy, labels[k], SMALL, INK, box=cell)
        if key == "vp":
            vp_chip(c, ix, cy - 13, 26)
            keys.add("vp chip")
        else:
            colonist(c, ix + 13, cy, 10, True)
            keys.add("colonist")
        _number(c, ix + 32, cy, n, cell)
        differs = was(old, "supply", key) not in (None, n)
        if lords is not None:
            noble(c, ix + 32 + text_width("000", BODY, True) + 18, cy, 10)
            _number(c, ix + 32 + text_width("000", BODY, True) + 34, cy, lords, cell)
            keys.add("noble")
            old_key = "ship" if key == "ship" else "supply"
            differs = differs or was(old, "nobles", old_key) not in (None, lords)
        _outline_if(c, differs, cell, f"supply {key}")
    # the goods, at the right
    gx1 = WIDTH - PAD
    gx0 = gx1 - goods_w
    _frame(c, (gx0, top, gx1, top + h), tr(msg("Goods supply"), lang))
    for i, kind in enumerate(GOODS):
        bx = gx0 + 12 + i * 64
        cell = (bx, top + TITLE_H, bx + 56, top + h - 8)
        letter_box(c, bx + 10, top + TITLE_H + 6, 36, 44, kind, SMALL, radius=10)
        n = s["goods"][i] if i < len(s["goods"]) else 0
        c.text(bx + 28, top + TITLE_H + 80, str(n), BODY, INK, "c", bold=True, box=cell)
        keys.add(kind)
        _outline_if(c, was(old, "supply", "goods", i) not in (None, n), cell, f"supply {kind}")
    # the plantations, between
    px0, px1 = x1 + GAP, gx0 - GAP
    _frame(c, (px0, top, px1, top + h), tr(msg("Plantations (face up)"), lang))
    p = view["plantations"]
    faceup = p["faceup"]
    tx = px0 + 12
    row: Box = (px0 + 6, top + TITLE_H, px1 - 6, top + TITLE_H + 56)
    for plantation in faceup:
        tile(c, tx, top + TITLE_H + 4, plantation, None, 48)
        keys.add(plantation)
        tx += 54
    if not faceup:
        c.text(px0 + 12, top + TITLE_H + 28, tr(msg("none left"), lang), SMALL, MUTED, box=row)
    _outline_if(c, old is not None and was(old, "plantations", "faceup") != faceup, row, "plantations")
    qy = top + TITLE_H + 64
    qrow = (px0 + 6, qy - 4, px1 - 6, top + h - 4)
    tile(c, px0 + 12, qy, "quarry", None, 48)
    keys.add("quarry")
    qx = px0 + 12 + 56
    qx += c.text(qx, qy + 24, f"× {s['quarries']}", BODY, INK, bold=True, box=qrow) + 16
    stack = tr(msg("stack {n}", n=p["stack"]), lang)
    if qx + text_width(stack, SMALL) <= px1 - 12:
        c.text(qx, qy + 24, stack, SMALL, MUTED, box=qrow)
    _outline_if(c, was(old, "supply", "quarries") not in (None, s["quarries"]), qrow, "quarries")
    return top + h


def vp_chip(c: Canvas, x: float, y: float, size: int) -> None:
    """A VP chip: a purple square with a V."""
    c.rect((x, y, x + size, y + size), fill=PURPLE, outline=INK, width=2, radius=4)
    c.text(x + size / 2, y + size / 2, "V", SMALL, INK, "c", bold=True)


def cargo(c: Canvas, top: float, view: View, old: Table | None, keys: set[str]) -> float:
    """The cargo ships (size, loads, load/size) and the trading house."""
    lang = c.lang
    ships = view.get("cargo", [])
    h = TITLE_H + max(1, len(ships)) * 42 + 10
    slot = 34
    widest = max((int(sh["size"]) for sh in ships), default=5)
    ship_w = 12 + 34 + widest * (slot + 4) + 12 + text_width("8/8", SMALL, True) + 16
    x0, x1 = float(PAD), PAD + ship_w
    _frame(c, (x0, top, x1, top + h), tr(msg("Cargo ships"), lang))
    for k, ship in enumerate(ships):
        y0 = top + TITLE_H + k * 42
        cy = y0 + 20
        row: Box = (x0 + 6, y0, x1 - 6, y0 + 40)
        size, good, load = int(ship["size"]), ship.get("good"), int(ship.get("load", 0))
        c.text(x0 + 14, cy, str(size), BODY, INK, bold=True, box=row)
        for j in range(size):
            sx = x0 + 46 + j * (slot + 4)
            if good and j < load:
                letter_box(c, sx, cy - slot / 2, slot, slot, good, SMALL, radius=4)
                keys.add(good)
            else:
                c.rect((sx, cy - slot / 2, sx + slot, cy + slot / 2), fill=WHITE, outline=FAINT, width=2, radius=4)
        c.text(x0 + 46 + size * (slot + 4) + 8, cy, f"{load}/{size}", SMALL, INK, bold=load >= size, box=row)
        before_ship = was(old, "cargo", k)
        differs = old is not None and (
            not isinstance(before_ship, dict) or before_ship.get("good") != good or before_ship.get("load", 0) != load
        )
        _outline_if(c, differs, row, f"ship {size}")
    hx0, hx1 = x1 + GAP, float(WIDTH - PAD)
    _frame(c, (hx0, top, hx1, top + h), tr(msg("Trading house"), lang))
    house = view.get("house", [])
    row = (hx0 + 6, top + TITLE_H, hx1 - 6, top + TITLE_H + 56)
    for j in range(HOUSE_SIZE):
        sx = hx0 + 14 + j * 52
        if j < len(house):
            letter_box(c, sx, top + TITLE_H + 6, 44, 44, house[j], SMALL, radius=4)
            keys.add(house[j])
        else:
            c.rect((sx, top + TITLE_H + 6, sx + 44, top + TITLE_H + 50), fill=WHITE, outline=FAINT, width=2, radius=4)
    if len(house) >= HOUSE_SIZE:
        c.text(
            hx0 + 14 + HOUSE_SIZE * 52 + 6, top + TITLE_H + 28, tr(msg("full"), lang), SMALL, INK, bold=True, box=row
        )
    _outline_if(c, old is not None and was(old, "house") != house, row, "trading house")
    return top + h


def _columns(names: list[str], n: int) -> list[list[str]]:
    per = -(-len(names) // n) if names else 0
    return [names[i * per : (i + 1) * per] for i in range(n)]


def buildings(
    c: Canvas, top: float, view: View, old: Table | None, keys: set[str], colours: Sequence[PlayerColour]
) -> float:
    """The buildings on offer in three columns (production first, then by cost): cost, the good it
    makes, name, VP and copies left; in the building draft, the candidates and who picked which."""
    lang = c.lang
    draft = view.get("draft")
    picks = picked_by(view)
    if draft:
        names = sorted(listed(view), key=sort_key)
        title = tr(msg("Building draft"), lang)
    else:
        left = view["buildings"]
        names = sorted((b for b in listed(view) if left.get(b, 0) > 0), key=sort_key)
        title = tr(msg("Buildings in the supply: cost, VP, copies left"), lang)
    lines = wrap(slots_text(view, lang), SMALL, WIDTH - 2 * PAD - 24) if draft else []
    cols = _columns(names, 3)
    rows = max((len(col) for col in cols), default=0)
    h = TITLE_H + len(lines) * (SMALL + 10) + rows * LINE_H + 10
    _frame(c, (PAD, top, WIDTH - PAD, top + h), title)
    y = top + TITLE_H
    for line in lines:
        c.text(PAD + 12, y + SMALL / 2 + 4, line, SMALL, INK, box=(PAD, y, WIDTH - PAD, y + SMALL + 10))
        y += SMALL + 10
    w = (WIDTH - 2 * PAD - 24 - 2 * GAP) / 3
    for k, col in enumerate(cols):
        for r, b in enumerate(col):
            x = PAD + 12 + k * (w + GAP)
            cell = (x, y + r * LINE_H + 2, x + w, y + (r + 1) * LINE_H - 2)
            _building(c, cell, view, b, picks, colours, keys)
            if not draft:
                n = view["buildings"].get(b, 0)
                _outline_if(c, was(old, "buildings", b) not in (None, n), cell, f"building {b}")
    return top + h


def _building(
    c: Canvas,
    cell: tuple[float, float, float, float],
    view: View,
    b: str,
    picks: dict[str, int | None],
    colours: Sequence[PlayerColour],
    keys: set[str],
) -> None:
    lang = c.lang
    x0, y0, x1, y1 = cell
    cy = (y0 + y1) / 2
    info = BUILDINGS.get(b)
    picked = b in picks
    c.rect(cell, fill=GREY_FILL if picked else WHITE, outline=LINE, width=1, radius=4)
    coin(c, x0 + 20, cy, 16, info.cost if info else "?", SMALL)
    keys.add("cost")
    tx = x0 + 42
    if info and info.produces:
        letter_box(c, tx, cy - 13, 26, 26, info.produces, SMALL, radius=3)
        keys.add(info.produces)
        tx += 30
    # the right end: copies left, or who picked it in the draft
    right = x1 - 6
    if picked:
        seat = picks[b]
        if seat is not None and seat < len(colours):
            right -= disc(c, right - BODY * 1.24, cy, colours[seat], who=f"seat {seat} draft {b}")
        else:
            right -= c.text(right, cy, tr(msg("in game"), lang), SMALL, INK, "r", bold=True, box=cell)
    elif view.get("draft"):
        right -= c.text(right, cy, tr(msg("open"), lang), SMALL, GREEN, "r", bold=True, box=cell)
    else:
        right -= c.text(right, cy, f"×{view['buildings'].get(b, 0)}", SMALL, INK, "r", bold=True, box=cell)
    points = tr(msg("{n}VP", n=info.vp if info else "?"), lang)
    right -= c.text(right - 8, cy, points, SMALL, MUTED, "r", box=cell) + 8
    keys.add("VP")
    name = short(b, lang)
    c.text(tx, cy, name, SMALL, INK, box=(tx, y0, right - 4, y1))
    keys.update(k for k in ABBREVIATIONS if lang == "en" and name.startswith(k))


__all__ = ["buildings", "cargo", "roles", "supply", "vp_chip"]
