"""Puerto Rico's turn image (what a turn message shows), made for Discord's inline size with the
shared frame of :mod:`render.turn`: the title and round, who acts now on what, one strip row per
player (VP, doubloons, colonists, empty circles, nobles, goods, island and city, each change since
the turn began marked), then the shared board the open decision needs (:mod:`.compact`) or, once the
game is over, the final panel (:func:`render.final.panel`), and a legend for every pictogram and
abbreviation drawn.

VP chips are secret until the end: a running game's strip shows the buildings' VP (public), a
finished game's the final totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PIL import Image

from engine.core.colours import PlayerColour
from engine.puerto_rico.data import CITY_SPACES, GOODS, ISLAND_SPACES
from engine.puerto_rico.types import PRView as View

from ..common import GOLD, GOLD_DARK, GREEN, GREY_FILL, INK, LINE, MUTED, VERMILLION, WHITE, Canvas, text_width, wrap
from ..common import View as Table
from ..final import final_values, outcome, panel
from ..turn import (
    BODY,
    CHANGED,
    PAD,
    SMALL,
    WIDTH,
    Icon,
    Row,
    Stat,
    acting,
    before,
    canvas,
    done,
    header,
    now,
    strip,
    was,
)
from .compact import buildings, cargo, roles, supply, vp_chip
from .expansion import noble
from .i18n import msg, tr
from .key import ABBREVIATIONS
from .names import end_reasons, role_name
from .parts import GOOD_NAMES, letter_box, seat_colour
from .pieces import coin, colonist

#: The package whose catalogue names the final score's parts (the engine's).
ENGINE = "engine.puerto_rico"
#: Decisions a player takes with the buildings in view.
BUILD_KINDS = frozenset({"build", "black_market"})


def _coin(c: Canvas, x: float, y: float, size: int) -> None:
    c.circle(x + size / 2, y + size / 2, size / 2 - 1, fill=GOLD, outline=GOLD_DARK, width=2)


def _colonist(c: Canvas, x: float, y: float, size: int) -> None:
    colonist(c, x + size / 2, y + size / 2, size * 0.38, True)


def _empty(c: Canvas, x: float, y: float, size: int) -> None:
    colonist(c, x + size / 2, y + size / 2, size * 0.38, False)


def _noble(c: Canvas, x: float, y: float, size: int) -> None:
    noble(c, x + size / 2, y + size / 2, size * 0.38)


def _good(kind: str) -> Icon:
    def draw(c: Canvas, x: float, y: float, size: int) -> None:
        letter_box(c, x, y, size, size, kind, SMALL, radius=4)

    return draw


def _rows(view: View, table: Table, old: Table | None, colours: Sequence[PlayerColour], lang: str) -> list[Row]:
    """One strip row per seat; ``table``: the view with what the table added (who acts, the outcome)."""
    names = [str(n) for n in view["players"]]
    finals = final_values(table)
    now_acting = {seat for seat, _ in acting(table)} or {int(d["player"]) for d in view.get("waiting", [])}
    held: dict[int, list[str]] = {}
    for role, seat in view.get("taken", {}).items():
        held.setdefault(seat, []).append(role_name(role, lang))
    rows = []
    for seat, name in enumerate(names):
        b = view["boards"][seat]

        def then(*path: object, seat: int = seat) -> object:
            return was(old, "boards", seat, *path)

        vp = tr(msg("VP"), lang)
        if finals is not None:
            stats = [Stat(vp, _whole(finals.get(seat, 0)))]
        else:
            stats = [Stat(vp, b["building_vp"], _int(then("building_vp")))]
        stats.append(Stat("doubloons", b["doubloons"], _int(then("doubloons")), icon=_coin))
        stats.append(Stat("colonists", b["colonists"], _int(then("colonists")), icon=_colonist))
        stats.append(Stat("empty circles", b["empty_circles"], _int(then("empty_circles")), icon=_empty))
        if "nobles" in b:
            before_nobles = then("nobles")
            lords = sum(before_nobles.values()) if isinstance(before_nobles, dict) else None
            stats.append(Stat("nobles", sum((b.get("nobles") or {}).values()), lords, icon=_noble))
        for i, kind in enumerate(GOODS):
            n = b["goods"][i] if i < len(b["goods"]) else 0
            o = _int(then("goods", i))
            if n or o:
                stats.append(Stat(kind, n, o, icon=_good(kind)))
        tiles, spaces = then("island_tiles"), then("city_spaces")
        stats.append(Stat(tr(msg("island"), lang), f"{b['island_tiles']}/{ISLAND_SPACES}", _of(tiles, ISLAND_SPACES)))
        stats.append(Stat(tr(msg("city"), lang), f"{b['city_spaces']}/{CITY_SPACES}", _of(spaces, CITY_SPACES)))
        note = [tr(msg("Governor"), lang)] if seat == view.get("governor") and finals is None else []
        note += held.get(seat, []) if finals is None else []
        rows.append(Row(seat, name, colours[seat], stats, seat in now_acting, " · ".join(note)))
    return rows


def _whole(value: float) -> int | str:
    return int(value) if float(value).is_integer() else f"{value:g}"


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None


def _of(value: object, spaces: int) -> str | None:
    return f"{value}/{spaces}" if isinstance(value, int) else None


def _where(view: View, over: bool, lang: str) -> str:
    n = view.get("round", "?")
    if over:
        return tr(msg("Round {n} · game over", n=n), lang)
    role = view.get("role")
    if role:
        return tr(msg("Round {n} · {role}", n=n, role=role_name(role, lang)), lang)
    return tr(msg("Round {n}", n=n), lang)


def _band(c: Canvas, top: float, text: str, fill: tuple[int, int, int], ink: tuple[int, int, int]) -> float:
    """A full-width band of wrapped ``text``; returns its bottom."""
    lines = wrap(text, BODY, WIDTH - 2 * PAD)
    h = len(lines) * (BODY + 12) + PAD
    c.rect((0, top, WIDTH, top + h), fill=fill)
    y = top + PAD / 2
    for line in lines:
        c.text(PAD, y + (BODY + 12) / 2, line, BODY, ink, bold=True, box=(0, top, WIDTH, top + h))
        y += BODY + 12
    return top + h


def _building_now(view: View, table: Table) -> bool:
    seats = {seat for seat, _ in acting(table)}
    return any(d.get("kind") in BUILD_KINDS and (not seats or d["player"] in seats) for d in view.get("waiting", []))


def turn(view: View, lang: str = "en") -> Image.Image:
    """The turn image of a public view (a seat's private extras are ignored), :data:`WIDTH` wide."""
    c = canvas(lang)
    table = cast(Table, view)  # the view with what the table added: who acts, the view as the turn began, the outcome
    names = [str(n) for n in view["players"]]
    colours = [seat_colour(view, seat) for seat in range(len(names))]
    old = before(table)
    result = outcome(table)
    y = header(c, tr(msg("Puerto Rico"), lang), _where(view, result is not None, lang))
    if view.get("end") and result is None:
        last = msg("LAST ROUND  -  the game ends after this round: {reasons}", reasons=end_reasons(view["end"], lang))
        y = _band(c, y, tr(last, lang), VERMILLION, WHITE)
    y = now(c, y, table, names, colours)
    y = strip(c, y, _rows(view, table, old, colours, lang)) + PAD
    keys: set[str] = {"VP", "island", "city", "doubloons", "colonist", "empty"}
    keys.update(k for k in ("noble",) if any("nobles" in b for b in view["boards"]))
    keys.update(
        kind for i, kind in enumerate(GOODS) if any(i < len(b["goods"]) and b["goods"][i] for b in view["boards"])
    )
    if result is not None:
        y = panel(c, y, result, names, colours, ENGINE) + PAD / 2
        reasons = end_reasons(view.get("end", []), lang)
        if reasons:
            for line in wrap(tr(msg("The game ended: {reasons}", reasons=reasons), lang), SMALL, WIDTH - 2 * PAD):
                c.text(PAD, y + SMALL / 2 + 4, line, SMALL, INK, box=(PAD, y, WIDTH - PAD, y + SMALL + 10))
                y += SMALL + 10
    elif view.get("draft"):
        y = buildings(c, y, view, old, keys, colours)
    else:
        y = roles(c, y, view, old, colours) + 10
        keys.add("role")
        y = supply(c, y, view, old, keys) + 10
        y = cargo(c, y, view, old, keys)
        if _building_now(view, table):
            y = buildings(c, y + 10, view, old, keys, colours)
    y = _legend(c, y + PAD / 2, keys, old is not None and result is None, result is not None, lang)
    return done(c, y)


#: Legend entries: (key, what draws it: an icon or a word, meaning).
def _entries(keys: set[str], changes: bool, final: bool, lang: str) -> list[tuple[Icon | str, str]]:
    out: list[tuple[Icon | str, str]] = []
    vp = msg("final victory points") if final else msg("the buildings' victory points (VP chips are secret)")
    out.append((tr(msg("VP"), lang), tr(vp, lang)))
    for kind in (*GOODS, "quarry", "forest"):
        if kind in keys:
            out.append((_good(kind), tr(GOOD_NAMES[kind], lang)))
    icons: list[tuple[str, Icon, str]] = [
        ("doubloons", _coin, tr(msg("doubloons"), lang)),
        ("cost", _cost, tr(msg("a building's cost in doubloons"), lang)),
        ("colonist", _colonist, tr(msg("colonists"), lang)),
        ("empty", _empty, tr(msg("empty circles in the buildings"), lang)),
        ("noble", _noble, tr(msg("nobles"), lang)),
        ("vp chip", _chip, tr(msg("VP chips"), lang)),
        ("role", _frame_icon(GREEN), tr(msg("the role being played"), lang)),
        ("role", _taken, tr(msg("a role taken this round, by the seat shown"), lang)),
    ]
    out += [(icon, meaning) for key, icon, meaning in icons if key in keys]
    out.append((tr(msg("island"), lang), tr(msg("tiles on the island, of {n}", n=ISLAND_SPACES), lang)))
    out.append((tr(msg("city"), lang), tr(msg("spaces built in the city, of {n}", n=CITY_SPACES), lang)))
    out += [(short, tr(meaning, lang)) for short, meaning in ABBREVIATIONS.items() if short in keys]
    if changes:
        out.append((_frame_icon(CHANGED), tr(msg("changed this turn"), lang)))
        out.append(("+1 −1", tr(msg("change this turn"), lang)))
    return out


def _cost(c: Canvas, x: float, y: float, size: int) -> None:
    coin(c, x + size / 2, y + size / 2, size / 2 + 2, 3, SMALL)


def _chip(c: Canvas, x: float, y: float, size: int) -> None:
    vp_chip(c, x, y, size)


def _frame_icon(colour: tuple[int, int, int]) -> Icon:
    def draw(c: Canvas, x: float, y: float, size: int) -> None:
        c.rect((x + 2, y + 2, x + size - 2, y + size - 2), outline=colour, width=5, radius=5)

    return draw


def _taken(c: Canvas, x: float, y: float, size: int) -> None:
    c.rect((x, y, x + size, y + size), fill=GREY_FILL, outline=LINE, width=2)


def _legend(c: Canvas, top: float, keys: set[str], changes: bool, final: bool, lang: str) -> float:
    """Every pictogram and abbreviation drawn, with its meaning, flowing over lines; returns the bottom."""
    x, y = float(PAD), top + PAD / 2
    line_h = BODY + 14
    for key, meaning in _entries(keys, changes, final, lang):
        head = BODY if not isinstance(key, str) else text_width(key, SMALL, True)
        w = head + 8 + text_width(meaning, SMALL)
        if x > PAD and x + w > WIDTH - PAD:
            x, y = float(PAD), y + line_h
        cy = y + line_h / 2
        if isinstance(key, str):
            c.text(x, cy, key, SMALL, INK, bold=True, box=(x, y, WIDTH - PAD, y + line_h))
        else:
            key(c, x, cy - BODY / 2, BODY)
        c.text(x + head + 8, cy, meaning, SMALL, MUTED, box=(x, y, WIDTH - PAD, y + line_h))
        x += w + 28
    return y + line_h + PAD / 2


__all__ = ["ENGINE", "turn"]
