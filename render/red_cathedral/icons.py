"""Pictograms of The Red Cathedral (the materials, rubles, dice and workshop tiles as the game's
components show them) and the engine's item texts read back into (item, count) pairs.

The engine's views carry what a tile gives and what an influence card does as English text in the
grammar of ``engine/red_cathedral/words.py`` (``2 lumber``, ``1 green jewel``, ``once: pay 1 gold,
get 2 RP, 1 ruble``, ``the yield of the white die's space``); :func:`amounts_of`,
:func:`action_of` and :func:`die_of` read them back, so the images can draw pictograms and numbers
instead of words. A text they cannot read is drawn as the words it is.

A :class:`Tok` is one piece of a drawn line (a word, a pictogram with its count, a die, a seat's
disc); :func:`flow` breaks tokens into lines of a width, :func:`draw_line` draws one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.red_cathedral.colours import COLOURS as PLAYER_COLOURS

from ..common import INK, RGB, WHITE, Box, Canvas, text_width, wrap

#: The materials in the order the game lists them (the inventory's and the sections' costs).
MATERIALS = ("lumber", "brick", "stone", "gold", "green", "purple")
#: Each pictogram's colours (fill, outline), as the game's wooden pieces and coins.
ITEM_RGB: dict[str, tuple[RGB, RGB]] = {
    "lumber": ((150, 96, 48), (88, 54, 24)),
    "brick": ((196, 78, 52), (110, 36, 20)),
    "stone": ((128, 132, 140), (62, 64, 70)),
    "gold": ((236, 196, 60), (130, 96, 10)),
    "green": ((0, 158, 115), (0, 80, 58)),
    "purple": ((150, 80, 170), (80, 30, 96)),
    "rubles": ((214, 214, 222), (96, 96, 110)),
}
#: The dice's colours and letters (each player's die has its player's colour and mark).
#: A workshop tile's cardboard.
TILE: RGB = (226, 206, 160)
DIE_RGB: dict[str, RGB] = {"white": WHITE, **{p.id: p.rgb for p in PLAYER_COLOURS}}
DIE_MARK: dict[str, str] = {"white": "W", **{p.id: p.mark for p in PLAYER_COLOURS}}
# The engine's nouns (singular and plural) by item key.
_NOUNS = {
    "lumber": "lumber",
    "brick": "brick",
    "stone": "stone",
    "gold": "gold",
    "green jewel": "green",
    "green jewels": "green",
    "purple jewel": "purple",
    "purple jewels": "purple",
    "ruble": "rubles",
    "rubles": "rubles",
    "RP": "rp",
    "PP": "pp",
}
_ACTION = re.compile(r"^(once|repeatable): (?:pay (?P<cost>.+?), )?get (?P<gain>.+)$")
_YIELD = re.compile(r"^the yield of the (\w+) die's space$")


def ink_on(rgb: RGB) -> RGB:
    """Ink readable on ``rgb`` (dark on light colours, white on dark ones)."""
    return INK if sum(rgb) > 500 else WHITE


def item_of(text: str) -> tuple[str, int] | None:
    """``2 lumber`` → ``("lumber", 2)``; None for any other text."""
    count, _, noun = text.strip().partition(" ")
    key = _NOUNS.get(noun)
    return (key, int(count)) if count.isdigit() and key else None


def amounts_of(text: str) -> list[tuple[str, int]] | None:
    """``2 RP, 1 ruble`` → ``[("rp", 2), ("rubles", 1)]``; None unless every part is an item."""
    parts = [item_of(p) for p in text.split(", ")]
    return [p for p in parts if p is not None] if all(parts) else None


def die_of(text: str) -> str | None:
    """The die colour of ``the yield of the white die's space``; None for any other text."""
    found = _YIELD.match(text)
    return found.group(1) if found and found.group(1) in DIE_RGB else None


def action_of(text: str) -> tuple[bool, list[tuple[str, int]], list[tuple[str, int]]] | None:
    """An influence card's action: (repeatable, cost, gain); None when the text is not one."""
    found = _ACTION.match(text)
    if not found:
        return None
    cost = amounts_of(found.group("cost")) if found.group("cost") else []
    gain = amounts_of(found.group("gain"))
    if cost is None or gain is None:
        return None
    return found.group(1) == "repeatable", cost, gain


def pictogram(c: Canvas, kind: str, x: float, y: float, s: int) -> None:
    """The pictogram of ``kind`` (a material or rubles) in the ``s`` square whose top-left is (x, y)."""
    fill, edge = ITEM_RGB[kind]
    d, w = c.d, max(1, s // 12)
    if kind == "lumber":  # a log seen from the side, its cut end showing
        d.rounded_rectangle(
            (x, y + s * 0.25, x + s, y + s * 0.75), radius=int(s * 0.2), fill=fill, outline=edge, width=w
        )
        d.ellipse((x + s * 0.62, y + s * 0.25, x + s, y + s * 0.75), fill=(205, 160, 100), outline=edge, width=w)
    elif kind == "brick":  # a brick with its mortar joint
        d.rectangle((x, y + s * 0.2, x + s, y + s * 0.8), fill=fill, outline=edge, width=w)
        d.line((x, y + s * 0.5, x + s, y + s * 0.5), fill=(240, 220, 200), width=w)
        d.line((x + s * 0.5, y + s * 0.2, x + s * 0.5, y + s * 0.5), fill=(240, 220, 200), width=w)
    elif kind == "stone":  # a rough block
        points = [(0.15, 0.2), (0.7, 0.08), (1.0, 0.4), (0.85, 0.92), (0.2, 0.95), (0.0, 0.55)]
        d.polygon([(x + px * s, y + py * s) for px, py in points], fill=fill, outline=edge, width=w)
    elif kind == "gold":  # an ingot
        points = [(0.22, 0.25), (0.78, 0.25), (1.0, 0.8), (0.0, 0.8)]
        d.polygon([(x + px * s, y + py * s) for px, py in points], fill=fill, outline=edge, width=w)
    elif kind in ("green", "purple"):  # a cut jewel
        points = [(0.5, 0.02), (0.95, 0.4), (0.5, 0.98), (0.05, 0.4)]
        d.polygon([(x + px * s, y + py * s) for px, py in points], fill=fill, outline=edge, width=w)
        d.line((x + 0.05 * s, y + 0.4 * s, x + 0.95 * s, y + 0.4 * s), fill=edge, width=w)
    else:  # a ruble coin
        d.ellipse((x + 1, y + 1, x + s - 1, y + s - 1), fill=fill, outline=edge, width=w)
        d.ellipse((x + s * 0.28, y + s * 0.28, x + s * 0.72, y + s * 0.72), outline=edge, width=w)


def die(c: Canvas, colour: str, x: float, y: float, w: float, h: float, face: int | None, size: int) -> None:
    """A die of ``colour`` in the box (x, y, w, h): its face (when given) and its colour's letter."""
    rgb = DIE_RGB.get(colour, WHITE)
    ink = ink_on(rgb)
    c.rect((x, y, x + w, y + h), fill=rgb, outline=INK, width=2, radius=max(3, int(h) // 6))
    mark = DIE_MARK.get(colour, colour[:1].upper())
    if face is None:
        c.text(x + w / 2, y + h / 2, mark, size, ink, "c", bold=True, box=(x, y, x + w, y + h))
        return
    number = text_width(str(face), size + 4, True)
    letter = text_width(mark, size - 2 if size > 22 else size)
    left = x + (w - number - letter - 4) / 2
    c.text(left, y + h / 2, str(face), size + 4, ink, bold=True, box=(x, y, x + w, y + h))
    c.text(left + number + 4, y + h / 2 + 2, mark, size - 2 if size > 22 else size, ink, box=(x, y, x + w, y + h))


def sign(c: Canvas, kind: str, x: float, cy: float, size: int) -> None:
    """An influence action's sign from ``x``, centred on ``cy``: ``once`` (lightning), ``repeat``
    (infinity) or ``arrow`` (pay → get)."""
    h = size / 2
    if kind == "once":
        points = [(0.55, -1.0), (0.05, 0.15), (0.4, 0.15), (0.25, 1.0), (0.75, -0.2), (0.4, -0.2), (0.7, -1.0)]
        c.d.polygon([(x + px * size * 0.8, cy + py * h) for px, py in points], fill=(236, 196, 60), outline=INK)
    elif kind == "repeat":
        w = size * 0.6
        c.d.ellipse((x, cy - h * 0.55, x + w, cy + h * 0.55), outline=INK, width=3)
        c.d.ellipse((x + w - 3, cy - h * 0.55, x + 2 * w - 3, cy + h * 0.55), outline=INK, width=3)
    elif kind == "tile":  # a square workshop tile, seen at an angle
        c.d.rounded_rectangle(
            (x, cy - h * 0.8, x + size * 0.8, cy + h * 0.8), radius=3, fill=TILE, outline=INK, width=2
        )
        c.d.line((x + 4, cy + h * 0.3, x + size * 0.8 - 4, cy + h * 0.3), fill=INK, width=2)
    else:
        c.d.line((x, cy, x + size * 0.7, cy), fill=INK, width=3)
        c.d.polygon([(x + size * 0.8, cy), (x + size * 0.45, cy - h * 0.6), (x + size * 0.45, cy + h * 0.6)], fill=INK)


@dataclass(frozen=True)
class Tok:
    """One piece of a drawn line: ``text`` (a word), ``item`` (a pictogram ``key`` with its count
    ``n``), ``die`` (a die of colour ``key``, lettered), ``seat`` (seat ``n``'s disc, ``key`` its
    colour id), ``once`` / ``repeat`` (an influence action's lightning and infinity signs, as on the
    cards), ``arrow`` (pay what is before it, get what is after) or ``tile`` (a workshop tile: what
    follows is on it)."""

    kind: str
    key: str = ""
    n: int | None = None
    bold: bool = False
    colour: RGB = INK


def text_toks(s: str, width: float, size: int, bold: bool = False, colour: RGB = INK) -> list[Tok]:
    """``s`` as word tokens short enough for ``width`` (long Japanese words broken between characters)."""
    return [Tok("text", piece, bold=bold, colour=colour) for piece in wrap(s, size, width)] if s else []


def items_toks(pairs: Sequence[tuple[str, int]], points: Callable[[str, int], str], bold: bool = True) -> list[Tok]:
    """Items as pictograms with counts; RP and PP (no pictogram in the game) as the words
    ``points(key, n)`` gives (``2 RP``)."""
    out = []
    for key, n in pairs:
        out.append(Tok("item", key, n, bold) if key in ITEM_RGB else Tok("text", points(key, n), bold=bold))
    return out


def tok_width(t: Tok, size: int) -> float:
    if t.kind == "text":
        return text_width(t.key, size, t.bold)
    if t.kind == "item":
        return size + (3 + text_width(str(t.n), size, True) if t.n is not None else 0)
    if t.kind == "die":
        return size + 6
    if t.kind == "seat":
        return size * 1.24
    return size * (1.2 if t.kind == "repeat" else 0.8)  # a sign: lightning, infinity, arrow, tile


def flow(toks: Sequence[Tok], width: float, size: int, gap: float = 6) -> list[list[Tok]]:
    """``toks`` broken into lines at most ``width`` wide (a token wider than that has a line alone)."""
    lines: list[list[Tok]] = [[]]
    used = 0.0
    for t in toks:
        w = tok_width(t, size)
        if lines[-1] and used + gap + w > width:
            lines.append([])
            used = 0.0
        used += (gap if lines[-1] else 0) + w
        lines[-1].append(t)
    return [line for line in lines if line]


def line_width(line: Sequence[Tok], size: int, gap: float = 6) -> float:
    return sum(tok_width(t, size) for t in line) + gap * max(0, len(line) - 1)


def draw_line(
    c: Canvas, line: Sequence[Tok], x: float, cy: float, size: int, box: Box, who: str, gap: float = 6
) -> float:
    """Draw one line of tokens from ``x``, centred on ``cy`` (texts recorded in ``box``, seat discs as
    markers ``<who> seat <n>``); returns its right end."""
    for t in line:
        w = tok_width(t, size)
        if t.kind == "text":
            c.text(x, cy, t.key, size, t.colour, bold=t.bold, box=box)
        elif t.kind == "item":
            pictogram(c, t.key, x, cy - size / 2, size)
            if t.n is not None:
                c.text(x + size + 3, cy, str(t.n), size, t.colour, bold=True, box=box)
        elif t.kind == "die":
            die(c, t.key, x, cy - size / 2 - 3, size + 6, size + 6, None, size)
        elif t.kind == "seat":
            r = size * 0.62
            rgb = DIE_RGB.get(t.key, WHITE)
            c.circle(x + r, cy, r, fill=rgb, outline=INK, width=2, who=f"{who} seat {t.n}")
            c.text(x + r, cy, DIE_MARK.get(t.key, "?"), size, ink_on(rgb), "c", bold=True)
        else:
            sign(c, t.kind, x, cy, size)
        x += w + gap
    return x - gap


__all__ = [
    "DIE_MARK",
    "DIE_RGB",
    "ITEM_RGB",
    "MATERIALS",
    "TILE",
    "Tok",
    "action_of",
    "amounts_of",
    "die",
    "die_of",
    "draw_line",
    "flow",
    "ink_on",
    "item_of",
    "items_toks",
    "line_width",
    "pictogram",
    "sign",
    "text_toks",
    "tok_width",
]
