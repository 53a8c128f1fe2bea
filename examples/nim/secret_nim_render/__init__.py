"""Secret Nim's board images, drawn from a view only (the public one for the table, a player's own
for their board) with the shared drawing kit of :mod:`render.common`. Declared in its
distribution's ``pyproject.toml``: ``[project.entry-points."pbp_euro_bot.renderers"]
secret_nim = "secret_nim_render"``; the bot calls :func:`board` and :func:`player_board`.

A view is JSON from the engine; a renderer reads it defensively (``.get`` with defaults), because it
may be handed an older game's view.
"""

from __future__ import annotations

from PIL import Image

from render.common import (
    BG,
    BLUE,
    FAINT,
    GOLD,
    GOLD_DARK,
    GREEN,
    HEADER,
    INK,
    LINE,
    MUTED,
    ORANGE,
    PANEL,
    PURPLE,
    RGB,
    SKY,
    WHITE,
    Canvas,
    View,
    fit,
)

from .i18n import msg, msgn

WIDTH, MARGIN, HEAD, ROW = 720, 20, 56, 64
STONE, GAP = 11, 5  # a stone's radius, and the room between two
SEAT_COLOURS: tuple[RGB, ...] = (ORANGE, SKY, PURPLE)
STONE_FILL, STONE_EDGE, RIVER = (150, 146, 138), (96, 92, 86), BLUE


def _stones(c: Canvas, x: float, y: float, n: int, per_row: int, fill: RGB = STONE_FILL) -> None:
    """``n`` stones in rows of ``per_row`` from the top left ``(x, y)``."""
    step = 2 * STONE + GAP
    for i in range(n):
        cx, cy = x + STONE + (i % per_row) * step, y + STONE + (i // per_row) * step
        c.circle(cx, cy, STONE, fill=fill, outline=STONE_EDGE, width=2)


def _header(c: Canvas, view: View) -> None:
    c.rect((0, 0, WIDTH, HEAD), fill=HEADER)
    c.text(MARGIN, HEAD / 2, c.say(msg("Secret Nim")), 24, WHITE, bold=True)
    done = bool(view.get("over"))
    status = msg("Game over") if done else msg("Round {n}", n=int(view.get("round") or 0))
    c.text(WIDTH - MARGIN, HEAD / 2, c.say(status), 18, WHITE, "r")


def _seat_row(c: Canvas, view: View, seat: int, top: float) -> None:
    """One seat: its colour and name, its stones, and what the view says about it now."""
    players = view.get("players") or []
    stones = (view.get("stones") or [0] * len(players))[seat]
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    c.rect((MARGIN, top, WIDTH - MARGIN, top + ROW - 8), fill=PANEL, outline=LINE, radius=8)
    c.rect((MARGIN, top, MARGIN + 8, top + ROW - 8), fill=colour)
    mid = top + (ROW - 8) / 2
    c.text(MARGIN + 20, mid, fit(str(players[seat]), 18, 150, bold=True), 18, INK, bold=True)
    c.text(MARGIN + 180, mid, c.say(msgn("{n} stone", "{n} stones", stones)), 16, MUTED)
    _stones(c, MARGIN + 270, mid - STONE, min(stones, 12), 12)
    x: float = WIDTH - MARGIN - 12
    if view.get("last") == seat:
        x -= c.badge(x, mid, c.say(msg("last stone")), GOLD, GOLD_DARK, 14, "r") + 6
    if seat in (view.get("chosen") or []):
        x -= c.badge(x, mid, c.say(msg("chosen")), GREEN, WHITE, 14, "r") + 6
    shown = (view.get("revealed") or [None] * len(players))[seat]
    if shown is not None and not view.get("chosen"):
        x -= c.badge(x, mid, c.say(msg("took {n}", n=shown)), FAINT, INK, 14, "r") + 6
    if (view.get("put_back") or [False] * len(players))[seat]:
        c.badge(x, mid, c.say(msg("put back")), MUTED, WHITE, 14, "r")


def board(view: View, lang: str = "en") -> Image.Image:
    """The table: the pile, the river, and every seat's stones."""
    players = view.get("players") or []
    pile_rows = 2
    height = HEAD + 24 + pile_rows * (2 * STONE + GAP) + 40 + ROW * len(players) + MARGIN
    im = Image.new("RGB", (WIDTH, height), BG)
    c = Canvas(im, lang)
    _header(c, view)
    pile, river = int(view.get("pile") or 0), int(view.get("river") or 0)
    top = HEAD + 24
    c.text(MARGIN, top + STONE, c.say(msg("Pile: {n}", n=pile)), 18, INK, bold=True)
    _stones(c, MARGIN + 110, top, pile, 11)
    c.text(WIDTH - MARGIN - 150, top + STONE, c.say(msg("River: {n}", n=river)), 18, RIVER, bold=True)
    top += pile_rows * (2 * STONE + GAP) + 24
    for seat in range(len(players)):
        _seat_row(c, view, seat, top + seat * ROW)
    return im


def player_board(view: View, seat: int, lang: str = "en") -> Image.Image:
    """One seat's board; its secret amount is drawn only from that seat's own view."""
    im = Image.new("RGB", (WIDTH, HEAD + ROW + 56), BG)
    c = Canvas(im, lang)
    _header(c, view)
    _seat_row(c, view, seat, HEAD + 16)
    mine = view.get("my_take") if view.get("you") == seat else None
    if mine is not None:
        c.text(MARGIN, HEAD + ROW + 32, c.say(msg("Your secret choice: take {n}", n=int(mine))), 18, INK)
    return im
