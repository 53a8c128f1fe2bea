"""The city on Lisboa's turn image: a grid read at Discord's inline size. Sites left and right of
the lots and over the streets (a building's id on its face's colour, or the rubble on it as letter
and count), the lots (a store: its owner's disc and its goods token), the streets' types, each row's
and column's rubble, what a store scores per column, then the architects' buildings and plans.
Every cell that differs from the view as the turn began is outlined (:func:`render.turn.changed`).
"""

from __future__ import annotations

from typing import Any

from ..common import FAINT, GREY_FILL, INK, MUTED, PANEL, WHITE, Box, Canvas, View, blend
from ..turn import PAD, SMALL, WIDTH, changed, section, was
from . import icons
from .i18n import msg, tr
from .parts import COVER, FACES, GOOD_NAMES, RUBBLE, pack
from .table import FACE_NAMES

CELL_H, GAP, SITE_W, LOT_W, SMALL_W, LANE_W, RUBBLE_W = 38, 3, 100, 96, 80, 40, 120
ROWS = ("A", "B", "C", "D", "E")
LINE = SMALL + 8


def _columns() -> dict[str, tuple[float, float]]:
    """x ranges: "L" (left sites), 1..5 (lots), "S1".."S4" (streets), "R" (right sites), "rubble"."""
    out: dict[str, tuple[float, float]] = {"L": (PAD, PAD + SITE_W)}
    x = PAD + SITE_W + GAP
    for col in range(1, 6):
        w = SMALL_W if col == 5 else LOT_W
        out[str(col)] = (x, x + w)
        x += w
        if col < 5:
            out[f"S{col}"] = (x, x + LANE_W)
            x += LANE_W
    out["R"] = (x + GAP, x + GAP + SITE_W)
    out["rubble"] = (x + 2 * GAP + SITE_W, x + 2 * GAP + SITE_W + RUBBLE_W)
    return out


COLUMNS = _columns()


def _rubble_words(counts: dict[str, int]) -> str:
    """``EEF``: a disaster's letter per cube (``E4 F3`` past six cubes); the legend names the letters."""
    pieces = {d: max(0, int(counts.get(d, 0))) for d in RUBBLE}
    if sum(pieces.values()) <= 6:
        return "".join(RUBBLE[d][2] * n for d, n in pieces.items())
    return " ".join(f"{RUBBLE[d][2]}{n}" for d, n in pieces.items() if n)


def _cell(c: Canvas, box: Box, fill: tuple[int, int, int], text: str = "", ink: tuple[int, int, int] = MUTED) -> None:
    c.rect(box, fill=fill, outline=FAINT, width=1, radius=4)
    if text:
        x0, y0, x1, y1 = box
        c.text((x0 + x1) / 2, (y0 + y1) / 2, text, SMALL, ink, "c", bold=ink != MUTED, box=box)


def _site(c: Canvas, box: Box, site: str, data: dict[str, Any]) -> None:
    building = data.get("building")
    if building:
        face = str(building.get("face", "blue"))
        _cell(c, box, FACES.get(face, GREY_FILL), str(building.get("id", "?")), WHITE)
        return
    words = _rubble_words(data.get("rubble") or {})
    _cell(c, box, PANEL, words or "-", INK if words else MUTED)


def _lot(c: Canvas, box: Box, lot: str, store: dict[str, Any] | None) -> None:
    if not store:
        _cell(c, box, WHITE, lot)
        return
    x0, y0, x1, y1 = box
    owner = store.get("owner", 0)
    c.rect(box, fill=blend((160, 160, 160), WHITE, 0.25), outline=INK, width=2, radius=4)
    cy = (y0 + y1) / 2
    icons.seat(c, x0 + 6 + icons.TOKEN / 2, cy, owner, who=f"store {lot}")
    icons.good(c, x0 + 10 + icons.TOKEN, cy - icons.TOKEN / 2, icons.TOKEN, str(store.get("type", "")))


def city(c: Canvas, top: float, view: View, old: View | None) -> float:
    """The grid, then the architects' lines; returns the bottom."""
    lang = c.lang
    y = section(c, top, tr(msg("City: sites, lots, streets and rubble"), lang))
    city_ = view.get("city") or {}
    before = was(old, "city")
    pk = pack()
    covered = set(city_.get("covered_rows") or [])
    rows = [r for r in ROWS if r not in covered]
    row_y = {r: y + (CELL_H + GAP) * (k + 1) for k, r in enumerate(rows)}
    sites = city_.get("sites") or {}
    lots = city_.get("lots") or {}

    def outline(box: Box, *path: Any) -> None:
        if before is not None and was(before, *path) != was(city_, *path):
            changed(c, box, " ".join(str(p) for p in path))

    for site in pk.sites.values():
        if site.side == "top":
            x0, x1 = COLUMNS.get(site.street or "S1", COLUMNS["S1"])
            cx = (x0 + x1) / 2
            box: Box = (cx - SITE_W / 2 + 2, y, cx + SITE_W / 2 - 2, y + CELL_H)
        elif site.row in row_y:
            x0, x1 = COLUMNS["L" if site.side == "left" else "R"]
            box = (x0, row_y[site.row], x1, row_y[site.row] + CELL_H)
        else:
            continue
        _site(c, box, site.id, sites.get(site.id) or {})
        outline(box, "sites", site.id)
    for lot in pk.lots.values():
        if lot.row not in row_y:
            continue
        x0, x1 = COLUMNS[str(lot.column)]
        box = (x0 + 2, row_y[lot.row], x1 - 2, row_y[lot.row] + CELL_H)
        _lot(c, box, lot.id, lots.get(lot.id))
        outline(box, "lots", lot.id)
    if rows:
        first, last = row_y[rows[0]], row_y[rows[-1]] + CELL_H
        for street in pk.streets.values():
            x0, x1 = COLUMNS.get(street.id, COLUMNS["S1"])
            c.rect((x0 + 4, first, x1 - 4, last), fill=GREY_FILL)
            for r in rows[1::2]:
                icons.good(
                    c, (x0 + x1 - icons.TOKEN) / 2, row_y[r] + (CELL_H - icons.TOKEN) / 2, icons.TOKEN, street.type
                )
    x0, x1 = COLUMNS["rubble"]
    for r in rows:
        box = (x0, row_y[r], x1, row_y[r] + CELL_H)
        words = _rubble_words((city_.get("row_rubble") or {}).get(r) or {})
        _cell(c, box, PANEL, words or tr(msg("row {row}", row=r), lang), INK if words else MUTED)
        outline(box, "row_rubble", r)
    bottom = (row_y[rows[-1]] + CELL_H + GAP) if rows else y + CELL_H + GAP
    scoring = city_.get("scoring") or {}
    for col in range(1, 6):
        cx0, cx1 = COLUMNS[str(col)]
        box = (cx0 + 2, bottom, cx1 - 2, bottom + CELL_H)
        words = _rubble_words((city_.get("column_rubble") or {}).get(str(col)) or {})
        _cell(c, box, PANEL, words or "-", INK if words else MUTED)
        outline(box, "column_rubble", str(col))
        info = pk.columns.get(col)
        value = None
        if info is not None:
            value = scoring.get(str(info.score_space)) if info.score_space is not None else info.score_fixed
        score_box = (cx0 + 2, bottom + CELL_H + GAP, cx1 - 2, bottom + 2 * CELL_H + GAP)
        _cell(c, score_box, WHITE, f"{value if value is not None else '?'}w", INK)
    label_x0, label_x1 = COLUMNS["L"]
    _cell(c, (label_x0, bottom, label_x1, bottom + CELL_H), blend(FAINT, PANEL, 0.3), tr(msg("rubble"), lang))
    _cell(
        c,
        (label_x0, bottom + CELL_H + GAP, label_x1, bottom + 2 * CELL_H + GAP),
        blend(FAINT, PANEL, 0.3),
        tr(msg("store"), lang),
    )
    if covered:
        rx0, rx1 = COLUMNS["R"][0], COLUMNS["rubble"][1]
        _cell(
            c,
            (rx0, bottom, rx1, bottom + CELL_H),
            COVER,
            tr(msg("row {row} covered", row=",".join(sorted(covered))), lang),
        )
    return architects(c, bottom + 2 * CELL_H + 2 * GAP, view, old)


def architects(c: Canvas, top: float, view: View, old: View | None) -> float:
    """One line per architect colour: the building to open now, the stack, the plans on offer."""
    lang = c.lang
    y = top + 4
    buildings = view.get("buildings") or {}
    plans = view.get("plans") or {}
    pk = pack()
    for colour in FACES:
        b = buildings.get(colour) or {}
        stack = b.get("stack") if isinstance(b.get("stack"), dict) else {}
        own = [f"{pid}({pk.plans[pid].officials if pid in pk.plans else '?'})" for pid in plans.get(colour) or []]
        line = tr(
            msg(
                "{colour}: open {building}, {n} in the stack; plans {plans}",
                colour=tr(FACE_NAMES[colour], lang) if colour in FACE_NAMES else colour,
                building=_building(b.get("buildable"), colour, lang),
                n=int((stack or {}).get("count") or 0),
                plans=", ".join(own) or tr(msg("none"), lang),
            ),
            lang,
        )
        start = y
        y = icons.lines(c, PAD, y, [line], WIDTH - 2 * PAD)
        if old is not None and (was(old, "buildings", colour) != b or was(old, "plans", colour) != plans.get(colour)):
            changed(c, (PAD - 4, start, WIDTH - PAD + 4, y), f"{colour} architect")
    return y + 4


def _building(bid: object, face: str, lang: str) -> str:
    if not bid:
        return tr(msg("none"), lang)
    info = pack().buildings.get(str(bid))
    goods = [tr(GOOD_NAMES[g], lang) for g in getattr(info, face, ()) if g in GOOD_NAMES] if info else []
    return f"{bid} ({', '.join(goods)})" if goods else str(bid)


__all__ = ["COLUMNS", "architects", "city"]
