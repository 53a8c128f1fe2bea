"""Migration 3 upgrades a version-2 database in place: the log survives the actions-table rebuild."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_helpers import CHANNEL, service_at, start_game

from bot.service.pings import PingPlan
from bot.store import migrations
from bot.store.rows import ConstraintError
from bot.store.store import GameStore, split_statements

#: The whole module works on SQLite files (not also run on PostgreSQL, see conftest.py).
pytestmark = pytest.mark.sqlite_only


async def test_upgrade_from_version_2_keeps_the_log_and_allows_rollbacks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.sqlite3"
    monkeypatch.setattr("bot.store.store.MIGRATIONS", migrations.MIGRATIONS[:2])
    async with service_at(path) as svc:

        async def no_away_tables_yet(user: str, game_row: int, result: object) -> None:  # away mode: migration 5
            return None

        async def no_standing_answers_yet(txn: object) -> None:  # auto_answers come with a later migration
            return None

        async def no_notify_tables_yet(record: object, users: list[str]) -> PingPlan:
            return PingPlan(users)

        monkeypatch.setattr(svc.away, "moved", no_away_tables_yet)
        monkeypatch.setattr(svc.steps.standing, "answer", no_standing_answers_yet)

        async def no_turn_messages_yet(*args: object) -> None:  # turn_messages: migration 8
            return None

        monkeypatch.setattr(svc.pings, "plan", no_notify_tables_yet)
        monkeypatch.setattr(svc.steps.turn_messages.book, "get", no_turn_messages_yet)
        monkeypatch.setattr(svc.steps.turn_messages.book, "put", no_turn_messages_yet)
        started = await start_game(svc)
        await svc.play.act(CHANNEL, started.waiting[0], "step")
        await svc.play.undo(CHANNEL, started.waiting[0])
        assert await svc.store.schema_version() == 2
        before = [(a.version, a.kind, a.text, a.created_at) for a in await svc.store.actions(started.game_row or 0)]
    monkeypatch.setattr("bot.store.store.MIGRATIONS", migrations.MIGRATIONS)
    store = await GameStore.open(path)
    try:
        assert await store.schema_version() == len(migrations.MIGRATIONS) >= 3
        after = [(a.version, a.kind, a.text, a.created_at) for a in await store.actions(started.game_row or 0)]
        assert after == before == [(1, "action", "step", before[0][3]), (2, "undo", "step", before[1][3])]
        await store.append(
            started.game_row or 0,
            expected_version=2,
            seat=-1,
            user_id="admin",
            kind="rollback",
            text="0",
            undo_barrier=False,
            public_lines=["rolled back"],
            state_json="{}",
            waiting=[],
            now="t",
        )
        with pytest.raises(ConstraintError, match="CHECK"):
            await store.query(
                "INSERT INTO actions (game, version, seat, user_id, kind, text, created_at) "
                "VALUES (1, 9, 0, 'u', 'teleport', 'x', 't')"
            )
        for table in ("votes", "ballots", "audit"):
            assert await store.query(f"SELECT COUNT(*) FROM {table}")
    finally:
        await store.close()


def test_migration_3_splits_into_plain_statements() -> None:
    statements = split_statements(migrations.MIGRATIONS[2])
    assert statements[0].startswith("CREATE TABLE actions_v3") and len(statements) == 12
