"""Puerto Rico through the service: random games with undo attempts, mentions and replay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from bot_helpers import play_random, service_at, start_game, stored_state, waiting_users

import engine
from engine.core import play

if "puerto_rico" not in [g.spec.id for g in engine.all_games()]:
    pytest.skip("Puerto Rico is not registered", allow_module_level=True)
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
        assert play.dumps(await svc.rebuild(row)) == snap
        assert version == len(await svc.store.actions(row))
