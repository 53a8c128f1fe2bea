"""Lisboa drawing kit: colours with letters (colour-blind safe), the fixed palette, the data pack
being drawn, a scaling pen and its tokens (goods, rubble cubes, seat discs, houses). Ships, cards and
decrees are drawn by :mod:`.cards`; the small readers of the view are in :mod:`.view`.

Every token carries a letter or a digit as well as its colour; the key is drawn by :func:`legend`.
Reads only the view dict and the public data pack (``engine.lisboa.data``).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar

from engine.core.colours import PlayerColour, colours_of
from engine.lisboa.colours import COLOURS
from engine.lisboa.data import default_pack, pack_by_fingerprint
from engine.lisboa.model import Pack

from ..common import (
    BG,
    BLACK,
    BLUE,
    FAINT,
    GOLD,
    GOLD_DARK,
    GREEN,
    GREY_FILL,
    HEADER,
    INK,
    LINE,
    MUTED,
    ORANGE,
    PANEL,
    PURPLE,
    RGB,
    SKY,
    VERMILLION,
    WHITE,
    YELLOW,
    Align,
    Canvas,
    View,
    fit,
    palette_image,
    text_width,
)
from .i18n import msg, msgp

INF = float("inf")  # the top and bottom of a box that only bounds a width

TAN: RGB = (188, 140, 88)
EARTH: RGB = (112, 74, 40)
DUMMY_GREY: RGB = (150, 150, 150)
ACT_TINT: RGB = (250, 222, 200)
FOLLOW_TINT: RGB = (252, 240, 190)
COVER: RGB = (196, 192, 186)
# key -> (fill, letter colour, letter)
GOODS: dict[str, tuple[RGB, RGB, str]] = {
    "gold": (YELLOW, INK, "G"),
    "books": (TAN, INK, "B"),
    "cloth": (PURPLE, INK, "C"),
    "tools": (SKY, INK, "T"),
}
RUBBLE: dict[str, tuple[RGB, RGB, str]] = {
    "earthquake": (EARTH, WHITE, "E"),
    "fire": (VERMILLION, WHITE, "F"),
    "tsunami": (BLUE, WHITE, "W"),
}
# Seat colours are the game's own (engine.lisboa.colours); their numbers are drawn in ink on the light ones.
LIGHT_SEATS = frozenset({"orange"})
FACES: dict[str, RGB] = {"blue": BLUE, "green": GREEN}
SHIP_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "blue": (BLUE, WHITE),
    "red": (VERMILLION, WHITE),
    "purple": (PURPLE, INK),
    "brown": (EARTH, WHITE),
}
NOBLE_NAMES = {
    "maia": msg("Maia"),
    "marquis": msg("Marquis"),
    "king": msg("King"),
    "treasury": msgp("lisboa", "Treasury"),
}
NOBLE_SHORT = {"maia": msg("Ma"), "marquis": msg("Mq"), "king": msg("Ki")}
GOOD_NAMES = {"gold": msg("gold"), "books": msg("books"), "cloth": msg("cloth"), "tools": msg("tools")}
RUBBLE_NAMES = {"earthquake": msg("earthquake"), "fire": msg("fire"), "tsunami": msg("tsunami")}
_FLAT = [
    BG,
    PANEL,
    WHITE,
    INK,
    MUTED,
    FAINT,
    LINE,
    HEADER,
    GREY_FILL,
    GOLD,
    GOLD_DARK,
    YELLOW,
    TAN,
    PURPLE,
    SKY,
    EARTH,
    VERMILLION,
    BLUE,
    GREEN,
    ORANGE,
    DUMMY_GREY,
    ACT_TINT,
    FOLLOW_TINT,
    COVER,
    BLACK,
]
_PAIRS = [
    (INK, b)
    for b in (
        BG,
        PANEL,
        WHITE,
        GREY_FILL,
        YELLOW,
        TAN,
        PURPLE,
        SKY,
        ORANGE,
        GOLD,
        DUMMY_GREY,
        ACT_TINT,
        FOLLOW_TINT,
        COVER,
    )
]
_PAIRS += [(WHITE, b) for b in (HEADER, BLUE, GREEN, VERMILLION, EARTH, INK)]
_PAIRS += [(MUTED, b) for b in (PANEL, WHITE, GREY_FILL, BG, COVER, ACT_TINT, FOLLOW_TINT)]
_PAIRS += [(YELLOW, HEADER), (VERMILLION, PANEL), (GREEN, PANEL), (BLUE, PANEL)]
PALETTE = palette_image(_FLAT, _PAIRS, steps=5)


_PACK: ContextVar[str | None] = ContextVar("lisboa_pack", default=None)
_COLOURS: ContextVar[tuple[PlayerColour, ...]] = ContextVar("lisboa_colours", default=COLOURS)


def use_pack(view: View) -> str:
    """Draw with the data pack ``view`` was set up with (a server owner's, or the shipped one);
    returns its fingerprint, which keys the cached static layers."""
    fingerprint = str((view.get("pack") or {}).get("fingerprint") or default_pack().fingerprint)
    _PACK.set(fingerprint)
    _COLOURS.set(tuple(colours_of(view, COLOURS)))  # and with the table's seat colours
    return fingerprint


def seat_colour(seat: int) -> PlayerColour:
    """The colour seat ``seat`` is drawn in: the table's choice the view carries (see :func:`use_pack`)."""
    colours = _COLOURS.get()
    return colours[seat % len(colours)]


def table_colours() -> tuple[PlayerColour, ...]:
    """The colours of the seats being drawn (see :func:`use_pack`)."""
    return _COLOURS.get()


def pack() -> Pack:
    """The data pack being drawn (public rule data: map geometry, card faces)."""
    fingerprint = _PACK.get()
    return default_pack() if fingerprint is None else pack_by_fingerprint(fingerprint)


def seat_style(owner: int | str) -> tuple[RGB, RGB, str]:
    """(fill, letter colour, label) of a seat ("0".."3" or int) or of the 2p dummy: the label is the
    seat colour's letter (:attr:`PlayerColour.mark`), so seats are told apart without colour."""
    if str(owner) == "dummy":
        return DUMMY_GREY, INK, "D"
    seat = int(owner)
    colour = seat_colour(seat)
    return colour.rgb, INK if colour.id in LIGHT_SEATS else WHITE, colour.mark


class Pen:
    """Draws on a :class:`Canvas` in local units: ``(x0, y0)`` is the origin, ``k`` the scale."""

    def __init__(self, c: Canvas, x0: float = 0, y0: float = 0, k: float = 1.0) -> None:
        self.c, self.x0, self.y0, self.k = c, x0, y0, k
        self.lang = c.lang

    def say(self, message: str) -> str:
        """``message`` in the canvas's language."""
        return self.c.say(message)

    def name(self, names: Mapping[str, str], key: str) -> str:
        """The word for ``key`` in ``names`` (a table of messages), else ``key`` itself."""
        word = names.get(key)
        return key if word is None else self.say(word)

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.x0 + x * self.k, self.y0 + y * self.k

    def s(self, size: float) -> int:
        return max(1, round(size * self.k))

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: int,
        fill: RGB = INK,
        align: Align = "l",
        bold: bool = False,
        width: float | None = None,
    ) -> float:
        """Text with its capitals centred on ``y``; cut to ``width`` units (its box: that width, anchored
        as ``align`` says); returns the width in units."""
        px = self.s(size)
        box = None
        if width is not None:
            s = fit(s, px, width * self.k, bold)
            left = x - (width if align == "r" else width / 2 if align == "c" else 0)
            box = (*self.p(left, -INF), *self.p(left + width, INF))
        return self.c.text(*self.p(x, y), s, px, fill, align, bold, box) / self.k

    def width(self, s: str, size: int, bold: bool = False) -> float:
        return text_width(s, self.s(size), bold) / self.k

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
        radius: int = 0,
    ) -> None:
        self.c.rect(
            (*self.p(x0, y0), *self.p(x1, y1)), fill, outline, max(1, round(width * self.k)), round(radius * self.k)
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
        who: str | None = None,
    ) -> None:
        """A disc; ``who``: it is a marker standing for that (see :meth:`Canvas.circle`)."""
        self.c.circle(*self.p(cx, cy), r * self.k, fill, outline, max(1, round(width * self.k)), who)

    def line(self, x0: float, y0: float, x1: float, y1: float, fill: RGB = FAINT, width: int = 1) -> None:
        self.c.d.line((*self.p(x0, y0), *self.p(x1, y1)), fill=fill, width=max(1, round(width * self.k)))

    def polygon(self, points: list[tuple[float, float]], fill: RGB, outline: RGB | None = INK) -> None:
        self.c.d.polygon([self.p(x, y) for x, y in points], fill=fill, outline=outline)

    def badge(
        self,
        x: float,
        y: float,
        label: str,
        bg: RGB,
        fg: RGB = WHITE,
        size: int = 13,
        align: Align = "l",
        outline: RGB | None = None,
    ) -> float:
        return self.c.badge(*self.p(x, y), label, bg, fg, self.s(size), align, outline) / self.k

    def coin(self, cx: float, cy: float, r: float, n: int | str) -> None:
        """A coin (reis): a gold disc with a dark rim and the amount."""
        x, y = self.p(cx, cy)
        self.c.circle(x, y, r * self.k, fill=GOLD, outline=GOLD_DARK, width=2)
        label = str(n)
        size = self.s(r * 1.1)
        if len(label) > 2:
            size = int(size * 2 / len(label) + 1)
        self.c.text(x, y, label, size, INK, "c", bold=True)

    # --- tokens -------------------------------------------------------------------------------
    def good(self, cx: float, cy: float, good: str, r: float = 10) -> None:
        """A goods token: a disc in the good's colour with its letter."""
        fill, fg, letter = GOODS.get(good, (WHITE, INK, "?"))
        self.circle(cx, cy, r, fill, INK, 1)
        self.text(cx + 0.5, cy, letter, round(r * 1.25), fg, "c", bold=True)

    def cube(self, x: float, y: float, disaster: str, s: float = 16) -> None:
        """A rubble cube: a square in the disaster's colour with its letter; (x, y) is the top left."""
        fill, fg, letter = RUBBLE.get(disaster, (WHITE, INK, "?"))
        self.rect(x, y, x + s, y + s, fill, INK, 1, 2)
        self.text(x + s / 2 + 0.5, y + s / 2, letter, round(s * 0.7), fg, "c", bold=True)

    def seat(self, cx: float, cy: float, owner: int | str, r: float = 10) -> None:
        """A seat disc (player colour with its letter, or the grey dummy "D")."""
        fill, fg, label = seat_style(owner)
        self.circle(cx, cy, r, fill, INK, 1, who=f"seat {owner}")
        self.text(cx + 0.5, cy, label, round(r * 1.25), fg, "c", bold=True)

    def cubes(self, x: float, y: float, counts: dict[str, int], limit: int, s: float = 16) -> float:
        """One cube per rubble piece (at most ``limit``, then "+n"); returns the width used."""
        pieces = [d for d in RUBBLE for _ in range(max(0, int(counts.get(d, 0))))]
        for i, d in enumerate(pieces[:limit]):
            self.cube(x + i * (s + 3), y, d, s)
        w = min(len(pieces), limit) * (s + 3)
        if len(pieces) > limit:
            w += self.text(x + w, y + s / 2, f"+{len(pieces) - limit}", round(s * 0.8), INK, bold=True)
        return w

    def house(self, cx: float, cy: float, fill: RGB, s: float = 10) -> None:
        """A house: a pentagon (roof and walls) in the owner's colour."""
        self.polygon(
            [(cx - s, cy + s), (cx - s, cy - s * 0.2), (cx, cy - s), (cx + s, cy - s * 0.2), (cx + s, cy + s)], fill
        )


def legend(pen: Pen, x: float, y: float, width: float, size: int = 14, draw: bool = True) -> float:
    """Key to the letters and symbols, flowing onto as many lines as ``width`` needs.
    ``y`` is the centre of the first line; returns the centre of the last line (``draw=False``: only
    measures)."""
    items: list[tuple[str, str, str]] = [("good", g, pen.name(GOOD_NAMES, g)) for g in GOODS]
    items += [("cube", d, pen.name(RUBBLE_NAMES, d)) for d in RUBBLE]
    favors = " ".join(pen.say(NOBLE_SHORT[n]) for n in ("maia", "marquis", "king"))
    items += [
        ("seat", "0", pen.say(msg("a seat: its colour and letter"))),
        ("seat", "dummy", pen.say(msg("2p dummy"))),
        ("house", "", pen.say(msg("houses left"))),
        ("face", "blue", pen.say(msg("blue face"))),
        ("face", "green", pen.say(msg("green face"))),
        ("coin", "", pen.say(msg("reis"))),
        ("text", favors, pen.say(msg("favors: Maia, Marquis, King"))),
    ]
    x0 = x
    for kind, key, label in items:
        icon = pen.width(key, size, True) + 6 if kind == "text" else 26
        w = icon + pen.width(label, size) + 14
        if x + w > x0 + width and x > x0:
            x, y = x0, y + 26
        if not draw:
            x += w
            continue
        if kind == "good":
            pen.good(x + 10, y, key)
        elif kind == "cube":
            pen.cube(x + 2, y - 8, key)
        elif kind == "seat":
            pen.seat(x + 10, y, key)
        elif kind == "house":
            pen.house(x + 10, y, MUTED, 8)
        elif kind == "face":
            pen.rect(x + 1, y - 9, x + 19, y + 9, FACES[key], INK, 1, 3)
        elif kind == "coin":
            pen.coin(x + 10, y, 10, "r")
        else:
            pen.text(x, y, key, size, INK, bold=True)
        pen.text(x + icon, y, label, size, INK)
        x += w
    return y
