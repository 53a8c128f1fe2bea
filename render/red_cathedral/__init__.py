"""The Red Cathedral board images, drawn only from a view dict (``engine.red_cathedral.views``).

``turn(view)`` draws the turn image (:mod:`.turn`: what a turn message shows, made for Discord's
inline size). ``board(view)`` draws the whole table, the "Full board": a header (whose turn, the last
turns, the winner), the score track with every marker, the market ring (8 spaces, their tiles,
guilds and dice) around the four influence cards (their actions wrapped, never cut), the cathedral
tower by tower (each section with what it still needs, what is on it, its owner, its ornament, or the
workshop tile still on it, wrapped), one panel per player, at the end the shared final panel, and a
legend (:mod:`.legend`). ``player_board(view, seat)`` draws that player's panel alone. Every marker
carries its seat colour's letter (``R``, ``B``...), so nothing depends on telling colours apart.

What never changes in a game (frames, titles, the track's cells, the panels' names and slots) is
drawn once into a base image (:func:`_base`, cached per table shape) that each render copies.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from engine.red_cathedral.types import View

from .. import final
from ..common import BG, HEADER, INK, LINE, MUTED, PANEL, RGB, WHITE, Canvas, fit, text_width, wrap
from ..turn import WIDTH
from .i18n import msg, tr
from .icons import DIE_MARK
from .legend import legend
from .parts import (
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
    section_height,
    tower_height,
    view_text,
    word,
)
from .turn import ENGINE, seat_colours, turn

__all__ = ["PALETTE", "board", "player_board", "turn"]

W, M, GAP = 1500, 16, 12
HEADER_H, TRACK_H = 48, 64
SPACE_W, SPACE_H = 188, 112
RING_W = 3 * SPACE_W + 2 * GAP
# Grid cells (column, row) of spaces 1-8, clockwise from the top left.
RING = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
SEC_W, SEC_MIN_H = 132, 86
CARD_STEP = 13  # between two lines of an influence card's action


@dataclass(frozen=True)
class Geometry:
    """Where the board's parts go for one view in one language: the image's height (without the
    final panel and the legend, drawn below everything), the top of the players' panels, each
    section's height and each influence card's."""

    height: int
    panels: int
    section_h: int
    cards: tuple[int, ...]


def _actions(view: View, lang: str) -> list[list[list[str]]]:
    """Each influence card's two actions, each wrapped into lines of its half of the card."""
    width = RING_W // 2 - 16
    return [
        [wrap(f"{n}) {view_text(text, lang)}", 11, width) for n, text in enumerate(card["actions"], start=1)]
        for card in view["influence"]
    ]


def _layout(view: View, lang: str) -> Geometry:
    sections = [s for tower in view["towers"] for s in tower]
    section_h = max(SEC_MIN_H, *(section_height(view, s, SEC_W, lang) for s in sections))
    cards = tuple(28 + max(len(lines) for lines in card) * CARD_STEP for card in _actions(view, lang))
    influence = sum(cards) + 12
    cathedral = max(tower_height(len(t), section_h) for t in view["towers"])
    top = HEADER_H + TRACK_H + M
    main = max(3 * SPACE_H + 3 * GAP + influence, cathedral + 44)
    rows = (len(view["players"]) + 1) // 2
    return Geometry(top + main + GAP + rows * (PANEL_H + GAP), top + main + GAP, section_h, cards)


Seats = tuple[tuple[str, str, str, tuple[str, ...]], ...]


@lru_cache(maxsize=32)
def _base(
    geometry: Geometry,
    cathedral: tuple[int, int],
    track: tuple[int, tuple[int, ...]],
    market: tuple[tuple[int, str], ...],
    guilds: tuple[str, ...],
    seats: Seats,
    lang: str = "en",
) -> Image.Image:
    """The static layers; every argument is public and fixed for a game."""
    lap, prestige = track
    im = Image.new("RGB", (W, geometry.height), BG)
    c = Canvas(im, lang)
    c.rect((0, 0, W, HEADER_H), fill=HEADER)
    c.text(M, HEADER_H / 2, fit(c.say(msg("The Red Cathedral")), 22, 236, True), 22, WHITE, bold=True)
    _track_base(c, lap, set(prestige), HEADER_H + M // 2)
    top = HEADER_H + TRACK_H + M
    _market_base(c, market, guilds, geometry.cards, M, top)
    _cathedral_base(c, cathedral[0], cathedral[1], M + RING_W + 2 * GAP, top)
    for seat, (letter, name, colour, slots) in enumerate(seats):
        x = M + (seat % 2) * (PANEL_W + GAP)
        panel_base(c, letter, name, colour, slots, x, geometry.panels + (seat // 2) * (PANEL_H + GAP))
    return im


def board(view: View, lang: str = "en") -> Image.Image:
    """The full board: every detail of the table; at the end of the game the shared final panel
    (winner, tie-break, breakdown) under the players' panels; a legend for every abbreviation."""
    geometry = _layout(view, lang)
    top = HEADER_H + TRACK_H + M
    base = _base(
        geometry,
        (len(view["towers"]), _cathedral_y(view, top, geometry.section_h)),
        (_lap(view), tuple(sorted(set(view.get("prestige_spaces") or [])))),
        tuple((m["space"], m["guild"]) for m in view["market"]),
        tuple(card["guild"] for card in view["influence"]),
        tuple((initial(view, p), s["name"], s["colour"], tuple(s["slots"])) for p, s in enumerate(view["seats"])),
        lang,
    )
    table = cast(dict[str, Any], view)
    result = final.outcome(table)
    im = Image.new("RGB", (W, geometry.height + (1000 if result is not None else 200)), BG)
    im.paste(base, (0, 0))
    im.info = dict(base.info)  # the base's layout comes with it
    c = Canvas(im, lang)
    banner = None if result is None else final.banner_text(result, view["players"], ENGINE, lang)
    _header(c, view, banner)
    _track(c, view, HEADER_H + M // 2)
    _market(c, view, geometry.cards, M, top)
    _cathedral(c, view, M + RING_W + 2 * GAP, top, geometry.section_h)
    totals = final.final_values(table) or {}
    for seat in range(len(view["players"])):
        x = M + (seat % 2) * (PANEL_W + GAP)
        draw_panel(c, view, seat, x, geometry.panels + (seat // 2) * (PANEL_H + GAP), base=False, pp=totals.get(seat))
    y = float(geometry.height)
    if result is not None:
        y = final.panel(c, y, result, view["players"], seat_colours(view), ENGINE, left=(W - WIDTH) / 2) + GAP
    y = legend(c, view, y)
    if view.get("notice"):
        c.text(M, y + 12, _notice(str(view["notice"]), lang), 13, MUTED)
        y += 24
    out = im.crop((0, 0, W, int(y) + M))
    out.info = dict(im.info)
    return out


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


def _header(c: Canvas, view: View, banner: tuple[str, str] | None) -> None:
    """The title band: where the game stands (whose turn, the last turns; at the end the winner
    and the tie-break when it decided: ``banner``) and the workshops' side and the building plan."""
    names, done, turn, end = view["players"], view.get("result"), view.get("turn"), view.get("end")
    if banner is not None:
        head, tie = banner
        status = f"{head} · {tie}" if tie else head
    elif done:
        scores = (", " if c.lang == "en" else "、").join(
            c.say(msg("{name} {n} PP", name=names[p], n=s["total"])) for p, s in enumerate(done["seats"])
        )
        status = c.say(msg("Final scores: {scores}", scores=scores))
    elif turn:
        status = c.say(msg("{name} to play", name=names[turn["player"]]))
        if end:
            status += c.say(msg(" · last turns ({name} completed a 6th section)", name=names[end["trigger"]]))
    else:
        status = ""
    c.text(260, HEADER_H / 2, status, 16, WHITE, box=(250, 0, W - 230, HEADER_H))
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
        per_lap = len(view.get("prestige_spaces") or []) or 40
        label = initial(view, seat) + (f"+{laps * per_lap}" if laps else "")
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


def _market_base(
    c: Canvas, market: tuple[tuple[int, str], ...], guilds: tuple[str, ...], cards: tuple[int, ...], x: int, y: int
) -> None:
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
    c.rect((x, iy, x + RING_W, iy + sum(cards) + 12), fill=WHITE, outline=LINE, radius=8)
    for k, guild in enumerate(guilds):
        name = guild if lang == "en" else word(GUILDS, guild, lang)
        line = c.say(msg("{guild} (spaces {a}-{b})", guild=name, a=2 * k + 1, b=2 * k + 2))
        c.text(x + 10, iy + 14 + sum(cards[:k]), line, 12, INK, bold=True)


def _market(c: Canvas, view: View, cards: tuple[int, ...], x: int, y: int) -> None:
    for space, (col, row) in zip(view["market"], RING, strict=True):
        bx, by = x + col * (SPACE_W + GAP), y + row * (SPACE_H + GAP)
        gives = fit(view_text(space["gives"], c.lang), 16, SPACE_W - 12)
        c.text(bx + SPACE_W / 2, by + 40, gives, 16, INK, "c", bold=True, box=(bx, by, bx + SPACE_W, by + SPACE_H))
        for k, die in enumerate(space["dice"]):
            dx = bx + 14 + k * 56
            c.rect((dx, by + 62, dx + 42, by + 104), fill=COLOURS[die["colour"]], outline=INK, width=2, radius=6)
            c.text(dx + 21, by + 79, str(die["face"]), 20, _ink(die["colour"]), "c", bold=True)
            c.text(dx + 21, by + 97, DIE_MARK.get(die["colour"], "?"), 10, _ink(die["colour"]), "c")
    iy = y + 3 * SPACE_H + 3 * GAP
    for k, actions in enumerate(_actions(view, c.lang)):
        top = iy + 31 + sum(cards[:k])
        for n, lines in enumerate(actions):
            left = x + 10 + n * (RING_W // 2)
            box = (left, top - 6, left + RING_W // 2 - 14, top + len(lines) * CARD_STEP)  # its half of the card
            for i, line in enumerate(lines):
                c.text(left, top + i * CARD_STEP, line, 11, MUTED, box=box)


def _cathedral_base(c: Canvas, towers: int, base_y: int, x: int, y: int) -> None:
    c.text(x, y + 8, c.say(msg("The cathedral (bottom to top)")), 14, INK, bold=True)
    for t in range(towers):
        c.text(
            x + t * (SEC_W + 8) + SEC_W / 2, base_y + 10, c.say(msg("tower {name}", name=chr(65 + t))), 12, MUTED, "c"
        )


def _cathedral_y(view: View, y: int, section_h: int) -> int:
    """The foot of the towers."""
    return y + 24 + max(tower_height(len(t), section_h) for t in view["towers"])


def _cathedral(c: Canvas, view: View, x: int, y: int, section_h: int) -> None:
    base_y = _cathedral_y(view, y, section_h)
    for t, tower in enumerate(view["towers"]):
        tx = x + t * (SEC_W + 8)
        for level, section in enumerate(tower):
            section_box(c, view, section, tx, base_y - (level + 1) * (section_h + 6), SEC_W, section_h)
