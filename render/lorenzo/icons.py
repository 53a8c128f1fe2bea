"""Pictograms of Lorenzo il Magnifico's goods, points and actions, as on its components: a wood
log, a stone block, a servant, a coin, the victory, military and faith points, the council
privilege's scroll, a card in its tower's colour, harvest and production, and the die an action
needs. Each is drawn in a ``size`` square whose top-left corner is (x, y); :class:`Ink` draws them
followed by their numbers and remembers which it drew, for the legend."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.i18n import Msg
from engine.lorenzo.types import Bundle, BundleKey

from ..common import GOLD, GOLD_DARK, INK, RGB, WHITE, Canvas, text_width
from .i18n import msg
from .parts import DIE_FILL, TOWER_COLOURS, TYPE_TOWER

WOOD: RGB = (150, 96, 48)
WOOD_DARK: RGB = (96, 58, 24)
STONE: RGB = (150, 150, 158)
SERVANT: RGB = (150, 100, 190)
VP_GREEN: RGB = (40, 120, 60)
MP_RED: RGB = (190, 40, 40)
FP_PURPLE: RGB = (110, 60, 150)
SCROLL: RGB = (236, 222, 180)
SEAL: RGB = (180, 30, 40)
FIELD: RGB = (110, 160, 40)
GEAR: RGB = (90, 110, 130)
NEUTRAL: RGB = (200, 196, 186)
#: Every colour the pictograms draw in (the renderer's palette holds them).
COLOURS: tuple[RGB, ...] = (
    WOOD,
    WOOD_DARK,
    STONE,
    SERVANT,
    VP_GREEN,
    MP_RED,
    FP_PURPLE,
    SCROLL,
    SEAL,
    FIELD,
    GEAR,
    NEUTRAL,
    GOLD,
    GOLD_DARK,
)

Draw = Callable[[Canvas, float, float, int], None]


def _wood(c: Canvas, x: float, y: float, s: int) -> None:
    c.rect((x + 1, y + s * 0.25, x + s - 1, y + s * 0.75), fill=WOOD, outline=WOOD_DARK, width=2, radius=4)
    c.circle(x + s - s * 0.22, y + s / 2, s * 0.16, fill=(196, 150, 90), outline=WOOD_DARK)


def _stone(c: Canvas, x: float, y: float, s: int) -> None:
    pts = [(x + s * 0.2, y + s * 0.2), (x + s * 0.8, y + s * 0.12), (x + s - 1, y + s * 0.6)]
    pts += [(x + s * 0.7, y + s - 2), (x + s * 0.15, y + s * 0.85), (x + 1, y + s * 0.5)]
    c.d.polygon(pts, fill=STONE, outline=INK, width=2)


def _servant(c: Canvas, x: float, y: float, s: int) -> None:
    c.circle(x + s / 2, y + s * 0.26, s * 0.2, fill=SERVANT, outline=INK, width=2)
    body = [(x + s * 0.5, y + s * 0.42), (x + s * 0.86, y + s - 1), (x + s * 0.14, y + s - 1)]
    c.d.polygon(body, fill=SERVANT, outline=INK, width=2)


def _coin(c: Canvas, x: float, y: float, s: int) -> None:
    c.circle(x + s / 2, y + s / 2, s / 2 - 1, fill=GOLD, outline=GOLD_DARK, width=2)
    c.circle(x + s / 2, y + s / 2, s * 0.22, outline=GOLD_DARK, width=2)


def _star(c: Canvas, x: float, y: float, s: int, fill: RGB) -> None:
    pts = []
    for k in range(10):
        r = s / 2 - 1 if k % 2 == 0 else s * 0.22
        a = math.pi * (k / 5 - 0.5)
        pts.append((x + s / 2 + r * math.cos(a), y + s / 2 + r * math.sin(a)))
    c.d.polygon(pts, fill=fill, outline=INK)


def _vp(c: Canvas, x: float, y: float, s: int) -> None:
    _star(c, x, y, s, VP_GREEN)


def _mp(c: Canvas, x: float, y: float, s: int) -> None:  # a shield
    pts = [(x + 2, y + 2), (x + s - 2, y + 2), (x + s - 2, y + s * 0.5), (x + s / 2, y + s - 1), (x + 2, y + s * 0.5)]
    c.d.polygon(pts, fill=MP_RED, outline=INK, width=2)
    c.d.line((x + s / 2, y + 5, x + s / 2, y + s * 0.7), fill=WHITE, width=2)


def _fp(c: Canvas, x: float, y: float, s: int) -> None:  # a cross
    t = s * 0.3
    c.rect((x + (s - t) / 2, y + 1, x + (s + t) / 2, y + s - 1), fill=FP_PURPLE, outline=INK)
    c.rect((x + 2, y + s * 0.26, x + s - 2, y + s * 0.26 + t), fill=FP_PURPLE, outline=INK)
    c.rect((x + (s - t) / 2 + 1, y + s * 0.26 + 1, x + (s + t) / 2 - 1, y + s * 0.26 + t - 1), fill=FP_PURPLE)


def _cp(c: Canvas, x: float, y: float, s: int) -> None:  # a scroll with its seal
    c.rect((x + 2, y + s * 0.15, x + s - 2, y + s * 0.85), fill=SCROLL, outline=INK, width=2, radius=3)
    c.circle(x + s * 0.68, y + s * 0.62, s * 0.17, fill=SEAL)


def _harvest(c: Canvas, x: float, y: float, s: int) -> None:  # three ears of wheat on a field
    c.rect((x + 1, y + s * 0.72, x + s - 1, y + s - 1), fill=FIELD, outline=INK)
    for k in range(3):
        cx = x + s * (0.25 + 0.25 * k)
        c.d.line((cx, y + s * 0.72, cx, y + s * 0.2), fill=GOLD_DARK, width=2)
        c.d.ellipse((cx - s * 0.09, y + s * 0.08, cx + s * 0.09, y + s * 0.4), fill=GOLD, outline=GOLD_DARK)


def _production(c: Canvas, x: float, y: float, s: int) -> None:  # a gear
    cx, cy, r = x + s / 2, y + s / 2, s / 2 - 1
    for k in range(8):
        a = math.pi * k / 4
        tx, ty = cx + r * 0.82 * math.cos(a), cy + r * 0.82 * math.sin(a)
        c.d.ellipse((tx - r * 0.22, ty - r * 0.22, tx + r * 0.22, ty + r * 0.22), fill=GEAR)
    c.circle(cx, cy, r * 0.7, fill=GEAR, outline=INK)
    c.circle(cx, cy, r * 0.26, fill=WHITE)


def card(colour: RGB) -> Draw:
    """A card standing in a ``size`` square, in its tower's colour."""

    def draw(c: Canvas, x: float, y: float, s: int) -> None:
        c.rect((x + s * 0.18, y + 1, x + s * 0.82, y + s - 1), fill=colour, outline=INK, width=2, radius=3)

    return draw


def die(c: Canvas, x: float, y: float, s: int, value: int | str, fill: RGB = WHITE) -> None:
    """A die (an action's value) showing ``value`` (white ink on a black die)."""
    c.rect((x, y, x + s, y + s), fill=fill, outline=INK, width=2, radius=5)
    size = max(22, s - 6)
    c.text(x + s / 2, y + s / 2, str(value), size, WHITE if fill == INK else INK, "c", bold=True)


def _any(c: Canvas, x: float, y: float, s: int) -> None:
    """A card of any tower: the four towers' colours side by side."""
    left, w = x + s * 0.18, s * 0.64 / 4
    for k, colour in enumerate(TOWER_COLOURS.values()):
        c.rect((left + k * w, y + 1, left + (k + 1) * w, y + s - 1), fill=colour)
    c.rect((left, y + 1, x + s * 0.82, y + s - 1), outline=INK, width=2, radius=3)


#: The goods' and points' pictograms, by bundle key.
GOODS: dict[str, Draw] = {
    "w": _wood,
    "s": _stone,
    "sv": _servant,
    "c": _coin,
    "vp": _vp,
    "mp": _mp,
    "fp": _fp,
    "cp": _cp,
}
#: What each pictogram stands for (the legend).
MEANINGS: dict[str, Msg] = {
    "w": msg("wood"),
    "s": msg("stone"),
    "sv": msg("servants"),
    "c": msg("coins"),
    "vp": msg("victory points"),
    "mp": msg("military points"),
    "fp": msg("faith points"),
    "cp": msg("council privilege"),
    "harvest": msg("harvest action"),
    "production": msg("production action"),
    "green": msg("territory card"),
    "blue": msg("character card"),
    "yellow": msg("building card"),
    "purple": msg("venture card"),
    "any": msg("card of any tower"),
    "die": msg("action value (a family member's die, at least)"),
}
PICTURES: dict[str, Draw] = {
    **GOODS,
    "harvest": _harvest,
    "production": _production,
    **{tower: card(colour) for tower, colour in TOWER_COLOURS.items()},
    "any": _any,
}
ORDER: tuple[BundleKey, ...] = ("w", "s", "sv", "c", "vp", "mp", "fp", "cp")


@dataclass
class Ink:
    """Draws pictograms and their numbers on a canvas at one size, remembering which it drew."""

    c: Canvas
    size: int
    font: int
    used: list[str] = field(default_factory=list)

    def icon(self, key: str, x: float, y: float) -> float:
        """Pictogram ``key`` with its middle at height ``y``; returns its width."""
        PICTURES[key](self.c, x, y - self.size / 2, self.size)
        if key not in self.used:
            self.used.append(key)
        return float(self.size)

    def die(self, x: float, y: float, value: int | str, colour: str = "") -> float:
        die(self.c, x, y - self.size / 2, self.size, value, DIE_FILL.get(colour, WHITE))
        if "die" not in self.used:
            self.used.append("die")
        return float(self.size)

    def number(self, x: float, y: float, text: str) -> float:
        return self.c.text(x, y, text, self.font, INK, bold=True)

    def width(self, text: str) -> float:
        return text_width(text, self.font, True)


#: One piece of a line of pictograms: its width and how it draws at (x, middle y).
Piece = tuple[float, Callable[[float, float], float]]


def goods(ink: Ink, b: Bundle, sign: str = "") -> list[Piece]:
    """A bundle as pieces: each good's pictogram followed by its number (``sign`` before it)."""
    out: list[Piece] = []
    for key in ORDER:
        n = b.get(key)
        if not n:
            continue
        label = f"{sign}{n}"
        out.append((ink.size + 3 + ink.width(label), _pair(ink, key, label)))
    return out


def _pair(ink: Ink, key: str, label: str) -> Callable[[float, float], float]:
    def draw(x: float, y: float) -> float:
        w = ink.icon(key, x, y) + 3
        return w + ink.number(x + w, y, label)

    return draw


def word(ink: Ink, text: str) -> Piece:
    """A number or sign drawn between pictograms."""
    return ink.width(text), lambda x, y: ink.number(x, y, text)


def picture(ink: Ink, key: str) -> Piece:
    return float(ink.size), lambda x, y: ink.icon(key, x, y)


def valued(ink: Ink, value: int | str) -> Piece:
    return float(ink.size), lambda x, y: ink.die(x, y, value)


def card_of(card_type: str) -> str:
    """The pictogram key of a card type (its tower's colour)."""
    return TYPE_TOWER[card_type]


def flow(pieces: list[Piece], width: float, gap: float = 8) -> list[list[Piece]]:
    """Pieces broken into lines at most ``width`` wide (a piece never splits)."""
    lines: list[list[Piece]] = [[]]
    used = 0.0
    for piece in pieces:
        if lines[-1] and used + piece[0] > width:
            lines.append([])
            used = 0.0
        lines[-1].append(piece)
        used += piece[0] + gap
    return [line for line in lines if line]


def draw_line(line: list[Piece], x: float, y: float, gap: float = 8) -> float:
    """One line of pieces from x, middle at y; returns its right end."""
    for w, draw in line:
        draw(x, y)
        x += w + gap
    return x


__all__ = [
    "COLOURS",
    "GOODS",
    "MEANINGS",
    "PICTURES",
    "Ink",
    "Piece",
    "card",
    "card_of",
    "die",
    "draw_line",
    "flow",
    "goods",
    "picture",
    "valued",
    "word",
]
