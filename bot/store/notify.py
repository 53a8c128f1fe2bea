"""Notification preferences in the database (their time arithmetic, quiet hours and local days, is
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
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Connection, Select, bindparam, delete, func, insert, literal_column, select, text, update

from . import schema
from .database import EXCLUDED, instr, replace, upsert
from .lines import dump_line, load_line
from .store import GameStore
from .times import iso, parse

MODES = ("channel", "dm", "digest")
DEFAULT_BUDGET = 0  # no limit


# Read at every action: built once (see bot.store.store).
PREFS: Select[Any] = (
    select(literal_column("*"))
    .select_from(schema.notify_prefs)
    .where(schema.notify_prefs.c.user_id == bindparam("user"))
)
_AUTO = schema.auto_answers
_AUTO_ALL = select(_AUTO.c.user_id, _AUTO.c.game, _AUTO.c.kind).order_by(_AUTO.c.game, _AUTO.c.kind)
#: Standing answers, by (filtered by game, filtered by user).
AUTOS = {
    (False, False): _AUTO_ALL,
    (True, False): _AUTO_ALL.where(_AUTO.c.game == bindparam("game")),
    (False, True): _AUTO_ALL.where(_AUTO.c.user_id == bindparam("user")),
    (True, True): _AUTO_ALL.where(_AUTO.c.game == bindparam("game"), _AUTO.c.user_id == bindparam("user")),
}


_PINGS = schema.pings
INSERT_PING = insert(_PINGS)
PINGS_SINCE = select(func.count()).where(_PINGS.c.user_id == bindparam("user"), _PINGS.c.sent_at >= bindparam("since"))
PRUNE_PINGS = delete(_PINGS).where(_PINGS.c.sent_at < bindparam("before"))


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
        #: When this process last dropped pings older than two days (at most once an hour).
        self._pruned_at: str | None = None

    # --- preferences ----------------------------------------------------------
    async def get(self, user_id: str) -> Prefs:
        rows = await self.store.query(PREFS, {"user": user_id})
        if not rows:
            return Prefs(user_id)
        r = rows[0]._mapping
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
            r.get("language"),  # a column of legacy migration 9
        )

    async def put(self, prefs: Prefs) -> None:
        """Store ``prefs``; a change by the user also forgets closed DMs (they may have opened them)."""
        values: dict[str, Any] = {
            "user_id": prefs.user_id,
            "mode": prefs.mode,
            "tz": prefs.tz,
            "quiet_start": prefs.quiet_start,
            "quiet_end": prefs.quiet_end,
            "budget": prefs.budget,
            "dm_closed_at": prefs.dm_closed_at,
            "hint_sent_at": prefs.hint_sent_at,
            "digest_at": prefs.digest_at,
            "updated_at": prefs.updated_at,
        }
        if prefs.language is not None:  # NULL otherwise: the row is replaced whole
            values["language"] = prefs.language
        async with self.store.transaction() as db:
            await db.execute(replace(db.dialect.name, schema.notify_prefs, values, ["user_id"]))

    async def languages(self, user_ids: list[str]) -> dict[str, str]:
        """The chosen languages of those of ``user_ids`` who chose one."""
        if not user_ids:
            return {}
        p = schema.notify_prefs
        rows = await self.store.query(
            select(p.c.user_id, p.c.language).where(p.c.language.is_not(None), p.c.user_id.in_(list(user_ids)))
        )
        return {r[0]: r[1] for r in rows}

    async def dm_closed(self, user_id: str, now: str) -> bool:
        """Remember a 403; True if the one fallback hint is still to be posted (it is marked sent)."""
        async with self.store.transaction() as db:
            p = schema.notify_prefs
            values = {"user_id": user_id, "dm_closed_at": now}
            await db.execute(upsert(db.dialect.name, p, values, ["user_id"], {"dm_closed_at": EXCLUDED}))
            cur = await db.execute(
                update(p).where(p.c.user_id == user_id, p.c.hint_sent_at.is_(None)).values(hint_sent_at=now)
            )
            return cur.rowcount == 1

    async def users_with_digests(self) -> list[str]:
        """Users in digest mode or with lines waiting for a digest."""
        rows = await self.store.query(
            text(
                "SELECT user_id FROM notify_prefs WHERE mode = 'digest' UNION "
                "SELECT user_id FROM digest_items WHERE sent_at IS NULL"
            )
        )
        return [r[0] for r in rows]

    # --- the daily budget -----------------------------------------------------
    async def pings_since(self, user_id: str, since: str) -> int:
        rows = await self.store.query(PINGS_SINCE, {"user": user_id, "since": since})
        return int(rows[0][0])

    async def count_ping(self, user_id: str, game: int, kind: str, now: str) -> None:
        """Note a ping sent (for the daily budget), in a transaction of its own (one unit of work)."""
        await self.store.transact(self.count_pings, [user_id], game, kind, now)

    def count_pings(self, db: Connection, users: list[str], game: int, kind: str, now: str) -> None:
        """Note a ping sent to each of ``users`` (for the daily budget) in the write unit ``db`` (see
        :meth:`GameStore.transact <bot.store.store.GameStore.transact>`: a turn message's pings are
        counted with the message, :mod:`bot.store.turn_messages`); pings older than two days, which
        no budget reads, are dropped at most once an hour (a statement less on almost every ping)."""
        if not users:
            return
        db.execute(INSERT_PING, [{"user_id": user, "game": game, "kind": kind, "sent_at": now} for user in users])
        if self._pruned_at is None or parse(now) - parse(self._pruned_at) >= timedelta(hours=1):
            db.execute(PRUNE_PINGS, {"before": iso(parse(now) - timedelta(days=2))})
            self._pruned_at = now

    # --- the digest -----------------------------------------------------------
    async def queue(self, user_id: str, game: int, line: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                insert(schema.digest_items).values(user_id=user_id, game=game, line=dump_line(line), created_at=now)
            )

    async def waiting_items(self, user_id: str, before: str | None = None) -> list[tuple[int, str]]:
        """(game, line) of unsent digest lines (created before ``before``), oldest first."""
        d = schema.digest_items
        query = select(d.c.game, d.c.line).where(d.c.user_id == user_id, d.c.sent_at.is_(None)).order_by(d.c.id)
        if before is not None:
            query = query.where(d.c.created_at < before)
        rows = await self.store.query(query)
        return [(r[0], load_line(r[1])) for r in rows]

    async def claim_digest(self, user_id: str, moment: str, now: str) -> bool:
        """Mark the digest for ``moment`` sent (once): its lines too. False if it was sent already."""
        async with self.store.transaction() as db:
            p, d = schema.notify_prefs, schema.digest_items
            await db.execute(upsert(db.dialect.name, p, {"user_id": user_id}, ["user_id"]))
            cur = await db.execute(
                update(p)
                .where(p.c.user_id == user_id, p.c.digest_at.is_(None) | (p.c.digest_at < moment))
                .values(digest_at=now)
            )
            if cur.rowcount != 1:
                return False
            await db.execute(
                update(d)
                .where(d.c.user_id == user_id, d.c.sent_at.is_(None), d.c.created_at < moment)
                .values(sent_at=now)
            )
        return True

    # --- turn pings held back by quiet hours ------------------------------------
    async def hold(self, user_id: str, game: int, version: int, until: str) -> None:
        async with self.store.transaction() as db:
            values = {"user_id": user_id, "game": game, "version": version, "fire_at": until}
            await db.execute(replace(db.dialect.name, schema.held_pings, values, ["user_id", "game"]))

    async def held_due(self, now: str) -> list[tuple[str, int, int]]:
        """(user, game, version) of held pings due now, each claimed once: one ``UPDATE … RETURNING``,
        so two processes claiming at once on PostgreSQL (``READ COMMITTED``: the second re-checks
        ``sent_at`` after the first commits) never both get a row, as a read then a write could."""
        async with self.store.transaction() as db:
            h = schema.held_pings
            claim = (
                update(h)
                .where(h.c.sent_at.is_(None), h.c.fire_at <= now)
                .values(sent_at=now)
                .returning(h.c.user_id, h.c.game, h.c.version)
            )
            rows = (await db.execute(claim)).all()
        return sorted((r[0], r[1], r[2]) for r in rows)

    # --- standing answers -----------------------------------------------------
    async def set_auto(self, user_id: str, game: int, kind: str, on: bool, now: str) -> bool:
        """Add or remove one standing answer; True if something changed."""
        async with self.store.transaction() as db:
            a = schema.auto_answers
            if on:
                values = {"user_id": user_id, "game": game, "kind": kind, "created_at": now}
                cur = await db.execute(upsert(db.dialect.name, a, values, ["user_id", "game", "kind"]))
            else:
                cur = await db.execute(delete(a).where(a.c.user_id == user_id, a.c.game == game, a.c.kind == kind))
            return cur.rowcount == 1

    async def autos(self, game: int | None = None, user_id: str | None = None) -> list[tuple[str, int, str]]:
        """(user, game, kind) of standing answers, filtered by game and/or user."""
        query = AUTOS[game is not None, user_id is not None]
        rows = await self.store.query(query, {"game": game, "user": user_id})
        return [(r[0], r[1], r[2]) for r in rows]

    async def games_to_answer(self) -> list[int]:
        """Active games where a player with a standing answer owes something (the timer loop's sweep)."""
        a, g = schema.auto_answers, schema.games
        rows = await self.store.query(
            select(a.c.game)
            .distinct()
            .join(g, g.c.id == a.c.game)
            .where(g.c.status == "active", instr(g.c.waiting, '"' + a.c.user_id + '"') > 0)
        )
        return [r[0] for r in rows]
