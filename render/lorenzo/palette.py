"""Lorenzo il Magnifico's fixed palette: every flat colour its full board, its turn image and their
pictograms draw, and blends for antialiased edges, so PNGs encode fast and deterministically (see
``render.common.palette_image``)."""

from __future__ import annotations

from ..common import (
    BG,
    FAINT,
    GOLD,
    GREY_FILL,
    HEADER,
    INK,
    LINE,
    MUTED,
    PANEL,
    WHITE,
    blend,
    palette_image,
)
from ..turn import CHANGED, DOWN, UP
from .icons import COLOURS as ICON_COLOURS
from .parts import DIE_FILL, PLAYER_COLOURS, TOWER_COLOURS

STATUS_FILL = blend(HEADER, BG, 0.15)
EXCOMM_FILL = blend(INK, PANEL, 0.08)
#: Each tower's floors (the full board's and the turn image's).
TINTS = [blend(colour, PANEL, 0.18) for colour in TOWER_COLOURS.values()]
BACKS = [BG, PANEL, GREY_FILL, STATUS_FILL, EXCOMM_FILL, *TINTS]
# The turn image's frame (render.turn, render.final): section bands, striped and acting rows, changes.
FRAME = [
    blend(HEADER, BG, 0.12),
    blend(INK, PANEL, 0.04),
    blend(INK, PANEL, 0.05),
    blend(GOLD, PANEL, 0.35),
    blend(CHANGED, PANEL, 0.3),
    *(blend(colour, PANEL, 0.18) for colour in PLAYER_COLOURS),
]
PALETTE = palette_image(
    [BG, PANEL, GREY_FILL, STATUS_FILL, EXCOMM_FILL, HEADER, INK, WHITE, MUTED, FAINT, LINE, *TINTS]
    + list(TOWER_COLOURS.values())
    + list(PLAYER_COLOURS)
    + list(DIE_FILL.values())
    + list(ICON_COLOURS)
    + [CHANGED, DOWN, UP, *FRAME],
    [(INK, back) for back in BACKS + FRAME]
    + [(MUTED, back) for back in BACKS + FRAME[:3]]
    + [(FAINT, back) for back in TINTS]
    + [(WHITE, HEADER), (INK, WHITE), (INK, DIE_FILL["orange"]), (WHITE, INK), (INK, STATUS_FILL)]
    + [(WHITE, colour) for colour in PLAYER_COLOURS]
    + [(colour, PANEL) for colour in PLAYER_COLOURS]
    + [(INK, colour) for colour in TOWER_COLOURS.values()]
    + [(WHITE, DOWN), (WHITE, UP), (INK, GOLD)]
    + [(LINE, back) for back in BACKS],
    steps=3,
)
