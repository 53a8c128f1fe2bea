"""Lisboa's pictograms at the turn image's size (:mod:`render.turn`): goods tokens, rubble cubes,
coins and seat discs, each carrying its letter at no less than :data:`render.turn.SMALL`, so they
read at Discord's inline size; and :func:`lines`, wrapped lines of that size. Drawn straight on a
:class:`~render.common.Canvas` in pixels.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..common import GOLD, GOLD_DARK, INK, MUTED, WHITE, Canvas, wrap
from ..turn import SMALL, Icon
from .parts import GOODS, RUBBLE, seat_style

#: The side of a pictogram that carries a letter of :data:`SMALL` size.
TOKEN = 30
#: The height of one line of :data:`SMALL` text.
LINE = SMALL + 8


def lines(c: Canvas, x: float, y: float, texts: Sequence[str], width: float, bold_first: bool = False) -> float:
    """Draw ``texts`` from ``y``, each wrapped to ``width`` (the first in ink, bold if asked, the
    others muted); returns the bottom."""
    for k, line in enumerate(texts):
        for part in wrap(line, SMALL, width) or [""]:
            first = k == 0
            box = (x, y, x + width, y + LINE)
            c.text(x, y + LINE / 2, part, SMALL, INK if first else MUTED, bold=bold_first and first, box=box)
            y += LINE
    return y


def good(c: Canvas, x: float, y: float, size: int, kind: str) -> None:
    """A goods token (its colour and letter) in the ``size`` square whose top left is (x, y)."""
    fill, fg, letter = GOODS.get(kind, (WHITE, INK, "?"))
    r = size / 2
    c.circle(x + r, y + r, r, fill=fill, outline=INK, width=1)
    c.text(x + r, y + r, letter, max(SMALL, round(size * 0.72)), fg, "c", bold=True)


def cube(c: Canvas, x: float, y: float, size: int, disaster: str) -> None:
    """A rubble cube (its colour and letter) in the ``size`` square whose top left is (x, y)."""
    fill, fg, letter = RUBBLE.get(disaster, (WHITE, INK, "?"))
    c.rect((x, y, x + size, y + size), fill=fill, outline=INK, width=1, radius=3)
    c.text(x + size / 2, y + size / 2, letter, max(SMALL, round(size * 0.72)), fg, "c", bold=True)


def coin(c: Canvas, x: float, y: float, size: int) -> None:
    """A coin (réis) in the ``size`` square whose top left is (x, y)."""
    r = size / 2
    c.circle(x + r, y + r, r, fill=GOLD, outline=GOLD_DARK, width=2)
    c.text(x + r, y + r, "r", max(SMALL, round(size * 0.72)), INK, "c", bold=True)


def seat(c: Canvas, cx: float, cy: float, owner: int | str, r: float = TOKEN / 2, who: str | None = None) -> None:
    """A seat's disc: its colour with its colour letter (the grey 2-player dummy "D"), centred."""
    fill, fg, label = seat_style(owner)
    c.circle(cx, cy, r, fill=fill, outline=INK, width=2, who=who or f"seat {owner}")
    c.text(cx, cy, label, max(SMALL, round(r * 1.4)), fg, "c", bold=True)


def good_icon(kind: str) -> Icon:
    """A :class:`render.turn.Stat` icon drawing the goods token ``kind``."""

    def draw(c: Canvas, x: float, y: float, size: int) -> None:
        good(c, x, y, size, kind)

    return draw


def cube_icon(disaster: str) -> Icon:
    """A :class:`render.turn.Stat` icon drawing a rubble cube of ``disaster``."""

    def draw(c: Canvas, x: float, y: float, size: int) -> None:
        cube(c, x, y, size, disaster)

    return draw


__all__ = ["LINE", "TOKEN", "lines", "coin", "cube", "cube_icon", "good", "good_icon", "seat"]
