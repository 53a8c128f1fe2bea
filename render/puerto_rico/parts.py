"""Puerto Rico pieces: goods and tile styles, building names, and one player's board panel.

Reads only the view dict and the public rule constants of ``engine.puerto_rico.data``.
"""

from __future__ import annotations

from engine.core.colours import PlayerColour, colours_of
from engine.puerto_rico.colours import COLOURS
from engine.puerto_rico.data import BUILDING_ORDER, BUILDINGS, CITY_SPACES, GOODS, ISLAND_KINDS, ISLAND_SPACES
from engine.puerto_rico.types import PRView as View

from ..common import (
    BLUE,
    FAINT,
    GREEN,
    INK,
    LINE,
    MUTED,
    ORANGE,
    PANEL,
    PURPLE,
    RGB,
    VERMILLION,
    WHITE,
    YELLOW,
    Box,
    Canvas,
    fit,
    shrink,
    text_width,
)
from .expansion import noble
from .i18n import WORDS, msg, msgp, tr, tr_id
from .palette import ACT_TINT, COFFEE, LARGE_TINT, QUARRY
from .pieces import coin, colonist

# kind -> (fill, letter colour, letter). Letters make every kind readable without colour.
STYLE: dict[str, tuple[RGB, RGB, str]] = {
    "corn": (YELLOW, INK, "C"),
    "indigo": (BLUE, WHITE, "I"),
    "sugar": (WHITE, INK, "S"),
    "tobacco": (ORANGE, INK, "T"),
    "coffee": (COFFEE, WHITE, "K"),
    "quarry": (QUARRY, INK, "Q"),
    "forest": (GREEN, WHITE, "F"),
}
SHORT = {
    "small-indigo-plant": "Sm. indigo",
    "small-sugar-mill": "Sm. sugar",
    "indigo-plant": "Indigo plant",
    "sugar-mill": "Sugar mill",
    "tobacco-storage": "Tob. storage",
    "coffee-roaster": "Coffee roaster",
    "small-market": "Small market",
    "hacienda": "Hacienda",
    "construction-hut": "Constr. hut",
    "small-warehouse": "Sm. warehouse",
    "hospice": "Hospice",
    "office": "Office",
    "large-market": "Large market",
    "large-warehouse": "Lg. warehouse",
    "factory": "Factory",
    "university": "University",
    "harbor": "Harbor",
    "wharf": "Wharf",
    "guild-hall": "Guild hall",
    "residence": "Residence",
    "fortress": "Fortress",
    "customs-house": "Customs house",
    "city-hall": "City hall",
    "aqueduct": "Aqueduct",
    "forest-house": "Forest house",
    "black-market": "Black market",
    "storehouse": "Storehouse",
    "guest-house": "Guest house",
    "trading-post": "Trading post",
    "church": "Church",
    "small-wharf": "Small wharf",
    "lighthouse": "Lighthouse",
    "specialty-factory": "Spec. factory",
    "library": "Library",
    "union-hall": "Union hall",
    "cloister": "Cloister",
    "statue": "Statue",
    "land-office": "Land office",
    "chapel": "Chapel",
    "hunting-lodge": "Hunting lodge",
    "zoning-office": "Zoning office",
    "royal-supplier": "Royal supplier",
    "villa": "Villa",
    "jeweler": "Jeweler",
    "royal-garden": "Royal garden",
}
KIND_NAMES = {
    "role": msg("choose role"),
    "settle": msg("settle"),
    "mayor_privilege": msg("Mayor bonus"),
    "mayor_layout": msg("place colonists"),
    "build": msg("build"),
    "craft_bonus": msg("extra good"),
    "trade": msg("trade"),
    "ship": msg("ship goods"),
    "keep": msg("store goods"),
    "draft": msg("draft building"),
    "black_market": msg("Black market"),
    "lodge": msg("Hunting lodge"),
    "royal": msg("Royal supplier"),
    "small_wharf": msg("Small wharf"),
}
PANEL_W, PANEL_H = 618, 292
LIGHT_SEATS = frozenset({"yellow", "purple"})  # their letters are drawn in ink
TILE, TILE_GAP, ISLAND_COLS = 50, 6, 4
ROW_H, ROW_GAP, CITY_COLS = 24, 3.6, 2
BODY_Y = 126


# Building ids are translated as data (their Japanese names are in the render catalogue).
WORDS.declare_data(lambda: BUILDING_ORDER)
GOOD_NAMES = {
    "corn": msg("corn"),
    "indigo": msg("indigo"),
    "sugar": msg("sugar"),
    "tobacco": msg("tobacco"),
    "coffee": msg("coffee"),
    "quarry": msg("quarry"),
    "forest": msg("forest"),
}


def short(building: str, lang: str = "en") -> str:
    if lang != "en" and building in BUILDINGS:
        return tr_id(WORDS.name, building, lang)
    return SHORT.get(building, building.replace("-", " ").capitalize())


def letter_box(c: Canvas, x: float, y: float, w: float, h: float, kind: str, size: int, radius: int = 3) -> None:
    """A box in the colour of ``kind`` with its letter centred."""
    fill, fg, letter = STYLE.get(kind, (WHITE, INK, "?"))
    c.rect((x, y, x + w, y + h), fill=fill, outline=INK, width=2, radius=radius)
    c.text(x + w / 2 + 0.5, y + h / 2, letter, size, fg, "c", bold=True)


def barrel(c: Canvas, x: float, y: float, kind: str, h: int = 30) -> float:
    """A goods barrel (rounded, taller than wide) with the good's letter; returns its width."""
    w = round(h * 0.8)
    letter_box(c, x, y, w, h, kind, round(h * 0.55), radius=round(h * 0.3))
    return w


def tile(
    c: Canvas, x: float, y: float, kind: str, occupied: bool | None, s: int = TILE, is_noble: bool = False
) -> None:
    """A square plantation/quarry tile: letter on top, colonist circle (or a noble) below (None: no circle)."""
    fill, fg, letter = STYLE.get(kind, (WHITE, INK, "?"))
    c.rect((x, y, x + s, y + s), fill=fill, outline=INK, width=2, radius=4)
    if occupied is None:
        c.text(x + s / 2, y + s / 2, letter, round(s * 0.5), fg, "c", bold=True)
        return
    c.text(x + s / 2, y + s * 0.3, letter, round(s * 0.4), fg, "c", bold=True)
    if is_noble:
        noble(c, x + s / 2, y + s * 0.7, s * 0.18)
    else:
        colonist(c, x + s / 2, y + s * 0.7, s * 0.18, occupied)


def _city_cells(x: float, y: float, w: float) -> list[Box]:
    """The 12 city spaces as boxes, 2 per row."""
    cw = (w - 6) / CITY_COLS
    return [
        (x + col * (cw + 6), y + row * (ROW_H + ROW_GAP), x + col * (cw + 6) + cw, y + row * (ROW_H + ROW_GAP) + ROW_H)
        for row in range(CITY_SPACES // CITY_COLS)
        for col in range(CITY_COLS)
    ]


def _island_xy(x: float, y: float, i: int) -> tuple[float, float]:
    return x + (i % ISLAND_COLS) * (TILE + TILE_GAP), y + (i // ISLAND_COLS) * (TILE + TILE_GAP)


def _city_x(x: float) -> float:
    return x + 14 + ISLAND_COLS * TILE + (ISLAND_COLS - 1) * TILE_GAP + 20


def panel_base(c: Canvas, x: float, y: float, lang: str = "en") -> None:
    """The static part of a player panel: frame, labels, empty island and city spaces."""
    c.rect((x, y, x + PANEL_W, y + PANEL_H), fill=PANEL, outline=LINE, width=2, radius=10)
    c.d.line((x + 10, y + 44, x + PANEL_W - 10, y + 44), fill=FAINT, width=1)
    c.text(x + 14, y + 62, fit(tr(msg("Goods"), lang), 15, 48), 15, MUTED)
    c.text(x + 14, y + 106, tr(msg("Island"), lang), 16, MUTED, bold=True)
    c.text(_city_x(x), y + 106, tr(CITY, lang), 16, MUTED, bold=True)
    for i in range(ISLAND_SPACES):
        tx, ty = _island_xy(x + 14, y + BODY_Y, i)
        c.rect((tx, ty, tx + TILE, ty + TILE), outline=FAINT, width=2, radius=4)
    for box in _city_cells(_city_x(x), y + BODY_Y, x + PANEL_W - 14 - _city_x(x)):
        c.rect(box, outline=FAINT, width=1, radius=3)


CITY = msgp("board", "City")


def _city_label_w(lang: str) -> float:
    """Room the city's label takes before its counts (42 pixels for "City")."""
    return 42 if lang == "en" else text_width(tr(CITY, lang), 16, True) + 10


def _badges(c: Canvas, x: float, y: float, view: View, seat: int, lang: str = "en") -> None:
    waiting = {d["player"]: d.get("kind", "") for d in view.get("waiting", [])}
    if seat == view.get("governor"):
        x += c.badge(x, y, tr(msg("GOVERNOR"), lang), PURPLE, INK, 14) + 6
    if seat in waiting:
        kind = str(waiting[seat])
        label = tr(msg("TO ACT: {what}", what=KIND_NAMES.get(kind, kind.replace("_", " "))), lang)
        x += c.badge(x, y, label, VERMILLION, WHITE, 14) + 6
    elif seat in view.get("submitted", []):
        x += c.badge(x, y, tr(msg("DONE"), lang), GREEN, WHITE, 14) + 6
    result = view.get("result")
    if result and seat in result.get("winners", []):
        c.badge(x, y, tr(msg("WINNER"), lang), YELLOW, INK, 14, outline=INK)


def _city(
    c: Canvas, x: float, y: float, w: float, city: dict[str, int], nobles: dict[str, int], lang: str = "en"
) -> None:
    order = {b: i for i, b in enumerate(BUILDING_ORDER)}
    names = sorted(city, key=lambda b: order.get(b, len(order)))
    smalls = [b for b in names if not (b in BUILDINGS and BUILDINGS[b].large)]
    larges = [b for b in names if b in BUILDINGS and BUILDINGS[b].large]
    cells = _city_cells(x, y, w)
    placed: list[tuple[str, Box]] = [(b, cells[i]) for i, b in enumerate(smalls)]
    row = (len(smalls) + 1) // 2
    for b in larges:
        if 2 * row + 1 < len(cells):
            left, right = cells[2 * row], cells[2 * row + 1]
            placed.append((b, (left[0], left[1], right[2], right[3])))
        row += 1
    for b, box in placed[: len(cells)]:
        _building(c, box, b, city[b], nobles.get(b, 0), lang)


def _building(c: Canvas, box: Box, b: str, colonists: int, nobles: int = 0, lang: str = "en") -> None:
    x0, y0, x1, y1 = box
    info = BUILDINGS.get(b)
    circles = info.circles if info else 1
    large = bool(info and info.large)
    c.rect(box, fill=LARGE_TINT if large else WHITE, outline=INK, width=1, radius=3)
    cy = (y0 + y1) / 2
    tx = x0 + 5
    if info and info.produces:
        letter_box(c, x0 + 3, y0 + 3, ROW_H - 6, ROW_H - 6, info.produces, 12, radius=2)
        tx += ROW_H - 3
    r = 7
    cx = x1 - 4 - r - (circles - 1) * (2 * r + 3)
    label = short(b, lang) + (" (4+)" if large else "")
    size = 15 if lang == "en" else 13  # Japanese names are wider: a smaller size keeps them whole
    c.text(tx, cy, fit(label, size, cx - r - 4 - tx), size, INK)
    for i in range(circles):
        if i < min(nobles, colonists):
            noble(c, cx + i * (2 * r + 3), cy, r)
        else:
            colonist(c, cx + i * (2 * r + 3), cy, r, i < colonists)


def seat_colour(view: View, seat: int) -> PlayerColour:
    """The colour seat ``seat`` is drawn in: the table's choice the view carries, else the game's order."""
    return colours_of(view, COLOURS)[seat]


def panel(
    c: Canvas,
    x: float,
    y: float,
    view: View,
    seat: int,
    vp_chips: int | None = None,
    lang: str = "en",
    final: float | None = None,
) -> None:
    """Draw the dynamic part of ``seat``'s panel over :func:`panel_base`; ``vp_chips`` only for the owner;
    ``final``: the seat's final total as the table's outcome has it (else the view's result's)."""
    board = view["boards"][seat]
    name = str(view["players"][seat])
    waiting = {d["player"] for d in view.get("waiting", [])}
    if seat in waiting:
        c.rect((x + 2, y + 2, x + PANEL_W - 2, y + 43), fill=ACT_TINT, radius=9)
        c.rect((x - 1, y - 1, x + PANEL_W + 1, y + PANEL_H + 1), outline=VERMILLION, width=5, radius=11)
    # Header: name, badges; doubloons and VP on the right.
    right = x + PANEL_W - 14
    coin(c, right - 15, y + 23, 15, board["doubloons"], 16)
    right -= 38
    bldg = tr(msg("bldg {n} VP", n=board["building_vp"]), lang)
    right -= c.text(right, y + 23, bldg, 16, INK, "r", bold=True) + 10
    if vp_chips is not None:
        right -= c.badge(right, y + 23, tr(msg("chips {n} VP", n=vp_chips), lang), GREEN, WHITE, 14, "r") + 8
    colour = seat_colour(view, seat)
    ink = INK if colour.id in LIGHT_SEATS else WHITE
    nx = x + 18 + c.badge(x + 18, y + 23, colour.mark, colour.rgb, ink, 16, who=f"seat {seat} panel") + 8
    name_w = c.text(nx, y + 23, fit(name, 24, 200, True), 24, INK, bold=True)
    _badges(c, nx + name_w + 10, y + 23, view, seat, lang)
    # Goods and San Juan.
    gx = x + 64
    for i, kind in enumerate(GOODS):
        n = board["goods"][i] if i < len(board["goods"]) else 0
        if n:
            gx += barrel(c, gx, y + 47, kind) + 4
            gx += c.text(gx, y + 62, str(n), 18, INK, bold=True) + 12
    if not any(board["goods"]):
        c.text(gx, y + 62, tr(msg("none"), lang), 15, MUTED)
    sj = board.get("san_juan", 0)
    nobles = board.get("nobles") or {}
    sx = x + PANEL_W - (140 if "nobles" in board else 80)
    if "nobles" in board:
        sj -= nobles.get("san_juan", 0)
        noble(c, x + PANEL_W - 80, y + 62, 8)
        c.text(x + PANEL_W - 68, y + 62, f"x{nobles.get('san_juan', 0)}", 16, INK, bold=True)
    colonist(c, sx, y + 62, 8, True)
    c.text(sx + 12, y + 62, f"x{sj}", 16, INK, bold=True)
    c.text(sx - 10, y + 62, tr(msg("San Juan"), lang), 15, MUTED, "r")
    result = view.get("result")
    rows = {r.get("seat"): r for r in result.get("players", [])} if result else {}
    if seat in rows:
        r = rows[seat]
        bonus = sum(r.get("bonuses", {}).values())
        total = tr(
            msg(
                "TOTAL {total} VP = {chips} chips + {buildings} bldg + {bonus} bonus",
                total=f"{final:g}" if final is not None else r["total"],
                chips=r["vp_chips"],
                buildings=r["buildings"],
                bonus=bonus,
            ),
            lang,
        )
        total_size = 15
        if lang != "en":  # right of the city's label
            room = x + PANEL_W - 14 - _city_x(x) - _city_label_w(lang)
            total_size = shrink(total, 15, room, True, least=11)
            total = fit(total, total_size, room, True)
        c.text(
            x + PANEL_W - 14,
            y + 106,
            total,
            total_size,
            INK,
            "r",
            bold=True,
        )
    # Island and city.
    c.text(x + 68, y + 106, f"{board.get('island_tiles', 0)}/{ISLAND_SPACES}", 15, MUTED)
    if seat not in rows:
        c.text(
            _city_x(x) + _city_label_w(lang),
            y + 106,
            tr(
                msg(
                    "{used}/{all} spaces, {n} empty circles",
                    used=board.get("city_spaces", 0),
                    all=CITY_SPACES,
                    n=board.get("empty_circles", 0),
                ),
                lang,
            ),
            15,
            MUTED,
        )
    i = 0
    for tile_kind in ISLAND_KINDS:
        tiles, occupied = board["island"].get(tile_kind, (0, 0))
        lords = min(nobles.get(tile_kind, 0), occupied)
        for k in range(tiles):
            if i < ISLAND_SPACES:
                tile(
                    c,
                    *_island_xy(x + 14, y + BODY_Y, i),
                    tile_kind,
                    None if tile_kind == "forest" else k < occupied,
                    is_noble=k < lords,
                )
            i += 1
    _city(c, _city_x(x), y + BODY_Y, x + PANEL_W - 14 - _city_x(x), board["city"], nobles, lang)


def legend(
    c: Canvas, x: float, y: float, width: float, size: int = 15, extras: bool = False, lang: str = "en"
) -> float:
    """Key to the letters and symbols, flowing onto as many lines as ``width`` needs.
    ``y`` is the centre of the first line; returns the centre of the last line."""
    words = [(kind, GOOD_NAMES[kind]) for kind in (*GOODS, "quarry")]
    words += [("colonist", msg("colonist")), ("empty", msg("empty circle")), ("coin", msg("doubloons"))]
    if extras:  # expansion pieces
        words += [("forest", msg("forest (no colonist)")), ("noble", msg("noble"))]
    items = [(symbol, tr(word, lang)) for symbol, word in words]
    x0 = x
    for symbol, label in items:
        w = 26 + text_width(label, size) + 16
        if x + w > x0 + width and x > x0:
            x, y = x0, y + 30
        if symbol in STYLE:
            letter_box(c, x, y - 11, 22, 22, symbol, 13)
        elif symbol == "noble":
            noble(c, x + 11, y, 8)
        elif symbol == "coin":
            coin(c, x + 11, y, 11, "$", 13)
        else:
            colonist(c, x + 11, y, 8, symbol == "colonist")
        c.text(x + 26, y, label, size, INK)
        x += w
    return y
