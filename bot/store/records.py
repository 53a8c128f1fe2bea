"""Companion store for history and control: seat holders by name, the audit trail, imported games.

Like :mod:`bot.store.deadlines`, it works through :meth:`GameStore.query` and
:meth:`GameStore.transaction`; times are ISO-8601 UTC strings from the caller.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
            await db.execute("UPDATE games SET origin = ? WHERE id = ?", (origin, game))

    async def set_language(self, game: int, language: str) -> bool:
        """Set the table's language for its public messages; True if it changed."""
        async with self.store.transaction() as db:
            cur = await db.execute(
                "UPDATE games SET language = ? WHERE id = ? AND language != ?", (language, game, language)
            )
            return cur.rowcount == 1

    async def holders(self, game: int) -> list[Holder]:
        rows = await self.store.query(
            "SELECT seat, user_id, name, from_version, reason FROM seat_holders WHERE game = ? ORDER BY rowid", (game,)
        )
        return [Holder(r[0], r[1], r[2], r[3], r[4]) for r in rows]

    async def audit(self, game: int, version: int, by_user: str, what: str, detail: str, now: str) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                "INSERT INTO audit (game, version, by_user, what, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game, version, by_user, what, detail, now),
            )

    async def audit_trail(self, game: int) -> list[tuple[int, str, str, str]]:
        """(version, by_user, what, detail) of every audited action, oldest first."""
        rows = await self.store.query(
            "SELECT version, by_user, what, detail FROM audit WHERE game = ? ORDER BY rowid", (game,)
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
            cur = await db.execute(
                "INSERT INTO games (channel_id, guild_id, game_id, title, options, spec, rules_version, status, "
                "version, seed, creator_id, created_at, updated_at, clock, origin) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    channel_id,
                    guild_id,
                    game_id,
                    dump_line(title),
                    json.dumps(options, sort_keys=True),
                    spec,
                    rules_version,
                    status,
                    len(snapshots) - 1,
                    seed,
                    creator_id,
                    now,
                    now,
                    clock,
                    IMPORTED,
                ),
            )
            row = cur.lastrowid
            assert row is not None
            await db.executemany(
                "INSERT INTO seats (game, user_id, join_order, seat, colour, name, joined_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row, imported_user(i), i, i, colour, name, now) for i, (name, colour) in enumerate(seats)],
            )
            await db.executemany(
                "INSERT INTO actions (game, version, seat, user_id, kind, text, undo_barrier, public_lines, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        row,
                        a.version,
                        a.seat,
                        a.user_id,
                        a.kind,
                        a.text,
                        int(a.undo_barrier),
                        json.dumps(a.public_lines),
                        a.created_at,
                    )
                    for a in actions
                ],
            )
            await db.executemany(
                "INSERT INTO snapshots (game, version, state_json) VALUES (?, ?, ?)",
                [(row, v, text) for v, text in enumerate(snapshots)],
            )
        return row
