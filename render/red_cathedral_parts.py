"""Pieces of the Red Cathedral image: player colours, a cathedral section, a player's panel."""

from __future__ import annotations

from .common import (
    BG,
    BLUE,
    GREEN,
    HEADER,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    VERMILLION,
    WHITE,
    YELLOW,
    Canvas,
    View,
    fit,
    palette_image,
)

COLOURS: dict[str, RGB] = {"white": WHITE, "red": VERMILLION, "blue": BLUE, "yellow": YELLOW, "green": GREEN}
DONE: RGB = (226, 214, 190)
PRESTIGE: RGB = (214, 200, 168)
_BACKS = [BG, PANEL, WHITE, DONE, PRESTIGE]
# A fixed palette (every flat colour, and blends for antialiased text edges): fast, deterministic PNGs.
PALETTE = palette_image(
    [*_BACKS, HEADER, INK, MUTED, LINE, *COLOURS.values()],
    [(INK, back) for back in _BACKS + [YELLOW]]
    + [(MUTED, back) for back in _BACKS]
    + [(LINE, back) for back in _BACKS]
    + [(WHITE, back) for back in (HEADER, VERMILLION, BLUE, GREEN)],
    steps=5,
)
PANEL_W, PANEL_H = 728, 150
SLOT_NAMES = {"white-1": "white 1", "white-2": "white 2"}


def initial(view: View, seat: int) -> str:
    return str(view["players"][seat])[:1].upper() + str(seat + 1)


def tower_height(sections: int, section_h: int) -> int:
    return sections * (section_h + 6)


def _ink(colour: str) -> RGB:
    return INK if colour in ("yellow", "white") else WHITE


def _amounts(d: dict[str, int], none: str = "-") -> str:
    return ", ".join(f"{n} {k}" for k, n in d.items() if n) or none


def section_box(c: Canvas, view: View, s: View, x: float, y: float, w: int, h: int) -> None:
    """One section: name and level, then its state (needs, owner, ornament, or its tile)."""
    c.rect(
        (x, y, x + w, y + h), fill=DONE if s["done"] else PANEL, outline=INK if s["done"] else LINE, width=2, radius=6
    )
    c.text(x + 6, y + 11, f"{s['name']} {s['level']}", 12, INK, bold=True)
    reward = f"{s['reward']['rp']} RP" + (f" {s['reward']['rubles']} r" if s["reward"]["rubles"] else "")
    c.text(x + w - 6, y + 11, reward, 10, MUTED, "r")
    if s["owner"] is not None:
        seat = s["owner"]
        colour = view["seats"][seat]["colour"]
        c.badge(x + 6, y + 30, initial(view, seat), COLOURS[colour], _ink(colour), 11)
    if s["done"]:
        c.text(x + w - 6, y + 30, "done", 12, INK, "r", bold=True)
        if s["ornament"]:
            o = s["ornament"]
            jewels = "+" + "+".join(o["jewels"]) if o["jewels"] else ""
            c.text(x + 6, y + 52, fit(f"{o['kind']} ({initial(view, o['seat'])}){jewels}", 11, w - 12), 11, INK)
        return
    need = {k: n - s["delivered"].get(k, 0) for k, n in s["cost"].items() if n > s["delivered"].get(k, 0)}
    c.text(x + 6, y + 52, fit("needs " + _amounts(need), 11, w - 12), 11, INK)
    if s["delivered"]:
        c.text(x + 6, y + 67, fit("on it " + _amounts(s["delivered"]), 10, w - 12), 10, MUTED)
    if s["tile"]:
        c.text(x + 6, y + 78, fit("tile: " + s["tile"]["gives"], 10, w - 12), 10, MUTED)


def panel_base(c: Canvas, letter: str, name: str, colour: str, slots: tuple[str, ...], x: float, y: float) -> None:
    """What a player's panel always shows: its frame, colour, letter, name and workshop slots."""
    fill = COLOURS[colour]
    c.rect((x, y, x + PANEL_W, y + PANEL_H), fill=PANEL, outline=LINE, width=2, radius=8)
    c.rect((x, y, x + 10, y + PANEL_H), fill=fill, radius=4)
    c.badge(x + 18, y + 16, letter, fill, _ink(colour), 12)
    c.text(x + 58, y + 16, fit(f"{name} ({colour})", 16, 260), 16, INK, bold=True)
    for k, slot in enumerate(slots):
        bx = x + 18 + k * 117
        c.rect((bx, y + 96, bx + 110, y + PANEL_H - 8), fill=WHITE, outline=LINE, radius=4)
        c.text(bx + 5, y + 106, SLOT_NAMES.get(slot, slot), 10, MUTED)


def draw_panel(c: Canvas, view: View, seat: int, x: float, y: float, base: bool = True) -> None:
    """A player's panel; ``base=False`` leaves out what :func:`panel_base` already drew."""
    s = view["seats"][seat]
    if base:
        panel_base(c, initial(view, seat), s["name"], s["colour"], tuple(s["slots"]), x, y)
    c.text(
        x + PANEL_W - 10, y + 16, f"{s['pp']} PP · space {s['space']} · {s['rubles']} rubles", 15, INK, "r", bold=True
    )
    held = sum(s["inventory"].values())
    c.text(x + 18, y + 42, f"inventory {held}/{s['capacity']}: {_amounts(s['inventory'])}", 13, INK)
    banners = s["banners"]
    ornaments = _amounts(s["ornaments"], "none")
    lost = _amounts(s["lost_ornaments"], "")
    line = f"banners left {banners['inventory'] + banners['board']} · ornaments to place: {ornaments}"
    c.text(x + 18, y + 62, line + (f" · lost {lost}" if lost else ""), 13, INK)
    c.text(x + 18, y + 82, f"completed {s['completed']} · ornaments placed {s['ornaments_placed']}", 13, MUTED)
    for k, tile in enumerate(s["slots"].values()):
        bx = x + 18 + k * 117
        if tile:
            c.text(bx + 5, y + 121, fit(tile["gives"], 10, 100), 10, INK if tile["up"] else MUTED)
            c.text(
                bx + 5,
                y + 135,
                "face up" if tile["up"] else "face down",
                10,
                INK if tile["up"] else MUTED,
                bold=tile["up"],
            )
