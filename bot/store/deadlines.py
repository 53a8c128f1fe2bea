"""Durable deadlines: one ``clocks`` row per seat of a timed game, kept in step with who must act.

A row is ``idle`` (owes nothing; ``bank`` seconds left), ``running`` (owes a decision since
``opened_at``, due at ``due_at``) or ``expired`` (its deadline passed without a safe default and
the table was offered wait/skip/substitute). The timer loop only ever looks at running rows, so
everything survives a restart. No Discord here; times are ISO-8601 UTC strings from the caller.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .clock import Preset, seconds_between
from .hours import Hours, advance, open_seconds, stored
from .store import GameStore

HEARTBEAT = "heartbeat"
#: An outage shorter than this (missed heartbeats, slow start) is not worth extending for.
OUTAGE_GRACE = 120


@dataclass(frozen=True)
class SeatClock:
    """One row of ``clocks``."""

    game: int
    seat: int
    bank: int
    opened_at: str | None
    due_at: str | None
    state: str


class Deadlines:
    """The ``clocks``, ``timeouts``, ``seat_holders`` and ``bot_state`` tables of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # --- reads ----------------------------------------------------------------
    async def of_game(self, game: int) -> dict[int, SeatClock]:
        rows = await self.store.query("SELECT * FROM clocks WHERE game = ? ORDER BY seat", (game,))
        return {
            r["seat"]: SeatClock(r["game"], r["seat"], r["bank"], r["opened_at"], r["due_at"], r["state"]) for r in rows
        }

    async def due(self, now: str) -> list[tuple[int, int]]:
        """(game, seat) of running clocks whose deadline is at or before ``now``, earliest first."""
        rows = await self.store.query(
            "SELECT game, seat FROM clocks WHERE state = 'running' AND due_at <= ? ORDER BY due_at", (now,)
        )
        return [(r["game"], r["seat"]) for r in rows]

    async def next_due(self) -> str | None:
        """The earliest running deadline, if any (what the timer loop sleeps until)."""
        rows = await self.store.query("SELECT MIN(due_at) FROM clocks WHERE state = 'running'")
        return rows[0][0] if rows else None

    async def timeouts(self, game: int) -> list[tuple[int, str, str]]:
        """(seat, user, outcome) of every timeout in ``game``, oldest first."""
        rows = await self.store.query(
            "SELECT seat, user_id, outcome FROM timeouts WHERE game = ? ORDER BY rowid", (game,)
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def holders(self, game: int) -> list[tuple[int, str, int, str]]:
        """(seat, user, from_version, reason): who took over which seat when."""
        rows = await self.store.query(
            "SELECT seat, user_id, from_version, reason FROM seat_holders WHERE game = ? AND reason != 'start' "
            "ORDER BY rowid",
            (game,),
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    # --- writes ---------------------------------------------------------------
    async def sync(
        self, game: int, preset: Preset, waiting: Sequence[int], now: str, hours: Hours | None = None
    ) -> bool:
        """Open clocks for seats that now owe a decision, close (and credit) those that no longer do.

        With table playing ``hours``, only open time is charged and deadlines count open time only.

        Idempotent; returns True when a new deadline was set (the timer loop may need to wake).
        """
        if not preset.limited:
            return False
        assert preset.initial is not None
        opened = False
        async with self.store.transaction() as db:
            rows = {
                r["seat"]: r
                for r in await db.execute_fetchall(
                    "SELECT seat, bank, opened_at, state FROM clocks WHERE game = ?", (game,)
                )
            }
            for seat in waiting:
                row = rows.get(seat)
                if row is not None and row["state"] != "idle":
                    continue
                bank = preset.initial if row is None else row["bank"]
                await db.execute(
                    "INSERT INTO clocks (game, seat, bank, opened_at, due_at, state) VALUES (?, ?, ?, ?, ?, "
                    "'running') ON CONFLICT (game, seat) DO UPDATE SET opened_at = excluded.opened_at, "
                    "due_at = excluded.due_at, state = 'running'",
                    (game, seat, bank, now, advance(hours, now, bank)),
                )
                opened = True
            for seat, row in rows.items():
                if seat in waiting or row["state"] == "idle":
                    continue
                bank = preset.after_move(row["bank"], open_seconds(hours, row["opened_at"], now))
                await db.execute(
                    "UPDATE clocks SET bank = ?, opened_at = NULL, due_at = NULL, state = 'idle' "
                    "WHERE game = ? AND seat = ?",
                    (bank, game, seat),
                )
        return opened

    async def stop(self, game: int) -> None:
        """Stop every clock of a game that ended."""
        async with self.store.transaction() as db:
            await db.execute(
                "UPDATE clocks SET opened_at = NULL, due_at = NULL, state = 'idle' WHERE game = ?", (game,)
            )

    async def set_state(
        self,
        game: int,
        seat: int,
        state: str,
        due_at: str | None = None,
        bank: int | None = None,
        opened_at: str | None = None,
    ) -> None:
        """Mark a seat's clock ``expired`` (table offered) or ``running`` again with a new deadline."""
        async with self.store.transaction() as db:
            await db.execute(
                "UPDATE clocks SET state = ?, due_at = COALESCE(?, due_at), bank = COALESCE(?, bank), "
                "opened_at = COALESCE(?, opened_at) WHERE game = ? AND seat = ?",
                (state, due_at, bank, opened_at, game, seat),
            )

    async def record_timeout(
        self, game: int, seat: int, user_id: str, version: int, outcome: str, now: str, by_user: str | None = None
    ) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO timeouts (game, seat, user_id, version, outcome, by_user, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, seat, user_id, version, outcome, by_user, now),
            )

    async def hand_over(
        self,
        game: int,
        seat: int,
        old_user: str,
        new_user: str,
        version: int,
        reason: str,
        now: str,
        name: str | None = None,
    ) -> bool:
        """Give ``seat`` to ``new_user`` (keeping the seat's in-game name); False if it changed meanwhile.

        ``seat_holders`` gets the seat's first holder (reason ``start``) on its first handover, then
        each new holder (with ``name``, their own name), so a finished game records who played which seat.
        """
        async with self.store.transaction() as db:
            cur = await db.execute(
                "UPDATE seats SET user_id = ? WHERE game = ? AND seat = ? AND user_id = ? AND NOT EXISTS "
                "(SELECT 1 FROM seats WHERE game = ? AND user_id = ?)",
                (new_user, game, seat, old_user, game, new_user),
            )
            if cur.rowcount != 1:
                return False
            await db.execute(
                "INSERT INTO seat_holders (game, seat, user_id, name, from_version, reason, created_at) "
                "SELECT ?, ?, ?, (SELECT name FROM seats WHERE game = ? AND seat = ?), 0, 'start', ? "
                "WHERE NOT EXISTS (SELECT 1 FROM seat_holders WHERE game = ? AND seat = ?)",
                (game, seat, old_user, game, seat, now, game, seat),
            )
            await db.execute(
                "INSERT INTO seat_holders (game, seat, user_id, name, from_version, reason, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, seat, new_user, name, version, reason, now),
            )
            await db.execute(
                "UPDATE games SET waiting = REPLACE(waiting, ?, ?), updated_at = ? WHERE id = ?",
                (f'"{old_user}"', f'"{new_user}"', now, game),
            )
        return True

    # --- bot downtime ---------------------------------------------------------
    async def heartbeat(self, now: str) -> None:
        """Record that the bot is alive (the timer loop calls this at least every minute)."""
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
                "SET value = excluded.value",
                (HEARTBEAT, now),
            )

    async def extend_for_downtime(self, now: str) -> tuple[int, int]:
        """On start-up: push every deadline that was running when the bot went down back by the outage.

        With table playing hours only the open time the outage took is given back (the deadline and
        ``opened_at`` move on by that much open time); a game whose table was closed throughout keeps
        its deadline. Returns (outage seconds, clocks extended); (0, 0) after a short or first start.
        """
        rows = await self.store.query("SELECT value FROM bot_state WHERE key = ?", (HEARTBEAT,))
        outage = seconds_between(rows[0][0], now) if rows else 0
        extended = 0
        if outage > OUTAGE_GRACE:
            last = rows[0][0]
            async with self.store.transaction() as db:
                running = await db.execute_fetchall(
                    "SELECT c.game, c.seat, c.opened_at, c.due_at, g.hours, g.hours_tz FROM clocks c "
                    "JOIN games g ON g.id = c.game WHERE c.state = 'running' AND c.due_at > ?",
                    (last,),
                )
                for r in running:
                    hours = stored(r["hours"], r["hours_tz"])
                    lost = open_seconds(hours, last, now)
                    if lost <= 0:
                        continue
                    await db.execute(
                        "UPDATE clocks SET opened_at = ?, due_at = ? WHERE game = ? AND seat = ?",
                        (advance(hours, r["opened_at"], lost), advance(hours, r["due_at"], lost), r["game"], r["seat"]),
                    )
                    extended += 1
        await self.heartbeat(now)
        return (outage if outage > OUTAGE_GRACE else 0), extended
