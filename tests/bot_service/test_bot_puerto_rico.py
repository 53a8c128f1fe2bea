"""Puerto Rico through the service: random games with undo attempts, mentions and replay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from bot_helpers import play_random, service_at, start_game, stored_state, waiting_users

import engine
from engine.core import play

GAME = engine.get_game("puerto_rico")


@pytest.mark.parametrize(("seed", "names"), [(1, ("Ann", "Bob", "Cy")), (2, ("Ann", "Bob", "Cy", "Dee"))])
async def test_random_game_with_undos_replays_exactly(tmp_path: Path, seed: int, names: tuple[str, ...]) -> None:
    async with service_at(tmp_path / "pr.sqlite3", seed=seed) as svc:
        started = await start_game(svc, names, seed=seed, game_id="puerto_rico")
        row = started.game_row or 0
        users = [s.user_id for s in await svc.store.seats(row)]
        results = [started] + await play_random(svc, started, random.Random(seed), undo_rate=0.1)
        final = results[-1]
        assert final.game_over and final.status == "finished" and "Final scores:" in final.public
        assert any(r.public and "took back" in r.public[0] for r in results)
        for result in results[:: max(1, len(results) // 40)]:
            state = play.loads(await svc.store.snapshot(row, result.version or 0) or "{}")
            assert result.mention == waiting_users(state, users, GAME)
        version, snap = await stored_state(svc, row)
        assert play.dumps(await svc.archive.rebuild(row)) == snap
        assert version == len(await svc.store.actions(row))
        assert final.outcome is not None
        for seat, user_id in enumerate(users):  # /stats reads the stored outcome: "won" or the place
            mine, line = final.outcome.seat(seat), (await svc.stats.player(user_id)).recent[0].outcome
            assert line.startswith("won" if mine.winner else f"{mine.rank}") and line.endswith(f", {mine.total} points")
        export = await svc.archive.export("chan-1")  # the replay regenerates every stored line exactly
        imported = await svc.archive.import_record("chan-bug", "g", "u-dev", "Dev", export.text)
        assert (await svc.store.game(imported.game_row)).version == version  # type: ignore[union-attr]


@pytest.mark.sqlite_only
async def test_a_game_stored_under_other_rules_is_refused_not_replayed(tmp_path: Path) -> None:
    """No silent drift: a stored rules_version that differs from the engine's stops play."""
    import aiosqlite

    from bot.service.results import ServiceError

    path = tmp_path / "pr.sqlite3"
    async with service_at(path) as svc:
        started = await start_game(svc, ("Ann", "Bob", "Cy"), game_id="puerto_rico")
        row = started.game_row or 0
    async with aiosqlite.connect(str(path)) as db:
        await db.execute("UPDATE games SET rules_version = rules_version + 1 WHERE id = ?", (row,))
        await db.commit()
    async with service_at(path) as svc:
        waiting = started.waiting[0]
        with pytest.raises(ServiceError) as err:
            await svc.play.act("chan-1", waiting, text=started.legal[waiting][0])
        assert err.value.code == "rules_version" and "rules version" in str(err.value)
        version, _ = await stored_state(svc, row)
        assert version == started.version
