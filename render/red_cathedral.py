"""The Red Cathedral board image, drawn only from a view dict (``engine.red_cathedral.views``).

``board(view)`` draws the whole table: a header (whose turn, the last turns), the score track
with every marker, the market ring (8 spaces, their tiles, guilds and dice) around the four
influence cards, the cathedral tower by tower (each section with what it still needs, its
owner, its ornament, or the workshop tile still on it), and one panel per player.
``player_board(view, seat)`` draws that player's panel alone. Colours are Okabe-Ito and every
player colour also carries a letter, so nothing depends on telling colours apart.
"""

from __future__ import annotations

from PIL import Image

from .common import BG, HEADER, INK, LINE, MUTED, PANEL, RGB, WHITE, Canvas, View, fit
from .red_cathedral_parts import (
    COLOURS,
    PANEL_H,
    PANEL_W,
    draw_panel,
    initial,
    section_box,
    tower_height,
)

__all__ = ["board", "player_board"]

W, M, GAP = 1500, 16, 12
HEADER_H, TRACK_H = 48, 64
SPACE_W, SPACE_H = 188, 112
RING_W = 3 * SPACE_W + 2 * GAP
# Grid cells (column, row) of spaces 1-8, clockwise from the top left.
RING = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
SEC_W, SEC_H = 132, 86


INFLUENCE_H = 4 * 36 + 12


def _height(view: View) -> int:
    cathedral = max(tower_height(len(t), SEC_H) for t in view["towers"])
    main = max(3 * SPACE_H + 3 * GAP + INFLUENCE_H, cathedral + 28)
    rows = (len(view["players"]) + 1) // 2
    return HEADER_H + TRACK_H + 2 * M + main + GAP + rows * (PANEL_H + GAP) + 28


def board(view: View) -> Image.Image:
    im = Image.new("RGB", (W, _height(view)), BG)
    c = Canvas(im)
    _header(c, view)
    _track(c, view, HEADER_H + M // 2)
    top = HEADER_H + TRACK_H + M
    _market(c, view, M, top)
    cathedral_bottom = _cathedral(c, view, M + RING_W + 2 * GAP, top)
    y = max(top + 3 * SPACE_H + 3 * GAP + INFLUENCE_H, cathedral_bottom) + GAP
    for seat in range(len(view["players"])):
        x = M + (seat % 2) * (PANEL_W + GAP)
        draw_panel(c, view, seat, x, y + (seat // 2) * (PANEL_H + GAP))
    if view.get("notice"):
        c.text(M, im.height - 16, str(view["notice"]), 13, MUTED)
    return im


def player_board(view: View, seat: int) -> Image.Image:
    im = Image.new("RGB", (PANEL_W + 2 * M, PANEL_H + 2 * M), BG)
    draw_panel(Canvas(im), view, seat, M, M)
    return im


def _header(c: Canvas, view: View) -> None:
    c.rect((0, 0, W, HEADER_H), fill=HEADER)
    c.text(M, HEADER_H / 2, "The Red Cathedral", 22, WHITE, bold=True)
    names = view["players"]
    if view.get("result"):
        status = "Final scores: " + ", ".join(
            f"{names[p]} {s['total']} PP" for p, s in enumerate(view["result"]["seats"])
        )
    elif view.get("turn"):
        status = f"{names[view['turn']['player']]} to play"
        if view.get("end"):
            status += f" · last turns ({names[view['end']['trigger']]} completed a 6th section)"
    else:
        status = ""
    c.text(260, HEADER_H / 2, fit(status, 16, W - 260 - 220), 16, WHITE)
    c.text(W - M, HEADER_H / 2, f"{view['workshop_side']} workshops · plan {view['plan']}", 14, WHITE, "r")


def _track(c: Canvas, view: View, y: int) -> None:
    """One lap of the track (0..lap), prestige spaces shaded, each marker a lettered badge."""
    lap = int(view.get("lap") or 80)
    prestige = set(view.get("prestige_spaces") or [])
    x0, cell = M, (W - 2 * M) / (lap + 1)
    for pos in range(lap + 1):
        fill = (214, 200, 168) if pos in prestige else PANEL
        c.rect((x0 + pos * cell, y, x0 + (pos + 1) * cell - 1, y + 18), fill=fill, outline=LINE)
        if pos % 10 == 0:
            c.text(x0 + pos * cell + cell / 2, y + 9, str(pos), 9, MUTED, "c")
    for seat, s in enumerate(view["seats"]):
        pos, laps = s["space"] % lap, s["space"] // lap
        label = initial(view, seat) + (f"+{laps * 40}" if laps else "")
        c.badge(
            x0 + pos * cell + cell / 2,
            y + 32 + 14 * (seat % 2),
            label,
            COLOURS[s["colour"]],
            _ink(s["colour"]),
            11,
            "c",
        )
    c.text(W - M, y + 44, "shaded: prestige spaces", 11, MUTED, "r")


def _ink(colour: str) -> RGB:
    return INK if colour in ("yellow", "white") else WHITE


def _market(c: Canvas, view: View, x: int, y: int) -> None:
    for space, (col, row) in zip(view["market"], RING, strict=True):
        bx, by = x + col * (SPACE_W + GAP), y + row * (SPACE_H + GAP)
        c.rect((bx, by, bx + SPACE_W, by + SPACE_H), fill=PANEL, outline=LINE, width=2, radius=8)
        c.text(bx + 8, by + 14, f"{space['space']}", 16, INK, bold=True)
        c.text(bx + SPACE_W - 8, by + 14, space["guild"], 12, MUTED, "r")
        c.text(bx + SPACE_W / 2, by + 40, fit(space["gives"], 16, SPACE_W - 12), 16, INK, "c", bold=True)
        for k, die in enumerate(space["dice"]):
            dx = bx + 14 + k * 56
            c.rect((dx, by + 62, dx + 42, by + 104), fill=COLOURS[die["colour"]], outline=INK, width=2, radius=6)
            c.text(dx + 21, by + 79, str(die["face"]), 20, _ink(die["colour"]), "c", bold=True)
            c.text(dx + 21, by + 97, die["colour"][0].upper(), 10, _ink(die["colour"]), "c")
    cx, cy = x + SPACE_W + GAP, y + SPACE_H + GAP
    c.rect((cx, cy, cx + SPACE_W, cy + SPACE_H), fill=WHITE, outline=LINE, radius=8)
    c.text(cx + SPACE_W / 2, cy + SPACE_H / 2 - 10, "dice move", 13, MUTED, "c")
    c.text(cx + SPACE_W / 2, cy + SPACE_H / 2 + 10, "clockwise, 1 to 8", 13, MUTED, "c")
    iy = y + 3 * SPACE_H + 3 * GAP
    c.rect((x, iy, x + RING_W, iy + INFLUENCE_H), fill=WHITE, outline=LINE, radius=8)
    for k, card in enumerate(view["influence"]):
        line = iy + 14 + k * 36
        spaces = f"spaces {2 * k + 1}-{2 * k + 2}"
        c.text(x + 10, line, f"{card['guild']} ({spaces})", 12, INK, bold=True)
        for n, text in enumerate(card["actions"], start=1):
            c.text(x + 10 + (n - 1) * (RING_W // 2), line + 15, fit(f"{n}) {text}", 11, RING_W // 2 - 16), 11, MUTED)


def _cathedral(c: Canvas, view: View, x: int, y: int) -> int:
    c.text(x, y + 8, "The cathedral (bottom to top)", 14, INK, bold=True)
    base_y = y + 24 + max(tower_height(len(t), SEC_H) for t in view["towers"])
    for t, tower in enumerate(view["towers"]):
        tx = x + t * (SEC_W + 8)
        c.text(tx + SEC_W / 2, base_y + 10, f"tower {chr(65 + t)}", 12, MUTED, "c")
        for level, section in enumerate(tower):
            section_box(c, view, section, tx, base_y - (level + 1) * (SEC_H + 6), SEC_W, SEC_H)
    return base_y + 20
