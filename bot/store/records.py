"""Companion store for history and control: seat holders by name, the audit trail, imported games.

Like :mod:`bot.store.deadlines`, it works through :meth:`GameStore.query` and
:meth:`GameStore.transaction` with SQLAlchemy Core statements on :mod:`bot.store.schema`; times are
ISO-8601 UTC strings from the caller. Rows read back "oldest first" come in insertion order
(their ``seq`` key, revision 0003).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update

from . import schema
from .lines import dump_line
from .rows import ActionRecord
from .store import GameStore

IMPORTED = "import"


@dataclass(frozen=True)
class Holder:
    """Who held a seat from which version on (``reason``: start, self, host, admin, timeout)."""

    seat: int
    user_id: str
    name: str | None
    from_version: int
    reason: str


def imported_user(seat: int) -> str:
    """The placeholder member id of a seat in an imported (read-only) game."""
    return f"imported:{seat}"


class Records:
    """The ``audit`` and ``seat_holders`` tables, ``games.origin`` and ``games.language``, bulk writes for imports."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def set_origin(self, game: int, origin: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(update(schema.games).where(schema.games.c.id == game).values(origin=origin))

    async def set_language(self, game: int, language: str) -> bool:
        """Set the table's language for its public messages; True if it changed."""
        async with self.store.transaction() as db:
            games = schema.games
            cur = await db.execute(
                update(games).where(games.c.id == game, games.c.language != language).values(language=language)
            )
            return cur.rowcount == 1

    async def holders(self, game: int) -> list[Holder]:
        h = schema.seat_holders
        rows = await self.store.query(
            select(h.c.seat, h.c.user_id, h.c.name, h.c.from_version, h.c.reason)
            .where(h.c.game == game)
            .order_by(h.c.seq)
        )
        return [Holder(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def latest_of_seat(self, game: int, seat: int) -> tuple[str, str] | None:
        """(kind, text) of the latest log row of ``seat``, or of a rollback if one (anybody's) came
        after it; ``None`` when there is neither."""
        a = schema.actions
        rows = await self.store.query(
            select(a.c.kind, a.c.text)
            .where(a.c.game == game, (a.c.seat == seat) | (a.c.kind == "rollback"))
            .order_by(a.c.version.desc())
            .limit(1)
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def audit(self, game: int, version: int, by_user: str, what: str, detail: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                insert(schema.audit).values(
                    game=game, version=version, by_user=by_user, what=what, detail=detail, created_at=now
                )
            )

    async def audit_trail(self, game: int) -> list[tuple[int, str, str, str]]:
        """(version, by_user, what, detail) of every audited action, oldest first."""
        a = schema.audit
        rows = await self.store.query(
            select(a.c.version, a.c.by_user, a.c.what, a.c.detail).where(a.c.game == game).order_by(a.c.seq)
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    async def import_game(
        self,
        *,
        channel_id: str,
        guild_id: str | None,
        game_id: str,
        title: str,
        options: dict[str, Any],
        spec: str | None,
        rules_version: int,
        clock: str,
        status: str,
        seed: int,
        creator_id: str,
        seats: Sequence[tuple[str, str | None]],
        actions: Sequence[ActionRecord],
        snapshots: Sequence[str],
        now: str,
    ) -> int:
        """Store a replayed record as an ended game with every step's snapshot; returns its row."""
        async with self.store.transaction() as db:
            row: int = (
                await db.execute(
                    insert(schema.games)
                    .values(
                        channel_id=channel_id,
                        guild_id=guild_id,
                        game_id=game_id,
                        title=dump_line(title),
                        options=json.dumps(options, sort_keys=True),
                        spec=spec,
                        rules_version=rules_version,
                        status=status,
                        version=len(snapshots) - 1,
                        seed=seed,
                        creator_id=creator_id,
                        created_at=now,
                        updated_at=now,
                        clock=clock,
                        origin=IMPORTED,
                    )
                    .returning(schema.games.c.id)
                )
            ).scalar_one()
            seat_rows = [
                {
                    "game": row,
                    "user_id": imported_user(i),
                    "join_order": i,
                    "seat": i,
                    "colour": colour,
                    "name": name,
                    "joined_at": now,
                }
                for i, (name, colour) in enumerate(seats)
            ]
            if seat_rows:
                await db.execute(insert(schema.seats), seat_rows)
            action_rows = [
                {
                    "game": row,
                    "version": a.version,
                    "seat": a.seat,
                    "user_id": a.user_id,
                    "kind": a.kind,
                    "text": a.text,
                    "undo_barrier": int(a.undo_barrier),
                    "public_lines": json.dumps(a.public_lines),
                    "created_at": a.created_at,
                }
                for a in actions
            ]
            if action_rows:
                await db.execute(insert(schema.actions), action_rows)
            snapshot_rows = [{"game": row, "version": v, "state_json": text} for v, text in enumerate(snapshots)]
            if snapshot_rows:
                await db.execute(insert(schema.snapshots), snapshot_rows)
        return row
