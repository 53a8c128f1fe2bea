"""Per-player statistics and finished-game records, read from the stored log, seats and timeouts.

* **Games finished**: games played to their end in which the member held a seat at any time
  (imported records excluded); **wins** count where they held a winning seat at the end.
* **Average time to move**: over the member's own actions (not defaults taken for them by the
  clock, an admin or their standing answers, not skips), the time since the game's previous
  stored step. The first step of a game has no earlier timestamp and is left out.
* **Timeouts**: deadlines the clock settled for them: a run of defaults taken at one deadline
  counts once, and so does a deadline offered to the table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.core import play

from .clock import duration, seconds_between
from .records import IMPORTED
from .results import ServiceError
from .service_base import uid
from .timeouts import TimeoutService

RECENT = 5
#: How a standing answer's log row begins (see :mod:`bot.standing`), as stored (JSON, ASCII escapes).
STANDING = json.dumps(["🤖"])[:-2] + "%"
_MOVES = """
    SELECT m.created_at, p.created_at FROM actions m
    JOIN games g ON g.id = m.game
    JOIN actions p ON p.game = m.game AND p.version = m.version - 1
    WHERE m.user_id = ? AND m.kind = 'action' AND COALESCE(g.origin, '') != ? AND m.public_lines NOT LIKE ?
      AND NOT EXISTS (SELECT 1 FROM timeouts t WHERE t.game = m.game AND t.version = m.version
                      AND t.outcome IN ('default', 'skip'))
"""
_TIMEOUTS = """
    SELECT COUNT(*) FROM timeouts t WHERE t.user_id = ? AND t.by_user IS NULL AND (
      (t.outcome = 'default' AND NOT EXISTS (SELECT 1 FROM timeouts d WHERE d.game = t.game AND d.seat = t.seat
         AND d.outcome = 'default' AND d.by_user IS NULL AND d.version = t.version - 1))
      OR (t.outcome = 'offered' AND NOT EXISTS (SELECT 1 FROM timeouts d WHERE d.game = t.game AND d.seat = t.seat
         AND d.outcome = 'default' AND d.version = t.version)))
"""
_GAMES = """
    SELECT DISTINCT g.id FROM games g WHERE g.status IN ('finished', 'abandoned') AND COALESCE(g.origin, '') != ?
      AND (EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND s.user_id = ? AND s.seat IS NOT NULL)
           OR EXISTS (SELECT 1 FROM seat_holders h WHERE h.game = g.id AND h.user_id = ?))
    ORDER BY g.updated_at DESC, g.id DESC
"""


@dataclass(frozen=True)
class GameLine:
    """One finished game of a member: where, when, which seat, and how it ended for them."""

    game_row: int
    title: str
    channel_id: str
    ended_at: str
    seat_name: str
    outcome: str


@dataclass
class PlayerStats:
    """What ``/stats`` shows for one member."""

    user_id: str
    finished: int = 0
    wins: int = 0
    abandoned: int = 0
    moves: int = 0
    average_seconds: int | None = None
    timeouts: int = 0
    recent: list[GameLine] = field(default_factory=list)

    def lines(self, name: str) -> list[str]:
        """A short summary; channels as ``<#id>`` links."""
        pace = f"{duration(self.average_seconds)} on average over {self.moves} move(s)" \
            if self.average_seconds is not None else "no timed moves yet"
        out = [f"**{name}**: {self.finished} game(s) finished ({self.wins} won), {self.abandoned} abandoned; "
               f"time to move: {pace}; timeouts: {self.timeouts}."]
        for g in self.recent:
            where = f"<#{g.channel_id}>" if g.channel_id.isdigit() else g.channel_id
            out.append(f"• {g.title} in {where}, {g.ended_at[:10]}: {g.outcome} as {g.seat_name}")
        return out


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class StatsService(TimeoutService):
    """``/stats``."""

    async def stats(self, user_id: str | int) -> PlayerStats:
        """The member's statistics and their latest finished games."""
        user = uid(user_id)
        out = PlayerStats(user)
        moves = await self.store.query(_MOVES, (user, IMPORTED, STANDING))
        spans = [max(0, seconds_between(before, at)) for at, before in moves]
        out.moves = len(spans)
        out.average_seconds = sum(spans) // len(spans) if spans else None
        out.timeouts = int((await self.store.query(_TIMEOUTS, (user,)))[0][0])
        for (row,) in await self.store.query(_GAMES, (IMPORTED, user, user)):
            line = await self._game_line(row, user)
            if line is None:
                continue
            if line.outcome == "abandoned":
                out.abandoned += 1
            else:
                out.finished += 1
                out.wins += line.outcome.startswith("won")
            if len(out.recent) < RECENT and line.outcome != "abandoned":
                out.recent.append(line)
        return out

    async def _game_line(self, row: int, user: str) -> GameLine | None:
        record = await self.store.game(row)
        if record is None:
            return None
        seats = [s for s in await self.store.seats(row) if s.seat is not None]
        mine = next((s for s in seats if s.user_id == user), None)
        if record.status == "abandoned":
            return GameLine(row, record.title, record.channel_id, record.updated_at, mine.name if mine else "?",
                            "abandoned")
        if mine is None or mine.seat is None:  # handed their seat over before the end
            held = await self.store.query("SELECT seat FROM seat_holders WHERE game = ? AND user_id = ?", (row, user))
            seat = held[0][0] if held else 0
            name = seats[seat].name if seat < len(seats) else "?"
            return GameLine(row, record.title, record.channel_id, record.updated_at, name, "handed over")
        return GameLine(row, record.title, record.channel_id, record.updated_at, mine.name,
                        await self._outcome(record.game_id, row, record.version, mine.seat, len(seats)))

    async def _outcome(self, game_id: str, row: int, version: int, seat: int, players: int) -> str:
        text = await self.store.snapshot(row, version)
        try:
            outcome = self._game(game_id).outcome(play.loads(text or "{}"))
            mine = outcome.seat(seat) if outcome else None
        except (ServiceError, KeyError, TypeError, ValueError):  # an unknown game or a changed state shape
            return "finished"
        if mine is None:
            return "finished"
        points = f", {mine.total} points"
        if mine.winner:
            return f"won{points}"
        return f"{_ordinal(mine.rank)} of {players}{points}"
