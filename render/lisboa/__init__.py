"""Lisboa board image, drawn only from a view dict (``engine.lisboa.views.public_view`` or a
player's own view) and the public data pack; never from game state.

``board(view)`` draws the whole table: header (era, round, turn, who acts), a status strip (the
follow window, church scoring, the end of an era or game), the city map, the main-board boxes
and one panel per player. ``player_board(view, seat)`` draws one player's panel larger, with
their hand's card ids only when the view carries that hand as a list (the owner's own view).
Static parts are cached per table shape (:func:`_base`, :func:`_player_base`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from PIL import Image

from ..common import BG, HEADER, INK, LINE, MUTED, PANEL, RGB, VERMILLION, WHITE, YELLOW, Canvas, View, fit
from . import city, table
from .cards import draw_card
from .i18n import msg, msgn, tr
from .key import below
from .panel import PANEL_H, PANEL_W, panel, panel_base
from .parts import FOLLOW_TINT, NOBLE_NAMES, PALETTE, Pen, legend, use_pack
from .turn import turn
from .view import answer_text, decision_name, frame_waiting, top_frame, waiting

__all__ = ["PALETTE", "board", "player_board", "turn"]

W, M, GAP = 1600, 16, 12
HEADER_H, STATUS_H, LEGEND_H, FOOTER_H = 56, 40, 34, 24
TOP = HEADER_H + STATUS_H + M
RIGHT_X = M + city.CITY_W + GAP
RIGHT_H = table.COURT_H + table.POLITICAL_H + table.MARKET_H + table.CHURCH_H + table.ARCH_H + 4 * GAP
MAIN_H = max(city.CITY_H, RIGHT_H)
PANELS_Y = TOP + MAIN_H + GAP
PLAYER_K = 1.4
HAND_W, HAND_H, HAND_COLS = 146, 50, 5


def _boxes() -> dict[str, tuple[int, int]]:
    """Top-left corners of the main-board boxes right of the city."""
    y, out = TOP, {}
    for name, h in (
        ("court", table.COURT_H),
        ("political", table.POLITICAL_H),
        ("market", table.MARKET_H),
        ("church", table.CHURCH_H),
        ("architects", table.ARCH_H),
    ):
        out[name] = (RIGHT_X, y)
        y += h + GAP
    out["decrees"] = (RIGHT_X + table.CHURCH_W + GAP, out["church"][1])
    return out


BOXES = _boxes()


def _panel_xy(seat: int) -> tuple[int, int]:
    return M + (seat % 2) * (PANEL_W + GAP), PANELS_Y + (seat // 2) * (PANEL_H + GAP)


def _height(players: int) -> int:
    y = PANELS_Y + ((players + 1) // 2) * (PANEL_H + GAP)
    return y + (0 if players % 2 else LEGEND_H) + FOOTER_H + M // 2


def _pen(c: Canvas, name: str) -> Pen:
    return Pen(c, *BOXES[name])


@lru_cache(maxsize=16)
def _base(players: int, covered: tuple[str, ...], provisional: bool, fingerprint: str, lang: str = "en") -> Image.Image:
    height = _height(players)
    im = Image.new("RGB", (W, height), BG)
    c = Canvas(im, lang)
    c.rect((0, 0, W, HEADER_H), fill=HEADER)
    c.text(M, HEADER_H / 2, c.say(msg("LISBOA")), 26, WHITE, bold=True)
    city.city_base(Pen(c, M, TOP), covered, MAIN_H)
    table.court_base(_pen(c, "court"))
    table.political_base(_pen(c, "political"))
    table.market_base(_pen(c, "market"))
    table.church_base(_pen(c, "church"))
    table.decrees_base(_pen(c, "decrees"))
    table.architects_base(_pen(c, "architects"))
    for seat in range(players):
        panel_base(Pen(c, *_panel_xy(seat)))
    if players % 2:  # the key fills the free panel slot
        x, y = _panel_xy(players)
        p = Pen(c, x, y)
        p.rect(0, 0, PANEL_W, PANEL_H, PANEL, LINE, 2, 10)
        p.text(14, 18, c.say(msg("Key")), 16, MUTED, bold=True)
        legend(p, 14, 50, PANEL_W - 28, 15)
    else:
        legend(Pen(c, M, height - FOOTER_H - M // 2 - LEGEND_H / 2), 0, 0, W - 2 * M)
    if provisional:
        c.text(W - M, height - FOOTER_H / 2 - M // 2, c.say(PROVISIONAL), 14, MUTED, "r")
    return im


PROVISIONAL = msg("card values partly provisional: the data pack estimates values no source gives")


def _names(view: View, seats: Iterable[object], lang: str = "en") -> str:
    """The names of ``seats``; entries that are not seats of this table (None, a stray value) are skipped."""
    names = view.get("players") or []
    found = [str(names[s]) for s in seats if isinstance(s, int) and 0 <= s < len(names)]
    return (", " if lang == "en" else "、").join(found) or tr(msg("nobody"), lang)


def _header(c: Canvas, view: View) -> None:
    asked = waiting(view)
    right: float = W - M
    lang = c.lang
    if asked:
        right -= (
            c.text(right, HEADER_H / 2, fit(_names(view, list(asked), lang), 19, 300, True), 19, WHITE, "r", bold=True)
            + 10
        )
        right -= c.badge(right, HEADER_H / 2, c.say(msg("TO ACT")), VERMILLION, WHITE, 15, "r") + 24
    bits = [
        c.say(msg("Era {n}", n=view.get("era", "?"))),
        c.say(msg("Round {n}", n=view.get("round", "?"))),
        c.say(msg("Turn {n}", n=view.get("turn", "?"))),
    ]
    active = view.get("active")
    if isinstance(active, int) and not view.get("over"):
        bits.append(c.say(msg("{name}'s turn", name=_names(view, [active], lang))))
    if view.get("phase") == "setup":
        bits.append(c.say(msg("setup: keep a clergy tile")))
    c.text(150, HEADER_H / 2, fit("   ·   ".join(bits), 19, right - 160), 19, WHITE)


def _status(view: View, lang: str = "en") -> tuple[str, RGB, RGB]:
    """(text, background, text colour) of the strip under the header."""
    names = view.get("players") or []

    def who(seats: Iterable[object]) -> str:
        return _names(view, seats, lang)

    def say(message: str) -> str:
        return tr(message, lang)

    sep = "   ·   "
    if view.get("over"):
        result = view.get("result") or {}
        winners = list(result.get("winners") or [])
        scores = result.get("scores") or []
        best = scores[winners[0]].get("total", "?") if winners and winners[0] < len(scores) else "?"
        names_ = " & ".join(who([w]) for w in winners)
        if len(winners) > 1:
            line = msg("GAME OVER  -  {names} win with {best} wigs", names=names_, best=best)
        else:
            line = msg("GAME OVER  -  {names} wins with {best} wigs", names=names_, best=best)
        return say(line), YELLOW, INK
    frame = top_frame(view)
    if frame and frame.get("kind") == "follow":
        data = frame.get("data") or {}
        key = str(data.get("noble"))
        noble = say(NOBLE_NAMES[key]) if key in NOBLE_NAMES else str(data.get("noble", "?"))
        answers = frame.get("answers") or {}
        now = frame_waiting(frame)
        done = [
            say(msg("{name} {answer}", name=who([int(s)]), answer=answer_text(a, lang)))
            for s, a in answers.items()
            if s.isdigit()
        ]
        later = [s for s in frame.get("seats", []) if str(s) not in answers and s not in now]
        text = say(msg("FOLLOW WINDOW  -  {name} visited the {noble}", name=who([data.get("visitor")]), noble=noble))
        text += sep + say(msg("asking now: {names}", names=who(now))) if now else ""
        text += (
            sep + say(msg("answered: {answers}", answers=(", " if lang == "en" else "、").join(done))) if done else ""
        )
        text += sep + say(msg("then: {names}", names=who(later))) if later else ""
        return text, FOLLOW_TINT, INK
    if frame and frame.get("kind") == "church":
        answers = frame.get("answers") or {}
        scored = [int(s) for s in answers if s.isdigit()]
        return (
            (
                say(msg("CHURCH SCORING  -  waiting for: {names}", names=who(frame_waiting(frame))))
                + (sep + say(msg("done: {names}", names=who(scored))) if scored else "")
            ),
            FOLLOW_TINT,
            INK,
        )
    bits = []
    asked = waiting(view)
    for seat, kind in asked.items():
        if 0 <= seat < len(names):
            bits.append(say(msg("{name} to decide: {what}", name=names[seat], what=decision_name(kind, lang))))
    era_end, end = view.get("era_end"), view.get("end")
    if isinstance(era_end, dict) and view.get("era") == 1:
        bits.append(say(msg("era 1 ends at the end of this turn (triggered by {name})", name=who([era_end.get("by")]))))
    if isinstance(end, dict):
        last = end.get("last_round")
        if last:
            when = say(msg("the game ends after round {n}", n=last))
        else:
            when = say(msg("this round and one more are played"))
        bits.append(say(msg("game end triggered by {name}: {when}", name=who([end.get("by")]), when=when)))
    return sep.join(bits) or say(msg("waiting")), PANEL, INK


def _status_strip(c: Canvas, view: View) -> None:
    text, bg, fg = _status(view, c.lang)
    c.rect((0, HEADER_H, W, HEADER_H + STATUS_H), fill=bg)
    c.d.line((0, HEADER_H + STATUS_H - 1, W, HEADER_H + STATUS_H - 1), fill=LINE)
    c.text(M, HEADER_H + STATUS_H / 2, fit(text, 18, W - 2 * M, True), 18, fg, bold=True)


def board(view: View, lang: str = "en") -> Image.Image:
    """The whole table as seen by everyone (private extras in ``view`` are ignored)."""
    players = len(view["players"])
    covered = tuple(sorted((view.get("city") or {}).get("covered_rows") or []))
    provisional = int((view.get("pack") or {}).get("provisional") or 0) > 0
    im = _base(players, covered, provisional, use_pack(view), lang).copy()
    c = Canvas(im, lang)
    _header(c, view)
    _status_strip(c, view)
    city.city(Pen(c, M, TOP), view)
    table.court(_pen(c, "court"), view)
    table.political(_pen(c, "political"), view)
    table.market(_pen(c, "market"), view)
    table.church(_pen(c, "church"), view)
    table.decrees(_pen(c, "decrees"), view)
    table.architects(_pen(c, "architects"), view)
    for seat in range(players):
        panel(Pen(c, *_panel_xy(seat)), view, seat)
    return below(im, view, lang, M)


# --- one player's board ---------------------------------------------------------------------------
def own_hand(view: View, seat: int) -> list[str] | None:
    """The hand's card ids when ``view`` is ``seat``'s own view, else None."""
    hand = view["boards"][seat].get("hand")
    viewer = view.get("seat", view.get("me", seat))
    return [str(card) for card in hand] if isinstance(hand, list) and viewer == seat else None


def _hand_rows(hand: list[str] | None) -> int:
    return 0 if hand is None else max(1, -(-len(hand) // HAND_COLS))


@lru_cache(maxsize=16)
def _player_base(hand_rows: int, provisional: bool, fingerprint: str, lang: str = "en") -> Image.Image:
    k = PLAYER_K
    width = round(PANEL_W * k) + 2 * M
    hand_h = 40 + hand_rows * (HAND_H + 8) if hand_rows else 40
    hand_y = HEADER_H + M + round(PANEL_H * k) + M
    legend_y = hand_y + round(hand_h * k) + 10 + 12
    key_h = round(legend(Pen(_probe(lang), 0, 0), 0, 0, width - 2 * M, draw=False)) + 24
    height = legend_y + key_h + (FOOTER_H if provisional else 0) + M // 2
    im = Image.new("RGB", (width, height), BG)
    c = Canvas(im, lang)
    c.rect((0, 0, width, HEADER_H), fill=HEADER)
    panel_base(Pen(c, M, HEADER_H + M, k))
    p = Pen(c, M, hand_y, k)
    p.rect(0, 0, PANEL_W, hand_h - 6, PANEL, LINE, 2, 10)
    legend(Pen(c, M, legend_y), 0, 0, width - 2 * M)
    if provisional:
        c.text(M, height - FOOTER_H / 2 - M // 2, c.say(PROVISIONAL), 14, MUTED)
    return im


def _probe(lang: str = "en") -> Canvas:
    """A 1x1 canvas for measuring (``legend(draw=False)`` draws nothing)."""
    return Canvas(Image.new("RGB", (1, 1)), lang)


def player_board(view: View, seat: int, lang: str = "en") -> Image.Image:
    """One player's board, larger; their hand's card ids only from their own view."""
    hand = own_hand(view, seat)
    provisional = int((view.get("pack") or {}).get("provisional") or 0) > 0
    im = _player_base(_hand_rows(hand), provisional, use_pack(view), lang).copy()
    c = Canvas(im, lang)
    title = c.say(
        msg(
            "{name}'s board   ·   Era {era}   ·   Round {n}",
            name=view["players"][seat],
            era=view.get("era", "?"),
            n=view.get("round", "?"),
        )
    )
    c.text(M, HEADER_H / 2, fit(title, 22, im.width - 2 * M, True), 22, WHITE, bold=True)
    panel(Pen(c, M, HEADER_H + M, PLAYER_K), view, seat)
    p = Pen(c, M, HEADER_H + M + round(PANEL_H * PLAYER_K) + M, PLAYER_K)
    size = view["boards"][seat].get("hand")
    if hand is None:
        n = len(size) if isinstance(size, list) else int(size or 0)
        p.text(12, 17, c.say(msgn("Hand: {n} card (hidden)", "Hand: {n} cards (hidden)", n)), 15, INK, bold=True)
        return im
    mine = msgn("Your hand: {n} card (only you see this)", "Your hand: {n} cards (only you see this)", len(hand))
    p.text(12, 17, c.say(mine), 15, INK, bold=True)
    for i, card in enumerate(hand):
        x = 12 + (i % HAND_COLS) * (HAND_W + 6)
        y = 32 + (i // HAND_COLS) * (HAND_H + 8)
        draw_card(p, x, y, HAND_W, HAND_H, card)
    if not hand:
        p.text(12, 42, c.say(msg("no cards")), 14, MUTED)
    return im
