"""Puerto Rico's round pieces, drawn on the shared :class:`~render.common.Canvas`: colonists and
doubloons."""

from __future__ import annotations

from ..common import GOLD, GOLD_DARK, INK, WHITE, Canvas


def colonist(c: Canvas, cx: float, cy: float, r: float, filled: bool) -> None:
    """A colonist circle: filled dark disc with a light ring, or an empty white circle."""
    if filled:
        c.circle(cx, cy, r, fill=WHITE)
        c.circle(cx, cy, r - 1.5, fill=INK, who="colonist")
    else:
        c.circle(cx, cy, r, fill=WHITE, outline=INK, width=2)


def coin(c: Canvas, cx: float, cy: float, r: float, n: int | str, size: int | None = None) -> None:
    """A doubloon: gold disc with a dark rim and the amount."""
    c.circle(cx, cy, r, fill=GOLD, outline=GOLD_DARK, width=2)
    label = str(n)
    size = size or int(r * 1.15)
    if len(label) > 2:
        size = int(size * 2 / len(label) + 1)
    c.text(cx, cy, label, size, INK, "c", bold=True)
