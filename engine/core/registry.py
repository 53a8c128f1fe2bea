"""Game id → game object. Games are found, not listed: the core names none.

A game package declares its game object as an entry point of the group :data:`GROUP` in its
distribution's ``pyproject.toml`` (the entry point's name is the game id)::

    [project.entry-points."pbp_euro_bot.games"]
    puerto_rico = "engine.puerto_rico:GAME"

The registry reads the installed entry points on first use and imports a game only when it is
asked for (:func:`get_game` imports one; :func:`all_games` and :func:`find_game` import them all).
A broken entry point (its import fails, or it names no :class:`Game` with that id) makes
:func:`get_game` raise :class:`BrokenEntryPoint` naming the distribution and the entry point; the
other games are unaffected.

More games can be added explicitly, for as long as a process lives (:func:`register`: the
terminal's ``--load``) or for a block of code (:func:`registered`: the tests' toy games), and a
whole registry can be swapped in (:func:`using`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from .discovery import BrokenEntryPoint, Declared
from .errors import IllegalAction
from .game import AnyGame, Game
from .i18n import listing, msg, msgn
from .text import match_text, normalize, shorten

#: The entry point group games are declared in.
GROUP = "pbp_euro_bot.games"
#: At most this many games are named when a refusal lists them (the rest are counted).
LISTED = 12
LOG = logging.getLogger(__name__)


def _a_game(name: str, obj: object) -> AnyGame:
    if not isinstance(obj, Game):
        raise TypeError(f"names an object of type {type(obj).__name__}, not a Game")
    if obj.spec.id != name:
        raise ValueError(f"names the game {obj.spec.id!r}; the entry point's name must be the game's id")
    return obj


class Registry:
    """The games found through the entry points of ``group`` (none when ``group`` is None), plus
    those registered explicitly."""

    def __init__(self, group: str | None = GROUP) -> None:
        self.found: Declared[AnyGame] | None = Declared(group, _a_game) if group else None
        self._added: dict[str, AnyGame] = {}
        self._warned = False

    def register(self, game: AnyGame) -> AnyGame:
        """Add ``game``; registering the same object again is harmless, another game with a taken
        id is refused (a discovered game's id included)."""
        game_id = game.spec.id
        known = self._added.get(game_id)
        if known is None and self.found is not None and self.found.declares(game_id):
            known = self.found.load(game_id)
        if known is not None and known is not game:
            raise ValueError(f"game id {game_id!r} registered twice")
        self._added[game_id] = game
        return game

    def added(self) -> list[str]:
        """The ids of the games registered explicitly (not found through entry points), sorted."""
        return sorted(self._added)

    def get(self, game_id: str) -> AnyGame | None:
        """The game with exactly this id, or None. Raises :class:`BrokenEntryPoint` if its entry
        point is broken."""
        game = self._added.get(game_id)
        if game is None and self.found is not None and self.found.declares(game_id):
            game = self.found.load(game_id)
        return game

    def games(self) -> list[AnyGame]:
        """Every game that loads, sorted by id (broken entry points are left out and logged)."""
        games = dict(self.found.load_all()) if self.found is not None else {}
        if self.found is not None and not self.found.names() and not self._warned:
            self._warned = True
            LOG.warning(
                "no game is installed: no distribution declares an entry point in the group %s (in a source "
                "checkout, `pip install -e .` writes this project's)",
                self.found.group,
            )
        games.update(self._added)
        return [games[k] for k in sorted(games)]

    def ids(self) -> list[str]:
        """Every game id, declared or registered, sorted (without importing anything)."""
        declared = self.found.names() if self.found is not None else []
        return sorted({*declared, *self._added})


_current = Registry()


def current() -> Registry:
    """The registry the module's functions use."""
    return _current


@contextmanager
def using(registry: Registry) -> Iterator[Registry]:
    """Make ``registry`` the current one inside the block (``Registry(None)``: no discovered games)."""
    global _current
    before, _current = _current, registry
    try:
        yield registry
    finally:
        _current = before


@contextmanager
def registered(*games: AnyGame) -> Iterator[None]:
    """Register ``games`` in the current registry for the block only (what tests use for toys)."""
    with scope():
        for game in games:
            _current.register(game)
        yield


@contextmanager
def scope() -> Iterator[None]:
    """Whatever is registered explicitly inside the block is forgotten after it."""
    registry = _current
    before = dict(registry._added)
    try:
        yield
    finally:
        registry._added = before


def register(game: AnyGame) -> AnyGame:
    """Add ``game`` to the current registry for as long as the process runs (see :func:`registered`)."""
    return _current.register(game)


def get_game(game_id: str) -> AnyGame:
    """The game with exactly this id (stored records); :func:`find_game` reads what a person typed."""
    game = _current.get(game_id)
    if game is None:
        ids = [f"`{g}`" for g in _current.ids()]
        known = (", ".join(ids) or "none") if len(ids) <= LISTED else _listed(ids, "")
        raise IllegalAction(
            "unknown_game", msg("There is no game `{typed}`. Games: {games}.", typed=shorten(game_id), games=known)
        )
    return game


def find_game(typed: str) -> AnyGame:
    """The game ``typed`` names: its id or its title, forgiving about case and separators
    (``Puerto Rico``, ``puerto-rico``, ``PUERTO_RICO``), or a unique prefix of either (``lis``).

    Raises :class:`IllegalAction` (``unknown_game``) listing the games by title when ``typed``
    names none of them or several.
    """
    try:
        exact_id = _current.get(typed)
    except BrokenEntryPoint:  # logged; for people it is a game that is not there
        exact_id = None
    if exact_id is not None:
        return exact_id
    games = all_games()
    want = normalize(typed)
    exact = [g for g in games if want in (normalize(g.spec.id), normalize(g.spec.title))]
    hits = exact or [g for g in games if _names(typed, g)]
    if len(hits) == 1:
        return hits[0]
    if not want:
        raise IllegalAction("unknown_game", msg("Say which game to play: {games}.", games=_titles(games)))
    if hits:
        raise IllegalAction(
            "unknown_game",
            msg("`{typed}` could be {games}; type more of the title.", typed=shorten(typed), games=_titles(hits, "or")),
        )
    raise IllegalAction(
        "unknown_game", msg("There is no game `{typed}`. Games: {games}.", typed=shorten(typed), games=_titles(games))
    )


def _names(typed: str, game: AnyGame) -> bool:
    """True when ``typed`` abbreviates the game's id or title (see :func:`~engine.core.text.match_text`)."""
    try:
        match_text(typed, [game.spec.id, game.spec.title])
    except IllegalAction as exc:
        return exc.code == "ambiguous"  # it begins both the id and the title: still this game
    return True


def _titles(games: list[AnyGame], last: str = "and") -> str:
    return _listed([g.spec.title for g in games], last)


def _listed(names: list[str], last: str) -> str:
    """``names`` joined for people, the first :data:`LISTED` of them and a count of the others."""
    if not names:
        return msg("none")
    if len(names) <= LISTED:
        return listing(names, last)
    shown = names[: LISTED - 1]
    return listing([*shown, msgn("{n} other", "{n} others", len(names) - len(shown))], last)


def all_games() -> list[AnyGame]:
    """Every game (discovered and registered), sorted by id."""
    return _current.games()


__all__ = [
    "GROUP",
    "LISTED",
    "BrokenEntryPoint",
    "Registry",
    "all_games",
    "current",
    "find_game",
    "get_game",
    "register",
    "registered",
    "scope",
    "using",
]
