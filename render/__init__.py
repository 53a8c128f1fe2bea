"""Board images for Discord, drawn only from engine *views* (never from game state).

``render_board(view)`` draws the table for everyone; ``render_player_board(view, seat)``
draws one player's board (the private "My board" image). Both return PNG bytes and
dispatch on ``view["game"]`` through a small registry of renderer modules; a renderer
module exposes ``board(view, lang) -> Image`` and ``player_board(view, seat, lang) -> Image`` (``lang``
is "en" or "ja": every word drawn comes from the ``render`` catalogue), and
optionally ``PALETTE`` (a P-mode image, see ``common.palette_image``) for fast PNG encoding.
A game with no renderer registered is drawn by :mod:`render.text_board`: its view as text.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .common import View, encode_png
from .i18n import LANGUAGES, language_of

RENDERERS: dict[str, str] = {
    "puerto_rico": "render.puerto_rico",
    "lisboa": "render.lisboa",
    "lorenzo": "render.lorenzo",
    "red_cathedral": "render.red_cathedral",
}
FALLBACK = "render.text_board"  # any other game: its view drawn as text


class UnknownGame(KeyError):
    """No renderer is registered for this game id."""


def register(game_id: str, module: str) -> None:
    """Register (or replace) the renderer module for ``game_id``, imported on first use."""
    RENDERERS[game_id] = module


def renderer(game_id: str) -> ModuleType:
    try:
        return import_module(RENDERERS[game_id])
    except KeyError:
        raise UnknownGame(f"no board renderer for game {game_id!r}; known: {sorted(RENDERERS)}") from None


def drawer(game_id: str) -> ModuleType:
    """The game's renderer, or the text fallback when it has none."""
    try:
        return renderer(game_id)
    except UnknownGame:
        return import_module(FALLBACK)


def render_board(view: View, lang: str = "en") -> bytes:
    """PNG of the whole table from a (public) view (its view as text for a game with no renderer),
    its words in ``lang`` (a language of :data:`render.i18n.LANGUAGES`; others draw English)."""
    module = drawer(str(view.get("game")))
    return encode_png(module.board(view, _language(lang)), getattr(module, "PALETTE", None))


def render_player_board(view: View, seat: int, lang: str = "en") -> bytes:
    """PNG of one player's board; shows their secret VP chips only if ``view["me"] == seat``."""
    if not 0 <= seat < len(view.get("players") or []):
        raise ValueError(f"seat {seat} is not in this game")
    module = drawer(str(view.get("game")))
    return encode_png(module.player_board(view, seat, _language(lang)), getattr(module, "PALETTE", None))


def _language(lang: str) -> str:
    return lang if lang in LANGUAGES else language_of(lang)


__all__ = [
    "FALLBACK",
    "RENDERERS",
    "UnknownGame",
    "drawer",
    "register",
    "render_board",
    "render_player_board",
    "renderer",
]
