"""Cutting a drawn board and opening a band in it (the final panel below the full board's header),
its layout (:mod:`render.layout`) following: what lay below the band moves down with it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PIL import Image

from ..common import BG, Box, Canvas
from ..layout import LAYOUT_KEY, Layout, layout_of

#: How tall a band may be drawn before it is cut to what was drawn.
ROOM = 2400


def cut(c: Canvas, bottom: float) -> Image.Image:
    """The canvas's image cut just below ``bottom``, its layout with it."""
    im = c.im.crop((0, 0, c.im.width, min(c.im.height, int(bottom))))
    im.info[LAYOUT_KEY] = c.layout
    return im


def _moved(box: Box, at: float, dy: float) -> Box:
    """``box`` with what of it lies below ``at`` moved down by ``dy`` (a box across ``at`` grows)."""
    x0, y0, x1, y1 = box
    return (x0, y0 + dy if y0 >= at else y0, x1, y1 + dy if y1 > at else y1)


def below(im: Image.Image, at: int, lang: str, draw: Callable[[Canvas], float]) -> Image.Image:
    """``im`` with a band opened at height ``at``: ``draw`` draws it on a canvas of the image's width
    from its top and returns its bottom; what lay below ``at`` moves down by the band's height."""
    band = Canvas(Image.new("RGB", (im.width, ROOM), BG), lang)
    h = int(draw(band)) + 16
    out = Image.new("RGB", (im.width, im.height + h), BG)
    out.paste(im.crop((0, 0, im.width, at)), (0, 0))
    out.paste(band.im.crop((0, 0, im.width, h)), (0, at))
    out.paste(im.crop((0, at, im.width, im.height)), (0, at + h))
    old = layout_of(im)
    texts = [replace(t, extent=_moved(t.extent, at, h), box=t.box and _moved(t.box, at, h)) for t in old.texts]
    markers = [replace(m, rect=_moved(m.rect, at, h)) for m in old.markers]
    texts += [replace(t, extent=_moved(t.extent, 0, at), box=t.box and _moved(t.box, 0, at)) for t in band.layout.texts]
    markers += [replace(m, rect=_moved(m.rect, 0, at)) for m in band.layout.markers]
    out.info[LAYOUT_KEY] = Layout(texts, markers)
    return out
