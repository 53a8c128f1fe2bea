"""A player's panel on Lorenzo il Magnifico's full board (and, larger, their own board): their
colour and mark, resources and points, members at home, bonus tile and excommunications, then every
card they hold with what it does for them from now on (a territory's harvest, a building's
production, a character's permanent effect, a venture's final points) and their leaders with their
abilities, wrapped over as many lines as they need (never cut)."""

from __future__ import annotations

from engine.core.i18n import Msg
from engine.lorenzo.model import Card, Leader, Pack
from engine.lorenzo.types import BundleKey, LView

from ..common import INK, MUTED, PANEL, RGB, WHITE, Canvas, fit, wrap
from .i18n import msg, tr
from .parts import (
    MEMBER_LETTERS,
    TOWER_COLOURS,
    TYPE_PLURALS,
    TYPE_TOWER,
    bundle,
    card_lines,
    name,
    pack_of,
    player_colour,
    seat_colour,
)

RES_KEYS: tuple[tuple[BundleKey, Msg], ...] = (
    ("w", msg("wood")),
    ("s", msg("stone")),
    ("sv", msg("servants")),
    ("c", msg("coins")),
    ("vp", msg("VP")),
    ("mp", msg("MP")),
    ("fp", msg("FP")),
)
MEMBER_NAMES = {"black": msg("black"), "white": msg("white"), "orange": msg("orange"), "neutral": msg("neutral")}
SIZE = 13  # the panel's small text
LINE = 18
TOP = 40  # where the lines start below the panel's head
CARD_INDENT, INDENT = 30, 12

#: A line of a panel: its text, colour, bold, the card type whose dot it carries ("" none), its indent.
Line = tuple[str, RGB, bool, str, int]


def _ability(leader: Leader, lang: str, copied: str) -> str:
    """What a played leader does, in short."""
    p = leader.ability_params
    once = tr(msg(" (once a round)"), lang) if leader.once_per_round else ""
    texts: dict[str, Msg] = {
        "harvest": msg("a harvest of value {n}", n=p.get("value", 0)),
        "production": msg("a production of value {n}", n=p.get("value", 0)),
        "ignore_occupied": msg("may place on occupied action spaces"),
        "no_tower_tax": msg("no 3-coin fee in an occupied tower"),
        "member_value": msg("one coloured member is worth {n}", n=p.get("value", 0)),
        "gain": msg("gain {what}", what=bundle(p.get("gain", {}), lang)),
        "coin_discount": msg("cards cost {n} coins less", n=p.get("c", 0)),
        "support_vp": msg("+{n} VP when supporting the Church", n=p.get("vp", 0)),
        "coloured_bonus": msg("coloured members +{n}", n=p.get("value", 0)),
        "neutral_bonus": msg("neutral member +{n}", n=p.get("value", 0)),
        "coloured_base": msg("coloured members are worth {n}", n=p.get("value", 0)),
        "no_territory_mp": msg("territories need no military points"),
        "double_card_gains": msg("resources gained from cards are doubled"),
        "copy": msg("copies {leader}", leader=copied) if copied else msg("copies another played leader"),
    }
    found = texts.get(leader.ability)
    return (tr(found, lang) if found is not None else leader.ability) + once


def _effects(card: Card, lang: str) -> str:
    """What a card held does from now on (its cost and immediate gain are spent): a territory's
    harvest, a building's production, a character's permanent effect, a venture's final points."""
    lines = card_lines(card, lang)
    return lines[-1] if lines and (card.type != "character" or card.perm) else ""


def panel_lines(c: Canvas, view: LView, seat: int, width: float, hand: list[str]) -> list[Line]:
    """The lines below a panel's head: members at home, bonus tile and excommunications, the cards
    by type with their effects, then the leaders."""
    pack = pack_of(view)
    lang = c.lang
    mine = view["boards"][seat]
    sep = ", " if lang == "en" else "、"
    none = c.say(msg("none"))
    left = [m if lang == "en" else c.say(MEMBER_NAMES[m]) for m in MEMBER_LETTERS if m not in mine["placed"]]
    tile = str(mine["tile"]).upper() if mine["tile"] != "standard" else c.say(msg("standard"))
    excomm = sep.join(view["excomm"][p - 1] for p in mine["excomm"]) or none
    line = c.say(
        msg(
            "members at home: {members} · bonus tile {tile} · excommunications {excomm}",
            members=" ".join(left) or none,
            tile=tile,
            excomm=excomm,
        )
    )
    out: list[Line] = [(part, MUTED, False, "", INDENT) for part in wrap(line, SIZE, width - 2 * INDENT)]
    for card_type, ids in mine["cards"].items():
        plural = c.say(TYPE_PLURALS[card_type]) if card_type in TYPE_PLURALS else f"{card_type}s"
        items = []
        for i in ids:
            card = pack.cards[i]
            effect = _effects(card, lang)
            items.append(f"{name(card.name, lang)} ({effect})" if effect else name(card.name, lang))
        text = f"{plural} ({len(ids)}): " + ("; ".join(items) or "-")
        for k, part in enumerate(wrap(text, SIZE, width - CARD_INDENT - INDENT)):
            out.append((part, INK, False, card_type if k == 0 else "", CARD_INDENT))
    if view["options"].get("advanced"):
        out += _leaders(c, pack, view, seat, width, hand, sep, none)
    return out


def _leaders(
    c: Canvas, pack: Pack, view: LView, seat: int, width: float, hand: list[str], sep: str, none: str
) -> list[Line]:
    lang = c.lang
    mine = view["boards"][seat]
    out: list[Line] = []
    played = []
    for entry in mine["leaders"]:
        leader = pack.leaders[entry["id"]]
        copy = entry.get("copy")
        copied = name(pack.leader_by_key(copy).name, lang) if copy else ""
        state = "" if entry["up"] else c.say(msg(" (used this round)"))
        played.append(f"{name(leader.name, lang)}{state}: {_ability(leader, lang, copied)}")
    text = c.say(msg("leaders: {names}", names="; ".join(played) or none))
    out += [(part, INK, False, "", INDENT) for part in wrap(text, SIZE, width - 2 * INDENT)]
    out.append((c.say(msg("in hand: {n}", n=mine["hand"])), MUTED, False, "", INDENT))
    if hand:
        names = sep.join(name(pack.leaders[i].name, lang) for i in hand)
        text = c.say(msg("your hand: {names}", names=names))
        out += [(part, INK, True, "", INDENT) for part in wrap(text, SIZE, width - 2 * INDENT)]
    return out


def panel_height(c: Canvas, view: LView, seat: int, width: float, hand: list[str]) -> float:
    """How tall seat ``seat``'s panel is drawn ``width`` wide."""
    return TOP + LINE * len(panel_lines(c, view, seat, width, hand)) + 12


def draw_panel(c: Canvas, view: LView, seat: int, x: float, y: float, w: float, h: float, hand: list[str]) -> None:
    """Seat ``seat``'s panel in the box (x, y, w, h): its frame, head and lines."""
    c.rect((x, y, x + w, y + h), fill=PANEL, outline=player_colour(seat), width=3, radius=8)
    mine = view["boards"][seat]
    position = view["order"].index(seat) + 1 if seat in view["order"] else 0
    who = c.say(msg("{name} · turn order {n}", name=view["players"][seat], n=position))
    colour = seat_colour(seat)  # the seat's colour with its mark, then the name
    nx = x + 12 + c.badge(x + 12, y + 16, colour.mark, colour.rgb, WHITE, 14, who=f"seat {seat} panel") + 6
    rx = x + w - 12
    for key, label in reversed(RES_KEYS):
        rx -= c.text(rx, y + 16, f"{mine['res'][key]} {c.say(label)}", 14, INK, "r", bold=True) + 12
    c.text(nx, y + 16, fit(who, 17, rx - nx - 8, True), 17, INK, bold=True, box=(nx, y, rx, y + 30))
    ly = y + TOP
    for text, fill, bold, card_type, indent in panel_lines(c, view, seat, w, hand):
        if card_type:
            c.circle(x + 18, ly, 6, fill=TOWER_COLOURS[TYPE_TOWER[card_type]], outline=INK)
        c.text(x + indent, ly, text, SIZE, fill, bold=bold, box=(x, y, x + w, y + h))
        ly += LINE
