"""Game data for the bot: a server owner's own data packs (``DATA_PACKS``), a game's one-line
data notice, and a friendly refusal of a stored game whose data pack is not loaded.

A data pack replaces a game's shipped component values (e.g. the Lisboa pack, whose values are
partly provisional) with the server owner's transcription of their printed copy. The engine
validates it (:meth:`engine.core.Game.load_data_pack`); new games use it, and every game records
the pack it was set up with, so a game is never continued with other values: the engine refuses
such a state with :class:`ValueError`, which the bot turns into a :class:`ServiceError`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

from engine.core import AnyGame, IllegalAction, get_game, play
from engine.core.i18n import Msg

from ..settings import SettingsError
from .i18n import msg
from .records import State
from .results import ServiceError

log = logging.getLogger("bot.packs")
VARIABLE = "DATA_PACKS"
#: (game id, resolved path) -> summary, so loading the same packs twice (``__main__`` then
#: ``create_bot``) validates each folder once.
_LOADED: dict[tuple[str, str], str] = {}


class PackSettingError(SettingsError):
    """A ``DATA_PACKS`` entry the bot cannot use; the message is one line naming the variable."""


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def load_data_packs(pairs: Iterable[tuple[str, str]]) -> list[str]:
    """Load each (game id, folder) pack; returns one summary line per pack.

    Raises :class:`PackSettingError` (one line, naming ``DATA_PACKS``, the game and the engine's
    reason: file, row and field) for an unknown game, a game without replaceable data or a bad pack.
    """
    lines = []
    for game_id, path in pairs:
        try:
            game = get_game(game_id)
        except IllegalAction as exc:
            raise PackSettingError(f"{VARIABLE}: {exc.message}") from None
        key = (game.spec.id, str(Path(path).expanduser().resolve()))
        if key not in _LOADED:
            try:
                summary = game.load_data_pack(key[1])
            except (ValueError, OSError) as exc:
                raise PackSettingError(
                    f"{VARIABLE}: the {game.spec.title} pack at {path} was refused: {_one_line(str(exc))}"
                ) from None
            _LOADED[key] = f"{game.spec.id}: {_one_line(summary)}"
            log.info("data pack loaded: %s", _LOADED[key])
        lines.append(_LOADED[key])
    return lines


def notice(game: AnyGame, state: State | None = None) -> str | None:
    """The game's one-line data notice (e.g. provisional values) for ``state`` or for new games."""
    try:
        line = game.notice(state)
    except ValueError:  # a state whose pack is not loaded: the refusal below says why
        return None
    if not line:
        return None
    flat = _one_line(line)
    return line if isinstance(line, Msg) and flat == line else flat  # a message stays one, to be translated


def refusal(game: AnyGame, state: State) -> str | None:
    """Why the engine refuses to continue ``state`` here (a data pack that is not loaded), else ``None``."""
    if game.is_over(state):  # a finished game is only looked at, never continued
        return None
    try:
        game.notice(state)
        for seat in play.waiting_players(game, state):
            play.legal_actions(game, state, seat)
    except ValueError as exc:
        return _one_line(str(exc))
    return None


def check_playable(game: AnyGame, state: State, title: str) -> None:
    """Raise a friendly :class:`ServiceError` when the engine refuses ``state`` (see :func:`refusal`)."""
    reason = refusal(game, state)
    if reason is not None:
        log.warning("%s game refused by the engine: %s", title, reason)
        raise ServiceError(
            msg(
                "This {title} game can't be continued on this bot: {reason}. It was started with other card "
                "data; the server owner can load that data pack again ({variable} in the bot's settings) and "
                "restart the bot.",
                title=title,
                reason=reason,
                variable=VARIABLE,
            ),
            "data_pack",
        )
