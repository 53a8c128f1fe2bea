"""Puerto Rico board image, drawn only from a view dict (public, or one seat's private view).

``board(view)`` draws the whole table; ``player_board(view, seat)`` one player's "My board".
Static parts (frames, titles, legend, building names) are cached per table shape.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from PIL import Image

from engine.core.colours import PlayerColour
from engine.puerto_rico.data import BUILDINGS, GOODS, HOUSE_SIZE
from engine.puerto_rico.types import PRView as View

from ..common import (
    BG,
    FAINT,
    GREEN,
    GREY_FILL,
    HEADER,
    INK,
    LINE,
    MUTED,
    PANEL,
    PURPLE,
    VERMILLION,
    WHITE,
    YELLOW,
    Canvas,
    fit,
    shrink,
    text_width,
    wrap,
)
from ..common import View as Table
from ..final import final_values, outcome
from ..final import panel as final_panel
from ..turn import WIDTH
from . import key
from .expansion import listed, noble, options_text, picked_by, slots_text, sort_key
from .i18n import msg, tr
from .names import end_reasons, role_name
from .palette import PALETTE
from .parts import GOOD_NAMES, PANEL_H, PANEL_W, barrel, legend, letter_box, panel, panel_base, seat_colour, short, tile
from .pieces import coin, colonist
from .turn_image import ENGINE, turn

__all__ = ["PALETTE", "board", "player_board", "role_name", "turn"]

W, M, GAP = 1280, 16, 12
HEADER_H, BANNER_H, ROLES_H, SUPPLY_H, LEGEND_H = 56, 42, 92, 190, 44
BROW_H, BUILD_TITLE = 30, 36
# Supply boxes: (title, x offset, width)
BOX_A, BOX_B, BOX_C = (M, 220), (M + 232, 360), (M + 604, 250)
BOX_D = (M + 866, W - 2 * M - 866)


def _columns(buildings: tuple[str, ...]) -> list[list[str]]:
    """Building ids in the four cost columns of the printed board."""
    cols: list[list[str]] = [[], [], [], []]
    for b in sorted(buildings, key=sort_key):
        col = BUILDINGS[b].column if b in BUILDINGS else 4
        cols[min(max(col, 1), 4) - 1].append(b)
    return cols


def _layout(players: int, buildings: tuple[str, ...], above: int, lang: str = "en") -> dict[str, int]:
    """Where each part goes; ``above``: the height of the banner or final panel under the header."""
    y = HEADER_H + above + M
    out = {"roles": y}
    y += ROLES_H + GAP
    out["supply"] = y
    y += SUPPLY_H + GAP
    out["build"] = y
    rows = max((len(c) for c in _columns(buildings)), default=0)
    y += BUILD_TITLE + rows * BROW_H + 10 + GAP
    out["panels"] = y
    y += ((players + 1) // 2) * (PANEL_H + GAP)
    keys = key.lines(W - 2 * M, lang) * key.LINE
    if players % 2:  # the key fills the free panel slot, the abbreviations' key below the panels
        out["legend"] = 0
        out["keys"] = y
        out["height"] = y + keys + M
    else:
        out["legend"] = y
        out["keys"] = y + LEGEND_H
        out["height"] = y + LEGEND_H + keys + M
    return out


def _panel_xy(lay: dict[str, int], seat: int) -> tuple[int, int]:
    return M + (seat % 2) * (PANEL_W + GAP), lay["panels"] + (seat // 2) * (PANEL_H + GAP)


def _box(c: Canvas, x: int, y: int, w: int, h: int, title: str, lang: str = "en") -> None:
    c.rect((x, y, x + w, y + h), fill=PANEL, outline=LINE, width=2, radius=10)
    size = 16 if lang == "en" else shrink(title, 16, w - 24 - (44 if x == BOX_A[0] else 0), True)
    c.text(x + 12, y + 16, title, size, MUTED, bold=True)


def _card_xy(roles: int, i: int) -> tuple[float, float]:
    w = (W - 2 * M - (roles - 1) * 10) / roles
    return M + i * (w + 10), w


def _building_row_xy(lay: dict[str, int], col: int, row: int) -> tuple[float, float, float]:
    w = (W - 2 * M - 3 * GAP) / 4
    return M + col * (w + GAP), lay["build"] + BUILD_TITLE + row * BROW_H, w


@lru_cache(maxsize=32)
def _base(
    players: int, roles: tuple[str, ...], buildings: tuple[str, ...], above: int, mode: str = "", lang: str = "en"
) -> Image.Image:
    """``mode``: "" base game, "x" expansion pieces in play, "draft" the building draft; ``above``:
    the height of the banner or final panel under the header."""
    lay = _layout(players, buildings, above, lang)
    im = Image.new("RGB", (W, lay["height"]), BG)
    c = Canvas(im)
    c.rect((0, 0, W, HEADER_H), fill=HEADER)
    c.text(M, HEADER_H / 2, tr(msg("PUERTO RICO"), lang), 24, WHITE, bold=True)
    y = lay["roles"]
    for i, role in enumerate(roles):
        x, w = _card_xy(len(roles), i)
        c.rect((x, y, x + w, y + ROLES_H), fill=PANEL, outline=LINE, width=2, radius=10)
        c.text(x + w / 2, y + 20, fit(role_name(role, lang), 21, w - 12, True), 21, INK, "c", bold=True)
    y = lay["supply"]
    _box(c, BOX_A[0], y, BOX_A[1], SUPPLY_H, tr(msg("Colonists & VP"), lang), lang)
    room = (100 if mode else 130) - 14 - 14  # from the label to the counters' icons
    for dy, label in ((58, msg("On ship")), (102, msg("Supply")), (146, msg("VP chips"))):
        text = tr(label, lang)
        size = 17 if lang == "en" else shrink(text, 17, room, least=11)
        c.text(BOX_A[0] + 14, y + dy, fit(text, size, room) if lang != "en" else text, size, INK)
    _box(c, BOX_B[0], y, BOX_B[1], SUPPLY_H, tr(msg("Plantations (face up)"), lang), lang)
    _box(c, BOX_C[0], y, BOX_C[1], SUPPLY_H, tr(msg("Goods supply"), lang), lang)
    _box(c, BOX_D[0], y, BOX_D[1], SUPPLY_H, tr(msg("Cargo ships"), lang), lang)
    c.text(BOX_D[0] + 14, y + 158, tr(msg("Trading house"), lang), 16, MUTED, bold=True)
    y = lay["build"]
    rows = max((len(col) for col in _columns(buildings)), default=0)
    c.rect((M, y, W - M, y + BUILD_TITLE + rows * BROW_H + 8), fill=PANEL, outline=LINE, width=2, radius=10)
    if mode == "draft":
        c.text(M + 12, y + 18, tr(msg("Building draft"), lang), 16, MUTED, bold=True)
    else:
        title = c.text(M + 12, y + 18, tr(msg("Buildings"), lang), 16, MUTED, bold=True)
        c.text(
            max(M + 100, M + 24 + title), y + 18, tr(msg("cost, VP, colonist circles, copies left"), lang), 15, MUTED
        )
    for col, names in enumerate(_columns(buildings)):
        for row, b in enumerate(names):
            if mode != "draft":
                _building_row(c, *_building_row_xy(lay, col, row), b, lang=lang)
    for seat in range(players):
        panel_base(c, *_panel_xy(lay, seat), lang)
    key.draw(c, M, lay["keys"], W - 2 * M, lang)
    if lay["legend"]:
        legend(c, M, lay["legend"] + LEGEND_H / 2, W - 2 * M, extras=bool(mode), lang=lang)
    else:
        x, y = _panel_xy(lay, players)
        c.rect((x, y, x + PANEL_W, y + PANEL_H), fill=PANEL, outline=LINE, width=2, radius=10)
        c.text(x + 14, y + 22, tr(msg("Key"), lang), 16, MUTED, bold=True)
        key_y = legend(c, x + 14, y + 56, PANEL_W - 28, 17, bool(mode), lang) + (34 if mode else 40)
        for label, bg, fg, what in (
            (msg("TO ACT"), VERMILLION, WHITE, msg("this player must act now")),
            (msg("DONE"), GREEN, WHITE, msg("answered, waiting for the others")),
            (msg("GOVERNOR"), PURPLE, INK, msg("chooses the first role this round")),
            (msg("NOW"), GREEN, WHITE, msg("the role being played")),
        ):
            c.text(x + 130, key_y, fit(tr(what, lang), 16, PANEL_W - 144), 16, INK)
            c.badge(x + 120, key_y, tr(label, lang), bg, fg, 14, "r")
            key_y += 30 if mode else 32
    return im


def _building_row(c: Canvas, x: float, y: float, w: float, b: str, sold_out: bool = False, lang: str = "en") -> None:
    info = BUILDINGS.get(b)
    cy = y + BROW_H / 2
    if sold_out:
        c.rect((x + 4, y + 2, x + w - 4, y + BROW_H - 2), fill=GREY_FILL, radius=4)
    coin(c, x + 18, cy, 12, info.cost if info else "?", 14)
    tx = x + 36
    if info and info.produces:
        letter_box(c, tx, cy - 9, 18, 18, info.produces, 12, radius=2)
        tx += 22
    ink = MUTED if sold_out else INK
    circles = info.circles if info else 1
    vp_x = x + w - 52 - 15 * circles
    c.text(tx, cy, fit(short(b, lang), 16, vp_x - tx - 34), 16, ink)
    points = f"{info.vp if info else '?'}VP" if lang == "en" else tr(msg("{n}VP", n=info.vp if info else "?"), lang)
    c.text(vp_x, cy, points, 15, ink, "r", bold=True)
    for i in range(circles):
        c.circle(vp_x + 12 + i * 15, cy, 6, fill=WHITE, outline=ink, width=2)


def _header(c: Canvas, view: View, lang: str) -> None:
    names = view["players"]
    right: float = W - M
    waiting = [str(names[d["player"]]) for d in view.get("waiting", [])]
    if waiting:
        right -= c.text(right, HEADER_H / 2, fit(", ".join(waiting), 19, 330, True), 19, WHITE, "r", bold=True) + 10
        right -= c.badge(right, HEADER_H / 2, tr(msg("TO ACT"), lang), VERMILLION, WHITE, 15, "r") + 24
    bits = [
        tr(msg("Round {n}", n=view.get("round", "?")), lang),
        tr(msg("Governor: {name}", name=fit(str(names[view["governor"]]), 19, 220)), lang),
    ]
    role = view.get("role")
    if role:
        bits.append(tr(msg("Phase: {role}", role=role_name(role, lang)), lang))
    if view.get("end") and outcome(cast(Table, view)) is not None:  # the final panel replaces the banner
        bits.append(tr(msg("The game ended: {reasons}", reasons=end_reasons(view["end"], lang)), lang))
    c.text(200, HEADER_H / 2, fit("   ·   ".join(bits), 19, right - 200), 19, WHITE)


def _banner(c: Canvas, view: View, lang: str) -> None:
    """The last round's banner, or a finished game's when the view carries no outcome (a bare view:
    the table's views carry one and draw the final panel instead)."""
    y0, y1 = HEADER_H, HEADER_H + BANNER_H
    reasons = end_reasons(view.get("end", []), lang)
    if view.get("over"):
        result = view.get("result")
        rows = {r.get("seat"): r for r in result.get("players", [])} if result else {}
        winners = result.get("winners", []) if result else []
        names = " & ".join(str(view["players"][s]) for s in winners)
        best: int | str = rows[winners[0]].get("total", "?") if winners and winners[0] in rows else "?"
        if len(winners) > 1:
            line = msg("GAME OVER  -  {names} win with {best} VP", names=names, best=best)
        else:
            line = msg("GAME OVER  -  {names} wins with {best} VP", names=names, best=best)
        text = tr(line, lang) + (tr(msg("   ({reasons})", reasons=reasons), lang) if reasons else "")
        c.rect((0, y0, W, y1), fill=YELLOW)
        c.text(W / 2, (y0 + y1) / 2, fit(text, 21, W - 2 * M, True), 21, INK, "c", bold=True)
    else:
        c.rect((0, y0, W, y1), fill=VERMILLION)
        text = tr(msg("LAST ROUND  -  the game ends after this round: {reasons}", reasons=reasons), lang)
        c.text(W / 2, (y0 + y1) / 2, fit(text, 21, W - 2 * M, True), 21, WHITE, "c", bold=True)


def _roles(c: Canvas, view: View, y: int, lang: str) -> None:
    roles = list(view["role_money"])
    taken = view.get("taken", {})
    for i, role in enumerate(roles):
        x, w = _card_xy(len(roles), i)
        if role in taken:
            c.rect((x + 8, y + 38, x + w - 8, y + ROLES_H - 8), fill=GREY_FILL, radius=6)
            c.text(x + w / 2, y + 50, tr(msg("taken by"), lang), 15, MUTED, "c")
            seat = taken[role]
            colour = seat_colour(view, seat)
            mark_w = text_width(colour.mark, 14, True) + 14
            name = fit(str(view["players"][seat]), 18, w - 32 - mark_w, True)
            left = x + (w - mark_w - 4 - text_width(name, 18, True)) / 2
            ink = INK if sum(colour.rgb) > 500 else WHITE
            c.badge(left, y + 71, colour.mark, colour.rgb, ink, 14, who=f"seat {seat} role {role}")
            c.text(left + mark_w + 4, y + 71, name, 18, INK, bold=True)
        else:
            money = view["role_money"][role]
            if money:
                coin(c, x + w / 2 - 22, y + 60, 17, money, 18)
                c.text(x + w / 2, y + 60, tr(msg("bonus"), lang), 15, MUTED)
            else:
                c.text(x + w / 2, y + 60, tr(msg("no bonus"), lang), 15, MUTED, "c")
        if role == view.get("role"):
            c.rect((x - 2, y - 2, x + w + 2, y + ROLES_H + 2), outline=GREEN, width=5, radius=11)
            c.badge(x + w - 6, y + 2, tr(msg("NOW"), lang), GREEN, WHITE, 14, "r")


def _supply(c: Canvas, view: View, y: int, lang: str) -> None:
    s = view["supply"]
    nobles = view.get("nobles")
    x = BOX_A[0] + (100 if nobles else 130)
    for dy, n in ((58, s["ship"]), (102, s["colonists"])):
        colonist(c, x, y + dy, 9, True)
        c.text(x + 16, y + dy, str(n), 22, INK, bold=True)
    if nobles:
        if lang == "en":
            c.text(BOX_A[0] + 160, y + 16, tr(msg("Nobles"), lang), 16, MUTED, bold=True)
        else:  # right-aligned: the box's title is longer in Japanese
            c.text(BOX_A[0] + BOX_A[1] - 12, y + 16, tr(msg("Nobles"), lang), 16, MUTED, "r", bold=True)
        for dy, n in ((58, nobles.get("ship", 0)), (102, nobles.get("supply", 0))):
            noble(c, x + 70, y + dy, 9)
            c.text(x + 84, y + dy, str(n), 22, INK, bold=True)
    c.rect((x - 10, y + 136, x + 10, y + 156), fill=PURPLE, outline=INK, width=2, radius=3)
    c.text(x, y + 146, "V", 13, INK, "c", bold=True)
    c.text(x + 16, y + 146, str(s["vp"]), 22, INK, bold=True)
    # Plantations: face-up tiles, quarries, stack.
    p = view["plantations"]
    bx = BOX_B[0] + 14
    for i, kind in enumerate(p["faceup"][:6]):
        tile(c, bx + i * 56, y + 36, kind, None)
    if not p["faceup"]:
        c.text(bx, y + 60, tr(msg("none left"), lang), 16, MUTED)
    tile(c, bx, y + 104, "quarry", None, 34)
    c.text(bx + 44, y + 121, tr(msg("x {n} quarries left", n=s["quarries"]), lang), 18, INK, bold=True)
    c.text(bx, y + 164, tr(msg("Stack {n}   ·   discarded {m}", n=p["stack"], m=p["discard"]), lang), 16, INK)
    # Goods supply: a barrel and a count per kind.
    gx = BOX_C[0] + 18
    for i, kind in enumerate(GOODS):
        barrel(c, gx + i * 46, y + 50, kind, 40)
        c.text(gx + i * 46 + 16, y + 120, str(s["goods"][i]), 22, INK, "c", bold=True)
    # Cargo ships and trading house.
    dx = BOX_D[0] + 14
    for row, ship in enumerate(view.get("cargo", [])[:3]):
        cy = y + 46 + row * 34
        c.text(dx, cy, f"{ship['size']}", 20, INK, bold=True)
        good, load, size = ship.get("good"), ship.get("load", 0), ship["size"]
        for k in range(size):
            sx = dx + 26 + k * 27
            if good and k < load:
                letter_box(c, sx, cy - 12, 24, 24, good, 14, radius=3)
            else:
                c.rect((sx, cy - 12, sx + 24, cy + 12), fill=WHITE, outline=FAINT, width=2, radius=3)
        label = f"{load}/{size}" + (tr(msg(" full"), lang) if load >= size else "")
        c.text(dx + 28 + size * 27, cy, label, 17, INK, bold=load >= size)
    house = view.get("house", [])
    for k in range(HOUSE_SIZE):
        hx = dx + 130 + k * 30
        if k < len(house):
            letter_box(c, hx, y + 146, 26, 26, house[k], 15, radius=3)
        else:
            c.rect((hx, y + 146, hx + 26, y + 172), fill=WHITE, outline=FAINT, width=2, radius=3)
    if len(house) >= HOUSE_SIZE:
        c.text(dx + 136 + HOUSE_SIZE * 30, y + 159, tr(msg("full"), lang), 17, INK, bold=True)


def _draft(c: Canvas, view: View, lay: dict[str, int], lang: str) -> None:
    """Draft candidates: picked rows greyed with who picked them, open ones marked "open"."""
    picks = picked_by(view)
    c.text(M + 140, lay["build"] + 18, fit(slots_text(view, lang), 15, 620), 15, INK)
    for col, names in enumerate(_columns(listed(view))):
        for row, b in enumerate(names):
            x, y, w = _building_row_xy(lay, col, row)
            if b in picks:
                _building_row(c, x, y, w, b, sold_out=True, lang=lang)
                seat = picks[b]
                who = tr(msg("in game"), lang) if seat is None else fit(str(view["players"][seat]), 15, 70, True)
                c.text(x + w - 8, y + BROW_H / 2, who, 15, INK, "r", bold=True)
            else:
                _building_row(c, x, y, w, b, lang=lang)
                c.text(x + w - 8, y + BROW_H / 2, tr(msg("open"), lang), 15, GREEN, "r", bold=True)


def _buildings(c: Canvas, view: View, lay: dict[str, int], lang: str) -> None:
    if view.get("options"):
        options = tr(msg("Options: {options}", options=options_text(view, lang)), lang)
        c.text(W - M - 12, lay["build"] + 18, fit(options, 15, 440), 15, MUTED, "r")
    if view.get("draft"):
        _draft(c, view, lay, lang)
        return
    left = view["buildings"]
    for col, names in enumerate(_columns(listed(view))):
        for row, b in enumerate(names):
            x, y, w = _building_row_xy(lay, col, row)
            if left.get(b, 0) <= 0:
                _building_row(c, x, y, w, b, sold_out=True, lang=lang)
                c.text(x + w - 8, y + BROW_H / 2, tr(msg("sold"), lang), 15, MUTED, "r", bold=True)
            else:
                c.text(x + w - 8, y + BROW_H / 2, f"x{left[b]}", 18, INK, "r", bold=True)


def board(view: View, lang: str = "en") -> Image.Image:
    """The whole table as seen by everyone (private extras in ``view`` are ignored)."""
    players = len(view["players"])
    buildings = listed(view)
    table = cast(Table, view)  # with the outcome the table adds
    result = outcome(table)
    names = [str(n) for n in view["players"]]
    colours = [seat_colour(view, seat) for seat in range(players)]
    above = _final_height(table, names, colours, lang) if result else BANNER_H if _banner_shown(view) else 0
    lay = _layout(players, buildings, above, lang)
    mode = _mode(view)
    im = _base(players, tuple(view["role_money"]), buildings, above, mode, lang).copy()
    c = Canvas(im, lang)
    _header(c, view, lang)
    if result is not None:
        final_panel(c, HEADER_H, result, names, colours, ENGINE, left=(W - WIDTH) / 2)
    elif _banner_shown(view):
        _banner(c, view, lang)
    _roles(c, view, lay["roles"], lang)
    _supply(c, view, lay["supply"], lang)
    _buildings(c, view, lay, lang)
    totals = final_values(table)
    for seat in range(players):
        panel(c, *_panel_xy(lay, seat), view, seat, lang=lang, final=totals.get(seat) if totals else None)
    return im


def _banner_shown(view: View) -> bool:
    return bool(view.get("end") or view.get("over"))


def _final_height(view: Table, names: list[str], colours: list[PlayerColour], lang: str) -> int:
    """The height the final panel takes under the header (drawn once aside to measure it)."""
    result = outcome(view)
    if result is None:
        return 0
    scratch = Canvas(Image.new("RGB", (WIDTH, 1600), BG), lang)
    return int(final_panel(scratch, 0, result, names, colours, ENGINE))


def _mode(view: View) -> str:
    if view.get("draft"):
        return "draft"
    return "x" if "nobles" in view or "market" in view else ""


@lru_cache(maxsize=8)
def _player_base(height: int, extras: bool = False, lang: str = "en") -> Image.Image:
    im = Image.new("RGB", (PANEL_W + 2 * M, height), BG)
    c = Canvas(im)
    c.rect((0, 0, im.width, HEADER_H), fill=HEADER)
    panel_base(c, M, HEADER_H + M, lang)
    legend(c, M, height - M - (60 if extras else 30) - 11, PANEL_W, extras=extras, lang=lang)
    return im


def _notes(view: View, seat: int, lang: str = "en") -> list[str]:
    """Private lines for the owner of the board: VP chips and the proposed Mayor layout."""
    if view.get("me") != seat or "my_vp" not in view:
        return []
    lines = [tr(msg("Your VP chips: {n} (secret: only you see this).", n=view["my_vp"]), lang)]
    if view.get("my_draft"):
        draft = (", " if lang == "en" else "、").join(
            tr(msg("{n} on {building}", n=n, building=_place(k, lang)), lang) for k, n in view["my_draft"].items() if n
        )
        layout = tr(msg("Proposed Mayor layout: {draft}.", draft=draft or tr(msg("nothing placed"), lang)), lang)
        lines += wrap(layout, 16, PANEL_W)
    return lines


def _place(where: str, lang: str) -> str:
    """A building's short name, or a plantation's kind, where the Mayor layout puts colonists."""
    if where in BUILDINGS:
        return short(where, lang)
    kind = GOOD_NAMES.get(where)
    return where if kind is None or lang == "en" else tr(kind, lang)


def player_board(view: View, seat: int, lang: str = "en") -> Image.Image:
    """One player's board; their secret VP chips appear only when ``view["me"] == seat``."""
    notes = _notes(view, seat, lang)
    extras = bool(_mode(view))
    height = HEADER_H + M + PANEL_H + M + 26 * len(notes) + (3 if extras else 2) * 30 + M
    im = _player_base(height, extras, lang).copy()
    c = Canvas(im)
    title = tr(msg("{name}'s board  ·  Round {n}", name=view["players"][seat], n=view.get("round", "?")), lang)
    c.text(M, HEADER_H / 2, fit(title, 22, im.width - 2 * M, True), 22, WHITE, bold=True)
    own = bool(notes)
    panel(c, M, HEADER_H + M, view, seat, vp_chips=view["my_vp"] if own else None, lang=lang)
    y = HEADER_H + M + PANEL_H + M + 8
    for note in notes:
        c.text(M, y, note, 16, INK)
        y += 26
    return im
