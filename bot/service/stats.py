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

from dataclasses import dataclass, field

from engine.core import play

from ..store.clock import seconds_between
from ..store.stats import StatsBook
from .clock import duration
from .core import Core, uid
from .inputs import Boundary
from .results import ServiceError

RECENT = 5


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
        pace = (
            f"{duration(self.average_seconds)} on average over {self.moves} move(s)"
            if self.average_seconds is not None
            else "no timed moves yet"
        )
        out = [
            f"**{name}**: {self.finished} game(s) finished ({self.wins} won), {self.abandoned} abandoned; "
            f"time to move: {pace}; timeouts: {self.timeouts}."
        ]
        for g in self.recent:
            where = f"<#{g.channel_id}>" if g.channel_id.isdigit() else g.channel_id
            out.append(f"• {g.title} in {where}, {g.ended_at[:10]}: {g.outcome} as {g.seat_name}")
        return out


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class StatsService(Boundary):
    """``/stats``."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def player(self, user_id: str | int) -> PlayerStats:
        """The member's statistics and their latest finished games."""
        user = uid(user_id)
        out = PlayerStats(user)
        book = StatsBook(self.core.store)
        moves = await book.move_times(user)
        spans = [max(0, seconds_between(before, at)) for at, before in moves]
        out.moves = len(spans)
        out.average_seconds = sum(spans) // len(spans) if spans else None
        out.timeouts = await book.timeouts(user)
        for row in await book.ended_games(user):
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
        record = await self.core.store.game(row)
        if record is None:
            return None
        seats = [s for s in await self.core.store.seats(row) if s.seat is not None]
        mine = next((s for s in seats if s.user_id == user), None)
        if record.status == "abandoned":
            return GameLine(
                row, record.title, record.channel_id, record.updated_at, mine.name if mine else "?", "abandoned"
            )
        if mine is None or mine.seat is None:  # handed their seat over before the end
            seat = await StatsBook(self.core.store).seat_held(row, user)
            name = seats[seat].name if seat < len(seats) else "?"
            return GameLine(row, record.title, record.channel_id, record.updated_at, name, "handed over")
        return GameLine(
            row,
            record.title,
            record.channel_id,
            record.updated_at,
            mine.name,
            await self._outcome(record.game_id, row, record.version, mine.seat, len(seats)),
        )

    async def _outcome(self, game_id: str, row: int, version: int, seat: int, players: int) -> str:
        text = await self.core.store.snapshot(row, version)
        try:
            outcome = self.core.game(game_id).outcome(play.loads(text or "{}"))
            mine = outcome.seat(seat) if outcome else None
        except (ServiceError, KeyError, TypeError, ValueError):  # an unknown game or a changed state shape
            return "finished"
        if mine is None:
            return "finished"
        points = f", {mine.total} points"
        if mine.winner:
            return f"won{points}"
        return f"{_ordinal(mine.rank)} of {players}{points}"
