"""What the full board draws below the table: once the game is over the final banner and score
table (:func:`render.final.panel`), then the key of effects: every political card and clergy tile
on the board (the display's tops, the court's visit, the portfolios, the church ring, the players'
clergy) with what it does, wrapped whole, provisional values marked (:data:`.effects.PROVISIONAL_MARK`).

The board is drawn on its cached base first; :func:`below` extends that image downwards, keeping
what its layout recorded.
"""

from __future__ import annotations

from PIL import Image

from .. import final
from ..common import BG, INK, LINE, MUTED, PANEL, Canvas, View, wrap
from ..layout import LAYOUT_KEY, layout_of
from ..turn import BODY, PAD, TITLE, WIDTH
from .effects import PROVISIONAL_MARK, card_effects, card_head, tile_effect
from .i18n import msg
from .parts import pack, seat_colour

SIZE, STEP, GAP = 14, 19, 16
#: The package whose catalogue names the final score's parts (the engine's).
ENGINE = "engine.lisboa"


def _cards(view: View) -> list[str]:
    """The political cards on the board, each once, in the order the board shows them."""
    found: list[str] = []
    display = (view.get("political") or {}).get("display") or {}
    found += [str(s.get("top")) for s in display.values() if isinstance(s, dict) and s.get("top")]
    visit = (view.get("court") or {}).get("card")
    found += [str(visit)] if visit else []
    for b in view.get("boards") or []:
        port = b.get("portfolio") or {}
        found += [str(card) for row in ("top", "bottom") for card in port.get(row) or []]
    cards = pack().cards
    return [card for card in dict.fromkeys(found) if card in cards]


def _tiles(view: View) -> list[str]:
    found = [str(t) for t in ((view.get("church") or {}).get("spaces") or {}).values() if t]
    for b in view.get("boards") or []:
        found += [str(t) for t in b.get("clergy") or []]
    tiles = pack().clergy
    return sorted(t for t in dict.fromkeys(found) if t in tiles)


def entries(view: View, lang: str) -> list[str]:
    """One line of the key per card and tile on the board."""
    out = [f"{card_head(card, lang)}: {'; '.join(card_effects(card, lang))}" for card in _cards(view)]
    out += [f"{tile}: {tile_effect(tile, lang)}" for tile in _tiles(view)]
    return out


def below(im: Image.Image, view: View, lang: str, margin: int) -> Image.Image:
    """``im`` (the board) with the final panel (a finished game) and the key of effects drawn below."""
    width, height = im.size
    result = final.outcome(view)
    lines = _columns(entries(view, lang), (width - 2 * margin - 3 * GAP) / 2)
    room = (_rows(lines) * STEP + 34 + 8 + GAP) if any(lines) else 0
    names = [str(n) for n in view.get("players") or []]
    if result is not None:  # the banner with its tie-break lines, the heads, every part and the total
        tie = final.banner_text(result, names, ENGINE, lang)[1]
        parts = {k for r in result.results for k in r.breakdown}
        room += TITLE + 2 * PAD + len(wrap(tie, BODY, WIDTH - 2 * PAD) if tie else []) * (BODY + 10)
        room += (len(parts) + 3) * (BODY + 18) + GAP
    if not room:
        return im
    room += margin // 2
    tall = Image.new("RGB", (width, height + room), BG)
    tall.paste(im, (0, 0))
    tall.info[LAYOUT_KEY] = layout_of(im)
    c = Canvas(tall, lang)
    y = float(height)
    if result is not None:
        colours = [seat_colour(s) for s in range(len(names))]
        y = final.panel(c, y, result, names, colours, ENGINE, left=(width - WIDTH) / 2) + GAP
    _key(c, y, lines, margin, width - 2 * margin)
    return tall


def _columns(lines: list[str], col_w: float) -> list[list[list[str]]]:
    """The key's entries wrapped to ``col_w`` and shared between two columns of about equal height."""
    wrapped = [wrap(line, SIZE, col_w) for line in lines]
    half = (sum(len(w) for w in wrapped) + 1) // 2
    columns: list[list[list[str]]] = [[], []]
    used = 0
    for item in wrapped:
        columns[0 if used < half else 1].append(item)
        used += len(item)
    return columns


def _rows(columns: list[list[list[str]]]) -> int:
    return max((sum(len(w) for w in col) for col in columns), default=0)


def _key(c: Canvas, top: float, columns: list[list[list[str]]], x0: float, width: float) -> float:
    if not any(columns):
        return top
    title = c.say(msg("Effects of the cards and tiles on the board"))
    note = c.say(msg("{mark} = provisional value", mark=PROVISIONAL_MARK))
    col_w = (width - 3 * GAP) / 2
    h = 34 + _rows(columns) * STEP + 8
    c.rect((x0, top, x0 + width, top + h), fill=PANEL, outline=LINE, width=2, radius=10)
    c.text(x0 + GAP, top + 17, title, 16, MUTED, bold=True, box=(x0, top, x0 + width, top + 34))
    c.text(x0 + width - GAP, top + 17, note, SIZE, MUTED, "r", box=(x0, top, x0 + width, top + 34))
    for k, col in enumerate(columns):
        x = x0 + GAP + k * (col_w + GAP)
        y = top + 34 + STEP / 2
        for item in col:
            for n, line in enumerate(item):
                c.text(x, y, line, SIZE, INK if n == 0 else MUTED, box=(x, top, x + col_w, top + h))
                y += STEP
    return top + h + GAP


__all__ = ["below", "entries"]
