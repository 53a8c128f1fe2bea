"""Lorenzo il Magnifico's turn image (what a turn message shows), made for Discord's inline size
with the shared frame of :mod:`render.turn`: the header (period, round), who acts on what, the
players' strip (points, goods and cards, each change since the turn began marked), then the table
a placement is decided on: the dice, the four towers (each floor's value and bonus, its card's name,
cost and immediate effect in pictograms), the action spaces (the value they need, what they give,
whose members are on them) and, while the Vatican report is open, the excommunication tiles. Places
that changed this turn are outlined. Once the game is over the shared final panel (winner,
tie-break, breakdown) takes the table's place and the strip shows the final totals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PIL import Image

from engine.core.colours import PlayerColour
from engine.lorenzo.model import Card, Pack
from engine.lorenzo.types import BundleKey, CardType, LView, TowerId

from .. import final
from .. import turn as frame
from ..common import INK, LINE, MUTED, PANEL, Box, Canvas, View, text_width, wrap
from ..turn import BODY, PAD, SMALL, WIDTH
from .i18n import msg
from .icons import MEANINGS, PICTURES, Ink, Piece, card_of, draw_line, flow, goods, picture, valued, word
from .palette import EXCOMM_FILL, TINTS
from .parts import TOWER_COLOURS, excomm_text, name, pack_of, seat_colour, seated, use_colours

ICON = 26  # a pictogram's side on the turn image
GAP = 10
COL_W = (WIDTH - 2 * PAD - 3 * GAP) / 4
LINE_H = ICON + 8
NAME_H = SMALL + 6
STRIP_KEYS: tuple[BundleKey, ...] = ("vp", "mp", "fp", "w", "s", "sv", "c")
CARD_TYPES: tuple[CardType, ...] = ("territory", "character", "building", "venture")
TOWERS: tuple[TowerId, ...] = ("green", "blue", "yellow", "purple")  # as on the board, left to right
MEMBERS = {"black": msg("black"), "white": msg("white"), "orange": msg("orange"), "neutral": msg("neutral")}
SPACES = (
    "harvest-small",
    "harvest-large",
    "production-small",
    "production-large",
    "market-coins",
    "market-servants",
    "market-military",
    "market-privileges",
    "council",
)


def turn(view: LView, lang: str = "en") -> Image.Image:
    """The turn image of a (public) view, in ``lang``."""
    colours = use_colours(view)
    names = [str(n) for n in view["players"]]
    table = cast(View, view)  # with what the table adds: who acts, the board as the turn began, the outcome
    old = frame.before(table)
    c = frame.canvas(lang)
    where = c.say(msg("period {period} · round {n} of 6", period=view["period"], n=view["round"]))
    y = frame.header(c, "Lorenzo il Magnifico", where)
    y = frame.now(c, y, table, names, colours)
    result = final.outcome(table)
    y = frame.strip(c, y, _rows(c, view, old, colours, result is not None))
    ink = Ink(c, ICON, BODY)
    if result is not None:
        y = final.panel(c, y + PAD, result, names, colours, "engine.lorenzo") + PAD
    elif _vatican_open(view):  # supporting the Church or not: the tiles and the faith asked
        y = _excommunications(c, ink, view, y + PAD / 2)
    else:
        y = _dice(c, ink, view, old, y + PAD / 2)
        y = _towers(c, ink, view, old, y)
        y = _spaces(c, ink, view, old, y)
    y = _legend(c, ink, y)
    return frame.done(c, y)


def _rows(c: Canvas, view: LView, old: View | None, colours: Sequence[PlayerColour], over: bool) -> list[frame.Row]:
    table = cast(View, view)
    acting = {seat for seat, _ in frame.acting(table)}
    totals = final.final_values(table) or {}
    rows = []
    for seat in view["order"] or range(len(view["players"])):
        mine = view["boards"][seat]
        stats = []
        for key in STRIP_KEYS:
            value: int = int(totals.get(seat, mine["res"]["vp"])) if key == "vp" else mine["res"][key]
            stats.append(frame.Stat(key, value, frame.was(old, "boards", seat, "res", key), PICTURES[key]))
        for card_type in CARD_TYPES:
            had = frame.was(old, "boards", seat, "cards", card_type)
            count = len(mine["cards"].get(card_type, []))
            icon = PICTURES[card_of(card_type)]
            stats.append(frame.Stat(card_type, count, None if had is None else len(had), icon))
        home = [c.say(MEMBERS[m]) for m in MEMBERS if m not in mine["placed"]]
        note = ""
        if not over and view["phase"] == "play":
            note = c.say(msg("at home: {members}", members=" ".join(home) or c.say(msg("none"))))
        if mine["excomm"]:
            periods = ", ".join(str(p) for p in mine["excomm"])
            note = " · ".join(x for x in (note, c.say(msg("excommunicated: period {p}", p=periods))) if x)
        rows.append(
            frame.Row(seat, str(view["players"][seat]), colours[seat], stats, seat in acting, note),
        )
    return rows


def _dice(c: Canvas, ink: Ink, view: LView, old: View | None, top: float) -> float:
    """The dice this round, and the faith the period's Vatican report asks."""
    y = top + LINE_H / 2
    x = PAD + c.text(PAD, y, c.say(msg("Dice:")), BODY, INK, bold=True, box=(PAD, top, WIDTH / 2, top + LINE_H)) + 10
    x0 = x
    for colour, value in view["dice"].items():
        x += ink.die(x, y, value, colour) + 8
    if old is not None and old.get("dice") != view["dice"]:
        frame.changed(c, (x0, y - ICON / 2, x - 8, y + ICON / 2), "dice")
    need = pack_of(view).rules.faith_thresholds[max(0, min(2, view["period"] - 1))]
    label = c.say(msg("Vatican report needs {n}", n=need))
    right = WIDTH - PAD - ICON - 4
    c.text(right, y, label, BODY, INK, "r", box=(x, top, right, top + LINE_H))
    ink.icon("fp", right + 4, y)
    return top + LINE_H + PAD / 2


def _floor_pieces(ink: Ink, pack: Pack, tower: str, floor: int) -> list[Piece]:
    space = pack.spaces[f"{tower}-{floor}"]
    pieces = [valued(ink, space.value)]
    if space.reward:
        pieces += goods(ink, space.reward, "+")
    return pieces


def _cost(ink: Ink, card: Card) -> list[Piece]:
    out: list[Piece] = []
    for k, cost in enumerate(c for c in card.costs if c):
        if k:
            out.append(word(ink, "/"))
        if "need" in cost:
            out += [picture(ink, "mp"), word(ink, f"≥{cost['need']}")]
        out += goods(ink, {key: n for key, n in cost.items() if key != "need"}, "−")
    return out


def _effect(ink: Ink, card: Card) -> list[Piece]:
    out = goods(ink, card.gain, "+")
    p = card.action_params
    if card.action == "take":
        tower = str(p.get("tower"))
        out += [picture(ink, tower if tower in TOWER_COLOURS else "any"), valued(ink, int(p.get("value", 0)))]
        out += goods(ink, p.get("discount", {}), "−")
    elif card.action in ("harvest", "production"):
        out += [picture(ink, card.action), valued(ink, int(p.get("value", 0)))]
    elif card.action == "vp_per_card":
        out += goods(ink, {"vp": int(p.get("vp", 0))}) + [word(ink, "/"), picture(ink, card_of(str(p.get("type"))))]
    elif card.action == "vp_per_mp":
        out += goods(ink, {"vp": int(p.get("vp", 0))}) + [word(ink, "/")] + goods(ink, {"mp": int(p.get("mp", 0))})
    return out


def _floor_height(c: Canvas, ink: Ink, view: LView, tower: TowerId, floor: int) -> float:
    card_id = view["towers"][tower][floor - 1]
    inner = COL_W - 16
    h = LINE_H + 8
    if card_id is not None:
        card = pack_of(view).cards[card_id]
        h += len(wrap(name(card.name, c.lang), SMALL, inner)) * NAME_H
        for pieces in (_cost(ink, card), _effect(ink, card)):
            h += len(flow(pieces, inner)) * LINE_H
    return h + 6


def _towers(c: Canvas, ink: Ink, view: LView, old: View | None, top: float) -> float:
    y = frame.section(c, top, c.say(msg("Towers: each floor's value, its bonus, the card's cost and effect")))
    pack = pack_of(view)
    towers = [t for t in TOWERS if t in view["towers"]]
    for floor in range(4, 0, -1):
        h = max(_floor_height(c, ink, view, t, floor) for t in towers)
        for i, tower in enumerate(towers):
            x = PAD + i * (COL_W + GAP)
            box = (x, y, x + COL_W, y + h - 6)
            c.rect(box, fill=TINTS[list(TOWER_COLOURS).index(tower)], outline=LINE, radius=6)
            _floor(c, ink, view, pack, tower, floor, box)
            space = f"{tower}-{floor}"
            was_card = frame.was(old, "towers", tower, floor - 1)
            was_on = frame.was(old, "spaces", space)
            if old is not None and (
                was_card != view["towers"][tower][floor - 1] or (was_on or []) != view["spaces"].get(space, [])
            ):
                frame.changed(c, box, space)
        y += h
    return y + PAD / 2


def _floor(c: Canvas, ink: Ink, view: LView, pack: Pack, tower: TowerId, floor: int, box: Box) -> None:
    x0, y0, x1, _ = box
    y = y0 + 4 + LINE_H / 2
    draw_line(_floor_pieces(ink, pack, tower, floor), x0 + 8, y)
    right = x1 - 8
    for seat, _member in map(seated, reversed(view["spaces"].get(f"{tower}-{floor}", []))):
        right -= ICON + 6
        frame.disc(c, right, y, seat_colour(seat), SMALL + 4, who=f"seat {seat} on {tower}-{floor}")
    card_id = view["towers"][tower][floor - 1]
    if card_id is None:
        if not view["spaces"].get(f"{tower}-{floor}"):
            c.text(right, y, c.say(msg("empty")), SMALL, MUTED, "r", box=box)
        return
    y = y0 + LINE_H + 8
    card = pack.cards[card_id]
    for part in wrap(name(card.name, c.lang), SMALL, x1 - x0 - 16):
        c.text(x0 + 8, y + NAME_H / 2, part, SMALL, INK, bold=True, box=box)
        y += NAME_H
    for pieces in (_cost(ink, card), _effect(ink, card)):
        for line in flow(pieces, x1 - x0 - 16):
            draw_line(line, x0 + 8, y + LINE_H / 2)
            y += LINE_H


def _space_pieces(ink: Ink, pack: Pack, space_id: str) -> list[Piece]:
    """What a space needs and gives: the action's die value (and its penalty), then its goods."""
    space = pack.spaces[space_id]
    pieces = [valued(ink, space.value)]
    if space.area in ("harvest", "production"):
        pieces.insert(0, picture(ink, space.area))
        if space.penalty:
            pieces.append(word(ink, f"−{space.penalty}"))
    pieces += goods(ink, space.reward, "+")
    return pieces


def _spaces(c: Canvas, ink: Ink, view: LView, old: View | None, top: float) -> float:
    """The open action spaces, four to a row, each with the discs of the members on it."""
    y = frame.section(c, top, c.say(msg("Action spaces: the value they need, what they give, who is on them")))
    pack = pack_of(view)
    shown = [s for s in SPACES if s in view["open_spaces"]]
    inner = COL_W - 16
    for start in range(0, len(shown), 4):
        row = shown[start : start + 4]
        heights = []
        for space_id in row:
            on = len(view["spaces"].get(space_id, []))
            per_line = max(1, int(inner // (ICON + 8)))
            heights.append(LINE_H + 8 + (on + per_line - 1) // per_line * LINE_H + 6)
        h = max(heights)
        for i, space_id in enumerate(row):
            x = PAD + i * (COL_W + GAP)
            box = (x, y, x + COL_W, y + h - 6)
            c.rect(box, fill=PANEL, outline=LINE, radius=6)
            draw_line(_space_pieces(ink, pack, space_id), x + 8, y + 4 + LINE_H / 2)
            dx, dy = x + 8, y + LINE_H + 8 + LINE_H / 2
            for seat, _member in map(seated, view["spaces"].get(space_id, [])):
                if dx + ICON > x + COL_W - 8:
                    dx, dy = x + 8, dy + LINE_H
                frame.disc(c, dx, dy, seat_colour(seat), SMALL + 4, who=f"seat {seat} on {space_id}")
                dx += ICON + 8
            if old is not None and (frame.was(old, "spaces", space_id) or []) != view["spaces"].get(space_id, []):
                frame.changed(c, box, space_id)
        y += h
    return y + PAD / 2


def _vatican_open(view: LView) -> bool:
    window = view.get("window")
    pending = view.get("pending") or []
    return bool(window and window.get("kind") == "vatican") or any(p.get("kind") == "vatican" for p in pending)


def _excommunications(c: Canvas, ink: Ink, view: LView, top: float) -> float:
    """The faith this report asks, then the three excommunication tiles (this period's outlined),
    each with the seats excommunicated by it."""
    need = pack_of(view).rules.faith_thresholds[max(0, min(2, view["period"] - 1))]
    title = c.say(msg("Vatican report: below {n} faith points, the period's excommunication", n=need))
    y = frame.section(c, top, title)
    pack = pack_of(view)
    w = (WIDTH - 2 * PAD - 2 * GAP) / 3
    texts = [wrap(excomm_text(pack.excommunications[t], c.lang), SMALL, w - 16) for t in view["excomm"]]
    h = NAME_H * (1 + max((len(t) for t in texts), default=0)) + LINE_H + 16
    for i, (tile, lines) in enumerate(zip(view["excomm"], texts, strict=True)):
        x = PAD + i * (w + GAP)
        box = (x, y, x + w, y + h)
        current = i + 1 == view["period"]
        c.rect(
            box,
            fill=EXCOMM_FILL if current else PANEL,
            outline=INK if current else LINE,
            width=3 if current else 1,
            radius=6,
        )
        head = c.say(msg("period {n}", n=i + 1))
        ty = y + 6 + NAME_H / 2
        c.text(x + 8, ty, head, SMALL, INK, bold=True, box=box)
        for line in lines:
            ty += NAME_H
            c.text(x + 8, ty, line, SMALL, INK, box=box)
        dx = x + 8
        for seat, mine in enumerate(view["boards"]):
            if i + 1 in mine["excomm"]:
                frame.disc(c, dx, y + h - 8 - LINE_H / 2, seat_colour(seat), SMALL + 4, who=f"seat {seat} cube {tile}")
                dx += ICON + 8
    return y + h + PAD / 2


def _legend(c: Canvas, ink: Ink, top: float) -> float:
    """Every pictogram drawn, with what it stands for (the strip's included), flowing over lines."""
    used = [k for k in (*STRIP_KEYS, *ink.used, "green", "blue", "yellow", "purple") if k in MEANINGS]
    keys = list(dict.fromkeys(used))
    x, y = float(PAD), top + PAD / 2
    line_h = LINE_H
    for key in keys:
        meaning = c.say(MEANINGS[key])
        w = ICON + 6 + text_width(meaning, SMALL) + 22
        if x > PAD and x + w > WIDTH - PAD:
            x, y = float(PAD), y + line_h
        if key == "die":
            ink.die(x, y + line_h / 2, "3")
        else:
            ink.icon(key, x, y + line_h / 2)
        c.text(x + ICON + 6, y + line_h / 2, meaning, SMALL, MUTED, box=(x, y, WIDTH - PAD, y + line_h))
        x += w
    return y + line_h + PAD / 2
