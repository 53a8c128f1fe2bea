"""The Lisboa main board beside the city: court and offices, political display, market (prices,
treasury track, shipyard), church ring, decree display, architects (public buildings and plans).

Each box has a static ``*_base`` (drawn once into the cached base image) and a dynamic part.
Coordinates are units inside the box; the box is ``BOX_W`` wide.
"""

from __future__ import annotations

import math

from ..common import FAINT, GREY_FILL, INK, LINE, MUTED, PANEL, VERMILLION, WHITE, View
from .cards import SHIP_COLOUR_NAMES, decree_text, decree_wigs, draw_card, draw_ship
from .i18n import msg
from .parts import FACES, NOBLE_NAMES, Pen, pack
from .view import top_frame

BOX_W = 666
COURT_H, POLITICAL_H, MARKET_H, CHURCH_H, ARCH_H = 166, 118, 130, 262, 114
CHURCH_W = 300
NOBLE_ROW_H, WANTS_X, FAVORS_X, OFFICE_X, VISIT_X = 34, 170, 226, 270, 434


def frame_box(p: Pen, w: float, h: float, title: str) -> None:
    p.rect(0, 0, w, h, PANEL, LINE, 2, 10)
    p.text(12, 16, p.say(title), 16, MUTED, bold=True)


# --- court and offices ----------------------------------------------------------------------------
def court_base(p: Pen) -> None:
    frame_box(p, BOX_W, COURT_H, msg("Court & offices"))
    p.text(WANTS_X, 16, p.say(msg("wants")), 12, MUTED, "c")
    p.text(FAVORS_X, 16, p.say(msg("favors")), 12, MUTED, "c")
    p.text(OFFICE_X, 16, p.say(msg("officials in the office")), 12, MUTED)
    for i, noble in enumerate(pack().nobles.values()):
        y = 44 + i * NOBLE_ROW_H
        p.text(12, y, p.name(NOBLE_NAMES, noble.id), 17, INK, bold=True)
        p.good(WANTS_X, y, noble.wants, 10)
        for k in range(noble.office_spaces):
            p.circle(OFFICE_X + 11 + k * 25, y, 11, WHITE, FAINT, 1)
    p.line(12, COURT_H - 30, BOX_W - 12, COURT_H - 30, FAINT)
    p.text(12, COURT_H - 15, p.say(msg("Plaza")), 14, MUTED, bold=True, width=54)


def _owners(counts: dict[str, int]) -> list[str]:
    """One entry per official, seats in seat order then the dummy."""
    keys = sorted(counts, key=lambda k: (k == "dummy", int(k) if k.isdigit() else 99))
    return [k for k in keys for _ in range(max(0, int(counts[k])))]


def court(p: Pen, view: View) -> None:
    offices = view.get("offices") or {}
    favors = view.get("favors") or {}
    visit = view.get("court") or {}
    frame = top_frame(view)
    follow = frame.get("data", {}).get("noble") if frame and frame.get("kind") == "follow" else None
    names = view.get("players") or []
    for i, noble in enumerate(pack().nobles.values()):
        y = 44 + i * NOBLE_ROW_H
        if noble.id in (visit.get("noble"), follow):
            p.rect(4, y - 15, BOX_W - 4, y + 15, None, VERMILLION, 3, 6)
        p.text(FAVORS_X, y, f"{favors.get(noble.id, 0)}", 17, INK, "c", bold=True)
        owners = _owners(offices.get(noble.id) or {})
        for k, owner in enumerate(owners[: noble.office_spaces]):
            p.seat(OFFICE_X + 11 + k * 25, y, owner, 11)
        if len(owners) > noble.office_spaces:
            p.text(
                OFFICE_X + noble.office_spaces * 25 + 2, y, f"+{len(owners) - noble.office_spaces}", 13, INK, bold=True
            )
        if visit.get("noble") == noble.id:
            seat = visit.get("player")
            who = str(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else "?"
            x = VISIT_X + p.badge(VISIT_X, y, p.say(msg("VISIT")), VERMILLION, WHITE, 12) + 6
            p.seat(x + 10, y, seat if isinstance(seat, int) else 0, 10)
            p.text(x + 24, y, f"{who} ({visit.get('card', '?')})", 14, INK, bold=True, width=BOX_W - x - 34)
    plaza = _owners(view.get("plaza") or {})
    for k, owner in enumerate(plaza[:20]):
        p.seat(70 + k * 25, COURT_H - 15, owner, 10)
    if not plaza:
        p.text(70, COURT_H - 15, p.say(msg("empty")), 13, MUTED)


# --- political display ----------------------------------------------------------------------------
def political_base(p: Pen) -> None:
    frame_box(p, BOX_W, POLITICAL_H, msg("Political display"))
    p.text(170, 16, p.say(msg("top card face up; x = cards in the stack")), 12, MUTED)


def political(p: Pen, view: View) -> None:
    pol = view.get("political") or {}
    decks = [
        p.say(msg("{colour} deck {n}", colour=p.name(SHIP_COLOUR_NAMES, d), n=pol[d]))
        for d in ("purple", "brown")
        if isinstance(pol.get(d), int)
    ]
    p.text(BOX_W - 12, 16, "   ".join(decks), 13, INK, "r")
    display = pol.get("display") or {}
    kinds = list(pack().setup.display_order) or list(display)
    w = (BOX_W - 24 - 3 * 8) / 4
    for i, kind in enumerate(kinds[:4]):
        x = 12 + i * (w + 8)
        stack = display.get(kind) or {}
        top, count = stack.get("top"), int(stack.get("count") or 0)
        if top:
            draw_card(p, x, 32, w, 56, str(top))
        else:
            p.rect(x, 32, x + w, 88, GREY_FILL, FAINT, 1, 4)
            p.text(x + w / 2, 52, p.name(NOBLE_NAMES, kind), 13, MUTED, "c", bold=True)
            p.text(x + w / 2, 70, p.say(msg("empty")), 12, MUTED, "c")
        p.text(x + w / 2, 102, f"{p.name(NOBLE_NAMES, kind)}  x{count}", 14, INK, "c", bold=True)


# --- market: prices, treasury, shipyard -------------------------------------------------------------
TREASURY_X, TREASURY_Y, T_CELL = 12, 88, 40


def market_base(p: Pen) -> None:
    frame_box(p, BOX_W, MARKET_H, msg("Prices, treasury & shipyard"))
    track = p.say(msg("Treasury track: reis paid (big), influence modifier (small)"))
    p.text(TREASURY_X, TREASURY_Y - 25, track, 12, MUTED)
    for i, space in enumerate(pack().treasury_spaces):
        x = TREASURY_X + i * (T_CELL + 4)
        p.rect(x, TREASURY_Y - 10, x + T_CELL, TREASURY_Y + 32, WHITE, FAINT, 1, 4)
        p.text(x + T_CELL / 2, TREASURY_Y + 4, str(space.right), 16, INK, "c", bold=True)
        p.text(x + T_CELL / 2, TREASURY_Y + 22, f"{space.left:+d}", 11, MUTED, "c")
    p.text(380, 16, p.say(msg("Shipyard")), 14, MUTED, bold=True)


def market(p: Pen, view: View) -> None:
    prices = view.get("prices") or {}
    x: float = 12
    for good in pack().goods:
        p.good(x + 10, 40, good, 10)
        x += 24 + p.text(x + 24, 40, str(prices.get(good, "?")), 18, INK, bold=True) + 14
    spaces = pack().treasury_spaces
    t = view.get("treasury")
    if isinstance(t, int) and 0 <= t < len(spaces):
        tx = TREASURY_X + t * (T_CELL + 4)
        p.rect(tx - 3, TREASURY_Y - 13, tx + T_CELL + 3, TREASURY_Y + 35, None, VERMILLION, 3, 6)
    yard = view.get("shipyard") or []
    sx = 380
    if yard:
        draw_ship(p, sx, 30, 150, 40, str(yard[0]))
        p.text(sx + 158, 41, p.say(msg("top of {n}", n=len(yard))), 14, INK, bold=True)
    else:
        p.text(sx, 48, p.say(msg("empty")), 14, MUTED)
    later = view.get("ships_era2") or []
    p.text(sx + 158, 61, p.say(msg("era 2: {n} set aside", n=len(later))), 12, MUTED)
    value = spaces[t].right if isinstance(t, int) and 0 <= t < len(spaces) else "?"
    p.text(sx, TREASURY_Y + 10, p.say(msg("Treasury marker: {n} reis", n=value)), 14, INK, bold=True)


# --- church ---------------------------------------------------------------------------------------
RING_CX, RING_CY, RING_R, TILE_S = CHURCH_W / 2, 142, 96, 40
BAG_ROOM = 66  # the width right of the church's key kept for "bag n"


def _ring() -> dict[str, tuple[float, float]]:
    """Tile and path spaces round the ring: C1, its two following paths, C2, ... clockwise from the top."""
    pk = pack()
    order: list[str] = []
    paths = list(pk.church_paths)
    for i, tile in enumerate(pk.church_tiles):
        order.append(tile)
        order += paths[2 * i : 2 * i + 2]
    n = len(order)
    return {
        sid: (RING_CX + RING_R * math.sin(2 * math.pi * k / n), RING_CY - RING_R * math.cos(2 * math.pi * k / n))
        for k, sid in enumerate(order)
    }


def church_base(p: Pen) -> None:
    frame_box(p, CHURCH_W, CHURCH_H, msg("Church"))
    pk = pack()
    ring = _ring()
    p.circle(RING_CX, RING_CY, RING_R, None, FAINT, 2)
    for sid, (x, y) in ring.items():
        if sid in pk.church_paths:
            icons = pk.church_paths[sid].icons
            p.circle(x, y, 10, WHITE, LINE, 1)
            p.text(x, y, "I" if "influence" in icons else "$" if "treasury" in icons else "", 11, MUTED, "c", bold=True)
        else:
            p.rect(x - TILE_S / 2, y - TILE_S / 2, x + TILE_S / 2, y + TILE_S / 2, PANEL, LINE, 2, 4)
    # The key goes on the title line, between the title and the bag: below it sit the top tile and the Cardinal.
    x = 12 + p.width(p.say(msg("Church")), 16, True) + 10
    p.text(x, 17, p.say(msg("paths: I influence, $ treasury")), 11, MUTED, width=CHURCH_W - BAG_ROOM - x)


def church(p: Pen, view: View) -> None:
    ch = view.get("church") or {}
    ring = _ring()
    for space, tile in (ch.get("spaces") or {}).items():
        if space not in ring:
            continue
        x, y = ring[space]
        if tile:
            p.rect(x - TILE_S / 2, y - TILE_S / 2, x + TILE_S / 2, y + TILE_S / 2, WHITE, INK, 2, 4)
            p.text(x, y, str(tile), 13, INK, "c", bold=True)  # its effect: the board's key of effects
        else:
            p.text(x, y, p.say(msg("empty")), 10, MUTED, "c")
    cardinal = ch.get("cardinal")
    if cardinal in ring:
        x, y = ring[cardinal]
        p.circle(x, y, 13, VERMILLION, INK, 2, who="cardinal")
        p.text(x + 0.5, y, "C", 14, WHITE, "c", bold=True)
    p.text(RING_CX, RING_CY - 8, p.say(msg("Cardinal {space}", space=cardinal or "?")), 14, INK, "c", bold=True)
    if ch.get("lying"):
        p.badge(RING_CX, RING_CY + 16, p.say(msg("LYING DOWN")), VERMILLION, WHITE, 12, "c")
    bag = ch.get("bag")
    p.text(CHURCH_W - 12, 16, p.say(msg("bag {n}", n=bag if isinstance(bag, int) else len(bag or []))), 13, INK, "r")


# --- decrees --------------------------------------------------------------------------------------
DECREE_W = BOX_W - CHURCH_W - 12


def decrees_base(p: Pen) -> None:
    frame_box(p, DECREE_W, CHURCH_H, msg("Decree display"))
    for k in range(8):
        y = 34 + k * 27
        p.rect(12, y, DECREE_W - 12, y + 23, WHITE, FAINT, 1, 4)


def decrees(p: Pen, view: View) -> None:
    d = view.get("decrees") or {}
    deck = d.get("deck")
    removed = d.get("removed") or []
    bits = [p.say(msg("deck {n}", n=deck if isinstance(deck, int) else len(deck or [])))] + (
        [p.say(msg("2p removed {n}", n=len(removed)))] if removed else []
    )
    p.text(DECREE_W - 12, 16, "   ".join(bits), 13, INK, "r")
    for k, decree in enumerate((d.get("display") or [])[:8]):
        y = 34 + k * 27 + 11.5
        wigs = decree_wigs(str(decree))
        right: float = DECREE_W - 18
        if wigs is not None:
            right -= p.text(right, y, p.say(msg("{n}w", n=wigs)), 13, INK, "r", bold=True) + 6
        p.text(18, y, decree_text(str(decree), p), 13, INK, width=right - 18)


# --- architects: public buildings and plans -----------------------------------------------------------
def architects_base(p: Pen) -> None:
    frame_box(p, BOX_W, ARCH_H, msg("Architects: public buildings & plans"))
    for i, colour in enumerate(FACES):
        y = 48 + i * 38
        p.rect(12, y - 14, 84, y + 14, FACES[colour], INK, 1, 4)
        p.text(48, y, p.name(FACE_NAMES, colour).upper(), 13, WHITE, "c", bold=True)
        p.text(94, y - 9, p.say(msg("buildable")), 11, MUTED)
        p.text(264, y - 9, p.say(msg("next in stack")), 11, MUTED)
        p.text(464, y - 9, p.say(msg("plans (officials)")), 11, MUTED)


FACE_NAMES = {"blue": msg("blue"), "green": msg("green")}


def _building(p: Pen, x: float, y: float, bid: str | None, face: str) -> float:
    if not bid:
        return p.text(x, y + 5, p.say(msg("none")), 13, MUTED)
    info = pack().buildings.get(bid)
    w = p.text(x, y + 5, bid, 14, INK, bold=True) + 8
    for good in getattr(info, face, ()) if info else ():
        p.good(x + w + 9, y + 5, good, 9)
        w += 22
    return w


def architects(p: Pen, view: View) -> None:
    buildings = view.get("buildings") or {}
    plans = view.get("plans") or {}
    pk = pack()
    for i, colour in enumerate(FACES):
        y = 48 + i * 38
        b = buildings.get(colour) or {}
        _building(p, 94, y, b.get("buildable"), colour)
        stack = b.get("stack")
        if isinstance(stack, dict):
            w = _building(p, 264, y, stack.get("top"), colour)
            p.text(264 + w + 4, y + 5, f"x{stack.get('count', 0)}", 13, INK, bold=True)
        own = plans.get(colour) or []
        shown = ", ".join(f"{pid}({pk.plans[pid].officials if pid in pk.plans else '?'})" for pid in own[:3])
        more = f" +{len(own) - 3}" if len(own) > 3 else ""
        p.text(464, y + 5, (shown + more) if own else p.say(msg("none")), 13, INK, bold=bool(own), width=BOX_W - 476)
