"""Lorenzo il Magnifico board image, drawn only from a view dict (``engine.lorenzo.views``) and the
public data pack; never from game state.

``board(view)`` draws the table: a header (round, period, the dice, the turn order, who acts), the
four towers with their cards, floor bonuses and members, the action spaces (covered ones marked),
the council palace in arrival order, the three excommunication tiles with their cubes, the VP,
military and faith tracks (with this period's Vatican threshold), and one panel per player
(resources, cards by type, excommunications, bonus tile, leaders played face up or down, how many
in hand). ``player_board(view, seat)`` draws that player's panel larger, with the leaders in their
hand only when the view carries the hand (the owner's own view). Leader hands, draft packets and
unrevealed Vatican answers are not in a public view, so they can never be drawn on the table.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from PIL import Image

from engine.core.i18n import Msg
from engine.lorenzo.model import Pack
from engine.lorenzo.types import BundleKey, LView, TowerId

from .. import final
from ..common import (
    BG,
    FAINT,
    GREY_FILL,
    HEADER,
    INK,
    LINE,
    MUTED,
    PANEL,
    WHITE,
    Canvas,
    View,
    fit,
    text_width,
    wrap,
)
from ..layout import LAYOUT_KEY, layout_of
from ..turn import WIDTH
from .band import below, cut
from .i18n import msg, tr
from .icons import MEANINGS
from .palette import EXCOMM_FILL, PALETTE, STATUS_FILL, TINTS
from .panel import draw_panel, panel_height
from .parts import (
    SHORT,
    TOWER_COLOURS,
    TOWER_NAMES,
    card_lines,
    die,
    excomm_text,
    member_badge,
    name,
    pack_by_fingerprint,
    pack_of,
    seat_colour,
    seated,
    use_colours,
    who_acts,
)
from .turn import turn

__all__ = ["PALETTE", "board", "player_board", "turn"]

W, M, GAP = 1600, 16, 10
HEADER_H, STATUS_H = 56, 34
TOP = HEADER_H + STATUS_H + M
TOWER_W, TOWER_HEAD, FLOOR_H = 236, 30, 150
TOWERS_W = 4 * TOWER_W + 3 * GAP
RIGHT_X = M + TOWERS_W + 2 * GAP
RIGHT_W = W - RIGHT_X - M
MAIN_H = TOWER_HEAD + 4 * FLOOR_H
PANEL_H = 210
PANEL_W = (W - 2 * M - GAP) // 2
SPACE_ROWS = (
    ("harvest-small", msg("Harvest (small)")),
    ("harvest-large", msg("Harvest (large, -3)")),
    ("production-small", msg("Production (small)")),
    ("production-large", msg("Production (large, -3)")),
    ("market-coins", msg("Market: 5 coins")),
    ("market-servants", msg("Market: 5 servants")),
    ("market-military", msg("Market: 3 MP + 2 coins")),
    ("market-privileges", msg("Market: 2 privileges")),
    ("council", msg("Council: 1 coin + privilege")),
)
EXCOMM_Y = TOP + 34 * len(SPACE_ROWS) + GAP
TRACKS_Y = EXCOMM_Y + 84 + GAP
TRACK_KEYS: tuple[BundleKey, ...] = ("vp", "mp", "fp")
# What a pending decision asks, by kind (the view's prompt is English text: drawn for English).
PROMPTS = {
    "reduce": msg("Excommunication: lose 1 wood or 1 stone from this gain?"),
    "privilege": msg("Choose a council privilege"),
    "boost": msg("Pay servants to raise the action"),
    "copy": msg("Lorenzo de' Medici: which played leader do you copy (for good)?"),
    "montefeltro": msg("Federico da Montefeltro: which family member is worth 6 this round?"),
    "roll": msg("Deal the cards and roll the dice"),
    "draft": msg("Leader draft: keep one leader, pass the rest to your right"),
    "pay": msg("How do you pay for the card?"),
    "take": msg("Take a card"),
    "turn": msg("Your turn: choose a family member to place"),
    "space": msg("Place a family member"),
    "servants": msg("How many servants do you add to its value?"),
    "after": msg("Leader actions before your turn ends?"),
    "vatican": msg("Vatican report: support the Church, or accept excommunication?"),
    "tile": msg("Choose your personal bonus tile"),
    "produce": msg("Production: use a building card?"),
}


def _header(c: Canvas, view: LView) -> None:
    lang = c.lang
    title = c.say(
        msg("Lorenzo il Magnifico · round {n} of 6 · period {period}", n=view["round"], period=view["period"])
    )
    if view["options"].get("advanced"):
        title += c.say(msg(" · advanced"))
    c.text(M, HEADER_H / 2, fit(title, 22, 700 - M, True), 22, WHITE, bold=True)
    x = 720.0
    for colour, value in view["dice"].items():
        die(c, x, (HEADER_H - 30) / 2, colour, value)
        x += 40
    order = " › ".join(str(view["players"][s]) for s in view["order"])
    c.text(W - M, HEADER_H / 2, fit(c.say(msg("Order: {order}", order=order)), 16, 620), 16, WHITE, "r")
    status = who_acts(view, lang)
    pending = view.get("pending") or []
    if lang != "en" and pending and str(pending[0].get("kind")) in PROMPTS:
        seats = list(dict.fromkeys(int(p["player"]) for p in pending))
        who = "、".join(str(view["players"][s]) for s in seats)
        status = c.say(msg("{names}: {prompt}", names=who, prompt=PROMPTS[str(pending[0].get("kind"))]))
    sep = ", " if lang == "en" else "、"
    totals = view.get("totals")
    if totals:
        ranked = sorted(range(len(view["players"])), key=lambda s: (-totals[s], view["order"].index(s)))
        scores = sep.join(f"{view['players'][s]} {totals[s]}" for s in ranked)
        status = c.say(msg("Final scores: {scores}", scores=scores))
    if final.outcome(cast(View, view)) is not None:  # the final panel below says who won and how
        status = c.say(msg("Game over: the final scores and their breakdown below"))
    window = view.get("window")
    if window:
        answered = sep.join(str(view["players"][s]) for s in window["answered"]) or c.say(msg("nobody yet"))
        kind = str(window["kind"])
        what = c.say(WINDOWS[kind]) if kind in WINDOWS else kind.title()
        status = c.say(
            msg("{what}: answered so far: {names} (answers stay secret until all are in)", what=what, names=answered)
        )
    c.text(M, HEADER_H + STATUS_H / 2, fit(status, 16, W - 2 * M), 16, INK)


WINDOWS = {"vatican": msg("Vatican"), "draft": msg("Draft"), "leaders": msg("Leaders")}


def _floor_frame(c: Canvas, pack: Pack, tower: str, floor: int, x: float, y: float) -> None:
    space = pack.spaces[f"{tower}-{floor}"]
    tint = TINTS[list(TOWER_COLOURS).index(tower)]
    c.rect((x, y, x + TOWER_W, y + FLOOR_H - 4), fill=tint, outline=LINE, radius=6)
    bonus = " · +" + " ".join(f"{n}{k.upper()}" for k, n in space.reward.items()) if space.reward else ""
    if c.lang != "en" and space.reward:
        bonus = " · +" + " ".join(f"{n}{_short(k, c.lang)}" for k, n in space.reward.items())
    label = c.say(msg("floor {n} · value {value}{bonus}", n=floor, value=space.value, bonus=bonus))
    c.text(x + 8, y + 13, fit(label, 13, TOWER_W - 16, True), 13, MUTED, bold=True)


def _short(key: str, lang: str) -> str:
    word = SHORT.get(key)
    return key.upper() if word is None else tr(word, lang)


def _floor(c: Canvas, view: LView, tower: TowerId, floor: int, x: float, y: float) -> None:
    pack = pack_of(view)
    space = pack.spaces[f"{tower}-{floor}"]
    occupants = view["spaces"].get(space.id, [])
    bx = x + TOWER_W - 6
    for seat, member in map(seated, reversed(occupants)):
        bx -= member_badge(c, bx, y + 13, view, seat, member, 12, align="r") + 4
    card_id = view["towers"][tower][floor - 1]
    if card_id is None:
        c.text(x + TOWER_W / 2, y + FLOOR_H / 2, c.say(msg("taken") if occupants else msg("empty")), 15, FAINT, "c")
        return
    card = pack.cards[card_id]
    c.text(x + 8, y + 36, fit(f"{name(card.name, c.lang)} (#{card.id})", 16, TOWER_W - 16), 16, INK, bold=True)
    ly = y + 58
    for line in card_lines(card, c.lang):
        for part in wrap(line, 13, TOWER_W - 16)[:2]:
            if ly > y + FLOOR_H - 14:
                break
            c.text(x + 8, ly, part, 13, INK)
            ly += 17


def _towers_frame(c: Canvas, pack: Pack, towers: tuple[str, ...]) -> None:
    for i, tower in enumerate(towers):
        x = M + i * (TOWER_W + GAP)
        c.rect((x, TOP, x + TOWER_W, TOP + TOWER_HEAD - 4), fill=TOWER_COLOURS[tower], radius=6)
        title = c.say(TOWER_NAMES[tower]) if tower in TOWER_NAMES else f"{tower.title()} tower"
        c.text(x + 8, TOP + 13, title if c.lang != "en" else f"{tower.title()} tower", 15, INK, bold=True)
        for floor in range(4, 0, -1):
            _floor_frame(c, pack, tower, floor, x, TOP + TOWER_HEAD + (4 - floor) * FLOOR_H)


def _towers(c: Canvas, view: LView) -> None:
    for i, tower in enumerate(view["towers"]):
        x = M + i * (TOWER_W + GAP)
        deck = view["decks"].get(tower, 0)
        c.text(x + TOWER_W - 8, TOP + 13, c.say(msg("deck {n}", n=deck)), 13, INK, "r")
        for floor in range(4, 0, -1):
            _floor(c, view, tower, floor, x, TOP + TOWER_HEAD + (4 - floor) * FLOOR_H)


def _space_frame(c: Canvas, open_: bool, label: str, x: float, y: float, w: float) -> None:
    fill = PANEL if open_ else GREY_FILL
    c.rect((x, y, x + w, y + 30), fill=fill, outline=LINE, radius=5)
    c.text(x + 8, y + 15, fit(c.say(label), 14, 200), 14, INK if open_ else MUTED, bold=True)
    if not open_:
        c.text(x + w - 8, y + 15, c.say(msg("covered")), 13, MUTED, "r")


def _space_row(c: Canvas, view: LView, space_id: str, x: float, y: float, w: float) -> None:
    if space_id not in view["open_spaces"]:
        return
    bx = x + 216
    for seat, member in map(seated, view["spaces"].get(space_id, [])):
        if bx > x + w - 60:
            c.text(bx, y + 15, "…", 14, INK)
            break
        bx += member_badge(c, bx, y + 15, view, seat, member, 12) + 4


def _spaces_frame(c: Canvas, open_rows: tuple[bool, ...]) -> None:
    for row, ((_, label), open_) in enumerate(zip(SPACE_ROWS, open_rows, strict=True)):
        _space_frame(c, open_, label, RIGHT_X, TOP + 34 * row, RIGHT_W)


def _spaces(c: Canvas, view: LView) -> None:
    for row, (space_id, _) in enumerate(SPACE_ROWS):
        _space_row(c, view, space_id, RIGHT_X, TOP + 34 * row, RIGHT_W)


def _excommunications(c: Canvas, view: LView) -> None:
    pack = pack_of(view)
    w = (RIGHT_W - 2 * GAP) / 3
    y = EXCOMM_Y
    for i, tile_id in enumerate(view["excomm"]):
        x = RIGHT_X + i * (w + GAP)
        c.rect((x, y, x + w, y + 84), fill=EXCOMM_FILL, outline=LINE, radius=6)
        c.text(x + 8, y + 14, c.say(msg("Excommunication {id}", id=tile_id)), 13, INK, bold=True)
        for j, part in enumerate(wrap(excomm_text(pack.excommunications[tile_id], c.lang), 13, w - 16)[:2]):
            c.text(x + 8, y + 34 + 16 * j, part, 13, INK)
        cx = x + 12
        for seat, mine in enumerate(view["boards"]):
            if i + 1 in mine["excomm"]:
                colour = seat_colour(seat)
                c.rect((cx - 8, y + 65, cx + 8, y + 81), fill=colour.rgb, outline=INK, who=f"seat {seat} cube")
                c.text(cx, y + 73, colour.mark, 11, WHITE if sum(colour.rgb) < 500 else INK, "c", bold=True)
                cx += 20


def _need(view: LView) -> int:
    return pack_of(view).rules.faith_thresholds[max(0, min(2, view["period"] - 1))]


def _tracks_frame(c: Canvas, players: int) -> None:
    y = TRACKS_Y
    c.rect((RIGHT_X, y, RIGHT_X + RIGHT_W, y + 30 + 24 * players), fill=PANEL, outline=LINE, radius=6)
    for col, label in enumerate((msg("VP"), msg("Military"), msg("Faith"))):
        c.text(RIGHT_X + 330 + col * 90, y + 14, c.say(label), 13, MUTED, "c", bold=True)


def _tracks(c: Canvas, view: LView) -> None:
    """Each seat's victory, military and faith points; at the end its final total on the VP track
    (the outcome's, or the view's totals), not the points held before final scoring."""
    y, need = TRACKS_Y, _need(view)
    tracks = c.say(msg("Tracks (Vatican report: {n} faith)", n=need))
    c.text(RIGHT_X + 8, y + 14, fit(tracks, 14, 280, True), 14, INK, bold=True)
    totals = final.final_values(cast(View, view))
    if totals is None and view.get("totals"):
        totals = dict(enumerate(view["totals"] or []))
    for row, seat in enumerate(view["order"]):
        ry = y + 38 + 24 * row
        held = view["boards"][seat]["res"]
        colour = seat_colour(seat)
        c.circle(RIGHT_X + 16, ry, 9, fill=colour.rgb, outline=INK, who=f"seat {seat}")
        c.text(RIGHT_X + 16, ry, colour.mark, 11, WHITE if sum(colour.rgb) < 500 else INK, "c", bold=True)
        c.text(RIGHT_X + 30, ry, fit(str(view["players"][seat]), 14, 170), 14, INK)
        for col, key in enumerate(TRACK_KEYS):
            value = str(held[key]) if key != "vp" or totals is None else f"{totals.get(seat, held[key]):g}"
            fg = INK if key != "fp" or held["fp"] >= need else MUTED
            c.text(RIGHT_X + 330 + col * 90, ry, value, 15, fg, "c", bold=True)


PACKAGE = "engine.lorenzo"  # whose catalogue names the final breakdown's parts
LEGEND: tuple[tuple[Msg, Msg], ...] = (  # (what the board draws, what it stands for), both in the board's language
    *((SHORT[k], MEANINGS[k]) for k in ("w", "s", "sv", "c", "vp", "mp", "fp", "cp")),
    (msg("@n"), msg("an action of value n")),
    (msg("a>b"), msg("pay a to get b")),
    (msg("/card"), msg("for each card of that type")),
    (msg("prod"), msg("production")),
    (msg("B W O N"), msg("the black, white, orange and neutral family members")),
)
LEGEND_H = 54


def _legend(c: Canvas, top: float) -> float:
    """What every abbreviation of the board stands for, flowing over lines; returns the bottom."""
    x, y = float(M), top + 8
    for key, meaning in LEGEND:
        item = f"{c.say(key)} = {c.say(meaning)}"
        w = text_width(item, 14) + 24
        if x > M and x + w > W - M:
            x, y = float(M), y + 22
        c.text(x, y + 10, item, 14, MUTED, box=(M, top, W - M, y + 22))
        x += w
    return y + 22


@lru_cache(maxsize=8)  # ~3 MB each; the key varies with the pack, the players and their colours, the language
def _base(
    fingerprint: str,
    players: int,
    towers: tuple[str, ...],
    open_rows: tuple[bool, ...],
    lang: str = "en",
    colours: tuple[str, ...] = (),
) -> Image.Image:
    """What only the pack, the players and their colours (set by :func:`use_colours`, keyed by
    ``colours``) decide (drawn once, then copied): backgrounds, tower and floor frames with their
    labels, the action spaces, the tracks' frame."""
    pack = pack_by_fingerprint(fingerprint)
    c = Canvas(Image.new("RGB", (W, TOP + MAIN_H), BG), lang)
    c.rect((0, 0, W, HEADER_H), fill=HEADER)
    c.rect((0, HEADER_H, W, HEADER_H + STATUS_H), fill=STATUS_FILL)
    _towers_frame(c, pack, towers)
    _spaces_frame(c, open_rows)
    _tracks_frame(c, players)
    return c.im


def _panels(c: Canvas, view: LView, top: float, heights: list[float]) -> float:
    """The players' panels two to a row (a row as tall as its taller panel); returns the bottom."""
    y = top
    for row in range(0, len(heights), 2):
        h = max(heights[row : row + 2])
        for seat in range(row, min(row + 2, len(heights))):
            draw_panel(c, view, seat, M + (seat % 2) * (PANEL_W + GAP), y, PANEL_W, h, [])
        y += h + GAP
    return y


def board(view: LView, lang: str = "en") -> Image.Image:
    """The whole table, from a (public) view; once the game is over (the table added its outcome),
    the shared final panel (winner, tie-break, breakdown) below the header."""
    open_rows = tuple(space_id in view["open_spaces"] for space_id, _ in SPACE_ROWS)
    players = len(view["players"])
    colours = use_colours(view)
    base = _base(str(view["pack"]), players, tuple(view["towers"]), open_rows, lang, tuple(c.id for c in colours))
    sizer = Canvas(Image.new("RGB", (1, 1)), lang)
    heights = [panel_height(sizer, view, seat, PANEL_W, []) for seat in range(players)]
    rows = sum(max(heights[r : r + 2]) + GAP for r in range(0, players, 2))
    im = Image.new("RGB", (W, base.height + GAP + int(rows) + LEGEND_H + M), BG)
    im.paste(base)
    im.info[LAYOUT_KEY] = layout_of(base)
    c = Canvas(im, lang)
    _header(c, view)
    _towers(c, view)
    _spaces(c, view)
    _excommunications(c, view)
    _tracks(c, view)
    bottom = _legend(c, _panels(c, view, base.height + GAP, heights))
    drawn = cut(c, bottom + M)
    result = final.outcome(cast(View, view))
    if result is None:
        return drawn
    names = [str(n) for n in view["players"]]
    left = (W - WIDTH) / 2
    return below(drawn, HEADER_H + STATUS_H, lang, lambda f: final.panel(f, 0, result, names, colours, PACKAGE, left))


def player_board(view: LView, seat: int, lang: str = "en") -> Image.Image:
    """One player's panel, larger; their hand only when the view carries it (their own view)."""
    hand = list(view["hand"]) if view.get("seat") == seat and isinstance(view.get("hand"), list) else []
    use_colours(view)
    sizer = Canvas(Image.new("RGB", (1, 1)), lang)
    h = max(PANEL_H + 30, panel_height(sizer, view, seat, PANEL_W, hand))
    c = Canvas(Image.new("RGB", (PANEL_W + 2 * M, int(h) + 2 * M), BG), lang)
    draw_panel(c, view, seat, M, M, PANEL_W, h, hand)
    return c.im
