"""The Lisboa city map: 5 x 5 lots between four streets, the 14 public-building sites, row and
column rubble, scoring tiles and the city-tile display.

Geometry (``x`` across, ``y`` down, in units inside the city box): the left sites, lot columns 1-5
with street k in the lane between columns k and k+1, the right sites, then the row rubble; the
street-top sites sit above their lanes. :func:`city_base` draws the static frame (cached per set of
covered rows by the caller); :func:`city` draws the pieces from the view.
"""

from __future__ import annotations

from typing import Any

from ..common import FAINT, GREY_FILL, INK, LINE, MUTED, PANEL, WHITE, Box, View
from .i18n import msg
from .parts import COVER, FACES, GOOD_NAMES, GOODS, RUBBLE, Pen, pack, seat_style

CITY_W = 890
PAD, SITE_W, LOT_W, SMALL_W, LANE_W = 12, 86, 100, 62, 36
TOP_Y, TOP_H = 34, 64
LOT_Y, LOT_H, ROW_GAP = 104, 110, 6
ROWS = ("A", "B", "C", "D", "E")


def _col_x() -> dict[int, tuple[int, int]]:
    """Lot column -> (x0, x1)."""
    out, x = {}, PAD + SITE_W + 6
    for col in range(1, 6):
        w = SMALL_W if col == 5 else LOT_W
        out[col] = (x, x + w)
        x += w + LANE_W
    return out


COLS = _col_x()
LANES = {k: (COLS[k][1], COLS[k + 1][0]) for k in range(1, 5)}  # street Sk between columns k and k+1
RIGHT_X = COLS[5][1] + 6
RUBBLE_X = RIGHT_X + SITE_W + 10
MAP_BOTTOM = LOT_Y + 5 * (LOT_H + ROW_GAP) - ROW_GAP
COLRUB_Y = MAP_BOTTOM + 8
SCORE_Y = COLRUB_Y + 32
DISPLAY_Y = SCORE_Y + 34
CITY_H = DISPLAY_Y + 78


def _row_y(row: str) -> float:
    return LOT_Y + ROWS.index(row) * (LOT_H + ROW_GAP) if row in ROWS else LOT_Y


def street_lane(street: str) -> tuple[float, float]:
    try:
        return LANES[int(street.lstrip("S"))]
    except (ValueError, KeyError):
        return LANES[1]


def site_box(site: str) -> Box:
    info = pack().sites.get(site)
    if info is None:
        return (0, 0, 0, 0)
    if info.side == "top":
        x0, x1 = street_lane(info.street or "S1")
        cx = (x0 + x1) / 2
        return (cx - SITE_W / 2, TOP_Y, cx + SITE_W / 2, TOP_Y + TOP_H)
    y = _row_y(info.row or "A")
    x = PAD if info.side == "left" else RIGHT_X
    return (x, y, x + SITE_W, y + LOT_H)


def lot_box(lot: str) -> Box:
    info = pack().lots.get(lot)
    if info is None:
        return (0, 0, 0, 0)
    x0, x1 = COLS.get(info.column, COLS[1])
    y = _row_y(info.row)
    return (x0, y, x1, y + LOT_H)


def city_base(p: Pen, covered: tuple[str, ...], height: float = CITY_H) -> None:
    """Frame, street lanes with their types, empty lots and sites, labels; covered rows greyed."""
    pk = pack()
    p.rect(0, 0, CITY_W, height, PANEL, LINE, 2, 10)
    title = p.text(PAD, 17, p.say(msg("City of Lisbon")), 16, MUTED, bold=True)
    streets = p.say(msg("rows A-E, lot columns 1-5; street k runs between columns k and k+1"))
    p.text(max(PAD + 130, PAD + title + 16), 17, streets, 13, MUTED)
    for street in pk.streets.values():
        x0, x1 = street_lane(street.id)
        p.rect(x0 + 3, TOP_Y + TOP_H + 2, x1 - 3, MAP_BOTTOM, GREY_FILL)
        p.line((x0 + x1) / 2, TOP_Y + TOP_H + 30, (x0 + x1) / 2, MAP_BOTTOM - 6, WHITE, 2)
        for y in (LOT_Y + LOT_H + ROW_GAP / 2 - 22, LOT_Y + 3 * (LOT_H + ROW_GAP) + ROW_GAP / 2 - 22):
            p.good((x0 + x1) / 2, y, street.type, 10)
            p.text((x0 + x1) / 2, y + 19, street.id, 11, INK, "c", bold=True)
    for lot in pk.lots.values():
        x0, y0, x1, y1 = lot_box(lot.id)
        if lot.row in covered:
            continue
        p.rect(x0, y0, x1, y1, WHITE, FAINT, 2, 4)
        p.text(x0 + 6, y0 + 11, lot.id, 12, MUTED, bold=True)
        if lot.size == "small":
            p.text(x1 - 5, y0 + 11, p.say(msg("small")), 10, MUTED, "r")
    for site in pk.sites.values():
        x0, y0, x1, y1 = site_box(site.id)
        if site.row in covered:
            continue
        p.rect(x0, y0, x1, y1, PANEL, LINE, 2, 6)
        p.text(x0 + 6, y0 + 11, site.id, 12, INK, bold=True)
    for row in ROWS:
        y = _row_y(row)
        if row in covered:
            p.rect(PAD, y, RUBBLE_X + 66, y + LOT_H, COVER, LINE, 1, 6)
            covered_row = p.say(msg("row {row} covered (2 players)", row=row))
            p.text((PAD + RUBBLE_X + 66) / 2, y + LOT_H / 2, covered_row, 18, INK, "c", bold=True)
        else:
            p.rect(RUBBLE_X, y + 4, RUBBLE_X + 66, y + LOT_H - 4, None, FAINT, 1, 4)
            p.text(RUBBLE_X + 33, y + 14, p.say(msg("row {row}", row=row)), 11, MUTED, "c")
    narrow = None if p.lang == "en" else SITE_W
    p.text(
        RUBBLE_X + 33, TOP_Y + TOP_H - 8, p.say(msg("row rubble")), 11, MUTED, "c", width=None if narrow is None else 70
    )
    p.text(PAD, COLRUB_Y + 10, p.say(msg("column")), 11, MUTED, width=narrow)
    p.text(PAD, COLRUB_Y + 23, p.say(msg("rubble")), 11, MUTED, width=narrow)
    p.text(PAD, SCORE_Y + 10, p.say(msg("wigs per")), 11, MUTED, width=narrow)
    p.text(PAD, SCORE_Y + 23, p.say(msg("store")), 11, MUTED, width=narrow)
    for col, (x0, x1) in COLS.items():
        p.rect(x0, COLRUB_Y, x1, COLRUB_Y + 26, None, FAINT, 1, 4)
        p.rect(x0, SCORE_Y, x1, SCORE_Y + 26, WHITE, FAINT, 1, 4)
        p.text(x0 + 4, SCORE_Y + 13, p.say(msg("col {n}", n=col)), 11, MUTED)
    p.line(PAD, DISPLAY_Y - 4, CITY_W - PAD, DISPLAY_Y - 4, FAINT)
    p.text(PAD, DISPLAY_Y + 12, p.say(msg("City-tile display")), 14, MUTED, bold=True, width=190)
    for i, space in enumerate(pk.tile_display.values()):
        x = PAD + i * 92
        p.rect(x, DISPLAY_Y + 24, x + 84, DISPLAY_Y + 68, None, FAINT, 1, 5)
        size = p.say(SIZE_NAMES[space.size]) if space.size in SIZE_NAMES else space.size
        p.text(x + 42, DISPLAY_Y + 60, f"{p.name(GOOD_NAMES, space.type)} {size}", 11, MUTED, "c")
    p.text(PAD + 480, DISPLAY_Y + 12, p.say(msg("Spare rubble")), 14, MUTED, bold=True)


SIZE_NAMES = {"large": msg("large"), "small": msg("small")}


def _store(p: Pen, lot: str, store: dict[str, Any]) -> None:
    """A store: the lot in the owner's colour, the type token, the seat number, a notch to its street."""
    x0, y0, x1, y1 = lot_box(lot)
    fill, fg, label = seat_style(store.get("owner", 0))
    p.rect(x0, y0, x1, y1, fill, INK, 2, 4)
    p.text(x0 + 6, y0 + 11, lot, 12, fg, bold=True)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 6
    p.rect(cx - 24, cy - 26, cx + 24, cy + 26, WHITE, INK, 1, 6)
    p.good(cx, cy - 9, str(store.get("type", "")), 13)
    p.text(cx, cy + 15, p.say(msg("seat {n}", n=label)), 11, INK, "c", bold=True)
    street = store.get("street")
    if street:
        lx0, lx1 = street_lane(str(street))
        edge = x1 if lx0 >= x1 - 1 else x0
        d = 9 if edge == x1 else -9
        p.polygon([(edge, cy - 9), (edge + d, cy), (edge, cy + 9)], WHITE)
        p.text(x1 - 5 if edge == x1 else x0 + 5, y1 - 9, str(street), 11, fg, "r" if edge == x1 else "l", bold=True)


def _site(p: Pen, site: str, data: dict[str, Any]) -> None:
    x0, y0, x1, y1 = site_box(site)
    building = data.get("building")
    if building:
        face = str(building.get("face", "blue"))
        p.rect(x0, y0, x1, y1, FACES.get(face, GREY_FILL), INK, 2, 6)
        p.text(x0 + 6, y0 + 11, site, 12, WHITE, bold=True)
        p.text(x1 - 5, y0 + 11, p.name(FACE_NAMES, face), 11, WHITE, "r")
        bid = str(building.get("id", "?"))
        p.text((x0 + x1) / 2, y0 + 28, bid, 14, WHITE, "c", bold=True)
        info = pack().buildings.get(bid)
        icons = list(getattr(info, face, ()) if info else ())
        for i, good in enumerate(icons):
            p.good((x0 + x1) / 2 + (i - (len(icons) - 1) / 2) * 24, y1 - 16, good, 10)
        return
    rubble = data.get("rubble") or {}
    if sum(rubble.values()):
        p.cubes(x0 + 7, y1 - 26, rubble, 4, 18)
    else:
        p.text((x0 + x1) / 2, y1 - 18, p.say(msg("cleared")), 12, INK, "c", bold=True)


def city(p: Pen, view: View) -> None:
    """The pieces: stores, sites, rubble, scoring tiles, tile display, spare rubble."""
    c = view.get("city") or {}
    pk = pack()
    for lot, store in (c.get("lots") or {}).items():
        if store and lot in pk.lots:
            _store(p, lot, store)
    for site, data in (c.get("sites") or {}).items():
        if site in pk.sites and isinstance(data, dict):
            _site(p, site, data)
    for row, counts in (c.get("row_rubble") or {}).items():
        if row in ROWS:
            y = _row_y(row)
            p.cubes(RUBBLE_X + 5, y + LOT_H / 2 - 6, counts, 3, 17)
    for col, counts in (c.get("column_rubble") or {}).items():
        x0, _ = COLS.get(int(col), COLS[1])
        p.cubes(x0 + 5, COLRUB_Y + 4, counts, 5, 18)
    scoring = c.get("scoring") or {}
    for col, (_x0, x1) in COLS.items():
        info = pk.columns.get(col)
        if info is None:
            continue
        value = scoring.get(str(info.score_space)) if info.score_space is not None else info.score_fixed
        mark = "*" if info.score_space is None else ""
        p.text(x1 - 6, SCORE_Y + 13, f"{value if value is not None else '?'}{mark}", 16, INK, "r", bold=True)
    display = c.get("tile_display") or {}
    for i, space in enumerate(pk.tile_display.values()):
        x = PAD + i * 92
        if display.get(space.id):
            p.rect(
                x + 24,
                DISPLAY_Y + 27,
                x + 60,
                DISPLAY_Y + 50,
                GOODS[space.type][0] if space.type in GOODS else WHITE,
                INK,
                1,
                3,
            )
            p.good(x + 42, DISPLAY_Y + 38, space.type, 9)
        else:
            p.text(x + 42, DISPLAY_Y + 38, p.say(msg("empty")), 12, MUTED, "c")
    tiles = c.get("tiles") or {}
    left = msg("tiles left: large {large}, small {small}", large=tiles.get("large", "?"), small=tiles.get("small", "?"))
    p.text(PAD + 200, DISPLAY_Y + 12, p.say(left), 13, INK)
    spare = c.get("spare_rubble") or {}
    sx: float = PAD + 480
    for d in RUBBLE:
        p.cube(sx, DISPLAY_Y + 30, d, 18)
        sx += 22 + p.text(sx + 22, DISPLAY_Y + 39, f"x{spare.get(d, 0)}", 15, INK, bold=True) + 12
    p.text(CITY_W - PAD, DISPLAY_Y + 60, p.say(msg("* column 5 scores a fixed value (provisional)")), 11, MUTED, "r")


FACE_NAMES = {"blue": msg("blue"), "green": msg("green")}
