"""The board of a game with no renderer of its own: its view, drawn as text.

Whatever the game, a view is JSON-shaped, so :func:`lines` reads it generically: the game's name,
one line for everything about the table (``round 2 · market apple, pear · deck 5``), then one line
per seat for every list that holds one value per player (``Ann: coins 3 · basket apple``). Keys
become words (``bids_in`` → ``bids in``), lists are joined with commas, small tables read
``apple 2, pear 1``, nothing is ``none``; accents are dropped only when no CJK font is installed (the
bundled font has none). The view's keys are the game's own words and stay as they are in Japanese;
the fixed words (``none``, ``yes``, the note) are translated. Like every renderer it draws only what
the view holds: given the public view, only public information.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from PIL import Image

from .common import BG, HEADER, INK, MUTED, PANEL, WHITE, Canvas, View, cjk_files, fit, wrap
from .i18n import msg, tr

WIDTH, MARGIN = 960, 24
SIZE, TITLE_SIZE, STEP = 17, 22, 26
MAX_LINES = 48
NOTE = msg("(no board image for this game: its view as text)")


def plain(text: str) -> str:
    """``text`` with accented Latin letters as plain ones (``Zoë`` → ``Zoe``: the bundled font has no
    accents); other letters (a Japanese name) are kept when a CJK font draws them, else dropped."""
    if text.isascii():
        return text
    keep = cjk_files() is not None
    return "".join(_plain_char(ch, keep) for ch in text)


def _plain_char(ch: str, keep: bool) -> str:
    if ch.isascii():
        return ch
    base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
    return base or (ch if keep else "")


def words(key: Any) -> str:
    return plain(str(key)).replace("_", " ").replace("-", " ")


def value_text(value: Any, lang: str = "en") -> str:
    """One value as a few words: ``none`` for nothing, yes/no, lists with commas, tables as ``key value``."""
    if value is None or value == [] or value == {} or value == "":
        return tr(msg("none"), lang)
    if isinstance(value, bool):
        return tr(msg("yes") if value else msg("no"), lang)
    if isinstance(value, list | tuple):
        return ", ".join(
            value_text(v, lang) if not isinstance(v, list | tuple | dict) else f"({value_text(v, lang)})" for v in value
        )
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {value_text(v, lang)}" for k, v in value.items())
    return plain(str(value))


def _players(view: View) -> list[str]:
    players = view.get("players")
    if isinstance(players, list) and players and all(isinstance(p, str) for p in players):
        return players
    return []


def lines(view: View, lang: str = "en") -> list[str]:
    """The view as readable lines: the table first, then one line per seat (see the module doc)."""
    players = _players(view)
    per_seat = [
        k for k, v in view.items() if k != "players" and players and isinstance(v, list) and len(v) == len(players)
    ]
    table = [f"{words(k)} {value_text(v, lang)}" for k, v in view.items() if k not in ("game", "players", *per_seat)]
    out = [" · ".join(table)] if table else []
    for seat, name in enumerate(players):
        out.append(f"{plain(name)}: " + " · ".join(f"{words(k)} {value_text(view[k][seat], lang)}" for k in per_seat))
    return out


def _draw(title: str, body: list[str], lang: str = "en") -> Image.Image:
    wrapped = [piece for line in body for piece in (wrap(line, SIZE, WIDTH - 2 * MARGIN) or [""])]
    if len(wrapped) > MAX_LINES:
        more = msg("… {n} more lines", n=len(wrapped) - MAX_LINES + 1)
        wrapped = wrapped[: MAX_LINES - 1] + [tr(more, lang)]
    top = 64
    height = top + STEP * (len(wrapped) + 1) + MARGIN
    c = Canvas(Image.new("RGB", (WIDTH, height), BG), lang)
    c.rect((0, 0, WIDTH, top - 12), fill=HEADER)
    c.text(MARGIN, (top - 12) / 2, fit(title, TITLE_SIZE, WIDTH - 2 * MARGIN, True), TITLE_SIZE, WHITE, bold=True)
    c.rect((MARGIN / 2, top, WIDTH - MARGIN / 2, height - MARGIN / 2), fill=PANEL, radius=6)
    y = top + STEP / 2 + 4
    c.text(MARGIN, y, c.say(NOTE), SIZE - 3, MUTED)
    for line in wrapped:
        y += STEP
        c.text(MARGIN, y, line, SIZE, INK)
    return c.im


def board(view: View, lang: str = "en") -> Image.Image:
    """The table: the game's name and :func:`lines` of the view."""
    return _draw(words(view.get("game", "game")).title(), lines(view, lang), lang)


def player_board(view: View, seat: int, lang: str = "en") -> Image.Image:
    """One seat's board: the same lines, titled with the seat's name (the caller passes that seat's
    own view for its private board, as for every renderer)."""
    players = _players(view)
    name = plain(players[seat]) if 0 <= seat < len(players) else tr(msg("Seat {n}", n=seat + 1), lang)
    return _draw(f"{name} · {words(view.get('game', 'game')).title()}", lines(view, lang), lang)
