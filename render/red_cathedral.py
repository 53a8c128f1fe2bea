"""The Red Cathedral board image, drawn only from a view dict (``engine.red_cathedral.views``).

``board(view)`` draws the whole table: a header (whose turn, the last turns), the score track
with every marker, the market ring (8 spaces, their tiles, guilds and dice) around the four
influence cards, the cathedral tower by tower (each section with what it still needs, its
owner, its ornament, or the workshop tile still on it), and one panel per player.
``player_board(view, seat)`` draws that player's panel alone. Colours are Okabe-Ito and every
player colour also carries a letter, so nothing depends on telling colours apart.

What never changes in a game (frames, titles, the track's cells, the panels' names and slots) is
drawn once into a base image (:func:`_base`, cached per table shape) that each render copies.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from .common import BG, HEADER, INK, LINE, MUTED, PANEL, RGB, WHITE, Canvas, View, fit
from .red_cathedral_parts import (
    COLOURS,
    PALETTE,
    PANEL_H,
    PANEL_W,
    PRESTIGE,
    draw_panel,
    initial,
    panel_base,
    section_box,
    tower_height,
)

__all__ = ["PALETTE", "board", "player_board"]

W, M, GAP = 1500, 16, 12
HEADER_H, TRACK_H = 48, 64
SPACE_W, SPACE_H = 188, 112
RING_W = 3 * SPACE_W + 2 * GAP
# Grid cells (column, row) of spaces 1-8, clockwise from the top left.
RING = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
SEC_W, SEC_H = 132, 86


INFLUENCE_H = 4 * 36 + 12


def _layout(view: View) -> tuple[int, int]:
    """(image height, top of the players' panels)."""
    cathedral = max(tower_height(len(t), SEC_H) for t in view["towers"])
    top = HEADER_H + TRACK_H + M
    panels = top + max(3 * SPACE_H + 3 * GAP + INFLUENCE_H, cathedral + 44) + GAP
    rows = (len(view["players"]) + 1) // 2
    main = max(3 * SPACE_H + 3 * GAP + INFLUENCE_H, cathedral + 28)
    return top + M + main + GAP + rows * (PANEL_H + GAP) + 28, panels


Seats = tuple[tuple[str, str, str, tuple[str, ...]], ...]


@lru_cache(maxsize=32)
def _base(
    size: tuple[int, int],
    cathedral: tuple[int, int],
    track: tuple[int, tuple[int, ...]],
    market: tuple[tuple[int, str], ...],
    guilds: tuple[str, ...],
    seats: Seats,
) -> Image.Image:
    """The static layers; every argument is public and fixed for a game."""
    (height, panels), (lap, prestige) = size, track
    im = Image.new("RGB", (W, height), BG)
    c = Canvas(im)
    c.rect((0, 0, W, HEADER_H), fill=HEADER)
    c.text(M, HEADER_H / 2, "The Red Cathedral", 22, WHITE, bold=True)
    _track_base(c, lap, set(prestige), HEADER_H + M // 2)
    top = HEADER_H + TRACK_H + M
    _market_base(c, market, guilds, M, top)
    _cathedral_base(c, cathedral[0], cathedral[1], M + RING_W + 2 * GAP, top)
    for seat, (letter, name, colour, slots) in enumerate(seats):
        x = M + (seat % 2) * (PANEL_W + GAP)
        panel_base(c, letter, name, colour, slots, x, panels + (seat // 2) * (PANEL_H + GAP))
    return im


def board(view: View) -> Image.Image:
    size = _layout(view)
    im = _base(
        size,
        (len(view["towers"]), _cathedral_y(view, HEADER_H + TRACK_H + M)),
        (_lap(view), tuple(sorted(set(view.get("prestige_spaces") or [])))),
        tuple((m["space"], m["guild"]) for m in view["market"]),
        tuple(card["guild"] for card in view["influence"]),
        tuple((initial(view, p), s["name"], s["colour"], tuple(s["slots"])) for p, s in enumerate(view["seats"])),
    ).copy()
    c = Canvas(im)
    _header(c, view)
    _track(c, view, HEADER_H + M // 2)
    top = HEADER_H + TRACK_H + M
    _market(c, view, M, top)
    _cathedral(c, view, M + RING_W + 2 * GAP, top)
    for seat in range(len(view["players"])):
        x = M + (seat % 2) * (PANEL_W + GAP)
        draw_panel(c, view, seat, x, size[1] + (seat // 2) * (PANEL_H + GAP), base=False)
    if view.get("notice"):
        c.text(M, im.height - 16, str(view["notice"]), 13, MUTED)
    return im


def player_board(view: View, seat: int) -> Image.Image:
    im = Image.new("RGB", (PANEL_W + 2 * M, PANEL_H + 2 * M), BG)
    draw_panel(Canvas(im), view, seat, M, M)
    return im


def _lap(view: View) -> int:
    return int(view.get("lap") or 80)


def _header(c: Canvas, view: View) -> None:
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


def _track_base(c: Canvas, lap: int, prestige: set[int], y: int) -> None:
    """One lap of the track (0..lap), prestige spaces shaded."""
    x0, cell = M, (W - 2 * M) / (lap + 1)
    for pos in range(lap + 1):
        fill = PRESTIGE if pos in prestige else PANEL
        c.rect((x0 + pos * cell, y, x0 + (pos + 1) * cell - 1, y + 18), fill=fill, outline=LINE)
        if pos % 10 == 0:
            c.text(x0 + pos * cell + cell / 2, y + 9, str(pos), 9, MUTED, "c")


def _track(c: Canvas, view: View, y: int) -> None:
    """Each marker on the track, a lettered badge."""
    lap = _lap(view)
    x0, cell = M, (W - 2 * M) / (lap + 1)
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


def _market_base(c: Canvas, market: tuple[tuple[int, str], ...], guilds: tuple[str, ...], x: int, y: int) -> None:
    for (number, guild), (col, row) in zip(market, RING, strict=True):
        bx, by = x + col * (SPACE_W + GAP), y + row * (SPACE_H + GAP)
        c.rect((bx, by, bx + SPACE_W, by + SPACE_H), fill=PANEL, outline=LINE, width=2, radius=8)
        c.text(bx + 8, by + 14, f"{number}", 16, INK, bold=True)
        c.text(bx + SPACE_W - 8, by + 14, guild, 12, MUTED, "r")
    cx, cy = x + SPACE_W + GAP, y + SPACE_H + GAP
    c.rect((cx, cy, cx + SPACE_W, cy + SPACE_H), fill=WHITE, outline=LINE, radius=8)
    c.text(cx + SPACE_W / 2, cy + SPACE_H / 2 - 10, "dice move", 13, MUTED, "c")
    c.text(cx + SPACE_W / 2, cy + SPACE_H / 2 + 10, "clockwise, 1 to 8", 13, MUTED, "c")
    iy = y + 3 * SPACE_H + 3 * GAP
    c.rect((x, iy, x + RING_W, iy + INFLUENCE_H), fill=WHITE, outline=LINE, radius=8)
    for k, guild in enumerate(guilds):
        c.text(x + 10, iy + 14 + k * 36, f"{guild} (spaces {2 * k + 1}-{2 * k + 2})", 12, INK, bold=True)


def _market(c: Canvas, view: View, x: int, y: int) -> None:
    for space, (col, row) in zip(view["market"], RING, strict=True):
        bx, by = x + col * (SPACE_W + GAP), y + row * (SPACE_H + GAP)
        c.text(bx + SPACE_W / 2, by + 40, fit(space["gives"], 16, SPACE_W - 12), 16, INK, "c", bold=True)
        for k, die in enumerate(space["dice"]):
            dx = bx + 14 + k * 56
            c.rect((dx, by + 62, dx + 42, by + 104), fill=COLOURS[die["colour"]], outline=INK, width=2, radius=6)
            c.text(dx + 21, by + 79, str(die["face"]), 20, _ink(die["colour"]), "c", bold=True)
            c.text(dx + 21, by + 97, die["colour"][0].upper(), 10, _ink(die["colour"]), "c")
    iy = y + 3 * SPACE_H + 3 * GAP
    for k, card in enumerate(view["influence"]):
        line = iy + 14 + k * 36
        for n, text in enumerate(card["actions"], start=1):
            c.text(x + 10 + (n - 1) * (RING_W // 2), line + 15, fit(f"{n}) {text}", 11, RING_W // 2 - 16), 11, MUTED)


def _cathedral_base(c: Canvas, towers: int, base_y: int, x: int, y: int) -> None:
    c.text(x, y + 8, "The cathedral (bottom to top)", 14, INK, bold=True)
    for t in range(towers):
        c.text(x + t * (SEC_W + 8) + SEC_W / 2, base_y + 10, f"tower {chr(65 + t)}", 12, MUTED, "c")


def _cathedral_y(view: View, y: int) -> int:
    """The foot of the towers."""
    return y + 24 + max(tower_height(len(t), SEC_H) for t in view["towers"])


def _cathedral(c: Canvas, view: View, x: int, y: int) -> None:
    base_y = _cathedral_y(view, y)
    for t, tower in enumerate(view["towers"]):
        tx = x + t * (SEC_W + 8)
        for level, section in enumerate(tower):
            section_box(c, view, section, tx, base_y - (level + 1) * (SEC_H + 6), SEC_W, SEC_H)
