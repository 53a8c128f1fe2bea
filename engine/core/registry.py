"""Game id → game object. Games register themselves; the core names none."""

from __future__ import annotations

from .errors import IllegalAction
from .game import AnyGame
from .i18n import listing, msg
from .text import match_text, normalize, shorten

_GAMES: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    if game.spec.id in _GAMES and _GAMES[game.spec.id] is not game:
        raise ValueError(f"game id {game.spec.id!r} registered twice")
    _GAMES[game.spec.id] = game
    return game


def get_game(game_id: str) -> AnyGame:
    """The game with exactly this id (stored records); :func:`find_game` reads what a person typed."""
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(f"`{g}`" for g in sorted(_GAMES)) or "none"
        raise IllegalAction(
            "unknown_game", msg("There is no game `{typed}`. Games: {games}.", typed=shorten(game_id), games=known)
        ) from None


def find_game(typed: str) -> AnyGame:
    """The game ``typed`` names: its id or its title, forgiving about case and separators
    (``Puerto Rico``, ``puerto-rico``, ``PUERTO_RICO``), or a unique prefix of either (``lis``).

    Raises :class:`IllegalAction` (``unknown_game``) listing the games by title when ``typed``
    names none of them or several.
    """
    if typed in _GAMES:
        return _GAMES[typed]
    games = all_games()
    want = normalize(typed)
    exact = [g for g in games if want in (normalize(g.spec.id), normalize(g.spec.title))]
    hits = exact or [g for g in games if _names(typed, g)]
    if len(hits) == 1:
        return hits[0]
    if not want:
        raise IllegalAction("unknown_game", msg("Say which game to play: {games}.", games=_titles()))
    if hits:
        raise IllegalAction(
            "unknown_game",
            msg("`{typed}` could be {games}; type more of the title.", typed=shorten(typed), games=_titles(hits, "or")),
        )
    raise IllegalAction(
        "unknown_game", msg("There is no game `{typed}`. Games: {games}.", typed=shorten(typed), games=_titles())
    )


def _names(typed: str, game: AnyGame) -> bool:
    """True when ``typed`` abbreviates the game's id or title (see :func:`~engine.core.text.match_text`)."""
    try:
        match_text(typed, [game.spec.id, game.spec.title])
    except IllegalAction as exc:
        return exc.code == "ambiguous"  # it begins both the id and the title: still this game
    return True


def _titles(games: list[AnyGame] | None = None, last: str = "and") -> str:
    titles = [g.spec.title for g in (all_games() if games is None else games)]
    return listing(titles, last) if titles else msg("none")


def all_games() -> list[AnyGame]:
    return [_GAMES[k] for k in sorted(_GAMES)]
