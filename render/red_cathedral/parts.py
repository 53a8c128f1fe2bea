"""Pieces of the Red Cathedral image: player colours, a cathedral section, a player's panel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from engine.red_cathedral.colours import COLOURS as PLAYER_COLOURS
from engine.red_cathedral.types import SectionView, View

from ..common import (
    BG,
    BLUE,
    GREEN,
    HEADER,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    VERMILLION,
    WHITE,
    YELLOW,
    Canvas,
    fit,
    palette_image,
    text_width,
    wrap,
)
from .i18n import msg, msgp, tr

K = TypeVar("K", bound=str)  # an amounts table's keys: materials, ornaments...
# The white die's colour and the players' (the game's own, engine.red_cathedral.colours; each seat's
# die has its player's colour).
COLOURS: dict[str, RGB] = {"white": WHITE, **{p.id: p.rgb for p in PLAYER_COLOURS}}
PLAYER_NAMES = {p.id: p.name for p in PLAYER_COLOURS}
MARKS = {p.id: p.mark for p in PLAYER_COLOURS}
DONE: RGB = (226, 214, 190)
PRESTIGE: RGB = (214, 200, 168)
_BACKS = [BG, PANEL, WHITE, DONE, PRESTIGE]
# A fixed palette (every flat colour, and blends for antialiased text edges): fast, deterministic PNGs.
PALETTE = palette_image(
    [*_BACKS, HEADER, INK, MUTED, LINE, *COLOURS.values()],
    [(INK, back) for back in _BACKS + [YELLOW]]
    + [(MUTED, back) for back in _BACKS]
    + [(LINE, back) for back in _BACKS]
    + [(WHITE, back) for back in (HEADER, VERMILLION, BLUE, GREEN)],
    steps=5,
)
PANEL_W, PANEL_H = 728, 164
SLOT_NAMES = {"white-1": msg("white 1"), "white-2": msg("white 2")}
COLOUR_NAMES = {
    "white": msg("white"),
    "red": msg("red"),
    "blue": msg("blue"),
    "yellow": msg("yellow"),
    "green": msg("green"),
    "purple": msg("purple"),
}
# Items by the keys views use and by the words the engine's texts use (singular and plural).
ITEMS = {
    "lumber": msgp("red cathedral", "lumber"),
    "brick": msgp("red cathedral", "brick"),
    "stone": msgp("red cathedral", "stone"),
    "gold": msgp("red cathedral", "gold"),
    "green": msgp("red cathedral", "green jewel"),
    "purple": msgp("red cathedral", "purple jewel"),
    "rubles": msgp("red cathedral", "rubles"),
    "rp": msgp("red cathedral", "RP"),
    "pp": msgp("red cathedral", "PP"),
    "door": msgp("red cathedral", "door"),
    "arch": msgp("red cathedral", "arch"),
    "cross": msgp("red cathedral", "cross"),
}
_WORDS = {"green jewel": "green", "purple jewel": "purple", "ruble": "rubles", "RP": "rp", "PP": "pp"}
GUILDS = {
    "craftsmen": msgp("red cathedral", "Craftsmen's Guild"),
    "teamsters": msgp("red cathedral", "Teamsters' Guild"),
    "merchants": msgp("red cathedral", "Merchants' Guild"),
    "clergy": msgp("red cathedral", "Clergy"),
}
SIDES = {"basic": msg("basic"), "advanced": msg("advanced")}
LEVELS = {"base": msg("base"), "middle": msg("middle"), "dome": msg("dome")}


def slot_name(slot: str, lang: str) -> str:
    """A workshop slot by its die colour (``white 1`` for the first white one)."""
    if slot in SLOT_NAMES:
        return tr(SLOT_NAMES[slot], lang)
    return slot if lang == "en" else word(COLOUR_NAMES, slot, lang)


def word(table: Mapping[str, str], key: str, lang: str) -> str:
    """``table[key]`` (a message) in ``lang``; ``key`` itself when the table lacks it."""
    found = table.get(key)
    return key if found is None else tr(found, lang)


def _item(text: str, lang: str) -> str:
    """``2 stone``, ``1 green jewel``, ``3 rubles`` in ``lang`` (unknown text as it is)."""
    count, _, name = text.partition(" ")
    key = _WORDS.get(name.removesuffix("s"), _WORDS.get(name, name))
    if not count.isdigit() or key not in ITEMS:
        return text
    return tr(msg("{n} {item}", n=int(count), item=ITEMS[key]), lang)


def _items(text: str, lang: str) -> str:
    if text == "nothing":
        return tr(msg("nothing"), lang)
    return "、".join(_item(part, lang) for part in text.split(", "))


def view_text(text: str, lang: str) -> str:
    """A text the engine's view carries (what a tile gives, an influence card's action) in ``lang``.
    Its grammar is the engine's (``engine/red_cathedral/words.py``); anything else is kept as it is."""
    if lang == "en":
        return text
    if text.startswith("the yield of the ") and text.endswith(" die's space"):
        die = text.removeprefix("the yield of the ").removesuffix(" die's space")
        return tr(msg("the yield of the {die} die's space", die=word(COLOUR_NAMES, die, lang)), lang)
    head, sep, rest = text.partition(": ")
    if sep and head in ("once", "repeatable"):
        pay, _, gain = rest.partition(", get ") if rest.startswith("pay ") else ("", "", rest)
        gain = gain.removeprefix("get ")
        if pay:
            cost = _items(pay.removeprefix("pay "), lang)
            if head == "once":
                return tr(msg("once: pay {cost}, get {gain}", cost=cost, gain=_items(gain, lang)), lang)
            return tr(msg("repeatable: pay {cost}, get {gain}", cost=cost, gain=_items(gain, lang)), lang)
        if head == "once":
            return tr(msg("once: get {gain}", gain=_items(gain, lang)), lang)
        return tr(msg("repeatable: get {gain}", gain=_items(gain, lang)), lang)
    return _items(text, lang) if text[:1].isdigit() or text == "nothing" else text


def initial(view: View, seat: int) -> str:
    """The letter a seat's markers carry: its colour's mark (``R``, ``B``...), as in the lobby and
    the turn messages, so seats are told apart without telling colours apart."""
    return MARKS.get(view["seats"][seat]["colour"], str(seat + 1))


#: A section's frame: its name line, its owner's line, then its wrapped lines (each LINE_STEP apart).
SECTION_TOP, LINE_STEP = 48, 13


def tower_height(sections: int, section_h: int) -> int:
    return sections * (section_h + 6)


def section_lines(view: View, s: SectionView, w: float, lang: str) -> list[tuple[str, int, RGB]]:
    """A section's wrapped lines under its owner (text, size, colour): what it still needs, what is
    on it and its workshop tile; a completed one's ornament. Nothing is cut. (Callers leave ten
    pixels beside ``w``: a Japanese line keeps a closing comma that would start the next.)"""
    if s["done"]:
        o = s["ornament"]
        if not o:
            return []
        gems = [word(COLOUR_NAMES, j, lang) for j in o["jewels"]]
        jewels = "+" + "+".join(gems) if o["jewels"] else ""
        said = f"{word(ITEMS, o['kind'], lang)} ({initial(view, o['seat'])}){jewels}"
        return [(line, 11, INK) for line in wrap(said, 11, w)]
    need = {k: n - s["delivered"].get(k, 0) for k, n in s["cost"].items() if n > s["delivered"].get(k, 0)}
    out = [(line, 11, INK) for line in wrap(tr(msg("needs {what}", what=_amounts(need, lang=lang)), lang), 11, w)]
    if s["delivered"]:
        on_it = tr(msg("on it {what}", what=_amounts(s["delivered"], lang=lang)), lang)
        out += [(line, 10, MUTED) for line in wrap(on_it, 10, w)]
    if s["tile"]:
        tile = tr(msg("tile: {what}", what=view_text(s["tile"]["gives"], lang)), lang)
        out += [(line, 10, MUTED) for line in wrap(tile, 10, w)]
    return out


def section_height(view: View, s: SectionView, w: float, lang: str) -> int:
    """The height a section needs for all its lines (and its reward, when it has a line of its own)."""
    extra = 0 if _reward_fits(s, w, lang) else 1
    return SECTION_TOP + (len(section_lines(view, s, w - 22, lang)) + extra) * LINE_STEP + 4


def _reward(s: SectionView, lang: str) -> str:
    reward = tr(msg("{n} RP", n=s["reward"]["rp"]), lang)
    return reward + (tr(msg(" {n} r", n=s["reward"]["rubles"]), lang) if s["reward"]["rubles"] else "")


def _reward_fits(s: SectionView, w: float, lang: str) -> bool:
    name = f"{s['name']} {word(LEVELS, s['level'], lang)}"
    return text_width(name, 12, True) + text_width(_reward(s, lang), 10) + 18 <= w


def _ink(colour: str) -> RGB:
    return INK if colour in ("yellow", "white") else WHITE


def _amounts(d: Mapping[K, int], none: str = "-", lang: str = "en") -> str:
    if lang == "en":
        return ", ".join(f"{n} {k}" for k, n in d.items() if n) or none
    return (
        "、".join(
            tr(msg("{n} {item}", n=n, item=ITEMS[k]) if k in ITEMS else f"{n} {k}", lang) for k, n in d.items() if n
        )
        or none
    )


def section_box(c: Canvas, view: View, s: SectionView, x: float, y: float, w: int, h: int) -> None:
    """One section: name and level (its reward on the right, or on a line of its own when there is
    no room), its owner, then its wrapped lines (:func:`section_lines`)."""
    c.rect(
        (x, y, x + w, y + h), fill=DONE if s["done"] else PANEL, outline=INK if s["done"] else LINE, width=2, radius=6
    )
    lang = c.lang
    inner = (x + 2, y + 2, x + w - 2, y + h - 2)  # inside the frame
    c.text(x + 6, y + 11, f"{s['name']} {word(LEVELS, s['level'], lang)}", 12, INK, bold=True, box=inner)
    ly = y + SECTION_TOP
    if _reward_fits(s, w, lang):
        c.text(x + w - 6, y + 11, _reward(s, lang), 10, MUTED, "r", box=inner)
    else:
        c.text(x + 6, ly, _reward(s, lang), 10, MUTED, box=inner)
        ly += LINE_STEP
    if s["owner"] is not None:
        seat = s["owner"]
        colour = view["seats"][seat]["colour"]
        c.badge(x + 6, y + 30, initial(view, seat), COLOURS[colour], _ink(colour), 11, who=f"seat {seat} section")
    if s["done"]:
        c.text(x + w - 6, y + 30, c.say(msg("done")), 12, INK, "r", bold=True)
    for text, size, ink in section_lines(view, s, w - 22, lang):
        c.text(x + 6, ly, text, size, ink, box=inner)
        ly += LINE_STEP


def panel_base(c: Canvas, letter: str, name: str, colour: str, slots: tuple[str, ...], x: float, y: float) -> None:
    """What a player's panel always shows: its frame, colour, letter, name and workshop slots."""
    fill = COLOURS[colour]
    c.rect((x, y, x + PANEL_W, y + PANEL_H), fill=PANEL, outline=LINE, width=2, radius=8)
    c.rect((x, y, x + 10, y + PANEL_H), fill=fill, radius=4)
    c.badge(x + 18, y + 16, letter, fill, _ink(colour), 12)
    said = f"{name} ({word(PLAYER_NAMES, colour, c.lang)} · {MARKS.get(colour, '')})"
    c.text(x + 58, y + 16, fit(said, 16, 260), 16, INK, bold=True)
    for k, slot in enumerate(slots):
        bx = x + 18 + k * 117
        c.rect((bx, y + 96, bx + 110, y + PANEL_H - 8), fill=WHITE, outline=LINE, radius=4)
        c.text(bx + 5, y + 106, slot_name(slot, c.lang), 10, MUTED)


def draw_panel(
    c: Canvas, view: View, seat: int, x: float, y: float, base: bool = True, pp: float | None = None
) -> None:
    """A player's panel; ``base=False`` leaves out what :func:`panel_base` already drew; ``pp`` the
    final total to show (the outcome's, at the end of the game) instead of the track's PP."""
    s = view["seats"][seat]
    if base:
        panel_base(c, initial(view, seat), s["name"], s["colour"], tuple(s["slots"]), x, y)
    lang = c.lang
    shown = s["pp"] if pp is None else f"{pp:g}"
    status = c.say(msg("{pp} PP · space {space} · {rubles} rubles", pp=shown, space=s["space"], rubles=s["rubles"]))
    c.text(x + PANEL_W - 10, y + 16, status, 15, INK, "r", bold=True)
    held = sum(s["inventory"].values())
    inventory = msg("inventory {n}/{m}: {what}", n=held, m=s["capacity"], what=_amounts(s["inventory"], lang=lang))
    c.text(x + 18, y + 42, fit(c.say(inventory), 13, PANEL_W - 28), 13, INK)
    banners = s["banners"]
    ornaments = _amounts(s["ornaments"], c.say(msg("none")), lang)
    lost = _amounts(s["lost_ornaments"], "", lang)
    line = c.say(
        msg(
            "banners left {n} · ornaments to place: {ornaments}",
            n=banners["inventory"] + banners["board"],
            ornaments=ornaments,
        )
    )
    line += c.say(msg(" · lost {what}", what=lost)) if lost else ""
    c.text(x + 18, y + 62, fit(line, 13, PANEL_W - 28), 13, INK)
    done = msg("completed {n} · ornaments placed {m}", n=s["completed"], m=s["ornaments_placed"])
    c.text(x + 18, y + 82, c.say(done), 13, MUTED)
    for k, tile in enumerate(s["slots"].values()):
        bx = x + 18 + k * 117
        if tile:
            ink = INK if tile["up"] else MUTED
            for n, line in enumerate(wrap(view_text(tile["gives"], lang), 10, 100)):
                c.text(bx + 5, y + 120 + n * 11, line, 10, ink)
            face = c.say(msg("face up") if tile["up"] else msg("face down"))
            c.text(bx + 5, y + 146, face, 10, ink, bold=tile["up"])
