"""Shared drawing kit: Okabe–Ito palette, Pillow's bundled font, cached text, shapes, PNG output.

Every game renderer draws on a :class:`Canvas`. Text is rasterised once per (string, size,
weight) and pasted afterwards, which keeps repeated labels (numbers, names) cheap.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]  # (left, top, right, bottom)
Align = Literal["l", "c", "r"]  # text or badge anchored left, centre or right of x
# An engine view (public, or one seat's own): JSON-shaped, its keys vary by game, expansion and
# viewer, and the engine owns its shape, so renderers read it defensively (.get with defaults).
View = dict[str, Any]

# Okabe–Ito colour-blind-safe palette.
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)
BLACK: RGB = (0, 0, 0)

# Neutrals.
WHITE: RGB = (255, 255, 255)
INK: RGB = (28, 28, 30)
MUTED: RGB = (110, 110, 110)
FAINT: RGB = (190, 184, 172)
LINE: RGB = (168, 158, 140)
BG: RGB = (239, 233, 220)
PANEL: RGB = (252, 250, 244)
HEADER: RGB = (36, 52, 66)
GREY_FILL: RGB = (214, 210, 202)
GOLD: RGB = (222, 184, 70)
GOLD_DARK: RGB = (120, 90, 10)

MAX_PNG_BYTES = 1 << 20


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font (no system font); bitmap fallback without FreeType."""
    return ImageFont.load_default(size=size)


def cap_height(size: int) -> int:
    """Approximate height of capitals and digits above the baseline."""
    return round(size * 0.72)


@lru_cache(maxsize=8192)
def _mask(s: str, size: int, bold: bool) -> tuple[Image.Image, int, int, float]:
    """Rasterised text: (mask, left, top relative to the baseline, advance width)."""
    # The glyphs are laid out and rasterised once (what ``ImageDraw.text`` does, without its second
    # layout for the bounding box); bold blends that raster twice, one pixel apart (a stroke is too
    # heavy at small sizes), exactly as two ``ImageDraw.text`` calls would.
    f = font(size)
    extra = 1 if bold else 0
    if not isinstance(f, ImageFont.FreeTypeFont):  # the bitmap fallback: two text calls
        left, top, right, bottom = (int(v) for v in f.getbbox(s, anchor="ls"))
        mask = Image.new("L", (max(1, right - left + extra), max(1, bottom - top)))
        for dx in range(extra + 1):
            ImageDraw.Draw(mask).text((dx - left, -top), s, font=f, fill=255, anchor="ls")
        return mask, left, top, text_width(s, size, bold)
    glyphs, (left, top) = f.getmask2(s, "L", anchor="ls", ink=255)
    width, height = glyphs.size
    mask = Image.new("L", (max(1, width + extra), max(1, height)))
    if width and height:
        draw = ImageDraw.Draw(mask).draw
        for dx in range(extra + 1):
            draw.draw_bitmap((dx, 0), glyphs, 255)
    return mask, left, top, text_width(s, size, bold)


@lru_cache(maxsize=8192)
def text_width(s: str, size: int, bold: bool = False) -> float:
    """Advance width of ``s`` in pixels (without rasterising it)."""
    return float(font(size).getlength(s)) + (1 if bold else 0)


@lru_cache(maxsize=8192)
def fit(s: str, size: int, width: float, bold: bool = False) -> str:
    """``s`` cut with an ellipsis so that it is at most ``width`` pixels wide."""
    if text_width(s, size, bold) <= width:
        return s
    lo, hi = 0, len(s)  # longest prefix that fits with the ellipsis: binary search
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(s[:mid].rstrip() + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + "…"


def wrap(s: str, size: int, width: float) -> list[str]:
    """``s`` broken at spaces into lines at most ``width`` pixels wide (long words are cut)."""
    return list(_wrap(s, size, width))


@lru_cache(maxsize=2048)
def _wrap(s: str, size: int, width: float) -> tuple[str, ...]:
    lines: list[str] = []
    for word in s.split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(fit(word, size, width))
    return tuple(lines)


class Canvas:
    """An RGB image plus drawing helpers; coordinates are pixels."""

    def __init__(self, im: Image.Image) -> None:
        self.im = im
        self.d: ImageDraw.ImageDraw = ImageDraw.Draw(im)

    def text(
        self, x: float, y: float, s: str, size: int, fill: RGB = INK, align: Align = "l", bold: bool = False
    ) -> float:
        """Draw ``s`` with its capitals vertically centred on ``y``; ``align`` is l, c or r of ``x``.
        Returns the advance width."""
        if not s:
            return 0.0
        mask, left, top, adv = _mask(s, size, bold)
        if align == "c":
            x -= adv / 2
        elif align == "r":
            x -= adv
        baseline = y + cap_height(size) / 2
        self.im.paste(fill, (int(round(x + left)), int(round(baseline + top))), mask)
        return adv

    def rect(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1, radius: int = 0
    ) -> None:
        if radius:
            self.d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        else:
            self.d.rectangle(box, fill=fill, outline=outline, width=width)

    def circle(
        self, cx: float, cy: float, r: float, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        self.d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)

    def colonist(self, cx: float, cy: float, r: float, filled: bool) -> None:
        """A colonist circle: filled dark disc with a light ring, or an empty white circle."""
        if filled:
            self.circle(cx, cy, r, fill=WHITE)
            self.circle(cx, cy, r - 1.5, fill=INK)
        else:
            self.circle(cx, cy, r, fill=WHITE, outline=INK, width=2)

    def coin(self, cx: float, cy: float, r: float, n: int | str, size: int | None = None) -> None:
        """A doubloon: gold disc with a dark rim and the amount."""
        self.circle(cx, cy, r, fill=GOLD, outline=GOLD_DARK, width=2)
        label = str(n)
        size = size or int(r * 1.15)
        if len(label) > 2:
            size = int(size * 2 / len(label) + 1)
        self.text(cx, cy, label, size, INK, "c", bold=True)

    def badge(
        self,
        x: float,
        y: float,
        label: str,
        bg: RGB,
        fg: RGB = WHITE,
        size: int = 15,
        align: Align = "l",
        outline: RGB | None = None,
    ) -> float:
        """A pill-shaped label centred vertically on ``y``; returns its width."""
        w = text_width(label, size, True) + size
        h = size + 8
        if align == "r":
            x -= w
        elif align == "c":
            x -= w / 2
        self.rect((x, y - h / 2, x + w, y + h / 2), fill=bg, outline=outline, width=2, radius=h // 2)
        self.text(x + w / 2, y, label, size, fg, "c", bold=True)
        return w


def blend(fg: RGB, bg: RGB, t: float) -> RGB:
    """``t`` of the way from ``bg`` to ``fg`` (0: ``bg``, 1: ``fg``), rounded per channel."""

    def mix(f: int, b: int) -> int:
        return round(f * t + b * (1 - t))

    return mix(fg[0], bg[0]), mix(fg[1], bg[1]), mix(fg[2], bg[2])


def palette_image(flat: list[RGB], pairs: list[tuple[RGB, RGB]], steps: int = 5) -> Image.Image:
    """A fixed palette: the flat colours plus ``steps`` blends between each (foreground,
    background) pair, for antialiased edges. Mapping onto it is fast and deterministic."""
    colours = list(dict.fromkeys(flat))
    for fg, bg in pairs:
        for k in range(1, steps + 1):
            colours.append(blend(fg, bg, k / (steps + 1)))
    colours = list(dict.fromkeys(colours))
    if len(colours) > 256:
        raise ValueError(f"palette has {len(colours)} colours; at most 256")
    colours += [colours[0]] * (256 - len(colours))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c])
    return pal


def encode_png(im: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes in 256 colours: mapped onto ``palette`` (fast) or adaptively quantised.
    Flat drawings lose nothing visible and the file is ~2.5x smaller than full colour."""
    buf = io.BytesIO()
    if palette is not None:
        small = im.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        small = im.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    small.save(buf, "PNG", compress_level=3)
    if buf.tell() > MAX_PNG_BYTES:
        buf = io.BytesIO()
        im.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(buf, "PNG", compress_level=9)
    return buf.getvalue()
