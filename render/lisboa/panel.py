"""One Lisboa player's panel: name, colour and seat; influence, wigs, reis, hand size; goods, rubble
and sets, favors; houses, officials, clergy; portfolio (ships with their holds); plans and decrees.

Drawn with a :class:`Pen` so the same code makes the table panel and the larger "My board" panel.
Only sizes of hidden things are drawn here; hand card ids are drawn by ``render.lisboa.player_board``.
"""

from __future__ import annotations

from typing import Any

from ..common import (
    FAINT,
    GREEN,
    GREY_FILL,
    HEADER,
    INK,
    LINE,
    MUTED,
    PANEL,
    PURPLE,
    RGB,
    VERMILLION,
    WHITE,
    YELLOW,
    View,
    shrink,
    wrap,
)
from ..final import final_values
from .cards import draw_card, draw_ship
from .i18n import msg
from .parts import ACT_TINT, GOODS, NOBLE_SHORT, RUBBLE, Pen, pack, seat_colour, seat_style
from .view import answer_text, decision_name, hand_size, top_frame, waiting

PANEL_W, PANEL_H = 778, 214
PLAN_COLOURS = {"b": msg("b"), "g": msg("g")}
SLOT_W, SLOT_H, SLOT_X = 160, 42, 74
ROW1, ROW2, PORT_Y = 60, 92, 112
SIDE_X = SLOT_X + 3 * (SLOT_W + 6) + 8


def panel_base(p: Pen) -> None:
    """Frame and labels (identical for every seat)."""
    p.rect(0, 0, PANEL_W, PANEL_H, PANEL, LINE, 2, 10)
    p.line(10, 40, PANEL_W - 10, 40, FAINT)
    for x, y, word, size, width in (
        (12, ROW1, msg("Goods"), 13, 48),
        (282, ROW1, msg("Rubble"), 13, 52),
        (594, ROW1, msg("Favors"), 13, 48),
        (12, ROW2, msg("Houses"), 13, 52),
        (282, ROW2, msg("Officials"), 13, 66),
        (424, ROW2, msg("Clergy"), 13, 48),
        (12, PORT_Y + SLOT_H / 2, msg("Portfolio"), 13, 60),
        (12, PORT_Y + SLOT_H / 2 + 14, msg("top"), 11, 60),
        (12, PORT_Y + SLOT_H * 1.5 + 6, msg("bottom"), 11, 60),
    ):
        if p.lang == "en":
            p.text(x, y, p.say(word), size, MUTED)
        else:  # Japanese labels are wider: a smaller size where needed
            text = p.say(word)
            p.text(x, y, text, shrink(text, size, width - 2, least=9), MUTED, width=width)  # 2: the scale's rounding


def _status(view: View, seat: int, p: Pen) -> list[tuple[str, RGB, RGB]]:
    """Badges (label, background, text colour) for this seat: turn, to act, follow answers, result."""
    out: list[tuple[str, RGB, RGB]] = []
    asked = waiting(view)
    frame = top_frame(view)
    if view.get("active") == seat and not view.get("over"):
        out.append((p.say(msg("TURN")), HEADER, WHITE))
    if seat in asked:
        out.append((p.say(msg("TO ACT: {what}", what=decision_name(asked[seat], p.lang))), VERMILLION, WHITE))
    if frame and frame.get("kind") in ("follow", "church"):
        answers = frame.get("answers") or {}
        data = frame.get("data") or {}
        if frame["kind"] == "follow" and data.get("visitor") == seat:
            out.append((p.say(msg("VISITOR")), PURPLE, INK))
        if str(seat) in answers:
            answer = answers[str(seat)]
            declined = answer_text(answer) == "declined"
            text = answer_text(answer, p.lang)
            out.append((text.upper(), GREEN if not declined else GREY_FILL, WHITE if not declined else INK))
        elif seat in frame.get("seats", []) and seat not in asked:
            out.append((p.say(msg("WAITS TO BE ASKED")), GREY_FILL, INK))
    if view.get("start_player") == seat:
        out.append((p.say(msg("START")), GREY_FILL, INK))
    result = view.get("result") or {}
    if seat in (result.get("winners") or []):
        out.append((p.say(msg("WINNER")), YELLOW, INK))
    return out


def highlight(p: Pen, view: View, seat: int) -> None:
    """The panel frame tinted/outlined for the seat to act, outlined for the active seat."""
    if seat in waiting(view):
        p.rect(2, 2, PANEL_W - 2, 39, ACT_TINT, None, 1, 9)
        p.rect(-1, -1, PANEL_W + 1, PANEL_H + 1, None, VERMILLION, 5, 11)
    elif view.get("active") == seat and not view.get("over"):
        p.rect(-1, -1, PANEL_W + 1, PANEL_H + 1, None, HEADER, 4, 11)


def _header(p: Pen, view: View, seat: int, b: dict[str, Any]) -> None:
    p.seat(22, 21, seat, 13)
    name = str(view["players"][seat])
    x = 42 + p.text(42, 21, name, 20, INK, bold=True, width=170) + 8
    colour = seat_colour(seat)
    said = p.say(msg("seat {n}, {colour} ({mark})", n=seat + 1, colour=colour.name, mark=colour.mark))
    x += p.text(x, 21, said, 12, MUTED) + 8
    right: float = PANEL_W - 12
    p.coin(right - 15, 21, 15, b.get("reis", 0))
    right -= 36
    right -= p.text(right, 21, p.say(msg("reis")), 13, MUTED, "r") + 12
    for label_, value in (
        (msg("hand"), hand_size(b)),
        (msg("wigs"), b.get("wigs", 0)),
        (msg("influence"), b.get("influence", 0)),
    ):
        right -= p.text(right, 21, str(value), 18, INK, "r", bold=True) + 4
        right -= p.text(right, 21, p.say(label_), 13, MUTED, "r") + 12
    result = view.get("result") or {}
    scores = result.get("scores") or []
    totals = final_values(view)  # the outcome's, when the table added it
    total = totals.get(seat) if totals is not None else None
    if total is None and seat < len(scores) and isinstance(scores[seat], dict):
        total = scores[seat].get("total")
    if total is not None:
        right -= p.text(right, 21, p.say(msg("TOTAL {n}", n=f"{total:g}")), 15, INK, "r", bold=True) + 10
    for text, bg, fg in _status(view, seat, p):
        w = p.width(text, 11, True) + 11
        if x + w > right - 6:
            break
        x += p.badge(x, 21, text, bg, fg, 11) + 5


def _goods_rubble(p: Pen, b: dict[str, Any]) -> None:
    goods = b.get("goods") or {}
    x: float = 62
    for good in GOODS:
        p.good(x + 10, ROW1, good, 10)
        n = int(goods.get(good, 0))
        x += 24 + p.text(x + 24, ROW1, str(n), 16, INK if n else MUTED, bold=bool(n)) + 14
    rubble = b.get("rubble") or {}
    x = 336
    for d in RUBBLE:
        p.cube(x, ROW1 - 8, d, 16)
        n = int(rubble.get(d, 0))
        x += 20 + p.text(x + 20, ROW1, str(n), 16, INK if n else MUTED, bold=bool(n)) + 12
    p.text(x, ROW1, p.say(msg("sets {n}", n=b.get("sets", 0))), 14, INK, bold=True)
    x = 644
    favors = b.get("favors") or []
    for noble in favors[:5]:
        short = NOBLE_SHORT.get(noble)
        x += p.badge(x, ROW1, p.say(short) if short is not None else noble[:2], GREY_FILL, INK, 11) + 3
    if not favors:
        p.text(x, ROW1, p.say(msg("none")), 13, MUTED)


def _houses_officials(p: Pen, seat: int, b: dict[str, Any]) -> None:
    fill = seat_style(seat)[0]
    houses = b.get("houses") or {}
    x: float = 66
    for group, letter in (("left", msg("L")), ("middle", msg("M")), ("right", msg("R"))):
        p.house(x + 8, ROW2, fill, 8)
        x += 20 + p.text(x + 20, ROW2, f"{p.say(letter)} {houses.get(group, 0)}", 14, INK, bold=True) + 14
    p.seat(352, ROW2, seat, 9)
    p.text(365, ROW2, f"x{b.get('officials', 0)}", 15, INK, bold=True)
    clergy = b.get("clergy") or []
    x = 474
    for tile in clergy[:6]:
        label = str(tile)  # its effect: the board's key of effects
        w = p.width(label, 11, True) + 10
        if x + w > PANEL_W - 10:
            break
        p.rect(x, ROW2 - 10, x + w, ROW2 + 10, WHITE, INK, 1, 3)
        p.text(x + 5, ROW2, label, 11, INK, bold=True)
        x += w + 5
    if not clergy:
        p.text(x, ROW2, p.say(msg("none")), 13, MUTED)


def _portfolio(p: Pen, b: dict[str, Any]) -> None:
    port = b.get("portfolio") or {}
    holds = b.get("holds") or {}
    start = pack().player
    for row, key, n in ((0, "top", start.portfolio_top), (1, "bottom", start.portfolio_bottom)):
        y = PORT_Y + row * (SLOT_H + 6)
        cards = list(port.get(key) or [])
        for k in range(max(n, min(len(cards), 3))):
            x = SLOT_X + k * (SLOT_W + 6)
            if k < len(cards):
                card = str(cards[k])
                if card.startswith("ship-"):
                    hold = holds.get(card) or {}
                    draw_ship(p, x, y, SLOT_W, SLOT_H, card, list(hold.get("goods") or []), bool(hold.get("sailing")))
                else:
                    draw_card(p, x, y, SLOT_W, SLOT_H, card)
            else:
                p.rect(x, y, x + SLOT_W, y + SLOT_H, None, FAINT, 1, 4)
        if len(cards) > 3:
            p.text(SLOT_X + 3 * (SLOT_W + 6) - 3, y + SLOT_H / 2, f"+{len(cards) - 3}", 12, INK, "r", bold=True)


def _plans(p: Pen, b: dict[str, Any]) -> None:
    """Plans held and completed, each list wrapped whole over the side column, then the decrees."""
    pk = pack()

    def plan(pid: str) -> str:
        if pid not in pk.plans:
            return pid
        letter = pk.plans[pid].colour[0]
        colour = p.say(PLAN_COLOURS[letter]) if letter in PLAN_COLOURS else letter
        return f"{pid}({colour}{pk.plans[pid].officials})"

    def ids(plans: list[str]) -> str:
        return ", ".join(plan(pid) for pid in plans) or p.say(msg("none"))

    width = PANEL_W - 12 - SIDE_X
    plans, done = list(b.get("plans") or []), list(b.get("completed_plans") or [])
    texts = [
        p.say(msg("Plans: {plans}", plans=ids(plans))),
        p.say(msg("Done: {plans}", plans=ids(done))),
        p.say(msg("Decrees: {n}", n=len(b.get("decrees") or []))),
    ]
    size, step = 12, 14.0
    lines = [wrap(t, p.s(size), width * p.k) for t in texts]
    if sum(len(found) for found in lines) > 6:
        size, step = 10, 12.0
        lines = [wrap(t, p.s(size), width * p.k) for t in texts]
    y: float = PORT_Y + 2
    for k, found in enumerate(lines):
        for line in found:
            p.text(SIDE_X, y, line, size, INK, bold=k == 2, width=width)
            y += step
    p.text(SIDE_X, PANEL_H - 10, p.say(msg("plan: b/g = colour, n = officials")), 10, MUTED)


def panel(p: Pen, view: View, seat: int) -> None:
    """Draw ``seat``'s panel over :func:`panel_base` (the pen's origin is the panel's top left)."""
    b = view["boards"][seat]
    highlight(p, view, seat)
    _header(p, view, seat, b)
    _goods_rubble(p, b)
    _houses_officials(p, seat, b)
    _portfolio(p, b)
    _plans(p, b)
