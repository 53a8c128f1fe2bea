"""Away mode in the database: who is away until when (``away``), whose deadlines are frozen
(``frozen_clocks``), and the latest turn message of each game (``turn_posts``, for jump links).

A frozen clock stays ``running`` in ``clocks`` but with ``due_at`` NULL, so nothing fires for it;
``frozen_clocks`` keeps the seconds that were left (of the table's open time, with playing hours).
Thawing sets the deadline to that much table time after now and moves ``opened_at`` on by the
table time spent frozen, so the bank is never charged for it.
Times are ISO-8601 UTC strings from the caller; reading ``/away until`` is
:func:`bot.service.away.parse_until`.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import bindparam, delete, func, insert, select, text, update

from . import schema
from .database import EXCLUDED, replace, upsert
from .store import GameStore
from .times import OpenTime


@dataclass(frozen=True)
class Frozen:
    """One frozen deadline: ``remaining`` seconds were left when it was frozen at ``frozen_at``."""

    game: int
    seat: int
    user_id: str
    frozen_at: str
    remaining: int


# Read at every action: built once (see bot.store.store).
UNTIL = select(schema.away.c.until).where(schema.away.c.user_id == bindparam("user"))
#: A game's latest turn message (for jump links): a newer version's replaces an older one's, kept if
#: a later one was noted meanwhile.
NOTE_POST = text(
    "INSERT INTO turn_posts (game, version, message_id, posted_at) VALUES (:game, :version, :message, :now) "
    "ON CONFLICT (game) DO UPDATE SET version = excluded.version, message_id = excluded.message_id, "
    "posted_at = excluded.posted_at WHERE excluded.version >= turn_posts.version"
)
AWAY_AMONG = select(schema.away.c.user_id).where(schema.away.c.user_id.in_(bindparam("users", expanding=True)))


class AwayBook:
    """The ``away``, ``frozen_clocks`` and ``turn_posts`` tables of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # --- who is away --------------------------------------------------------
    async def until(self, user_id: str) -> str | None:
        rows = await self.store.query(UNTIL, {"user": user_id})
        return str(rows[0][0]) if rows else None

    async def away_among(self, users: list[str]) -> set[str]:
        rows = await self.store.query(AWAY_AMONG, {"users": users}) if users else []
        return {r[0] for r in rows}

    async def set(self, user_id: str, until: str, now: str) -> None:
        async with self.store.transaction() as db:
            values = {"user_id": user_id, "since": now, "until": until}
            await db.execute(upsert(db.dialect.name, schema.away, values, ["user_id"], {"until": EXCLUDED}))

    async def clear(self, user_id: str) -> bool:
        """End ``user_id``'s absence; False if they were not away (or someone else ended it first)."""
        async with self.store.transaction() as db:
            cur = await db.execute(delete(schema.away).where(schema.away.c.user_id == user_id))
            return cur.rowcount == 1

    async def ended(self, now: str) -> list[str]:
        """Users whose absence has run out by ``now``."""
        a = schema.away
        rows = await self.store.query(select(a.c.user_id).where(a.c.until <= now).order_by(a.c.until))
        return [r[0] for r in rows]

    async def next_end(self) -> str | None:
        rows = await self.store.query(select(func.min(schema.away.c.until)))
        return rows[0][0] if rows else None

    # --- frozen deadlines ---------------------------------------------------
    async def to_freeze(self, game: int | None = None) -> list[tuple[int, int, str]]:
        """(game, seat, user) of running deadlines held by away users that are not frozen yet."""
        where = "" if game is None else " AND c.game = :game"
        rows = await self.store.query(
            text(
                "SELECT c.game, c.seat, s.user_id FROM clocks c JOIN seats s ON s.game = c.game AND s.seat = c.seat "
                "JOIN away a ON a.user_id = s.user_id WHERE c.state = 'running' AND c.due_at IS NOT NULL" + where
            ),
            {} if game is None else {"game": game},
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def to_thaw(self) -> list[Frozen]:
        """Frozen deadlines whose holder is no longer away, or whose seat changed hands or stopped."""
        f, s, c = schema.frozen_clocks, schema.seats, schema.clocks
        rows = await self.store.query(
            select(f)
            .outerjoin(s, (s.c.game == f.c.game) & (s.c.seat == f.c.seat))
            .outerjoin(c, (c.c.game == f.c.game) & (c.c.seat == f.c.seat))
            .where(
                s.c.user_id.is_distinct_from(f.c.user_id)
                | c.c.state.is_distinct_from("running")
                | f.c.user_id.not_in(select(schema.away.c.user_id))
            )
        )
        return [Frozen(r.game, r.seat, r.user_id, r.frozen_at, r.remaining) for r in rows]

    async def frozen(self, game: int | None = None, user_id: str | None = None) -> list[Frozen]:
        f = schema.frozen_clocks
        query = select(f).order_by(f.c.game, f.c.seat)
        if game is not None:
            query = query.where(f.c.game == game)
        if user_id is not None:
            query = query.where(f.c.user_id == user_id)
        rows = await self.store.query(query)
        return [Frozen(r.game, r.seat, r.user_id, r.frozen_at, r.remaining) for r in rows]

    async def freeze(self, game: int, seat: int, user_id: str, now: str, time: OpenTime) -> bool:
        """Freeze one running deadline; False if it was not running (or already frozen). The seconds
        left are of the table's open time, as ``time`` counts it."""
        async with self.store.transaction() as db:
            rows = (
                await db.execute(
                    text(
                        "SELECT c.due_at, g.hours, g.hours_tz FROM clocks c JOIN games g ON g.id = c.game "
                        "WHERE c.game = :game AND c.seat = :seat AND c.state = 'running' AND c.due_at IS NOT NULL"
                    ),
                    {"game": game, "seat": seat},
                )
            ).all()
            if not rows:
                return False
            remaining = max(0, time.open_seconds(rows[0][1], rows[0][2], now, rows[0][0]))
            values = {"game": game, "seat": seat, "user_id": user_id, "frozen_at": now, "remaining": remaining}
            await db.execute(replace(db.dialect.name, schema.frozen_clocks, values, ["game", "seat"]))
            c = schema.clocks
            await db.execute(update(c).where(c.c.game == game, c.c.seat == seat).values(due_at=None))
            await db.execute(
                insert(schema.clock_log).values(
                    game=game, seat=seat, user_id=user_id, event="freeze", detail=f"{remaining} s left", created_at=now
                )
            )
        return True

    async def thaw(self, frozen: Frozen, now: str, time: OpenTime) -> tuple[str, str] | None:
        """Run a frozen deadline again (its times moved by the table's open time, as ``time`` counts
        it); (old, new) ``opened_at`` when it runs, ``None`` if it had stopped."""
        async with self.store.transaction() as db:
            f, c = schema.frozen_clocks, schema.clocks
            await db.execute(delete(f).where(f.c.game == frozen.game, f.c.seat == frozen.seat))
            rows = (
                await db.execute(
                    text(
                        "SELECT c.opened_at, g.hours, g.hours_tz FROM clocks c JOIN games g ON g.id = c.game "
                        "WHERE c.game = :game AND c.seat = :seat AND c.state = 'running' AND c.due_at IS NULL"
                    ),
                    {"game": frozen.game, "seat": frozen.seat},
                )
            ).all()
            if not rows:
                return None
            old, hours, tz = rows[0][0], rows[0][1], rows[0][2]
            new = time.advance(hours, tz, old, max(0, time.open_seconds(hours, tz, frozen.frozen_at, now)))
            await db.execute(
                update(c)
                .where(c.c.game == frozen.game, c.c.seat == frozen.seat)
                .values(opened_at=new, due_at=time.advance(hours, tz, now, frozen.remaining))
            )
            await db.execute(
                insert(schema.clock_log).values(
                    game=frozen.game,
                    seat=frozen.seat,
                    user_id=frozen.user_id,
                    event="thaw",
                    detail=f"{frozen.remaining} s left",
                    created_at=now,
                )
            )
        return old, new

    # --- the latest turn message of each game (jump links) ------------------
    async def note_post(self, game: int, version: int, message_id: str, now: str) -> None:
        values = {"game": game, "version": version, "message": message_id, "now": now}
        await self.store.transact(lambda db: db.execute(NOTE_POST, values))

    async def posts(self, games: list[int]) -> dict[int, str]:
        """game -> id of its latest turn message."""
        t = schema.turn_posts
        rows = await self.store.query(select(t.c.game, t.c.message_id).where(t.c.game.in_(games))) if games else []
        return {r[0]: r[1] for r in rows}
