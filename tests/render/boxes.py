"""Box arithmetic for the layout tests (boxes are (left, top, right, bottom), as :mod:`render.layout`)."""

from __future__ import annotations

from render.layout import Box


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share an area (touching edges do not)."""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def within(inner: Box, outer: Box, slack: float = 1.0) -> bool:
    """Whether ``inner`` lies in ``outer`` (``slack`` pixels of tolerance on each side)."""
    return (
        outer[0] - slack <= inner[0]
        and inner[2] <= outer[2] + slack
        and outer[1] - slack <= inner[1]
        and inner[3] <= outer[3] + slack
    )
