"""Shared drawing kit: Okabe–Ito palette, fonts, cached text, shapes, PNG output.

Every game renderer draws on a :class:`Canvas`. Text is rasterised once per (string, size,
weight) and pasted afterwards, which keeps repeated labels (numbers, names) cheap.

Fonts are chosen per string: text whose every character Pillow's bundled font draws (English
labels, numbers, ASCII names) uses that font, as it always has; text with any other character
(Japanese, an accented name) uses a CJK font, Noto Sans CJK JP (:func:`cjk_files`: ``BOARD_FONT_CJK``,
the usual Debian paths, or fontconfig; licence in ``render/fonts``). Without one, such text is drawn
with the bundled font and one warning is logged.
"""

from __future__ import annotations

import io
import logging
import os
import shutil
import subprocess
from functools import cache, lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw, ImageFont

from .i18n import tr
from .layout import CUT_FROM, LAYOUT_KEY, Drawn, Layout, Marker, layout_of
from .layout import Box as Box  # (left, top, right, bottom): renderers take it from here

RGB = tuple[int, int, int]
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
LOG = logging.getLogger(__name__)
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

#: A CJK font file to use instead of searching (a .ttc/.otf/.ttf path; its Japanese face is used).
CJK_ENV = "BOARD_FONT_CJK"
#: Where distributions put Noto Sans CJK: (regular, bold).
CJK_PATHS = (
    ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
    ("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc", "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc"),
    (
        "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc",
    ),
    (
        "/usr/share/fonts/opentype/noto/NotoSansCJKjp-Regular.otf",
        "/usr/share/fonts/opentype/noto/NotoSansCJKjp-Bold.otf",
    ),
)


@cache
def font(size: int) -> Font:
    """Pillow's bundled scalable font (no system font); bitmap fallback without FreeType."""
    return ImageFont.load_default(size=size)


def _fc_match(pattern: str) -> str | None:
    """The file fontconfig picks for ``pattern`` (None without fontconfig or a CJK font)."""
    if shutil.which("fc-match") is None:
        return None
    try:
        out = subprocess.run(
            ["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True, timeout=10, check=False
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    if not out or not os.path.isfile(out):
        return None
    covers = subprocess.run(["fc-list", ":lang=ja", "file"], capture_output=True, text=True, timeout=10, check=False)
    return out if out in covers.stdout else None


@cache
def cjk_files() -> tuple[str, str | None] | None:
    """(regular, bold or None) font files for Japanese text; None (and one warning) when there is none."""
    given = os.environ.get(CJK_ENV)
    if given:
        if os.path.isfile(given):
            return given, None
        LOG.warning("%s=%s is not a file; looking for a CJK font elsewhere", CJK_ENV, given)
    for regular, bold in CJK_PATHS:
        if os.path.isfile(regular):
            return regular, bold if os.path.isfile(bold) else None
    regular_file = _fc_match(":lang=ja:style=Regular")
    if regular_file:
        bold_file = _fc_match(":lang=ja:style=Bold")
        return regular_file, bold_file if bold_file != regular_file else None
    LOG.warning(
        "no CJK font found (set %s, or install fonts-noto-cjk): Japanese text is drawn with the bundled font",
        CJK_ENV,
    )
    return None


def _japanese_face(path: str) -> int:
    """Index of the Japanese (proportional) face in a font collection; 0 for a single font."""
    for index in range(16):
        try:
            family = ImageFont.truetype(path, 12, index=index).getname()[0] or ""
        except OSError:
            break
        if family.endswith(" JP") and "Mono" not in family:
            return index
    return 0


@cache
def cjk_font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | None:
    """The CJK font at ``size`` (its bold face when there is one and ``bold``); None without one."""
    files = cjk_files()
    if files is None:
        return None
    path = files[1] if bold and files[1] else files[0]
    return ImageFont.truetype(path, size, index=_face(path))


@cache
def _face(path: str) -> int:
    return _japanese_face(path)


@cache
def _drawn_by_default(ch: str) -> bool:
    """Whether the bundled font has a glyph for ``ch`` (its mask is not the notdef box)."""
    f = font(20)
    if not isinstance(f, ImageFont.FreeTypeFont):
        return ch.isascii()
    notdef = f.getmask("\uffff")
    mask = f.getmask(ch)
    return mask.size != notdef.size or bytes(mask) != bytes(notdef)


@lru_cache(maxsize=8192)
def uses_cjk(s: str) -> bool:
    """Whether ``s`` is drawn with the CJK font: it has a character the bundled font lacks and a CJK
    font exists. Text the bundled font draws whole (every English label) keeps that font."""
    if s.isascii():
        return False
    return not all(_drawn_by_default(ch) for ch in s) and cjk_files() is not None


def _font_for(s: str, size: int, bold: bool) -> tuple[Font, int]:
    """(font, extra pixels of the one-pixel-apart bold) for drawing ``s``."""
    if uses_cjk(s):
        face = cjk_font(size, bold)
        if face is not None:
            has_bold = bold and (cjk_files() or ("", None))[1] is not None
            return face, 1 if bold and not has_bold else 0
    return font(size), 1 if bold else 0


def cap_height(size: int) -> int:
    """Approximate height of capitals and digits above the baseline."""
    return round(size * 0.72)


@lru_cache(maxsize=8192)
def _mask(s: str, size: int, bold: bool) -> tuple[Image.Image, int, int, float]:
    """Rasterised text: (mask, left, top relative to the baseline, advance width)."""
    # The glyphs are laid out and rasterised once (what ``ImageDraw.text`` does, without its second
    # layout for the bounding box); bold blends that raster twice, one pixel apart (a stroke is too
    # heavy at small sizes), exactly as two ``ImageDraw.text`` calls would.
    f, extra = _font_for(s, size, bold)
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
    f, extra = _font_for(s, size, bold)
    return float(f.getlength(s)) + extra


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
    cut = s[:lo].rstrip() + "…"
    CUT_FROM.setdefault(cut, s)
    return cut


@lru_cache(maxsize=4096)
def shrink(s: str, size: int, width: float, bold: bool = False, least: int | None = None) -> int:
    """The largest font size from ``size`` down to ``least`` (three quarters of ``size`` unless given)
    at which ``s`` is at most ``width`` pixels wide; ``least`` when none is (cut it with :func:`fit`).
    Japanese labels are wider than the English ones a layout was made for."""
    floor = least if least is not None else max(8, round(size * 0.75))
    for candidate in range(size, floor, -1):
        if text_width(s, candidate, bold) <= width:
            return candidate
    return floor


def wrap(s: str, size: int, width: float) -> list[str]:
    """``s`` broken at spaces into lines at most ``width`` pixels wide (long words are cut)."""
    return list(_wrap(s, size, width))


@lru_cache(maxsize=2048)
def _wrap(s: str, size: int, width: float) -> tuple[str, ...]:
    lines: list[str] = []
    for word in s.split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        elif text_width(word, size) > width and uses_cjk(word):
            lines += _break(word, size, width)
        else:
            lines.append(fit(word, size, width))
    return tuple(lines)


# Japanese lines break between any two characters, except before these (kinsoku).
NO_LINE_START = frozenset("、。，．・：；？！ー）」』】〕〉》ゃゅょっぁぃぅぇぉャュョッァィゥェォ)]}.,:;!?%")


def _break(word: str, size: int, width: float) -> list[str]:
    """A word with no spaces (Japanese) broken between characters into lines of ``width``."""
    lines = [""]
    for ch in word:
        if lines[-1] and ch not in NO_LINE_START and text_width(lines[-1] + ch, size) > width:
            lines.append("")
        lines[-1] += ch
    return lines


class Canvas:
    """An RGB image plus drawing helpers; coordinates are pixels. Every text and marker drawn is
    recorded in :attr:`layout` (see :func:`layout_of`), which the layout tests and benches read."""

    def __init__(self, im: Image.Image, lang: str = "en") -> None:
        self.im = im
        self.d: ImageDraw.ImageDraw = ImageDraw.Draw(im)
        self.lang = lang  # the language of the words drawn
        before = layout_of(im)  # a copy of a cached base keeps the base's texts and markers
        self.layout = Layout(list(before.texts), list(before.markers))
        im.info[LAYOUT_KEY] = self.layout

    def mark(self, rect: Box, who: str) -> None:
        """Record a marker drawn at ``rect`` (its drawing is the caller's)."""
        self.layout.markers.append(Marker(rect, who))

    def say(self, message: str) -> str:
        """``message`` (a :class:`~engine.core.i18n.Msg`) in this canvas's language."""
        return tr(message, self.lang)

    def text(
        self,
        x: float,
        y: float,
        s: str,
        size: int,
        fill: RGB = INK,
        align: Align = "l",
        bold: bool = False,
        box: Box | None = None,
    ) -> float:
        """Draw ``s`` with its capitals vertically centred on ``y``; ``align`` is l, c or r of ``x``;
        ``box``: the box it must fit in (recorded, not enforced). Returns the advance width."""
        if not s:
            return 0.0
        mask, left, top, adv = _mask(s, size, bold)
        if align == "c":
            x -= adv / 2
        elif align == "r":
            x -= adv
        baseline = y + cap_height(size) / 2
        at = (int(round(x + left)), int(round(baseline + top)))
        self.im.paste(fill, at, mask)
        w, h = mask.size
        self.layout.texts.append(Drawn(s, (at[0], at[1], at[0] + w, at[1] + h), size, box, CUT_FROM.get(s)))
        return adv

    def rect(
        self,
        box: Box,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
        radius: int = 0,
        who: str | None = None,
    ) -> None:
        """A rectangle; ``who``: it is a marker standing for that (recorded in the layout)."""
        if radius:
            self.d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        else:
            self.d.rectangle(box, fill=fill, outline=outline, width=width)
        if who is not None:
            self.mark(box, who)

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
        """A disc; ``who``: it is a marker standing for that (recorded in the layout)."""
        self.d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        if who is not None:
            self.mark((cx - r, cy - r, cx + r, cy + r), who)

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
        who: str | None = None,
    ) -> float:
        """A pill-shaped label centred vertically on ``y``; returns its width. ``who``: the badge is a
        marker standing for that (recorded in the layout)."""
        w = text_width(label, size, True) + size
        h = size + 8
        if align == "r":
            x -= w
        elif align == "c":
            x -= w / 2
        self.rect((x, y - h / 2, x + w, y + h / 2), fill=bg, outline=outline, width=2, radius=h // 2, who=who)
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
