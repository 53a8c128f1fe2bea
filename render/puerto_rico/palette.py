"""Puerto Rico's colours: those of its pieces, and the fixed 256-colour palette its images are
encoded with (:func:`render.common.palette_image`): every flat colour drawn, with the blends of its
antialiased edges, on the full board, a player's board, the turn image and the final panel."""

from __future__ import annotations

from engine.puerto_rico.colours import COLOURS

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
    blend,
    palette_image,
)
from ..turn import CHANGED, DOWN, UP

COFFEE: RGB = (72, 44, 26)
QUARRY: RGB = (150, 150, 150)
ACT_TINT: RGB = (250, 222, 200)
LARGE_TINT: RGB = (244, 236, 250)
# The turn image's and the final panel's own fills (render.turn, render.final).
_SHARED = [
    CHANGED,
    DOWN,
    UP,
    blend(CHANGED, PANEL, 0.3),
    blend(HEADER, BG, 0.12),
    blend(INK, PANEL, 0.04),
    blend(INK, PANEL, 0.05),
    blend(GOLD, PANEL, 0.35),
    *(blend(colour.rgb, PANEL, 0.18) for colour in COLOURS),
]
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
    ORANGE,
    BLUE,
    SKY,
    GREEN,
    VERMILLION,
    PURPLE,
    BLACK,
    COFFEE,
    QUARRY,
    ACT_TINT,
    LARGE_TINT,
    *_SHARED,
]
_PAIRS = [
    (INK, b)
    for b in (
        PANEL,
        WHITE,
        BG,
        GREY_FILL,
        ACT_TINT,
        YELLOW,
        ORANGE,
        GOLD,
        PURPLE,
        QUARRY,
        LARGE_TINT,
        BLUE,
        COFFEE,
        GREEN,
        VERMILLION,
    )
]
_PAIRS += [(MUTED, b) for b in (PANEL, GREY_FILL, WHITE, BG)]
_PAIRS += [(WHITE, b) for b in (HEADER, VERMILLION, GREEN, BLUE, COFFEE)]
_PAIRS += [(GOLD_DARK, b) for b in (GOLD, PANEL, ACT_TINT, GREY_FILL, BG)]
_PAIRS += [(LINE, BG), (LINE, PANEL), (FAINT, PANEL), (FAINT, WHITE), (FAINT, BG), (GREY_FILL, PANEL)]
_PAIRS += [(VERMILLION, b) for b in (BG, PANEL, ACT_TINT)] + [(GREEN, PANEL), (GREEN, BG), (PURPLE, PANEL)]
_PAIRS += [(ACT_TINT, PANEL), (YELLOW, HEADER), (YELLOW, PANEL), (ORANGE, PANEL), (BLUE, PANEL), (COFFEE, PANEL)]
_PAIRS += [(CHANGED, PANEL), (CHANGED, BG), (INK, blend(CHANGED, PANEL, 0.3))]
_PAIRS += [(WHITE, UP), (WHITE, DOWN), (INK, blend(GOLD, PANEL, 0.35))]
PALETTE = palette_image(_FLAT, _PAIRS, steps=4)

__all__ = ["ACT_TINT", "COFFEE", "LARGE_TINT", "PALETTE", "QUARRY"]
