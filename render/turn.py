"""The turn image's shared frame: what every game's turn image (``turn(view, lang)``) is built from.

A turn image is made for Discord's inline size: drawn :data:`WIDTH` pixels wide, it is shown about
half as wide (550 px on a desktop, less on a phone), so no text is drawn under :data:`SMALL`
(11 px as shown) and body text is :data:`BODY`. From top to bottom a turn image has:

- :func:`header`: the game's title and where the game stands (round, phase);
- :func:`now`: who acts now and on what (the table adds this to the view, :data:`ACTING_KEY`);
- :func:`strip`: one row per player, their colour's disc and letter, name, scores and holdings,
  each number that changed since the turn began (:data:`BEFORE_KEY`) marked with its difference;
- the game's own part: the parts of the board the current decision touches, places that changed
  this turn outlined with :func:`changed`.

The table adds to the view it draws: the seats' colours (:data:`engine.core.colours.VIEW_KEY`),
who acts on what (:data:`ACTING_KEY`), the public view as the turn began (:data:`BEFORE_KEY`) and,
once the game is over, its outcome (:data:`render.final.OUTCOME_KEY`). A view without them (a
sample, a warm-up) draws without those parts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from engine.core.colours import PlayerColour

from .common import BG, HEADER, INK, MUTED, PANEL, WHITE, Box, Canvas, View, blend, fit, text_width, wrap
from .i18n import msg

#: The width a turn image is drawn at: about twice what Discord shows inline.
WIDTH = 1100
#: The width Discord shows an image at inline (desktop; a phone shows less).
SHOWN = 550
#: The smallest font size drawn on a turn image: 11 px as shown at 550 px.
SMALL = 22
#: Body text: 13 px as shown.
BODY = 26
#: Titles: 17 px as shown.
TITLE = 34
#: The margin around the image's parts.
PAD = 16

#: The key under which the table adds who acts now: ``[{"seat": 0, "prompt": "choose a role"}]``,
#: each prompt already in the table's language.
ACTING_KEY = "acting"
#: The key under which the table adds the public view as the current turn began (what the last turn
#: image showed): what changed since is marked.
BEFORE_KEY = "before"

#: The colour marking what changed this turn (amber: stands out on the boards' light and dark parts).
CHANGED: tuple[int, int, int] = (255, 170, 0)
#: The colour of a decrease's difference.
DOWN: tuple[int, int, int] = (190, 40, 30)
#: The colour of an increase's difference.
UP: tuple[int, int, int] = (0, 120, 70)


def canvas(lang: str, height: int = 2400) -> Canvas:
    """A blank turn image :data:`WIDTH` wide and ``height`` tall (cut to what is drawn by :func:`done`)."""
    return Canvas(Image.new("RGB", (WIDTH, height), BG), lang)


def done(c: Canvas, bottom: float) -> Image.Image:
    """The image cut just below ``bottom`` (its layout comes with it)."""
    im = c.im.crop((0, 0, WIDTH, min(c.im.height, int(bottom) + PAD)))
    im.info = dict(c.im.info)
    return im


def with_table(view: View, acting: Sequence[tuple[int, str]] = (), before: View | None = None) -> View:
    """A copy of ``view`` carrying what the table knows and the rules do not: who acts now on what
    (``(seat, prompt)`` pairs, prompts in the table's language) and the public view as the turn began
    (its own ``before`` dropped, so views never nest)."""
    out = dict(view)
    out[ACTING_KEY] = [{"seat": seat, "prompt": prompt} for seat, prompt in acting]
    if before is not None:
        out[BEFORE_KEY] = {k: v for k, v in before.items() if k != BEFORE_KEY}
    return out


def acting(view: View) -> list[tuple[int, str]]:
    """(seat, prompt) of each decision open now, as the table added them (none for a bare view)."""
    found = view.get(ACTING_KEY)
    if not isinstance(found, list):
        return []
    out = []
    for item in found:
        if isinstance(item, dict) and isinstance(item.get("seat"), int):
            out.append((int(item["seat"]), str(item.get("prompt") or "")))
    return out


def before(view: View) -> View | None:
    """The public view as this turn began, when the table added it."""
    found = view.get(BEFORE_KEY)
    return found if isinstance(found, dict) else None


def header(c: Canvas, title: str, where: str = "") -> float:
    """The title band: the game's ``title`` on the left, ``where`` (round, phase) on the right.
    Returns its bottom."""
    h = TITLE + 2 * PAD
    c.rect((0, 0, WIDTH, h), fill=HEADER)
    right = text_width(where, BODY, True) if where else 0.0
    room = WIDTH - 3 * PAD - right
    c.text(PAD, h / 2, fit(title, TITLE, room, True), TITLE, WHITE, bold=True, box=(PAD, 0, PAD + room, h))
    if where:
        c.text(WIDTH - PAD, h / 2, where, BODY, WHITE, "r", box=(WIDTH - PAD - right, 0, WIDTH - PAD, h))
    return h


def disc(c: Canvas, x: float, y: float, colour: PlayerColour, size: int = BODY, who: str | None = None) -> float:
    """A seat's colour disc with its letter, left edge at ``x``, centred on ``y``; returns its width."""
    r = size * 0.62
    ink = INK if sum(colour.rgb) > 500 else WHITE
    c.circle(x + r, y, r, fill=colour.rgb, outline=INK, width=2, who=who)
    c.text(x + r, y, colour.mark, max(SMALL, size - 4), ink, "c", bold=True)
    return 2 * r


def now(c: Canvas, top: float, view: View, names: Sequence[str], colours: Sequence[PlayerColour]) -> float:
    """Who acts now and on what, one line per decision (wrapped, never cut); nothing when the view
    carries none. Returns the bottom."""
    open_ = acting(view)
    if not open_:
        return top
    y = top + PAD / 2
    for seat, prompt in open_:
        name = names[seat] if seat < len(names) else str(seat + 1)
        lead = c.say(msg("▶ {player}:", player=name))
        x0 = PAD
        line_h = BODY + 12
        w = disc(c, x0, y + line_h / 2, colours[seat]) + 10 if seat < len(colours) else 0.0
        lead_w = c.text(x0 + w, y + line_h / 2, lead, BODY, INK, bold=True, box=(x0 + w, y, WIDTH - PAD, y + line_h))
        x = x0 + w + lead_w + 10
        lines = wrap(prompt, BODY, WIDTH - PAD - x) or [""]
        for line in lines:
            c.text(x, y + line_h / 2, line, BODY, INK, box=(x, y, WIDTH - PAD, y + line_h))
            y += line_h
    return y + PAD / 2


#: A pictogram drawn in a ``size`` square whose top-left corner is (x, y).
Icon = Callable[[Canvas, float, float, int], None]


@dataclass(frozen=True)
class Stat:
    """One number (or short word) of a player's row: ``label`` (already in the canvas's language)
    or ``icon`` drawn before ``value``; ``was`` its value as the turn began (None: not known)."""

    label: str
    value: int | str
    was: int | str | None = None
    icon: Icon | None = None

    @property
    def changed(self) -> bool:
        return self.was is not None and self.was != self.value


@dataclass(frozen=True)
class Row:
    """One player in the strip: seat, name, colour, whether they act now, their numbers, and an
    optional ``note`` (a role held, "governor", "passed"...)."""

    seat: int
    name: str
    colour: PlayerColour
    stats: Sequence[Stat]
    acting: bool = False
    note: str = ""


def _stat_width(s: Stat) -> float:
    head = BODY if s.icon is not None else text_width(s.label, SMALL) + 6
    diff = _difference(s)
    tail = text_width(diff, SMALL, True) + SMALL + 4 if diff else 0.0
    return head + text_width(str(s.value), BODY, True) + tail + 6


def _difference(s: Stat) -> str:
    """``+2`` / ``−1`` for a changed number, ``•`` for another changed value, "" when unchanged."""
    if not s.changed:
        return ""
    if isinstance(s.value, int) and isinstance(s.was, int):
        d = s.value - s.was
        return f"+{d}" if d > 0 else f"−{-d}"
    return "•"


def _draw_stat(c: Canvas, x: float, y: float, s: Stat, who: str) -> float:
    w = _stat_width(s)
    if s.changed:
        c.rect((x - 4, y - BODY / 2 - 6, x + w, y + BODY / 2 + 6), fill=blend(CHANGED, PANEL, 0.3), radius=6)
    if s.icon is not None:
        s.icon(c, x, y - BODY / 2, BODY)
        x += BODY + 4
    else:
        x += c.text(x, y, s.label, SMALL, MUTED) + 6
    x += c.text(x, y, str(s.value), BODY, INK, bold=True) + 4
    diff = _difference(s)
    if diff:
        colour = DOWN if diff.startswith("−") else UP if diff.startswith("+") else INK
        c.badge(x, y, diff, colour, size=SMALL, who=f"{who} changed")
    return w + 14


def strip(c: Canvas, top: float, rows: Sequence[Row]) -> float:
    """The players' strip: each row its disc, name (bold when acting), note, then its stats flowing
    over as many lines as they need. Returns the bottom."""
    y = top
    line_h = BODY + 18
    name_w = min(300.0, max((text_width(r.name, BODY, True) for r in rows), default=0.0) + 8)
    for i, r in enumerate(rows):
        lines = _flow(r.stats, WIDTH - 2 * PAD - name_w - 60)
        h = max(1, len(lines)) * line_h + (line_h * 0.8 if r.note else 0)
        fill = blend(r.colour.rgb, PANEL, 0.18) if r.acting else PANEL if i % 2 == 0 else blend(INK, PANEL, 0.04)
        c.rect((0, y, WIDTH, y + h), fill=fill)
        if r.acting:
            c.rect((0, y, 8, y + h), fill=r.colour.rgb)
        cy = y + line_h / 2
        disc(c, PAD, cy, r.colour, who=f"seat {r.seat} strip")
        nx = PAD + BODY * 1.24 + 10
        c.text(nx, cy, fit(r.name, BODY, name_w, r.acting), BODY, INK, bold=r.acting, box=(nx, y, nx + name_w, y + h))
        if r.note:
            note_y = y + len(lines) * line_h + line_h * 0.35
            c.text(nx, note_y, fit(r.note, SMALL, WIDTH - nx - PAD), SMALL, MUTED, box=(nx, y, WIDTH - PAD, y + h))
        sx0 = nx + name_w + 12
        for k, line in enumerate(lines):
            sx = sx0
            for s in line:
                sx += _draw_stat(c, sx, y + line_h * (k + 0.5), s, f"seat {r.seat} {s.label}")
        y += h
    c.d.line((0, y, WIDTH, y), fill=MUTED, width=1)
    return y


def _flow(stats: Sequence[Stat], width: float) -> list[list[Stat]]:
    lines: list[list[Stat]] = [[]]
    used = 0.0
    for s in stats:
        w = _stat_width(s) + 14
        if lines[-1] and used + w > width:
            lines.append([])
            used = 0.0
        lines[-1].append(s)
        used += w
    return [line for line in lines if line] or [[]]


def changed(c: Canvas, box: Box, who: str) -> None:
    """Outline ``box`` as a place that changed this turn (recorded as a marker ``who``)."""
    x0, y0, x1, y1 = box
    c.rect((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=CHANGED, width=5, radius=8)
    c.mark(box, f"{who} changed")


def section(c: Canvas, top: float, title: str) -> float:
    """A section's title line across the image; returns where its content starts."""
    h = BODY + 14
    c.rect((0, top, WIDTH, top + h), fill=blend(HEADER, BG, 0.12))
    c.text(
        PAD,
        top + h / 2,
        fit(title, BODY, WIDTH - 2 * PAD, True),
        BODY,
        INK,
        bold=True,
        box=(PAD, top, WIDTH - PAD, top + h),
    )
    return top + h + PAD / 2


def legend(c: Canvas, top: float, entries: Sequence[tuple[str, str]]) -> float:
    """``key = meaning`` pairs for every abbreviation or pictogram drawn, flowing over lines; returns
    the bottom (nothing drawn when there are none)."""
    if not entries:
        return top
    x, y = float(PAD), top + PAD / 2
    line_h = SMALL + 12
    for key, meaning in entries:
        item = c.say(msg("{key} = {meaning}", key=key, meaning=meaning))
        w = text_width(item, SMALL) + 24
        if x > PAD and x + w > WIDTH - PAD:
            x, y = float(PAD), y + line_h
        shown = fit(item, SMALL, WIDTH - 2 * PAD)
        c.text(x, y + line_h / 2, shown, SMALL, MUTED, box=(x, y, WIDTH - PAD, y + line_h))
        x += w
    return y + line_h + PAD / 2


def was(view: View | None, *path: Any) -> Any:
    """The value at ``path`` (keys and indexes) in ``view`` (e.g. :func:`before`), or None where
    there is none: ``was(old, "players", 1, "vp")``."""
    node: Any = view
    for key in path:
        found = isinstance(node, dict) and key in node
        found = found or (isinstance(node, list) and isinstance(key, int) and -len(node) <= key < len(node))
        if not found:
            return None
        node = node[key]
    return node


__all__ = [
    "ACTING_KEY",
    "BEFORE_KEY",
    "BODY",
    "CHANGED",
    "PAD",
    "SHOWN",
    "SMALL",
    "TITLE",
    "WIDTH",
    "Icon",
    "Row",
    "Stat",
    "acting",
    "before",
    "canvas",
    "changed",
    "disc",
    "done",
    "header",
    "legend",
    "now",
    "section",
    "strip",
    "was",
    "with_table",
]
