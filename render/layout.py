"""What a board drew, where: the layout every :class:`~render.common.Canvas` records.

Each text drawn is kept with its ink's extent, its font size, the box it was given to fit in and,
when :func:`~render.common.fit` shortened it, the text it was cut from; each marker (a piece, a
token, a score cube...) with its rectangle and what it stands for. The layout travels with the
image (``Image.info``, copied with it and never written to the PNG), so a board drawn on a copy of
a cached base still knows the base's texts. Tests ask it instead of guessing from pixels
(``tests/render/test_render_layout.py``), and ``bench/board_images.py`` reads text sizes from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

Box = tuple[float, float, float, float]  # (left, top, right, bottom)

#: Every text :func:`~render.common.fit` shortened, mapped to the text it was cut from.
CUT_FROM: dict[str, str] = {}


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text as drawn: ``extent`` its pixels' box (ink), ``size`` its font size in pixels, ``box``
    the box it was given to fit in (None: only the image), ``full`` the text it was cut from by
    :func:`fit` (None: drawn whole)."""

    text: str
    extent: Box
    size: int
    box: Box | None
    full: str | None


@dataclass(frozen=True, slots=True)
class Marker:
    """One marker as drawn (a piece, a token, a score cube...): its rectangle and what it stands for
    (``who``: e.g. "seat 2 score", "cardinal")."""

    rect: Box
    who: str


@dataclass(slots=True)
class Layout:
    """What a :class:`Canvas` drew: every text and every marker, in drawing order. A canvas on a copy of
    an image drawn before (a cached base) starts from that image's layout."""

    texts: list[Drawn] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)


LAYOUT_KEY = "board-layout"  # where an image keeps its layout (Image.info: copied with the image, never saved)


def layout_of(im: Image.Image) -> Layout:
    """The layout of everything drawn on ``im`` through a :class:`Canvas` (an empty one if none)."""
    found = im.info.get(LAYOUT_KEY)
    return found if isinstance(found, Layout) else Layout()


__all__ = ["CUT_FROM", "LAYOUT_KEY", "Box", "Drawn", "Layout", "Marker", "layout_of"]
