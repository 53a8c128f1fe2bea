"""What the images' abbreviations stand for: the short building names of the English boards
("Sm. indigo"), the full board's "bldg", "VP", "(4+)", "x2" and the VP chip's "V", and the full
board's key to them (``key = meaning``, flowing over as many lines as its width needs)."""

from __future__ import annotations

from ..common import INK, MUTED, Canvas, text_width
from .i18n import msg, tr

#: Building names the English boards abbreviate, and what the abbreviation stands for.
ABBREVIATIONS = {
    "Sm.": msg("small"),
    "Lg.": msg("large"),
    "Constr.": msg("construction"),
    "Tob.": msg("tobacco"),
    "Spec.": msg("specialty"),
}
#: The full board's own short forms, in every language (the key drawn through the catalogue).
BOARD_KEYS = (
    (msg("V"), msg("VP chips")),
    (msg("(4+)"), msg("large building: 4 VP and a bonus at the end")),
    (msg("x2"), msg("how many: copies left, colonists in San Juan, quarries left")),
)
#: The English board's words cut short.
ENGLISH_KEYS = (
    (msg("VP"), msg("victory points")),
    (msg("bldg"), msg("the buildings' VP (VP chips are secret)")),
)
SIZE = 16
LINE = 26


def entries(lang: str) -> list[tuple[str, str]]:
    """(key, meaning) of the full board in ``lang``."""
    out = [(tr(k, lang), tr(v, lang)) for k, v in BOARD_KEYS]
    if lang == "en":
        out += [(tr(k, lang), tr(v, lang)) for k, v in ENGLISH_KEYS]
        out += [(short, tr(meaning, lang)) for short, meaning in ABBREVIATIONS.items()]
    return out


def _widths(lang: str) -> list[tuple[str, str, float, float]]:
    return [
        (k, v, text_width(k, SIZE, True), text_width(k, SIZE, True) + 8 + text_width(v, SIZE)) for k, v in entries(lang)
    ]


def lines(width: float, lang: str) -> int:
    """How many lines the key takes ``width`` wide."""
    n, x = 1, 0.0
    for _, _, _, w in _widths(lang):
        if x and x + w > width:
            n, x = n + 1, 0.0
        x += w + 24
    return n


def draw(c: Canvas, x0: float, top: float, width: float, lang: str) -> float:
    """The key from ``top`` (``width`` wide from ``x0``); returns its bottom."""
    x, y = 0.0, top
    for key, meaning, head, w in _widths(lang):
        if x and x + w > width:
            x, y = 0.0, y + LINE
        box = (x0, y, x0 + width, y + LINE)
        c.text(x0 + x, y + LINE / 2, key, SIZE, INK, bold=True, box=box)
        c.text(x0 + x + head + 8, y + LINE / 2, meaning, SIZE, MUTED, box=box)
        x += w + 24
    return y + LINE


__all__ = ["ABBREVIATIONS", "BOARD_KEYS", "ENGLISH_KEYS", "draw", "entries", "lines"]
