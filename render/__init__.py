"""Board images for Discord, drawn only from engine *views* (never from game state).

A public view is drawn as one of two images (:data:`KINDS`): ``render_turn(view)`` draws the turn
image (what a turn message shows, made for Discord's inline size), ``render_board(view)`` the full
board (every detail, at full resolution: the "Full board" button). ``render_player_board(view,
seat)`` draws one player's board (the private "My board" image). All return PNG bytes and
dispatch on ``view["game"]`` to that game's renderer package.

Renderers are found, not listed: a game's renderer is a package of its own, declared as an entry
point of the group :data:`GROUP` (its name the game id, its value the package, e.g.
``render.puerto_rico``) and imported the first time that game is drawn. The package exposes
``board(view, lang) -> Image`` (the full board) and ``player_board(view, seat, lang) -> Image``
(``lang`` is "en" or "ja": every word drawn comes from the package's own catalogue); optionally
``turn(view, lang) -> Image``, a turn image of its own (without one, the turn image is the full
board: :func:`offers`), and ``PALETTE`` (a P-mode image, see ``common.palette_image``) for fast PNG
encoding. A game with no renderer is drawn
by :mod:`render.text_board`: its view as text. A renderer can also be registered explicitly
(:func:`register`, or :func:`registered` for a block of code).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import import_module
from types import ModuleType
from typing import Literal

from PIL import Image

from engine.core.discovery import Declared

from .common import View, encode_png
from .i18n import LANGUAGES, language_of

#: The entry point group renderers are declared in.
GROUP = "pbp_euro_bot.renderers"
FALLBACK = "render.text_board"  # any other game: its view drawn as text
#: The images of a public view: the turn message's image and the full board.
Kind = Literal["turn", "full"]
KINDS: tuple[Kind, ...] = ("turn", "full")
#: The function of a renderer package drawing each kind when it has one (the full board: always).
_FUNCTIONS: dict[Kind, str] = {"turn": "turn", "full": "board"}


class UnknownGame(KeyError):
    """No renderer is registered for this game id."""


def _a_renderer(name: str, obj: object) -> ModuleType:
    if not isinstance(obj, ModuleType):
        raise TypeError(f"names an object of type {type(obj).__name__}, not a renderer package")
    missing = [f"{f}()" for f in ("board", "player_board") if not callable(getattr(obj, f, None))]
    if missing:
        raise TypeError(f"{obj.__name__} has no {' or '.join(missing)} to draw with")
    return obj


_FOUND = Declared(GROUP, _a_renderer)
_ADDED: dict[str, str] = {}


def register(game_id: str, module: str) -> None:
    """Register (or replace) the renderer module for ``game_id``, imported on first use."""
    _ADDED[game_id] = module


@contextmanager
def registered(game_id: str, module: str) -> Iterator[None]:
    """``module`` draws ``game_id`` inside the block only."""
    before = dict(_ADDED)
    register(game_id, module)
    try:
        yield
    finally:
        _ADDED.clear()
        _ADDED.update(before)


def renderer_ids() -> list[str]:
    """The ids of the games with a renderer (declared or registered), sorted, without importing any."""
    return sorted({*_FOUND.names(), *_ADDED})


def renderer(game_id: str) -> ModuleType:
    """The game's renderer package. :class:`UnknownGame` when it has none;
    :class:`~engine.core.discovery.BrokenEntryPoint` when its entry point is broken."""
    if game_id in _ADDED:
        return import_module(_ADDED[game_id])
    if _FOUND.declares(game_id):
        return _FOUND.load(game_id)
    raise UnknownGame(f"no board renderer for game {game_id!r}; known: {renderer_ids()}")


def drawer(game_id: str) -> ModuleType:
    """The game's renderer, or the text fallback when it has none."""
    try:
        return renderer(game_id)
    except UnknownGame:
        return import_module(FALLBACK)


def drawing(module: ModuleType, kind: Kind) -> Callable[[View, str], Image.Image]:
    """The function of the renderer ``module`` that draws the public image ``kind``: its ``turn``
    for a turn image when it offers one, else its ``board`` (the full board)."""
    own = getattr(module, _FUNCTIONS[kind], None)
    function: Callable[[View, str], Image.Image] = own if callable(own) else module.board
    return function


def offers(game_id: str) -> tuple[Kind, ...]:
    """The kinds of public image the game's renderer (or the text fallback) draws with a function of
    their own: ``("full",)`` while its turn image is its full board."""
    module = drawer(game_id)
    return tuple(k for k in KINDS if callable(getattr(module, _FUNCTIONS[k], None)))


def render_image(view: View, kind: Kind, lang: str = "en") -> bytes:
    """PNG of the public image ``kind`` of a (public) view (its view as text for a game with no
    renderer), its words in ``lang`` (a language of :data:`render.i18n.LANGUAGES`; others draw
    English)."""
    if kind not in KINDS:
        raise ValueError(f"no image of kind {kind!r}; kinds: {KINDS}")
    module = drawer(str(view.get("game")))
    return encode_png(drawing(module, kind)(view, _language(lang)), getattr(module, "PALETTE", None))


def render_board(view: View, lang: str = "en") -> bytes:
    """PNG of the full board of a (public) view: every detail, at full resolution."""
    return render_image(view, "full", lang)


def render_turn(view: View, lang: str = "en") -> bytes:
    """PNG of the turn image of a (public) view: what a turn message shows (the full board for a
    renderer with no turn image of its own)."""
    return render_image(view, "turn", lang)


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
    "GROUP",
    "KINDS",
    "Kind",
    "UnknownGame",
    "drawer",
    "drawing",
    "offers",
    "register",
    "registered",
    "render_board",
    "render_image",
    "render_player_board",
    "render_turn",
    "renderer",
    "renderer_ids",
]
