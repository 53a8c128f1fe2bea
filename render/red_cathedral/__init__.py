"""The Red Cathedral board image, drawn only from a view dict (``engine.red_cathedral.views``).

``board(view)`` draws the whole table: a header (whose turn, the last turns), the score track
with every marker, the market ring (8 spaces, their tiles, guilds and dice) around the four
influence cards, the cathedral tower by tower (each section with what it still needs, its
owner, its ornament, or the workshop tile still on it), and one panel per player.
``player_board(view, seat)`` draws that player's panel alone. Colours are Okabe-Ito and every
player colour also carries a letter, so nothing depends on telling colours apart.

What never changes in a game (frames, titles, the track's cells, the panels' names and slots) is
drawn once into a base image (:func:`_base`, cached per table shape) that each render copies.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engine.red_cathedral.types import View

from ..common import BG, HEADER, INK, LINE, MUTED, PANEL, RGB, WHITE, Canvas, fit, text_width
from .i18n import msg, tr
from .parts import (
    COLOUR_NAMES,
    COLOURS,
    GUILDS,
    PALETTE,
    PANEL_H,
    PANEL_W,
    PRESTIGE,
    SIDES,
    draw_panel,
    initial,
    panel_base,
    section_box,
    tower_height,
    view_text,
    word,
)
from .turn import turn

__all__ = ["PALETTE", "board", "player_board", "turn"]

W, M, GAP = 1500, 16, 12
HEADER_H, TRACK_H = 48, 64
SPACE_W, SPACE_H = 188, 112
RING_W = 3 * SPACE_W + 2 * GAP
# Grid cells (column, row) of spaces 1-8, clockwise from the top left.
RING = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
SEC_W, SEC_H = 132, 86


INFLUENCE_H = 4 * 36 + 12


def _layout(view: View) -> tuple[int, int]:
    """(image height, top of the players' panels)."""
    cathedral = max(tower_height(len(t), SEC_H) for t in view["towers"])
    top = HEADER_H + TRACK_H + M
    panels = top + max(3 * SPACE_H + 3 * GAP + INFLUENCE_H, cathedral + 44) + GAP
    rows = (len(view["players"]) + 1) // 2
    main = max(3 * SPACE_H + 3 * GAP + INFLUENCE_H, cathedral + 28)
    return top + M + main + GAP + rows * (PANEL_H + GAP) + 28, panels


Seats = tuple[tuple[str, str, str, tuple[str, ...]], ...]


@lru_cache(maxsize=32)
def _base(
    size: tuple[int, int],
    cathedral: tuple[int, int],
    track: tuple[int, tuple[int, ...]],
    market: tuple[tuple[int, str], ...],
    guilds: tuple[str, ...],
    seats: Seats,
    lang: str = "en",
) -> Image.Image:
    """The static layers; every argument is public and fixed for a game."""
    (height, panels), (lap, prestige) = size, track
    im = Image.new("RGB", (W, height), BG)
    c = Canvas(im, lang)
    c.rect((0, 0, W, HEADER_H), fill=HEADER)
    c.text(M, HEADER_H / 2, fit(c.say(msg("The Red Cathedral")), 22, 236, True), 22, WHITE, bold=True)
    _track_base(c, lap, set(prestige), HEADER_H + M // 2)
    top = HEADER_H + TRACK_H + M
    _market_base(c, market, guilds, M, top)
    _cathedral_base(c, cathedral[0], cathedral[1], M + RING_W + 2 * GAP, top)
    for seat, (letter, name, colour, slots) in enumerate(seats):
        x = M + (seat % 2) * (PANEL_W + GAP)
        panel_base(c, letter, name, colour, slots, x, panels + (seat // 2) * (PANEL_H + GAP))
    return im


def board(view: View, lang: str = "en") -> Image.Image:
    size = _layout(view)
    im = _base(
        size,
        (len(view["towers"]), _cathedral_y(view, HEADER_H + TRACK_H + M)),
        (_lap(view), tuple(sorted(set(view.get("prestige_spaces") or [])))),
        tuple((m["space"], m["guild"]) for m in view["market"]),
        tuple(card["guild"] for card in view["influence"]),
        tuple((initial(view, p), s["name"], s["colour"], tuple(s["slots"])) for p, s in enumerate(view["seats"])),
        lang,
    ).copy()
    c = Canvas(im, lang)
    _header(c, view)
    _track(c, view, HEADER_H + M // 2)
    top = HEADER_H + TRACK_H + M
    _market(c, view, M, top)
    _cathedral(c, view, M + RING_W + 2 * GAP, top)
    for seat in range(len(view["players"])):
        x = M + (seat % 2) * (PANEL_W + GAP)
        draw_panel(c, view, seat, x, size[1] + (seat // 2) * (PANEL_H + GAP), base=False)
    if view.get("notice"):
        c.text(M, im.height - 16, _notice(str(view["notice"]), lang), 13, MUTED)
    return im


def _notice(text: str, lang: str) -> str:
    """The data pack's notice (``Card values partly provisional (146 of 168 rows).``) in ``lang``."""
    head, _, rest = text.partition(" (")
    counts = rest.removesuffix(" rows).").split(" of ")
    if lang == "en" or head != "Card values partly provisional" or len(counts) != 2:
        return text
    return tr(msg("Card values partly provisional ({n} of {m} rows).", n=counts[0], m=counts[1]), lang)


def player_board(view: View, seat: int, lang: str = "en") -> Image.Image:
    im = Image.new("RGB", (PANEL_W + 2 * M, PANEL_H + 2 * M), BG)
    draw_panel(Canvas(im, lang), view, seat, M, M)
    return im


def _lap(view: View) -> int:
    return int(view.get("lap") or 80)


def _header(c: Canvas, view: View) -> None:
    names, result, turn, end = view["players"], view.get("result"), view.get("turn"), view.get("end")
    if result:
        scores = (", " if c.lang == "en" else "、").join(
            c.say(msg("{name} {n} PP", name=names[p], n=s["total"])) for p, s in enumerate(result["seats"])
        )
        status = c.say(msg("Final scores: {scores}", scores=scores))
    elif turn:
        status = c.say(msg("{name} to play", name=names[turn["player"]]))
        if end:
            status += c.say(msg(" · last turns ({name} completed a 6th section)", name=names[end["trigger"]]))
    else:
        status = ""
    c.text(260, HEADER_H / 2, fit(status, 16, W - 260 - 220), 16, WHITE)
    side = word(SIDES, str(view["workshop_side"]), c.lang) if c.lang != "en" else view["workshop_side"]
    c.text(
        W - M, HEADER_H / 2, c.say(msg("{side} workshops · plan {plan}", side=side, plan=view["plan"])), 14, WHITE, "r"
    )


def _track_base(c: Canvas, lap: int, prestige: set[int], y: int) -> None:
    """One lap of the track (0..lap), prestige spaces shaded."""
    x0, cell = M, (W - 2 * M) / (lap + 1)
    for pos in range(lap + 1):
        fill = PRESTIGE if pos in prestige else PANEL
        c.rect((x0 + pos * cell, y, x0 + (pos + 1) * cell - 1, y + 18), fill=fill, outline=LINE)
        if pos % 10 == 0:
            c.text(x0 + pos * cell + cell / 2, y + 9, str(pos), 9, MUTED, "c")


def _track(c: Canvas, view: View, y: int) -> None:
    """Each marker on the track, a lettered badge, on two rows under it. A marker goes on the first row
    with room at its space; with none, it moves right along the emptier row, tied to its space by a
    line, so no marker ever covers another (several players often share a space)."""
    lap = _lap(view)
    x0, cell = M, (W - 2 * M) / (lap + 1)
    ends = [-1.0, -1.0]  # the right edge of the last badge on each row
    for seat in sorted(range(len(view["seats"])), key=lambda p: (view["seats"][p]["space"] % lap, p)):
        s = view["seats"][seat]
        pos, laps = s["space"] % lap, s["space"] // lap
        label = initial(view, seat) + (f"+{laps * 40}" if laps else "")
        width = text_width(label, 11, True) + 11
        centre = x0 + pos * cell + cell / 2
        free = [r for r in (0, 1) if ends[r] + 2 <= centre - width / 2]
        row = free[0] if free else min((0, 1), key=lambda r: ends[r])
        at = max(centre, ends[row] + 2 + width / 2)
        ends[row] = at + width / 2
        by = y + TRACK_ROWS[row]
        if at != centre:
            c.d.line((centre, y + 18, at, by - 9), fill=COLOURS[s["colour"]], width=2)
        c.badge(at, by, label, COLOURS[s["colour"]], _ink(s["colour"]), 11, "c", who=f"seat {seat} score")
    c.text(W - M, y + 44, c.say(msg("shaded: prestige spaces")), 11, MUTED, "r")


TRACK_ROWS = (30, 51)  # the centres of the two rows of score markers, below the track's top


def _ink(colour: str) -> RGB:
    return INK if colour in ("yellow", "white") else WHITE


def _market_base(c: Canvas, market: tuple[tuple[int, str], ...], guilds: tuple[str, ...], x: int, y: int) -> None:
    lang = c.lang
    for (number, guild), (col, row) in zip(market, RING, strict=True):
        bx, by = x + col * (SPACE_W + GAP), y + row * (SPACE_H + GAP)
        c.rect((bx, by, bx + SPACE_W, by + SPACE_H), fill=PANEL, outline=LINE, width=2, radius=8)
        c.text(bx + 8, by + 14, f"{number}", 16, INK, bold=True)
        c.text(bx + SPACE_W - 8, by + 14, guild if lang == "en" else word(GUILDS, guild, lang), 12, MUTED, "r")
    cx, cy = x + SPACE_W + GAP, y + SPACE_H + GAP
    c.rect((cx, cy, cx + SPACE_W, cy + SPACE_H), fill=WHITE, outline=LINE, radius=8)
    c.text(cx + SPACE_W / 2, cy + SPACE_H / 2 - 10, c.say(msg("dice move")), 13, MUTED, "c")
    c.text(cx + SPACE_W / 2, cy + SPACE_H / 2 + 10, c.say(msg("clockwise, 1 to 8")), 13, MUTED, "c")
    iy = y + 3 * SPACE_H + 3 * GAP
    c.rect((x, iy, x + RING_W, iy + INFLUENCE_H), fill=WHITE, outline=LINE, radius=8)
    for k, guild in enumerate(guilds):
        name = guild if lang == "en" else word(GUILDS, guild, lang)
        line = c.say(msg("{guild} (spaces {a}-{b})", guild=name, a=2 * k + 1, b=2 * k + 2))
        c.text(x + 10, iy + 14 + k * 36, line, 12, INK, bold=True)


def _market(c: Canvas, view: View, x: int, y: int) -> None:
    for space, (col, row) in zip(view["market"], RING, strict=True):
        bx, by = x + col * (SPACE_W + GAP), y + row * (SPACE_H + GAP)
        gives = fit(view_text(space["gives"], c.lang), 16, SPACE_W - 12)
        c.text(bx + SPACE_W / 2, by + 40, gives, 16, INK, "c", bold=True, box=(bx, by, bx + SPACE_W, by + SPACE_H))
        for k, die in enumerate(space["dice"]):
            dx = bx + 14 + k * 56
            c.rect((dx, by + 62, dx + 42, by + 104), fill=COLOURS[die["colour"]], outline=INK, width=2, radius=6)
            c.text(dx + 21, by + 79, str(die["face"]), 20, _ink(die["colour"]), "c", bold=True)
            letter = die["colour"][0].upper() if c.lang == "en" else word(COLOUR_NAMES, die["colour"], c.lang)[:1]
            c.text(dx + 21, by + 97, letter, 10, _ink(die["colour"]), "c")
    iy = y + 3 * SPACE_H + 3 * GAP
    for k, card in enumerate(view["influence"]):
        line = iy + 14 + k * 36
        for n, text in enumerate(card["actions"], start=1):
            action = f"{n}) {view_text(text, c.lang)}"
            left = x + 10 + (n - 1) * (RING_W // 2)
            box = (left, line, left + RING_W // 2 - 16, line + 30)  # its half of the card's line
            c.text(left, line + 15, fit(action, 11, RING_W // 2 - 16), 11, MUTED, box=box)


def _cathedral_base(c: Canvas, towers: int, base_y: int, x: int, y: int) -> None:
    c.text(x, y + 8, c.say(msg("The cathedral (bottom to top)")), 14, INK, bold=True)
    for t in range(towers):
        c.text(
            x + t * (SEC_W + 8) + SEC_W / 2, base_y + 10, c.say(msg("tower {name}", name=chr(65 + t))), 12, MUTED, "c"
        )


def _cathedral_y(view: View, y: int) -> int:
    """The foot of the towers."""
    return y + 24 + max(tower_height(len(t), SEC_H) for t in view["towers"])


def _cathedral(c: Canvas, view: View, x: int, y: int) -> None:
    base_y = _cathedral_y(view, y)
    for t, tower in enumerate(view["towers"]):
        tx = x + t * (SEC_W + 8)
        for level, section in enumerate(tower):
            section_box(c, view, section, tx, base_y - (level + 1) * (SEC_H + 6), SEC_W, SEC_H)
