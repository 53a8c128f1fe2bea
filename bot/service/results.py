"""What the service answers front ends: one small frozen type per family of commands, and
:class:`ServiceError`, the one refusal.

=====================  =====================================================================================
:class:`~bot.service.change.Step`  a change of a game (a move, an undo, a start, a deadline...): what to post
:class:`Announcement`  a lobby or table command that changed no game: the lines to post in the channel
:class:`Status`        ``play.status``: who must act and what they may play, or the lobby, or the result
:class:`BoardText`     ``play.view``: the board as text (public, or one player's own)
:class:`LogPage`       ``archive.log``: one page of the game's log
:class:`PastBoard`     ``archive.history``: the public board after an earlier step
:class:`MyGames`       ``away.my_games``: the user's games
:class:`Reply`         a personal setting (``/notify``, a standing answer): lines for the asker only
=====================  =====================================================================================

Each front end (the Discord layer, the terminal, the offline demo) reads only the fields of the family
it asked for. Lines are messages (:class:`~engine.core.i18n.Msg`), translated by the front end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Outcome

UserId = str
#: Discord's limit for one message: a refusal never says more.
MAX_MESSAGE = 2000


class ServiceError(Exception):
    """A request that could not be done; ``message`` says why and what to do instead.

    ``code`` is a stable reason for front ends and tests (``no_game``, ``not_seated``,
    ``not_your_turn``, ``stale``, ``illegal_action``, ``unknown_game``, ``bad_option``...);
    ``legal`` lists the accepted action texts when that helps. Nothing was changed.
    """

    def __init__(self, message: str, code: str = "error", legal: list[str] | None = None) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)
        self.message = message
        self.code = code
        self.legal = list(legal or [])


@dataclass(frozen=True)
class Announcement:
    """What a lobby or table command that changed no game's position says in the channel (open, join,
    leave, abandon, the table's language, an import, a vote asked for, waiting longer, a snooze)."""

    #: The game (or lobby) it is about.
    game_row: int
    #: The lines to post.
    public: list[str]
    #: Users it asks something of (a vote's other players), named in the lines.
    mention: list[UserId] = field(default_factory=list)


@dataclass(frozen=True)
class Status:
    """The channel's latest game as it stands (``play.status``): its lines (the lobby, whose turn and
    what, or the result), who must act and their legal texts."""

    game_row: int
    status: str
    version: int
    lines: list[str]
    waiting: list[UserId] = field(default_factory=list)
    legal: dict[UserId, list[str]] = field(default_factory=dict)
    outcome: Outcome | None = None

    @property
    def game_over(self) -> bool:
        return self.status == "finished"


@dataclass(frozen=True)
class BoardText:
    """The board as text (``play.view``): the public view, or one player's own."""

    game_row: int
    version: int
    text: str
    view: dict[str, Any]


@dataclass(frozen=True)
class LogPage:
    """One page of a game's log (``page`` of ``pages``, 1 = oldest), its heading first."""

    game_row: int
    lines: list[str]
    page: int
    pages: int


@dataclass(frozen=True)
class PastBoard:
    """The public board after ``step`` of a game (``archive.history``): the lines saying what that step
    did, the public view (nothing hidden, then or now) and the view as text."""

    game_row: int
    step: int
    lines: list[str]
    view: dict[str, Any]
    text: str


@dataclass(frozen=True)
class GameSummary:
    """One line of ``my_games``."""

    game_row: int
    channel_id: str
    guild_id: str | None
    title: str
    status: str
    version: int
    your_turn: bool
    updated_at: str
    #: The user's running deadline there, if any (ISO-8601 UTC).
    due_at: str | None = None
    #: Since when the user owes a decision there (for "oldest first").
    since: str = ""
    #: A jump link to the game's latest turn message (or its channel).
    link: str = ""
    #: The user's clock there: ``running``, ``frozen`` (away), ``expired`` (the table decides) or ``""``.
    clock: str = ""
    #: The AI level playing the user's seat there for them (``None``: they play it).
    stand_in: str | None = None
    #: The seats the AI plays at the table, its own and those it stands in for: (seat number from 1,
    #: ``None`` in a lobby; the name as the seats line marks it, e.g. ``Bob (🤖 AI standing in)``).
    ai_seats: tuple[tuple[int | None, str], ...] = ()


@dataclass(frozen=True)
class MyGames:
    """The user's lobbies and games (those owing a decision first) and the lines listing them."""

    games: list[GameSummary]
    lines: list[str]


@dataclass(frozen=True)
class Reply:
    """Lines for the asker only (a personal setting); ``game_row`` when it is about one game."""

    lines: list[str]
    game_row: int | None = None
