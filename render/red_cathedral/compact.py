"""The shared board as the turn image shows it (:mod:`.turn`): the market ring with its dice and the
influence cards of its four quadrants, the cathedral tower by tower, and every player's workshop.
Pictograms and numbers stand for the game's goods (:mod:`.icons`); every place that differs from the
board as the turn began is outlined (:func:`render.turn.changed`).
"""

from __future__ import annotations

from math import ceil
from typing import Any

from engine.red_cathedral.types import SectionView, View

from ..common import INK, LINE, MUTED, PANEL, WHITE, Canvas, blend, text_width
from ..turn import PAD, SMALL, WIDTH, changed, section, was
from .i18n import msg
from .icons import Tok, action_of, amounts_of, die, die_of, draw_line, flow, items_toks, text_toks
from .parts import DONE, GUILDS, ITEMS, word

GAP = 12
LINE_H = SMALL + 10  # a line of tokens
DIE_W, DIE_H = 52, 40


def points(c: Canvas, key: str, n: int) -> str:
    """``2 RP`` / ``1 PP`` in the canvas's language."""
    return c.say(msg("{n} {item}", n=n, item=ITEMS[key]))


def gives_toks(c: Canvas, text: str, width: float, bold: bool = True) -> list[Tok]:
    """What a tile gives (``2 lumber``, ``the yield of the white die's space``) as tokens."""
    found = amounts_of(text)
    if found is not None:
        return items_toks(found, lambda k, n: points(c, k, n), bold)
    colour = die_of(text)
    if colour is not None:
        return [Tok("die", colour), *text_toks(c.say(msg("space")), width, SMALL, bold)]
    return text_toks(text, width, SMALL, bold)


def action_toks(c: Canvas, text: str, width: float) -> list[Tok]:
    """An influence card's action: its sign (lightning once, infinity repeatable), what it costs,
    an arrow, what it gives; its words when it is not in the engine's grammar."""
    found = action_of(text)
    if found is None:
        return text_toks(text, width, SMALL)
    repeat, cost, gain = found
    pay = items_toks(cost, lambda k, n: points(c, k, n), False)
    get = items_toks(gain, lambda k, n: points(c, k, n))
    return [Tok("repeat" if repeat else "once"), *pay, *([Tok("arrow")] if pay else []), *get]


def _lines(toks: list[Tok], width: float) -> list[list[Tok]]:
    return flow(toks, width, SMALL) or [[]]


def market(c: Canvas, top: float, view: View, old: Any) -> float:
    """The market ring as four quadrants, left to right: each its guild, its two spaces (number,
    what the space gives, the dice on it) and its influence card's two actions. Returns the bottom."""
    y = top + PAD / 2
    qw = (WIDTH - 2 * PAD - 3 * GAP) / 4
    sw = (qw - 8) / 2
    rows = max(1, *(ceil(len(s["dice"]) / 2) for s in view["market"]))
    space_h = LINE_H + 12 + rows * (DIE_H + 6)
    cards = {card["guild"]: card for card in view["influence"]}
    old_cards = {card.get("guild"): card.get("card") for card in was(old, "influence") or []}
    actions = {g: [_lines(action_toks(c, a, qw - 16), qw - 16) for a in card["actions"]] for g, card in cards.items()}
    card_h = max(sum(len(lines) for lines in acts) for acts in actions.values()) * LINE_H + 12
    for q in range(4):
        qx = PAD + q * (qw + GAP)
        spaces = view["market"][2 * q : 2 * q + 2]
        guild = spaces[0]["guild"]
        name = word(GUILDS, guild, c.lang)
        c.text(qx + 4, y + LINE_H / 2, name, SMALL, INK, bold=True, box=(qx, y, qx + qw, y + LINE_H))
        sy = y + LINE_H + 4
        for k, space in enumerate(spaces):
            sx = qx + k * (sw + 8)
            box = (sx, sy, sx + sw, sy + space_h)
            c.rect(box, fill=PANEL, outline=LINE, width=2, radius=8)
            c.text(sx + 8, sy + LINE_H / 2 + 4, str(space["space"]), SMALL + 4, INK, bold=True, box=box)
            number_w = text_width(str(space["space"]), SMALL + 4, True) + 16
            for line in _lines(gives_toks(c, space["gives"], sw - number_w - 8), sw - number_w - 8)[:1]:
                draw_line(c, line, sx + number_w, sy + LINE_H / 2 + 4, SMALL, box, f"space {space['space']}")
            for d, face in enumerate(space["dice"]):
                dx = sx + 6 + (d % 2) * (DIE_W + 6)
                dy = sy + LINE_H + 8 + (d // 2) * (DIE_H + 6)
                die(c, face["colour"], dx, dy, DIE_W, DIE_H, face["face"], SMALL)
            if old is not None and was(old, "market", space["space"] - 1, "dice") != space["dice"]:
                changed(c, box, f"space {space['space']}")
        cy = sy + space_h + 6
        box = (qx, cy, qx + qw, cy + card_h)
        c.rect(box, fill=WHITE, outline=LINE, width=2, radius=8)
        ly = cy + 6
        for lines in actions.get(guild, []):
            for line in lines:
                draw_line(c, line, qx + 8, ly + LINE_H / 2, SMALL, box, f"{guild} card")
                ly += LINE_H
        if old is not None and guild in cards and old_cards.get(guild) != cards[guild]["card"]:
            changed(c, box, f"{guild} card")
    return y + LINE_H + 4 + space_h + 6 + card_h + PAD


def _section_lines(c: Canvas, view: View, s: SectionView, width: float) -> list[list[Tok]]:
    """A section's lines: its name and owner (and reward, when it fits), then what it still needs
    and its workshop tile; a completed one its ornament."""
    head = [Tok("text", s["name"], bold=True)]
    if s["owner"] is not None:
        head.append(Tok("seat", view["seats"][s["owner"]]["colour"], s["owner"]))
    if s["done"]:
        head += text_toks(c.say(msg("done")), width, SMALL, colour=MUTED)
        lines = flow(head, width, SMALL)
        o = s["ornament"]
        if o:
            kind = word(ITEMS, o["kind"], c.lang)
            orn = [*text_toks(kind, width, SMALL), Tok("seat", view["seats"][o["seat"]]["colour"], o["seat"])]
            orn += [Tok("item", j) for j in o["jewels"]]
            lines += flow(orn, width, SMALL)
        return lines
    need = [(k, n - s["delivered"].get(k, 0)) for k, n in s["cost"].items() if n > s["delivered"].get(k, 0)]
    needs = items_toks(need, lambda k, n: points(c, k, n))
    reward = [Tok("text", points(c, "rp", s["reward"]["rp"]), colour=MUTED)]
    if s["reward"]["rubles"]:
        reward.append(Tok("item", "rubles", s["reward"]["rubles"], colour=MUTED))
    lines = flow(head + reward, width, SMALL)
    if len(lines) == 1:  # the reward beside the name, as on the section's card
        lines += flow(needs, width, SMALL)
    else:  # what it needs, an arrow, what it rewards
        lines = flow(head, width, SMALL) + flow([*needs, Tok("arrow"), *reward], width, SMALL)
    if s["tile"]:
        lines += flow([Tok("tile"), *gives_toks(c, s["tile"]["gives"], width - SMALL, False)], width, SMALL)
    return lines


def cathedral(c: Canvas, top: float, view: View, old: Any) -> float:
    """The towers side by side, base at the bottom; each level's sections as tall as its fullest.
    Returns the bottom."""
    y = top + PAD / 2
    towers = view["towers"]
    cw = (WIDTH - 2 * PAD - (len(towers) - 1) * 8) / max(1, len(towers))
    inner = cw - 12
    lines = [[_section_lines(c, view, s, inner) for s in tower] for tower in towers]
    levels = max(len(t) for t in towers)
    heights = [max(len(t[i]) for t in lines if len(t) > i) * LINE_H + 8 for i in range(levels)]
    bottom = y + sum(heights) + (levels - 1) * 8
    for t, tower in enumerate(towers):
        tx = PAD + t * (cw + 8)
        sy = bottom
        for i, s in enumerate(tower):
            sy -= heights[i]
            box = (tx, sy, tx + cw, sy + heights[i])
            c.rect(box, fill=DONE if s["done"] else PANEL, outline=INK if s["done"] else LINE, width=2, radius=6)
            ly = sy + 4
            for line in lines[t][i]:
                draw_line(c, line, tx + 6, ly + LINE_H / 2, SMALL, box, f"section {s['name']}")
                ly += LINE_H
            if old is not None and was(old, "towers", t, i) != s:
                changed(c, box, f"section {s['name']}")
            sy -= 8
    return bottom + PAD


def workshops(c: Canvas, top: float, view: View, old: Any) -> float:
    """Each player's workshop: one box per slot, its die and the tile on it (what it gives),
    face-down tiles faded. Returns the bottom."""
    y = section(c, top, c.say(msg("Workshops: each die's slot and its tile (faded: face down)")))
    lead = SMALL * 1.24 + 10
    slots = max(len(s["slots"]) for s in view["seats"])
    sw = (WIDTH - 2 * PAD - lead - (slots - 1) * 8) / max(1, slots)
    inner = sw - 12 - SMALL - 12
    for p, seat in enumerate(view["seats"]):
        cells = []
        for slot, tile in seat["slots"].items():
            toks = gives_toks(c, tile["gives"], inner, tile["up"]) if tile else []
            cells.append((slot, tile, flow(toks, inner, SMALL)))
        h = max(1, *(len(lines) for _, _, lines in cells)) * LINE_H + 8
        draw_line(c, [Tok("seat", seat["colour"], p)], PAD, y + h / 2, SMALL, (0, y, WIDTH, y + h), "workshop")
        for k, (slot, tile, lines) in enumerate(cells):
            sx = PAD + lead + k * (sw + 8)
            box = (sx, y, sx + sw, y + h)
            up = bool(tile and tile["up"])
            c.rect(box, fill=PANEL if up or not tile else blend(LINE, PANEL, 0.35), outline=LINE, width=2, radius=6)
            die(c, slot.split("-")[0], sx + 5, y + 5, SMALL + 6, SMALL + 6, None, SMALL)
            ly = y + 4
            for line in lines:
                faded = [Tok(t.kind, t.key, t.n, t.bold, MUTED if not up else t.colour) for t in line]
                draw_line(c, faded, sx + SMALL + 18, ly + LINE_H / 2, SMALL, box, f"workshop {p}")
                ly += LINE_H
            if old is not None and was(old, "seats", p, "slots", slot) != tile:
                changed(c, box, f"workshop {p} {slot}")
        y += h + 6
    return y + PAD / 2


__all__ = ["action_toks", "cathedral", "gives_toks", "market", "points", "workshops"]
