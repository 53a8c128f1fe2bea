"""Per-player statistics and finished-game records, read from the stored log, seats and timeouts.

* **Games finished**: games played to their end in which the member held a seat at any time
  (imported records excluded); **wins** count where they held a winning seat at the end.
* **Average time to move**: over the member's own actions (not defaults taken for them by the
  clock, an admin or their standing answers, not skips), the time since the game's previous
  stored step. The first step of a game has no earlier timestamp and is left out.
* **Timeouts**: deadlines the clock settled for them: a run of defaults taken at one deadline
  counts once, and so does a deadline offered to the table.
* **Games with AI players** (a seat of an AI: :mod:`bot.service.ai_players`) are kept apart: games
  finished and wins count games between people only, and a line of their own counts those with AI
  seats. A game where the AI only stood in for an absent player counts as a game between people.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core import play

from ..store.rows import GameRecord, SeatRecord
from ..store.stats import StatsBook
from ..store.times import seconds_between
from .ai_players import is_ai
from .clock import duration
from .core import Core, uid
from .i18n import msg, msgp
from .inputs import Boundary
from .results import ServiceError

RECENT = 5
ABANDONED = msgp("outcome", "abandoned")


@dataclass(frozen=True)
class GameLine:
    """One finished game of a member: where, when, which seat, and how it ended for them."""

    game_row: int
    title: str
    channel_id: str
    ended_at: str
    seat_name: str
    outcome: str
    #: Some seat was an AI's: kept apart from games between people.
    with_ai: bool = False


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
    #: Games with AI seats, finished and won (not counted in ``finished`` and ``wins``).
    ai_finished: int = 0
    ai_wins: int = 0
    recent: list[GameLine] = field(default_factory=list)

    def lines(self, name: str) -> list[str]:
        """A short summary; channels as ``<#id>`` links."""
        pace = (
            msg("{time} on average over {n} move(s)", time=duration(self.average_seconds), n=self.moves)
            if self.average_seconds is not None
            else msg("no timed moves yet")
        )
        out = [
            msg(
                "**{player}**: {finished} game(s) finished ({wins} won), {abandoned} abandoned; "
                "time to move: {pace}; timeouts: {timeouts}.",
                player=name,
                finished=self.finished,
                wins=self.wins,
                abandoned=self.abandoned,
                pace=pace,
                timeouts=self.timeouts,
            )
        ]
        if self.ai_finished:
            out.append(
                msg(
                    "Games with AI players, counted apart: {finished} finished ({wins} won).",
                    finished=self.ai_finished,
                    wins=self.ai_wins,
                )
            )
        for g in self.recent:
            where = f"<#{g.channel_id}>" if g.channel_id.isdigit() else g.channel_id
            out.append(
                msg(
                    "• {title} in {where}, {date}: {outcome} as {seat}",
                    title=g.title,
                    where=where,
                    date=g.ended_at[:10],
                    outcome=g.outcome,
                    seat=g.seat_name,
                )
            )
        return out


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return msg("{n}th", n=n)
    return {1: msg("{n}st", n=n), 2: msg("{n}nd", n=n), 3: msg("{n}rd", n=n)}[n % 10]


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
            if line.outcome == ABANDONED:
                out.abandoned += 1
            elif line.with_ai:
                out.ai_finished += 1
                out.ai_wins += line.outcome.startswith("won")
            else:
                out.finished += 1
                out.wins += line.outcome.startswith("won")
            if len(out.recent) < RECENT and line.outcome != ABANDONED:
                out.recent.append(line)
        return out

    async def _game_line(self, row: int, user: str) -> GameLine | None:
        record = await self.core.store.game(row)
        if record is None:
            return None
        seats = [s for s in await self.core.store.seats(row) if s.seat is not None]
        mine = next((s for s in seats if s.user_id == user), None)
        line = await self._line_of(record, seats, mine, row, user)
        return replace(line, with_ai=any(is_ai(s.user_id) for s in seats))

    async def _line_of(
        self, record: GameRecord, seats: list[SeatRecord], mine: SeatRecord | None, row: int, user: str
    ) -> GameLine:
        if record.status == "abandoned":
            return GameLine(
                row, record.title, record.channel_id, record.updated_at, mine.name if mine else "?", ABANDONED
            )
        if mine is None or mine.seat is None:  # handed their seat over before the end
            seat = await StatsBook(self.core.store).seat_held(row, user)
            name = seats[seat].name if seat < len(seats) else "?"
            return GameLine(row, record.title, record.channel_id, record.updated_at, name, msg("handed over"))
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
            return msgp("outcome", "finished")
        if mine is None:
            return msgp("outcome", "finished")
        if mine.winner:
            return msg("won, {points} points", points=mine.total)
        return msg("{rank} of {players}, {points} points", rank=_ordinal(mine.rank), players=players, points=mine.total)
