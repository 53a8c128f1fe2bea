"""The full board's legend: every abbreviation and letter the board draws, explained in the board's
language, flowing over as many lines as the board's width needs (nothing cut)."""

from __future__ import annotations

from engine.red_cathedral.colours import COLOURS as PLAYER_COLOURS
from engine.red_cathedral.types import View

from ..common import INK, MUTED, Canvas, text_width
from .i18n import msg

W, M = 1500, 16
SIZE, STEP = 13, 20

ENTRIES = (
    (msg("RP"), msg("recognition points: a marker moves one space for each")),
    (msg("PP"), msg("prestige points: the shaded spaces at or behind a marker; the most PP wins")),
    (msg("r"), msg("rubles (a section's reward)")),
    ("+40", msg("beside a marker: a lap of the track done, 40 PP more")),
    (msg("1) 2)"), msg("an influence card's two actions: once, or repeatable as often as you pay")),
    (msg("needs"), msg("what a section still needs; on it: what was delivered")),
    (msg("tile"), msg("the workshop tile the section's claimer takes")),
)


def legend(c: Canvas, view: View, top: float) -> float:
    """Draw the legend from ``top``; returns its bottom."""
    marks = " ".join(p.mark for p in PLAYER_COLOURS if any(s["colour"] == p.id for s in view["seats"]))
    items = [
        (marks, c.say(msg("the players' colours: their markers, dice and workshop slots"))),
        ("W", c.say(msg("the white die"))),
        *((c.say(key), c.say(meaning)) for key, meaning in ENTRIES),
    ]
    x, y = float(M), top + 4
    c.text(x, y + STEP / 2, c.say(msg("Legend:")), SIZE, INK, bold=True)
    x += text_width(c.say(msg("Legend:")), SIZE, True) + 12
    for key, meaning in items:
        said = c.say(msg("{key} = {meaning}", key=key, meaning=meaning))
        w = text_width(said, SIZE)
        if x > M and x + w > W - M:
            x, y = float(M), y + STEP
        c.text(x, y + STEP / 2, said, SIZE, MUTED, box=(M, y, W - M, y + STEP))
        x += w + 24
    return y + STEP + 4


__all__ = ["legend"]
