"""AI players at a table (issue 26), no Discord: who they are, and the lobby's AI seats.

An AI seat is an ordinary seat whose user id is ``ai:<level>:<n>`` (:data:`~bot.store.ai_seats.AI_PREFIX`):
no Discord id looks like it, so it is never mentioned, sent a message or reminded, has no clock, and it takes
a free colour like anyone else. Its name says it is the AI, in the table's language as the seat is
added ("🤖 AI 1 (normal)"), so every line that names the seat says who played. The AI plays its
turns as timed work (:mod:`bot.service.ai_turns`); the same player stands in for a person whose
deadline passed when the table allows it (``games.ai_stand_in``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.ai import SEATED, plays
from engine.core import AnyGame
from engine.core.i18n import listing
from engine.core.text import shorten
from render.i18n import tr

from ..store.ai_seats import AI_PREFIX, is_ai_id
from ..store.rows import ConstraintError, SeatRecord, VersionConflict
from .core import Core, uid
from .i18n import msg, msgp
from .results import Announcement, ServiceError
from .words import names_list

#: The levels a table may seat, in the words players read.
LEVEL_NAMES = {
    "easy": msgp("AI level", "easy"),
    "normal": msgp("AI level", "normal"),
    "strong": msgp("AI level", "strong"),
}
_ID = re.compile(re.escape(AI_PREFIX) + r"(?P<level>[a-z]+):(?P<n>\d+)")


def is_ai(user_id: str) -> bool:
    """Is ``user_id`` an AI seat's (never a person's)?"""
    return is_ai_id(user_id)


def people(users: list[str]) -> list[str]:
    """``users`` without the AI seats: those who may be pinged, sent a message or asked to agree."""
    return [u for u in users if not is_ai(u)]


def ai_level(user_id: str) -> str | None:
    """The level an AI seat plays at (``None``: a person)."""
    found = _ID.fullmatch(user_id)
    return found["level"] if found else None


def number_of(user_id: str) -> int:
    found = _ID.fullmatch(user_id)
    return int(found["n"]) if found else 0


def stand_in_user(level: str) -> str:
    """The user id the log records for a move the AI at ``level`` made for an absent player."""
    return f"{AI_PREFIX}{level}"


def played_by_ai(seat: SeatRecord) -> str | None:
    """The level the AI plays ``seat`` at: an AI seat's own, or a stand-in's (``None``: its player plays)."""
    return ai_level(seat.user_id) or seat.stand_in


def ai_plays_every(seats: Sequence[SeatRecord]) -> bool:
    """Does the AI play every one of ``seats`` (AI seats, or stand-ins for their players)?"""
    return all(played_by_ai(s) is not None for s in seats)


def seated_level(level: str | None) -> str:
    """``level`` as typed, checked against the levels a table may seat."""
    typed = (level or "").strip().lower()
    if typed not in SEATED:
        choices = listing([LEVEL_NAMES[lv] for lv in SEATED], "or")
        raise ServiceError(
            msg("There is no AI level “{typed}”: choose {choices}.", typed=shorten(typed or "?"), choices=choices),
            "bad_level",
        )
    return typed


def check_plays(game: AnyGame) -> None:
    """Refuse an AI seat or stand-in for a game the AI cannot play fairly yet (:func:`engine.ai.plays`)."""
    if not plays(game):
        raise ServiceError(
            msg(
                "The AI does not play {title} yet: it could only decide by seeing hidden cards.", title=game.spec.title
            ),
            "no_ai",
        )


class AiLobby:
    """Adding and removing the lobby's AI seats (the creator's choice)."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def add(self, channel_id: str | int, by_user: str | int, level: str) -> Announcement:
        """The creator seats an AI at ``level``; refused for anyone else, a full lobby or an unknown level."""
        record = await self.core.live(channel_id, "lobby")
        if uid(by_user) != record.creator_id:
            raise ServiceError(msg("Only the lobby's creator can add AI players."), "not_creator")
        chosen = seated_level(level)
        check_plays(self.core.game(record.game_id))
        seats = await self.core.store.seats(record.id)
        high = self.core.game(record.game_id).spec.max_players
        if len(seats) >= high:
            raise ServiceError(msg("The lobby is full ({n} players).", n=high), "lobby_full")
        n = 1 + max((number_of(s.user_id) for s in seats if is_ai(s.user_id)), default=0)
        name = tr(msg("🤖 AI {n} ({level})", n=n, level=LEVEL_NAMES[chosen]), record.language)
        try:
            await self.core.lobbies.add_seat(record.id, f"{AI_PREFIX}{chosen}:{n}", name, self.core.now())
        except (VersionConflict, ConstraintError):  # started meanwhile, or the same AI added twice at once
            raise ServiceError(msg("The lobby changed meanwhile; look at it and try again."), "stale") from None
        names = [s.name for s in seats] + [name]
        said = msg(
            "{player} joined ({n}/{high}): {players}.", player=name, n=len(names), high=high, players=names_list(names)
        )
        return Announcement(record.id, [said])

    async def remove(self, channel_id: str | int, by_user: str | int) -> Announcement:
        """The creator removes the AI seat added last; refused for anyone else or when none sits."""
        record = await self.core.live(channel_id, "lobby")
        if uid(by_user) != record.creator_id:
            raise ServiceError(msg("Only the lobby's creator can remove AI players."), "not_creator")
        seated = [s for s in await self.core.store.seats(record.id) if is_ai(s.user_id)]
        if not seated:
            raise ServiceError(msg("No AI player sits in this lobby."), "no_ai")
        last = max(seated, key=lambda s: s.join_order)
        try:
            await self.core.lobbies.remove_seat(record.id, last.user_id, self.core.now())
        except VersionConflict:
            raise ServiceError(
                msg("The {title} game here has already started.", title=record.title), "not_lobby"
            ) from None
        return Announcement(record.id, [msg("{player} left the lobby.", player=last.name)])
