"""The Red Cathedral's turn image: what a turn message shows, made for Discord's inline size
(:mod:`render.turn`'s frame, 1100 px wide, no text under 22 px).

From the top: the title and the workshops' side, who acts now on what, the players' strip (PP,
rubles, materials, banners; each number that changed since the turn began marked), the score track
(every marker lettered with its seat's colour, never covering another), then the board the decision
touches (:mod:`.compact`: the market ring and its dice, the influence cards, the cathedral, the
workshops), and a legend for every pictogram and abbreviation. Once the game is over the shared
final panel (winner, tie-break, breakdown) takes the board's place, the strip and the track at their
final values.
"""

from __future__ import annotations

from typing import Any, cast

from PIL import Image

from engine.core.colours import PlayerColour, colours_of
from engine.red_cathedral.colours import COLOURS as PLAYER_COLOURS
from engine.red_cathedral.types import Material, View

from .. import final
from .. import turn as frame
from ..common import INK, LINE, MUTED, PANEL, Canvas, text_width
from ..turn import PAD, SMALL, WIDTH, Row, Stat
from .compact import LINE_H, cathedral, market, workshops
from .i18n import msg
from .icons import DIE_MARK, MATERIALS, Tok, draw_line, pictogram, tok_width
from .parts import ITEMS, PRESTIGE, SIDES, word

#: The engine package whose catalogue names the final breakdown's parts and tie-break.
ENGINE = "engine.red_cathedral"


def seat_colours(view: View) -> list[PlayerColour]:
    """Each seat's colour: the game's own, as its seat's die (the rules tie colours to seats)."""
    by_id = {p.id: p for p in PLAYER_COLOURS}
    found = [by_id.get(s["colour"]) for s in view["seats"]]
    if all(found):
        return [f for f in found if f is not None]
    return colours_of(view, PLAYER_COLOURS)[: len(view["seats"])]


def turn(view: View, lang: str = "en") -> Image.Image:
    """The turn image of a public view (see the module's docstring)."""
    c = frame.canvas(lang, 2200)
    table = cast(dict[str, Any], view)  # with what the table adds: who acts, the board before, the outcome
    names = list(view["players"])
    colours = seat_colours(view)
    old = frame.before(table)
    result = final.outcome(table)
    y = frame.header(c, c.say(msg("The Red Cathedral")), _where(c, view))
    y = frame.now(c, y, table, names, colours)
    y = frame.strip(c, y, _rows(c, view, table, old, colours))
    y = _track(c, y, view, old)
    if result is not None:
        y = final.panel(c, y, result, names, colours, ENGINE) + PAD
    else:
        y = market(c, y, view, old)
        y = cathedral(c, y, view, old)
        y = workshops(c, y, view, old)
    y = _pictograms(c, y, result is None)
    y = frame.legend(c, y, _abbreviations(c, result is None))
    return frame.done(c, y)


def _where(c: Canvas, view: View) -> str:
    side = word(SIDES, str(view["workshop_side"]), c.lang)
    where = c.say(msg("{side} workshops", side=side))
    if view.get("end") and not view.get("over"):
        where += c.say(msg(" · last turns"))
    return where


def _rows(c: Canvas, view: View, table: dict[str, Any], old: Any, colours: list[PlayerColour]) -> list[Row]:
    acting = {seat for seat, _ in frame.acting(table)}
    turn_ = view.get("turn")
    if not acting and turn_ and not view.get("over"):
        acting = {turn_["player"]}
    totals = final.final_values(table) or {}
    pp_word = c.say(ITEMS["pp"])
    rows = []
    for p, s in enumerate(view["seats"]):
        before = frame.was(old, "seats", p)

        def then(*path: Any, before: Any = before) -> Any:
            return frame.was(before, *path) if old is not None else None

        stats = [
            Stat(pp_word, int(totals.get(p, s["pp"])), then("pp")),
            Stat("", s["rubles"], then("rubles"), icon=_icon("rubles")),
        ]
        for m in MATERIALS:
            n, had = s["inventory"].get(cast(Material, m), 0), then("inventory", m)
            if n or had:
                stats.append(Stat("", n, had, icon=_icon(m)))
        held = sum(s["inventory"].values())
        stats.append(Stat(c.say(msg("inventory")), f"{held}/{s['capacity']}"))
        banners = s["banners"]["inventory"] + s["banners"]["board"]
        was_banners = then("banners")
        stats.append(
            Stat(
                c.say(msg("banners")),
                banners,
                None if not isinstance(was_banners, dict) else sum(was_banners.values()),
            )
        )
        rows.append(Row(p, s["name"], colours[p], stats, acting=p in acting))
    return rows


def _icon(kind: str) -> frame.Icon:
    def draw(c: Canvas, x: float, y: float, size: int) -> None:
        pictogram(c, kind, x, y, size)

    return draw


def _track(c: Canvas, top: float, view: View, old: Any) -> float:
    """The score track, one lap: prestige spaces shaded, a number every ten spaces, and under it each
    seat's marker (its colour's letter; ``+40`` for each lap done, as many PP) tied to its space by
    a line: on the first of two rows with room, else moved right along the emptier one (a third row
    only when the track's end leaves no room), so no marker covers another. Returns the bottom."""
    y = top + PAD / 2
    lap = int(view.get("lap") or 80)
    prestige = set(view.get("prestige_spaces") or [])
    x0, cell = float(PAD), (WIDTH - 2 * PAD) / (lap + 1)
    for pos in range(lap + 1):
        fill = PRESTIGE if pos in prestige else PANEL
        c.rect((x0 + pos * cell, y, x0 + (pos + 1) * cell - 1, y + 24), fill=fill, outline=LINE)
    ny = y + 24 + 4 + SMALL / 2 + 2
    for pos in range(0, lap + 1, 10):
        cx = x0 + pos * cell + cell / 2
        w = text_width(str(pos), SMALL) / 2 + 1
        c.text(cx, ny, str(pos), SMALL, MUTED, "c", box=(cx - w - 2, ny - SMALL, cx + w + 2, ny + SMALL))
    row_h = SMALL + 14
    rows_top = ny + SMALL / 2 + 8
    ends = [float("-inf"), float("-inf")]
    per_lap = len(prestige) or 40
    order = sorted(range(len(view["seats"])), key=lambda p: (view["seats"][p]["space"] % lap, p))
    for p in order:
        s = view["seats"][p]
        pos, laps = s["space"] % lap, s["space"] // lap
        label = DIE_MARK.get(s["colour"], "?") + (f"+{laps * per_lap}" if laps else "")
        w = text_width(label, SMALL, True) + SMALL
        centre = x0 + pos * cell + cell / 2
        want = min(max(centre, PAD + w / 2), WIDTH - PAD - w / 2)
        free = [r for r, end in enumerate(ends) if end + 4 <= want - w / 2]
        row = free[0] if free else min(range(len(ends)), key=lambda r: ends[r])
        at = max(want, ends[row] + 4 + w / 2)
        if at > WIDTH - PAD - w / 2:  # no room left at the track's end: a row of its own
            ends.append(float("-inf"))
            row, at = len(ends) - 1, want
        ends[row] = at + w / 2
        by = rows_top + row * row_h + row_h / 2
        colour = seat_rgb(s["colour"])
        c.d.line((centre, y + 24, centre, ny - SMALL / 2), fill=colour, width=3)
        c.d.line((centre, ny - SMALL / 2, at, by - (SMALL + 8) / 2), fill=colour, width=3)
        c.badge(at, by, label, colour, ink(colour), SMALL, "c", outline=INK, who=f"seat {p} score")
        if old is not None and frame.was(old, "seats", p, "space") not in (None, s["space"]):
            box = (at - w / 2, by - (SMALL + 8) / 2, at + w / 2, by + (SMALL + 8) / 2)
            frame.changed(c, box, f"seat {p} score")
    used = max((r for r, end in enumerate(ends) if end > float("-inf")), default=0) + 1
    return rows_top + used * row_h + PAD / 2


def seat_rgb(colour: str) -> tuple[int, int, int]:
    return next((p.rgb for p in PLAYER_COLOURS if p.id == colour), (128, 128, 128))


def ink(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return INK if sum(rgb) > 500 else (255, 255, 255)


def _pictograms(c: Canvas, top: float, board: bool) -> float:
    """The legend of the pictograms drawn: each with its name, flowing over lines. Returns the bottom."""
    items: list[tuple[list[Tok], str]] = [([Tok("item", k)], word(ITEMS, k, c.lang)) for k in (*MATERIALS, "rubles")]
    if board:
        items += [
            ([Tok("once")], c.say(msg("once per turn"))),
            ([Tok("repeat")], c.say(msg("as often as you pay"))),
            ([Tok("arrow")], c.say(msg("pay, then get"))),
            ([Tok("die", "white")], c.say(msg("a die (W: white)"))),
            ([Tok("tile")], c.say(msg("workshop tile"))),
        ]
    x, y = float(PAD), top + PAD / 2
    for toks, name in items:
        w = sum(tok_width(t, SMALL) for t in toks) + 6 + text_width(name, SMALL) + 24
        if x > PAD and x + w > WIDTH - PAD:
            x, y = float(PAD), y + LINE_H
        box = (x, y, WIDTH - PAD, y + LINE_H)
        end = draw_line(c, toks, x, y + LINE_H / 2, SMALL, box, "legend")
        c.text(end + 6, y + LINE_H / 2, name, SMALL, MUTED, box=box)
        x += w
    return y + LINE_H


def _abbreviations(c: Canvas, board: bool) -> list[tuple[str, str]]:
    """The legend's abbreviations (the colours' letters, PP and RP, the change marks)."""
    letters = " ".join(p.mark for p in PLAYER_COLOURS)
    out = [
        (letters, c.say(msg("players' colours and dice"))),
        (c.say(ITEMS["pp"]), c.say(msg("prestige points (shaded spaces reached)"))),
        (c.say(ITEMS["rp"]), c.say(msg("recognition points (a space each)"))),
        ("+N −N", c.say(msg("changed this turn (outlined)"))),
    ]
    if board:
        out.append(("1–8", c.say(msg("market spaces: dice move clockwise"))))
    return out


__all__ = ["seat_colours", "turn"]
