"""The SQL behind ``/stats`` (:mod:`bot.service.stats`): a member's timed moves, timeouts and ended games."""

from __future__ import annotations

import json

from sqlalchemy import select, text

from . import schema
from .records import IMPORTED
from .store import GameStore

#: How a standing answer's log row begins (see :mod:`bot.service.standing`), as stored: a message of
#: ``bot.service`` (:mod:`bot.store.lines`), or plain text (JSON, ASCII escapes). The patterns hold
#: backslashes, which PostgreSQL's ``LIKE`` would take as its escape character: the queries name
#: ``!`` as the escape character instead (SQLite has none by default), so both read them alike.
STANDING = json.dumps(["🤖"])[:-2] + "%"
STANDING_DATA = json.dumps([{"d": "bot.service", "id": "🤖"}])[:-3] + "%"
_MOVES = """
    SELECT m.created_at, p.created_at FROM actions m
    JOIN games g ON g.id = m.game
    JOIN actions p ON p.game = m.game AND p.version = m.version - 1
    WHERE m.user_id = :user AND m.kind = 'action' AND COALESCE(g.origin, '') != :imported
      AND m.public_lines NOT LIKE :standing ESCAPE '!' AND m.public_lines NOT LIKE :standing_data ESCAPE '!'
      AND NOT EXISTS (SELECT 1 FROM timeouts t WHERE t.game = m.game AND t.version = m.version
                      AND t.outcome IN ('default', 'skip'))
"""
_TIMEOUTS = """
    SELECT COUNT(*) FROM timeouts t WHERE t.user_id = :user AND t.by_user IS NULL AND (
      (t.outcome = 'default' AND NOT EXISTS (SELECT 1 FROM timeouts d WHERE d.game = t.game AND d.seat = t.seat
         AND d.outcome = 'default' AND d.by_user IS NULL AND d.version = t.version - 1))
      OR (t.outcome = 'offered' AND NOT EXISTS (SELECT 1 FROM timeouts d WHERE d.game = t.game AND d.seat = t.seat
         AND d.outcome = 'default' AND d.version = t.version)))
"""
_GAMES = """
    SELECT g.id FROM games g WHERE g.status IN ('finished', 'abandoned')
      AND COALESCE(g.origin, '') != :imported
      AND (EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND s.user_id = :user AND s.seat IS NOT NULL)
           OR EXISTS (SELECT 1 FROM seat_holders h WHERE h.game = g.id AND h.user_id = :user))
    ORDER BY g.updated_at DESC, g.id DESC
"""


class StatsBook:
    """Read-only queries over ``actions``, ``timeouts``, ``games``, ``seats`` and ``seat_holders``."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def move_times(self, user: str) -> list[tuple[str, str]]:
        """(when, previous step's time) of each of the member's own moves (see :mod:`bot.service.stats`)."""
        rows = await self.store.query(
            text(_MOVES), {"user": user, "imported": IMPORTED, "standing": STANDING, "standing_data": STANDING_DATA}
        )
        return [(r[0], r[1]) for r in rows]

    async def timeouts(self, user: str) -> int:
        """Deadlines the clock settled for the member (a run of defaults at one deadline counts once)."""
        return int((await self.store.query(text(_TIMEOUTS), {"user": user}))[0][0])

    async def ended_games(self, user: str) -> list[int]:
        """Rows of finished or abandoned games (not imported) in which the member held a seat, newest first."""
        return [r[0] for r in await self.store.query(text(_GAMES), {"imported": IMPORTED, "user": user})]

    async def seat_held(self, game: int, user: str) -> int:
        """The seat the member held in ``game`` before handing it over (0 if none is recorded)."""
        h = schema.seat_holders
        held = await self.store.query(select(h.c.seat).where(h.c.game == game, h.c.user_id == user))
        return int(held[0][0]) if held else 0
