"""Away mode in SQLite: who is away until when (``away``), whose deadlines are frozen
(``frozen_clocks``), and the latest turn message of each game (``turn_posts``, for jump links).

A frozen clock stays ``running`` in ``clocks`` but with ``due_at`` NULL, so nothing fires for it;
``frozen_clocks`` keeps the seconds that were left (of the table's open time, with playing hours).
Thawing sets the deadline to that much table time after now and moves ``opened_at`` on by the
table time spent frozen, so the bank is never charged for it.
Times are ISO-8601 UTC strings from the caller; reading ``/away until`` is
:func:`bot.service.away_service.parse_until`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hours import advance, open_seconds, stored
from .store import GameStore


@dataclass(frozen=True)
class Frozen:
    """One frozen deadline: ``remaining`` seconds were left when it was frozen at ``frozen_at``."""

    game: int
    seat: int
    user_id: str
    frozen_at: str
    remaining: int


class AwayBook:
    """The ``away``, ``frozen_clocks`` and ``turn_posts`` tables of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # --- who is away --------------------------------------------------------
    async def until(self, user_id: str) -> str | None:
        rows = await self.store.query("SELECT until FROM away WHERE user_id = ?", (user_id,))
        return str(rows[0][0]) if rows else None

    async def away_among(self, users: list[str]) -> set[str]:
        marks = ",".join("?" * len(users))
        rows = await self.store.query(f"SELECT user_id FROM away WHERE user_id IN ({marks})", users) if users else []
        return {r[0] for r in rows}

    async def set(self, user_id: str, until: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO away (user_id, since, until) VALUES (?, ?, ?) ON CONFLICT (user_id) "
                "DO UPDATE SET until = excluded.until",
                (user_id, now, until),
            )

    async def clear(self, user_id: str) -> bool:
        """End ``user_id``'s absence; False if they were not away (or someone else ended it first)."""
        async with self.store.transaction() as db:
            cur = await db.execute("DELETE FROM away WHERE user_id = ?", (user_id,))
            return cur.rowcount == 1

    async def ended(self, now: str) -> list[str]:
        """Users whose absence has run out by ``now``."""
        rows = await self.store.query("SELECT user_id FROM away WHERE until <= ? ORDER BY until", (now,))
        return [r[0] for r in rows]

    async def next_end(self) -> str | None:
        rows = await self.store.query("SELECT MIN(until) FROM away")
        return rows[0][0] if rows else None

    # --- frozen deadlines ---------------------------------------------------
    async def to_freeze(self, game: int | None = None) -> list[tuple[int, int, str]]:
        """(game, seat, user) of running deadlines held by away users that are not frozen yet."""
        where = "" if game is None else " AND c.game = ?"
        rows = await self.store.query(
            "SELECT c.game, c.seat, s.user_id FROM clocks c JOIN seats s ON s.game = c.game AND s.seat = c.seat "
            "JOIN away a ON a.user_id = s.user_id WHERE c.state = 'running' AND c.due_at IS NOT NULL" + where,
            () if game is None else (game,),
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def to_thaw(self) -> list[Frozen]:
        """Frozen deadlines whose holder is no longer away, or whose seat changed hands or stopped."""
        rows = await self.store.query(
            "SELECT f.* FROM frozen_clocks f LEFT JOIN seats s ON s.game = f.game AND s.seat = f.seat "
            "LEFT JOIN clocks c ON c.game = f.game AND c.seat = f.seat WHERE s.user_id IS NOT f.user_id "
            "OR c.state IS NOT 'running' OR f.user_id NOT IN (SELECT user_id FROM away)"
        )
        return [Frozen(r["game"], r["seat"], r["user_id"], r["frozen_at"], r["remaining"]) for r in rows]

    async def frozen(self, game: int | None = None, user_id: str | None = None) -> list[Frozen]:
        rows = await self.store.query(
            "SELECT * FROM frozen_clocks WHERE (? IS NULL OR game = ?) AND (? IS NULL OR user_id = ?) "
            "ORDER BY game, seat",
            (game, game, user_id, user_id),
        )
        return [Frozen(r["game"], r["seat"], r["user_id"], r["frozen_at"], r["remaining"]) for r in rows]

    async def freeze(self, game: int, seat: int, user_id: str, now: str) -> bool:
        """Freeze one running deadline; False if it was not running (or already frozen)."""
        async with self.store.transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    "SELECT c.due_at, g.hours, g.hours_tz FROM clocks c JOIN games g ON g.id = c.game WHERE c.game = ? "
                    "AND c.seat = ? AND c.state = 'running' AND c.due_at IS NOT NULL",
                    (game, seat),
                )
            )
            if not rows:
                return False
            remaining = max(0, open_seconds(stored(rows[0][1], rows[0][2]), now, rows[0][0]))
            await db.execute(
                "INSERT OR REPLACE INTO frozen_clocks (game, seat, user_id, frozen_at, remaining) "
                "VALUES (?, ?, ?, ?, ?)",
                (game, seat, user_id, now, remaining),
            )
            await db.execute("UPDATE clocks SET due_at = NULL WHERE game = ? AND seat = ?", (game, seat))
            await db.execute(
                "INSERT INTO clock_log (game, seat, user_id, event, detail, created_at) "
                "VALUES (?, ?, ?, 'freeze', ?, ?)",
                (game, seat, user_id, f"{remaining} s left", now),
            )
        return True

    async def thaw(self, frozen: Frozen, now: str) -> tuple[str, str] | None:
        """Run a frozen deadline again; (old, new) ``opened_at`` when it runs, ``None`` if it had stopped."""
        async with self.store.transaction() as db:
            await db.execute("DELETE FROM frozen_clocks WHERE game = ? AND seat = ?", (frozen.game, frozen.seat))
            rows = list(
                await db.execute_fetchall(
                    "SELECT c.opened_at, g.hours, g.hours_tz FROM clocks c JOIN games g ON g.id = c.game "
                    "WHERE c.game = ? AND c.seat = ? AND c.state = 'running' AND c.due_at IS NULL",
                    (frozen.game, frozen.seat),
                )
            )
            if not rows:
                return None
            old, hours = rows[0][0], stored(rows[0][1], rows[0][2])
            new = advance(hours, old, max(0, open_seconds(hours, frozen.frozen_at, now)))
            await db.execute(
                "UPDATE clocks SET opened_at = ?, due_at = ? WHERE game = ? AND seat = ?",
                (new, advance(hours, now, frozen.remaining), frozen.game, frozen.seat),
            )
            await db.execute(
                "INSERT INTO clock_log (game, seat, user_id, event, detail, created_at) VALUES (?, ?, ?, 'thaw', ?, ?)",
                (frozen.game, frozen.seat, frozen.user_id, f"{frozen.remaining} s left", now),
            )
        return old, new

    # --- the latest turn message of each game (jump links) ------------------
    async def note_post(self, game: int, version: int, message_id: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO turn_posts (game, version, message_id, posted_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game) DO UPDATE SET version = excluded.version, message_id = "
                "excluded.message_id, posted_at = excluded.posted_at WHERE excluded.version >= "
                "turn_posts.version",
                (game, version, message_id, now),
            )

    async def posts(self, games: list[int]) -> dict[int, str]:
        """game -> id of its latest turn message."""
        marks = ",".join("?" * len(games))
        rows = (
            await self.store.query(f"SELECT game, message_id FROM turn_posts WHERE game IN ({marks})", games)
            if games
            else []
        )
        return {r[0]: r[1] for r in rows}
