"""Languages (issue 16): each table's language for its public messages (chosen at ``open``, kept by a
rematch, changed by its creator or a channel manager, its current turn message then redrawn: issue
23) and each user's language for private replies; both stored by migration 9, which upgrades an
older database in place."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_helpers import CHANNEL, service_at, start_game, user
from bot_helpers import refused as expect
from test_bot_rematch import finished

from bot.service.service import GameService
from bot.store import migrations
from bot.store.store import GameStore
from render.i18n import tr


async def columns(store: GameStore, table: str) -> dict[str, str]:
    return {r.name: r.dflt_value for r in await store.query(f"PRAGMA table_info({table})")}


@pytest.mark.sqlite_only
async def test_a_fresh_database_has_the_language_columns(tmp_path: Path) -> None:
    store = await GameStore.open(tmp_path / "fresh.sqlite3")
    try:
        assert await store.schema_version() == len(migrations.MIGRATIONS) >= 9
        assert (await columns(store, "games"))["language"] == "'en'"
        assert "language" in await columns(store, "notify_prefs")
    finally:
        await store.close()


@pytest.mark.sqlite_only
async def test_an_older_database_upgrades_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "old.sqlite3"
    monkeypatch.setattr("bot.store.store.MIGRATIONS", migrations.MIGRATIONS[:8])
    async with service_at(path) as svc:
        started = await start_game(svc)
        await svc.notify.settings(user("Ann"), mode="dm")
        assert await svc.store.schema_version() == 8
        assert "language" not in await columns(svc.store, "games")
    monkeypatch.setattr("bot.store.store.MIGRATIONS", migrations.MIGRATIONS)
    async with service_at(path) as svc:
        assert await svc.store.schema_version() == len(migrations.MIGRATIONS)
        table = await svc.table(started.game_row or 0)
        assert table.language == "en" and table.active
        assert (await svc.notify.language(user("Ann")), (await svc.core.notify.get(user("Ann"))).mode) == (None, "dm")
        await svc.notify.set_language(user("Ann"), "ja")
        assert await svc.notify.language(user("Ann")) == "ja"
        await svc.play.act(CHANNEL, started.waiting[0], "step")  # the game plays on after the upgrade


async def test_a_table_speaks_the_language_it_was_opened_with(svc: GameService) -> None:
    opened = await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {}, language="ja")
    assert (await svc.table(opened.game_row or 0)).language == "ja"
    assert "ロビー" in tr(opened.public[0], "ja")
    await expect("bad_language", svc.lobby.open("chan-2", "g", user("Ann"), "Ann", "toy_race", {}, language="fr"))
    other = await svc.lobby.open("chan-3", "g", user("Ann"), "Ann", "toy_race", {})
    assert (await svc.table(other.game_row or 0)).language == "en"


async def test_a_rematch_keeps_the_tables_language(svc: GameService) -> None:
    started = await finished(svc, language="ja")
    again = await svc.lobby.rematch(started.game_row or 0, user("Bob"))
    assert again.table.language == "ja" and again.row != started.game_row


async def test_the_creator_or_a_channel_manager_changes_the_language(svc: GameService) -> None:
    started = await start_game(svc)
    row = started.game_row or 0
    await expect("not_allowed", svc.lobby.set_language(CHANNEL, user("Bob"), "ja"))
    await expect("bad_language", svc.lobby.set_language(CHANNEL, user("Ann"), "de"))
    changed = await svc.lobby.set_language(CHANNEL, user("Ann"), "ja")
    assert (await svc.table(row)).language == "ja"
    assert changed.public == ["This table now speaks 日本語."] and tr(changed.public[0], "ja").endswith("。")
    again = await svc.lobby.set_language(CHANNEL, user("Bob"), "ja", can_manage_channel=True)
    assert again.public == ["This table already speaks 日本語."]
    await svc.lobby.set_language(CHANNEL, user("Bob"), "EN", can_manage_channel=True)
    assert (await svc.table(row)).language == "en"
    await expect("no_game", svc.lobby.set_language("elsewhere", user("Ann"), "ja"))


async def test_a_user_sets_and_clears_their_language(svc: GameService) -> None:
    assert await svc.notify.language(user("Ann")) is None
    told = await svc.notify.set_language(user("Ann"), "ja")
    assert await svc.notify.language(user("Ann")) == "ja"
    assert tr(told.lines[0], "ja") != told.lines[0]
    await svc.notify.settings(user("Ann"), mode="dm")  # other settings keep it
    assert await svc.notify.languages([user("Ann"), user("Bob")]) == {user("Ann"): "ja"}
    await expect("bad_language", svc.notify.set_language(user("Ann"), "xx"))
    await svc.notify.set_language(user("Ann"), None)
    assert await svc.notify.language(user("Ann")) is None
    assert (await svc.core.notify.get(user("Ann"))).mode == "dm"


async def test_the_current_turn_message_is_redrawn_in_the_new_language(svc: GameService) -> None:
    started = await start_game(svc)
    row = started.game_row or 0
    assert await svc.redraw(row) is None  # not posted yet: nothing to edit
    await svc.turn_posted(started, "m1")
    await svc.lobby.set_language(CHANNEL, user("Ann"), "ja")
    redraw = await svc.redraw(row)
    assert redraw is not None and not redraw.new and redraw.edit == "m1"
    assert redraw.ping == [] and redraw.dm == {} and redraw.public == [] and redraw.named == started.named
    assert redraw.lines == started.lines and redraw.table.language == "ja"
    assert redraw.version == started.version and redraw.started == started.version
