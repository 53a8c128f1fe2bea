"""Reminder timer rows (the ``reminders`` table) and the append-only ``clock_log``.

Rows are derived from the clocks by :meth:`Reminders.plan`, which the timer loop runs before
every firing, so whatever moved a deadline (a move, a snooze, the table waiting longer, an
admin) the ladder follows. Per running clock (one *decision*: the seat owes something since
``opened_at``) there is a ``half`` row (half of the time gone) and a ``final`` row (90 % gone
or 2 h before the deadline, whichever is later), both counted in the table's open time when it
has playing hours (:func:`bot.store.hours.advance`); a ``snooze`` row records that the decision was
snoozed. Per active game one ``stall`` row (seat -1) fires when nobody has acted for
``stall_after`` seconds (wall time) since ``games.updated_at``. ``sent_at`` is written before anything is
posted, so a row fires at most once, across restarts too. No Discord here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .clock import HOUR, shift
from .hours import Hours, advance, open_seconds, stored
from .store import GameStore

HALF, FINAL, SNOOZE, STALL = "half", "final", "snooze", "stall"
LADDER = (HALF, FINAL)
#: How much later a snooze moves the deadline (once per decision).
SNOOZE_SECONDS = 12 * HOUR
#: The final warning comes at 90 % of the time or this long before the deadline, whichever is later.
FINAL_BEFORE = 2 * HOUR
TABLE_SEAT = -1

_ELIGIBLE = """
    SELECT r.game, r.seat, r.kind, r.opened_at, r.due_at, r.fire_at FROM reminders r
    JOIN clocks c ON c.game = r.game AND c.seat = r.seat
    WHERE r.kind IN ('half', 'final') AND r.sent_at IS NULL AND c.state = 'running'
      AND c.opened_at = r.opened_at AND c.due_at = r.due_at AND c.due_at > ? {fire}
    UNION ALL
    SELECT r.game, r.seat, r.kind, r.opened_at, r.due_at, r.fire_at FROM reminders r
    JOIN games g ON g.id = r.game
    WHERE r.kind = 'stall' AND r.sent_at IS NULL AND g.status = 'active' AND g.updated_at = r.opened_at {fire}
"""


def fire_time(kind: str, opened: str, due: str, hours: Hours | None = None) -> str:
    """When the ``half`` or ``final`` reminder of a decision open from ``opened`` to ``due`` fires.

    With table playing ``hours`` the shares are of the open time between the two, so a reminder
    falls inside the window like the deadline.

    >>> fire_time("half", "2030-01-01T00:00:00.000+00:00", "2030-01-01T12:00:00.000+00:00")
    '2030-01-01T06:00:00.000+00:00'
    >>> fire_time("final", "2030-01-01T00:00:00.000+00:00", "2030-01-01T12:00:00.000+00:00")
    '2030-01-01T10:48:00.000+00:00'
    >>> fire_time("final", "2030-01-01T00:00:00.000+00:00", "2030-01-04T00:00:00.000+00:00")
    '2030-01-03T22:00:00.000+00:00'
    """
    span = max(0, open_seconds(hours, opened, due))
    if kind == HALF:
        return advance(hours, opened, span // 2)
    return advance(hours, opened, max(span * 9 // 10, span - FINAL_BEFORE))


@dataclass(frozen=True)
class Reminder:
    """A reminder row whose time has come (``seat`` is -1 for a stalled-game announcement)."""

    game: int
    seat: int
    kind: str
    opened_at: str
    due_at: str
    fire_at: str


class Reminders:
    """The ``reminders`` and ``clock_log`` tables of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def plan(self, stall_after: int) -> None:
        """Bring the rows in line with the clocks and games (idempotent; nothing fires here)."""
        async with self.store.transaction() as db:
            await db.execute(
                "DELETE FROM reminders WHERE kind != 'stall' AND NOT EXISTS (SELECT 1 FROM clocks c WHERE "
                "c.game = reminders.game AND c.seat = reminders.seat AND c.state != 'idle')"
            )
            await db.execute(
                "DELETE FROM reminders WHERE kind = 'stall' AND NOT EXISTS (SELECT 1 FROM games g "
                "WHERE g.id = reminders.game AND g.status = 'active')"
            )
            clocks = await db.execute_fetchall(
                "SELECT c.game, c.seat, c.opened_at, c.due_at, g.hours, g.hours_tz FROM clocks c JOIN games g "
                "ON g.id = c.game WHERE c.state = 'running' AND c.due_at IS NOT NULL"
            )
            rows = {
                (r["game"], r["seat"], r["kind"]): r
                for r in await db.execute_fetchall("SELECT * FROM reminders WHERE kind IN ('half', 'final')")
            }
            for clock in clocks:
                opened, due = clock["opened_at"], clock["due_at"]
                hours = stored(clock["hours"], clock["hours_tz"])
                for kind in LADDER:
                    row = rows.get((clock["game"], clock["seat"], kind))
                    fire = fire_time(kind, opened, due, hours)
                    if row is None or row["opened_at"] != opened:
                        await db.execute(
                            "INSERT OR REPLACE INTO reminders (game, seat, kind, opened_at, due_at, fire_at) "
                            "VALUES (?, ?, ?, ?, ?, ?)",
                            (clock["game"], clock["seat"], kind, opened, due, fire),
                        )
                    elif row["due_at"] != due:  # the deadline moved: unsent rows follow; a later one re-arms
                        rearm = kind == FINAL and due > row["due_at"]
                        await db.execute(
                            "UPDATE reminders SET due_at = ?, fire_at = CASE WHEN sent_at IS NULL OR ? THEN ? "
                            "ELSE fire_at END, sent_at = CASE WHEN ? THEN NULL ELSE sent_at END "
                            "WHERE game = ? AND seat = ? AND kind = ?",
                            (due, rearm, fire, rearm, clock["game"], clock["seat"], kind),
                        )
            games = await db.execute_fetchall(
                "SELECT g.id, g.updated_at FROM games g LEFT JOIN reminders r ON r.game = g.id AND r.kind = 'stall' "
                "WHERE g.status = 'active' AND (r.opened_at IS NULL OR r.opened_at != g.updated_at)"
            )
            for game in games:
                await db.execute(
                    "INSERT OR REPLACE INTO reminders (game, seat, kind, opened_at, due_at, fire_at) "
                    "VALUES (?, ?, 'stall', ?, ?, ?)",
                    (
                        game["id"],
                        TABLE_SEAT,
                        game["updated_at"],
                        shift(game["updated_at"], stall_after),
                        shift(game["updated_at"], stall_after),
                    ),
                )

    async def due(self, now: str) -> list[Reminder]:
        """Unsent rows that should fire now, earliest first (only rows still matching their clock)."""
        rows = await self.store.query(_ELIGIBLE.format(fire="AND r.fire_at <= ?") + " ORDER BY 6", (now, now, now))
        return [Reminder(*tuple(r)) for r in rows]

    async def next_fire(self, now: str) -> str | None:
        """The earliest unsent, still valid row's time (what the timer loop sleeps until)."""
        rows = await self.store.query(f"SELECT MIN(fire_at) FROM ({_ELIGIBLE.format(fire='')})", (now,))
        return rows[0][0] if rows else None

    async def claim(self, rows: Iterable[Reminder], now: str, user_id: str | None = None) -> list[Reminder]:
        """Mark rows sent before anything is posted; returns those this call claimed (at most once each)."""
        claimed = []
        async with self.store.transaction() as db:
            for row in rows:
                cur = await db.execute(
                    "UPDATE reminders SET sent_at = ?, user_id = ? WHERE game = ? AND seat = ? AND kind = ? "
                    "AND opened_at = ? AND sent_at IS NULL",
                    (now, user_id, row.game, row.seat, row.kind, row.opened_at),
                )
                if cur.rowcount == 1:
                    claimed.append(row)
        return claimed

    async def postpone(self, row: Reminder, fire_at: str) -> None:
        """Move an unsent row to ``fire_at`` (e.g. past someone's quiet hours)."""
        async with self.store.transaction() as db:
            await db.execute(
                "UPDATE reminders SET fire_at = ? WHERE game = ? AND seat = ? AND kind = ? AND "
                "opened_at = ? AND sent_at IS NULL",
                (fire_at, row.game, row.seat, row.kind, row.opened_at),
            )

    async def running_opened(self) -> dict[tuple[int, int], str]:
        """(game, seat) -> ``opened_at`` of every running clock."""
        rows = await self.store.query("SELECT game, seat, opened_at FROM clocks WHERE state = 'running'")
        return {(r[0], r[1]): r[2] for r in rows}

    async def snoozed(self, game: int, seat: int, opened_at: str) -> bool:
        rows = await self.store.query(
            "SELECT 1 FROM reminders WHERE game = ? AND seat = ? AND kind = 'snooze' AND opened_at = ?",
            (game, seat, opened_at),
        )
        return bool(rows)

    async def record_snooze(
        self, game: int, seat: int, user_id: str, opened_at: str, due_at: str, now: str, detail: str
    ) -> None:
        """Remember that this decision was snoozed (once per decision) and log it."""
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO reminders (game, seat, kind, opened_at, due_at, fire_at, "
                "sent_at, user_id) VALUES (?, ?, 'snooze', ?, ?, ?, ?, ?)",
                (game, seat, opened_at, due_at, now, now, user_id),
            )
            await db.execute(
                "INSERT INTO clock_log (game, seat, user_id, event, detail, created_at) "
                "VALUES (?, ?, ?, 'snooze', ?, ?)",
                (game, seat, user_id, detail, now),
            )

    async def follow(self, game: int, seat: int, old_opened: str, new_opened: str) -> None:
        """A running clock was shifted as a whole (downtime, a freeze): its rows move with it, by the
        same amount of the table's open time."""
        async with self.store.transaction() as db:
            rows = await db.execute_fetchall(
                "SELECT r.kind, r.due_at, r.fire_at, g.hours, g.hours_tz FROM reminders r JOIN games g "
                "ON g.id = r.game WHERE r.game = ? AND r.seat = ? AND r.opened_at = ?",
                (game, seat, old_opened),
            )
            for r in rows:
                hours = stored(r["hours"], r["hours_tz"])
                delta = open_seconds(hours, old_opened, new_opened)
                await db.execute(
                    "UPDATE reminders SET opened_at = ?, due_at = ?, fire_at = ? WHERE game = ? AND seat = ? "
                    "AND kind = ?",
                    (
                        new_opened,
                        advance(hours, r["due_at"], delta),
                        advance(hours, r["fire_at"], delta),
                        game,
                        seat,
                        r["kind"],
                    ),
                )

    async def log(self, game: int, seat: int, user_id: str, event: str, detail: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO clock_log (game, seat, user_id, event, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game, seat, user_id, event, detail, now),
            )

    async def history(self, game: int) -> list[tuple[int, str, str, str]]:
        """(seat, user, event, detail) of everything logged for ``game``, oldest first."""
        rows = await self.store.query(
            "SELECT seat, user_id, event, detail FROM clock_log WHERE game = ? ORDER BY rowid", (game,)
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]
