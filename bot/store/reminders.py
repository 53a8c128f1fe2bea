"""Reminder timer rows (the ``reminders`` table) and the append-only ``clock_log``.

Rows are derived from the clocks by :meth:`Reminders.plan`, which the timer loop runs before
every firing, so whatever moved a deadline (a move, a snooze, the table waiting longer, an
admin) the ladder follows. Per running clock (one *decision*: the seat owes something since
``opened_at``) there is a ``half`` row and a ``final`` row, each firing when the service's
:class:`Ladder` says (:mod:`bot.service.reminders`: half of the time gone; 90 % gone or 2 h before
the deadline, in the table's open time); a ``snooze`` row records that the decision was
snoozed. Per active game one ``stall`` row (seat -1) fires when nobody has acted for
``stall_after`` seconds (wall time) since ``games.updated_at``. ``sent_at`` is written before anything is
posted, so a row fires at most once, across restarts too. No Discord here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import ColumnElement, case, insert, select, text, update

from . import schema
from .database import replace
from .store import GameStore
from .times import OpenTime, shift

#: The kinds of rows: the ladder's two reminders of a decision, a snooze, a stalled game.
HALF, FINAL, SNOOZE, STALL = "half", "final", "snooze", "stall"
LADDER = (HALF, FINAL)
TABLE_SEAT = -1
_table = schema.reminders

_ELIGIBLE = """
    SELECT r.game, r.seat, r.kind, r.opened_at, r.due_at, r.fire_at FROM reminders r
    JOIN clocks c ON c.game = r.game AND c.seat = r.seat
    WHERE r.kind IN ('half', 'final') AND r.sent_at IS NULL AND c.state = 'running'
      AND c.opened_at = r.opened_at AND c.due_at = r.due_at AND c.due_at > :now {fire}
    UNION ALL
    SELECT r.game, r.seat, r.kind, r.opened_at, r.due_at, r.fire_at FROM reminders r
    JOIN games g ON g.id = r.game
    WHERE r.kind = 'stall' AND r.sent_at IS NULL AND g.status = 'active' AND g.updated_at = r.opened_at {fire}
"""


def _unsent(row: Reminder) -> tuple[ColumnElement[bool], ...]:
    """Where ``row`` is still the same unsent reminder."""
    r = _table.c
    return (
        r.game == row.game,
        r.seat == row.seat,
        r.kind == row.kind,
        r.opened_at == row.opened_at,
        r.sent_at.is_(None),
    )


class Ladder(Protocol):
    """When the reminders of a decision fire (the service's :data:`bot.service.reminders.LADDER`)."""

    def fire_time(self, kind: str, opened: str, due: str, hours: str | None, tz: str | None) -> str:
        """When the ``half`` or ``final`` reminder of a decision open from ``opened`` to ``due`` fires,
        at a table with the playing hours of a game row (its ``hours`` and ``hours_tz`` columns)."""
        ...


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

    async def plan(self, stall_after: int, ladder: Ladder) -> None:
        """Bring the rows in line with the clocks and games, the reminders of each decision firing
        when ``ladder`` says (idempotent; nothing fires here)."""
        async with self.store.transaction() as db:
            dialect = db.dialect.name
            await db.execute(
                text(
                    "DELETE FROM reminders WHERE kind != 'stall' AND NOT EXISTS (SELECT 1 FROM clocks c WHERE "
                    "c.game = reminders.game AND c.seat = reminders.seat AND c.state != 'idle')"
                )
            )
            await db.execute(
                text(
                    "DELETE FROM reminders WHERE kind = 'stall' AND NOT EXISTS (SELECT 1 FROM games g "
                    "WHERE g.id = reminders.game AND g.status = 'active')"
                )
            )
            clocks = await db.execute(
                text(
                    "SELECT c.game, c.seat, c.opened_at, c.due_at, g.hours, g.hours_tz FROM clocks c JOIN games g "
                    "ON g.id = c.game WHERE c.state = 'running' AND c.due_at IS NOT NULL"
                )
            )
            rows = {
                (r.game, r.seat, r.kind): r for r in await db.execute(select(_table).where(_table.c.kind.in_(LADDER)))
            }
            for clock in clocks.all():
                opened, due = clock.opened_at, clock.due_at
                for kind in LADDER:
                    row = rows.get((clock.game, clock.seat, kind))
                    fire = ladder.fire_time(kind, opened, due, clock.hours, clock.hours_tz)
                    key = {"game": clock.game, "seat": clock.seat, "kind": kind}
                    if row is None or row.opened_at != opened:
                        values = {**key, "opened_at": opened, "due_at": due, "fire_at": fire}
                        await db.execute(replace(dialect, _table, values, key))
                    elif row.due_at != due:  # the deadline moved: unsent rows follow; a later one re-arms
                        rearm = kind == FINAL and due > row.due_at
                        moved: dict[str, Any] = {"due_at": due}
                        if rearm:
                            moved.update(fire_at=fire, sent_at=None)
                        else:
                            moved["fire_at"] = case((_table.c.sent_at.is_(None), fire), else_=_table.c.fire_at)
                        await db.execute(
                            update(_table).where(*(_table.c[k] == v for k, v in key.items())).values(moved)
                        )
            games = await db.execute(
                text(
                    "SELECT g.id, g.updated_at FROM games g LEFT JOIN reminders r ON r.game = g.id "
                    "AND r.kind = 'stall' WHERE g.status = 'active' AND (r.opened_at IS NULL OR "
                    "r.opened_at != g.updated_at)"
                )
            )
            for game in games.all():
                due = shift(game.updated_at, stall_after)
                values = {
                    "game": game.id,
                    "seat": TABLE_SEAT,
                    "kind": STALL,
                    "opened_at": game.updated_at,
                    "due_at": due,
                    "fire_at": due,
                }
                await db.execute(replace(dialect, _table, values, ("game", "seat", "kind")))

    async def due(self, now: str) -> list[Reminder]:
        """Unsent rows that should fire now, earliest first (only rows still matching their clock)."""
        rows = await self.store.query(
            text(_ELIGIBLE.format(fire="AND r.fire_at <= :now") + " ORDER BY 6"), {"now": now}
        )
        return [Reminder(*tuple(r)) for r in rows]

    async def next_fire(self, now: str) -> str | None:
        """The earliest unsent, still valid row's time (what the timer loop sleeps until)."""
        rows = await self.store.query(
            text(f"SELECT MIN(fire_at) FROM ({_ELIGIBLE.format(fire='')}) AS eligible"), {"now": now}
        )
        return rows[0][0] if rows else None

    async def claim(self, rows: Iterable[Reminder], now: str, user_id: str | None = None) -> list[Reminder]:
        """Mark rows sent before anything is posted; returns those this call claimed (at most once each)."""
        claimed = []
        async with self.store.transaction() as db:
            for row in rows:
                cur = await db.execute(update(_table).where(*_unsent(row)).values(sent_at=now, user_id=user_id))
                if cur.rowcount == 1:
                    claimed.append(row)
        return claimed

    async def postpone(self, row: Reminder, fire_at: str) -> None:
        """Move an unsent row to ``fire_at`` (e.g. past someone's quiet hours)."""
        async with self.store.transaction() as db:
            await db.execute(update(_table).where(*_unsent(row)).values(fire_at=fire_at))

    async def running_opened(self) -> dict[tuple[int, int], str]:
        """(game, seat) -> ``opened_at`` of every running clock."""
        c = schema.clocks
        rows = await self.store.query(select(c.c.game, c.c.seat, c.c.opened_at).where(c.c.state == "running"))
        return {(r[0], r[1]): r[2] for r in rows}

    async def snoozed(self, game: int, seat: int, opened_at: str) -> bool:
        r = _table.c
        rows = await self.store.query(
            select(r.game).where(r.game == game, r.seat == seat, r.kind == SNOOZE, r.opened_at == opened_at)
        )
        return bool(rows)

    async def record_snooze(
        self, game: int, seat: int, user_id: str, opened_at: str, due_at: str, now: str, detail: str
    ) -> None:
        """Remember that this decision was snoozed (once per decision) and log it."""
        async with self.store.transaction() as db:
            values = {
                "game": game,
                "seat": seat,
                "kind": SNOOZE,
                "opened_at": opened_at,
                "due_at": due_at,
                "fire_at": now,
                "sent_at": now,
                "user_id": user_id,
            }
            await db.execute(replace(db.dialect.name, _table, values, ("game", "seat", "kind")))
            await db.execute(
                insert(schema.clock_log).values(
                    game=game, seat=seat, user_id=user_id, event="snooze", detail=detail, created_at=now
                )
            )

    async def follow(self, game: int, seat: int, old_opened: str, new_opened: str, time: OpenTime) -> None:
        """A running clock was shifted as a whole (downtime, a freeze): its rows move with it, by the
        same amount of the table's open time (as ``time`` counts it)."""
        async with self.store.transaction() as db:
            rows = await db.execute(
                text(
                    "SELECT r.kind, r.due_at, r.fire_at, g.hours, g.hours_tz FROM reminders r JOIN games g "
                    "ON g.id = r.game WHERE r.game = :game AND r.seat = :seat AND r.opened_at = :opened"
                ),
                {"game": game, "seat": seat, "opened": old_opened},
            )
            for r in rows.all():
                delta = time.open_seconds(r.hours, r.hours_tz, old_opened, new_opened)
                await db.execute(
                    update(_table)
                    .where(_table.c.game == game, _table.c.seat == seat, _table.c.kind == r.kind)
                    .values(
                        opened_at=new_opened,
                        due_at=time.advance(r.hours, r.hours_tz, r.due_at, delta),
                        fire_at=time.advance(r.hours, r.hours_tz, r.fire_at, delta),
                    )
                )

    async def log(self, game: int, seat: int, user_id: str, event: str, detail: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                insert(schema.clock_log).values(
                    game=game, seat=seat, user_id=user_id, event=event, detail=detail, created_at=now
                )
            )

    async def history(self, game: int) -> list[tuple[int, str, str, str]]:
        """(seat, user, event, detail) of everything logged for ``game``, oldest first."""
        log = schema.clock_log
        rows = await self.store.query(
            select(log.c.seat, log.c.user_id, log.c.event, log.c.detail).where(log.c.game == game).order_by(log.c.seq)
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]
