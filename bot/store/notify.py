"""Notification preferences in SQLite (their time arithmetic, quiet hours and local days, is
:mod:`bot.service.notify`).

Per user (``notify_prefs``): how they are told (``channel`` mentions, the default; ``dm``: also a
direct message; ``digest``: no pings, a daily digest instead), their time zone, quiet hours (whole
local hours, ``start`` to ``end``, may wrap midnight), a daily ping budget across all their games,
(0: no limit), whether their DMs are closed (a 403 remembered, so a DM is never retried until they change
``/notify``) and whether the one fallback hint was posted. Also every ping sent (``pings``, for
the budget), lines waiting for the next digest (``digest_items``), turn pings held back by quiet
hours (``held_pings``) and standing auto-answers per user, game and decision kind
(``auto_answers``). No Discord here; times are ISO-8601 UTC strings from the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from zoneinfo import ZoneInfo

from .clock import DAY, iso, parse
from .lines import dump_line, load_line
from .store import GameStore

MODES = ("channel", "dm", "digest")
DEFAULT_BUDGET = 0  # no limit


@dataclass(frozen=True)
class Prefs:
    """One user's notification preferences (the defaults when they never used ``/notify``)."""

    user_id: str
    mode: str = "channel"
    tz: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None
    budget: int = DEFAULT_BUDGET
    dm_closed_at: str | None = None
    hint_sent_at: str | None = None
    digest_at: str | None = None
    updated_at: str | None = None
    #: The language chosen for private replies and direct messages (``None``: the Discord client's).
    language: str | None = None

    @property
    def zone(self) -> ZoneInfo:
        """The stored zone (``tz`` holds what :func:`bot.service.notify.zone_of` accepted)."""
        return ZoneInfo(self.tz)

    @property
    def dms(self) -> bool:
        """May this user be sent direct messages now (opted in, and not closed)?"""
        return self.mode in ("dm", "digest") and self.dm_closed_at is None


class NotifyBook:
    """The notification tables of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # --- preferences ----------------------------------------------------------
    async def get(self, user_id: str) -> Prefs:
        rows = await self.store.query("SELECT * FROM notify_prefs WHERE user_id = ?", (user_id,))
        if not rows:
            return Prefs(user_id)
        r = rows[0]
        return Prefs(
            r["user_id"],
            r["mode"],
            r["tz"],
            r["quiet_start"],
            r["quiet_end"],
            r["budget"],
            r["dm_closed_at"],
            r["hint_sent_at"],
            r["digest_at"],
            r["updated_at"],
            r["language"] if "language" in r.keys() else None,  # noqa: SIM118 (a Row, not a dict)
        )

    async def put(self, prefs: Prefs) -> None:
        """Store ``prefs``; a change by the user also forgets closed DMs (they may have opened them)."""
        values = [
            prefs.user_id,
            prefs.mode,
            prefs.tz,
            prefs.quiet_start,
            prefs.quiet_end,
            prefs.budget,
            prefs.dm_closed_at,
            prefs.hint_sent_at,
            prefs.digest_at,
            prefs.updated_at,
        ]
        chosen = prefs.language is not None  # NULL otherwise (the row is replaced whole)
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO notify_prefs (user_id, mode, tz, quiet_start, quiet_end, budget, "
                "dm_closed_at, hint_sent_at, digest_at, updated_at" + (", language" if chosen else "") + ") "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?" + (", ?" if chosen else "") + ")",
                values + ([prefs.language] if chosen else []),
            )

    async def languages(self, user_ids: list[str]) -> dict[str, str]:
        """The chosen languages of those of ``user_ids`` who chose one."""
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self.store.query(
            f"SELECT user_id, language FROM notify_prefs WHERE language IS NOT NULL AND user_id IN ({marks})",
            list(user_ids),
        )
        return {r[0]: r[1] for r in rows}

    async def dm_closed(self, user_id: str, now: str) -> bool:
        """Remember a 403; True if the one fallback hint is still to be posted (it is marked sent)."""
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO notify_prefs (user_id, dm_closed_at) VALUES (?, ?) ON CONFLICT (user_id) "
                "DO UPDATE SET dm_closed_at = excluded.dm_closed_at",
                (user_id, now),
            )
            cur = await db.execute(
                "UPDATE notify_prefs SET hint_sent_at = ? WHERE user_id = ? AND hint_sent_at IS NULL", (now, user_id)
            )
            return cur.rowcount == 1

    async def users_with_digests(self) -> list[str]:
        """Users in digest mode or with lines waiting for a digest."""
        rows = await self.store.query(
            "SELECT user_id FROM notify_prefs WHERE mode = 'digest' UNION "
            "SELECT user_id FROM digest_items WHERE sent_at IS NULL"
        )
        return [r[0] for r in rows]

    # --- the daily budget -----------------------------------------------------
    async def pings_since(self, user_id: str, since: str) -> int:
        rows = await self.store.query("SELECT COUNT(*) FROM pings WHERE user_id = ? AND sent_at >= ?", (user_id, since))
        return int(rows[0][0])

    async def count_ping(self, user_id: str, game: int, kind: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO pings (user_id, game, kind, sent_at) VALUES (?, ?, ?, ?)", (user_id, game, kind, now)
            )
            await db.execute("DELETE FROM pings WHERE sent_at < ?", (iso(parse(now) - timedelta(seconds=2 * DAY)),))

    # --- the digest -----------------------------------------------------------
    async def queue(self, user_id: str, game: int, line: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO digest_items (user_id, game, line, created_at) VALUES (?, ?, ?, ?)",
                (user_id, game, dump_line(line), now),
            )

    async def waiting_items(self, user_id: str, before: str | None = None) -> list[tuple[int, str]]:
        """(game, line) of unsent digest lines (created before ``before``), oldest first."""
        rows = await self.store.query(
            "SELECT game, line FROM digest_items WHERE user_id = ? AND sent_at IS NULL AND (? IS NULL OR "
            "created_at < ?) ORDER BY id",
            (user_id, before, before),
        )
        return [(r[0], load_line(r[1])) for r in rows]

    async def claim_digest(self, user_id: str, moment: str, now: str) -> bool:
        """Mark the digest for ``moment`` sent (once): its lines too. False if it was sent already."""
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO notify_prefs (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING", (user_id,)
            )
            cur = await db.execute(
                "UPDATE notify_prefs SET digest_at = ? WHERE user_id = ? AND (digest_at IS NULL OR digest_at < ?)",
                (now, user_id, moment),
            )
            if cur.rowcount != 1:
                return False
            await db.execute(
                "UPDATE digest_items SET sent_at = ? WHERE user_id = ? AND sent_at IS NULL AND created_at < ?",
                (now, user_id, moment),
            )
        return True

    # --- turn pings held back by quiet hours ------------------------------------
    async def hold(self, user_id: str, game: int, version: int, until: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT OR REPLACE INTO held_pings (user_id, game, version, fire_at) VALUES (?, ?, ?, ?)",
                (user_id, game, version, until),
            )

    async def held_due(self, now: str) -> list[tuple[str, int, int]]:
        """(user, game, version) of held pings due now, each claimed once."""
        async with self.store.transaction() as db:
            rows = list(
                await db.execute_fetchall(
                    "SELECT user_id, game, version FROM held_pings WHERE sent_at IS NULL AND fire_at <= ?", (now,)
                )
            )
            await db.execute("UPDATE held_pings SET sent_at = ? WHERE sent_at IS NULL AND fire_at <= ?", (now, now))
        return [(r[0], r[1], r[2]) for r in rows]

    # --- standing answers -----------------------------------------------------
    async def set_auto(self, user_id: str, game: int, kind: str, on: bool, now: str) -> bool:
        """Add or remove one standing answer; True if something changed."""
        async with self.store.transaction() as db:
            if on:
                cur = await db.execute(
                    "INSERT OR IGNORE INTO auto_answers (user_id, game, kind, created_at) VALUES (?, ?, ?, ?)",
                    (user_id, game, kind, now),
                )
            else:
                cur = await db.execute(
                    "DELETE FROM auto_answers WHERE user_id = ? AND game = ? AND kind = ?", (user_id, game, kind)
                )
            return cur.rowcount == 1

    async def autos(self, game: int | None = None, user_id: str | None = None) -> list[tuple[str, int, str]]:
        """(user, game, kind) of standing answers, filtered by game and/or user."""
        rows = await self.store.query(
            "SELECT user_id, game, kind FROM auto_answers WHERE (? IS NULL OR game = ?) AND (? IS NULL OR "
            "user_id = ?) ORDER BY game, kind",
            (game, game, user_id, user_id),
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def games_to_answer(self) -> list[int]:
        """Active games where a player with a standing answer owes something (the timer loop's sweep)."""
        rows = await self.store.query(
            "SELECT DISTINCT a.game FROM auto_answers a JOIN games g ON g.id = a.game WHERE g.status = 'active' "
            "AND instr(g.waiting, '\"' || a.user_id || '\"') > 0"
        )
        return [r[0] for r in rows]
