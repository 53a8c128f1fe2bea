"""/admin through the service: who may, force a default, replace, roll back, end; all stored and audited."""

from __future__ import annotations

from bot_helpers import CHANNEL, refused, start_game, stored_state, user

from bot.service.service import GameService
from bot.store.records import Records
from engine.core import play

ZED = "u-zed"  # a moderator who does not play


async def test_only_the_creator_or_a_channel_manager(svc: GameService) -> None:
    await start_game(svc, ("Ann", "Bob"))
    for call in (
        svc.admin.force(CHANNEL, user("Bob"), "Bob"),
        svc.admin.rollback(CHANNEL, ZED, "Zed", 0),
        svc.admin.end(CHANNEL, user("Bob"), "Bob"),
        svc.admin.replace(CHANNEL, ZED, "Zed", user("Ann"), "u-dee", "Dee"),
    ):
        assert "creator or someone who can manage" in await refused("not_allowed", call)
    assert (await svc.admin.force(CHANNEL, user("Ann"), "Ann")).version == 1  # the creator
    assert (await svc.admin.force(CHANNEL, ZED, "Zed", can_manage=True)).version == 2  # a manager


async def test_force_plays_the_default_and_records_who_did_it(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), {"cards": "no"}, seed=3)
    row, late = started.game_row or 0, started.waiting[0]
    late_name = "Ann" if late == user("Ann") else "Bob"
    forced = await svc.admin.force(CHANNEL, ZED, "Zed", can_manage=True)
    assert forced.public[0] == f"🛠 Zed (admin) forced the default for {late_name}: `step`."
    assert forced.board_changed and forced.version == 1
    row1 = (await svc.store.actions(row))[-1]
    assert (row1.kind, row1.text, row1.user_id) == ("action", "step", ZED)
    assert await svc.core.deadlines.timeouts(row) == [(row1.seat, late, "default")]
    assert [(v, by, what) for v, by, what, _ in await Records(svc.store).audit_trail(row)] == [(1, ZED, "force")]
    result = forced
    while len(result.waiting) < 2:
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    assert "Several players are deciding" in await refused("whose", svc.admin.force(CHANNEL, user("Ann"), "Ann"))
    chosen = await svc.admin.force(CHANNEL, user("Ann"), "Ann", player=user("Bob"))
    assert "forced the default for Bob: `rest`" in chosen.public[0] and user("Bob") not in chosen.waiting
    assert "owes no decision" in await refused(
        "not_waiting", svc.admin.force(CHANNEL, user("Ann"), "Ann", player=user("Bob"))
    )
    await refused("not_seated", svc.admin.force(CHANNEL, user("Ann"), "Ann", player=ZED))
    assert play.dumps(await svc.archive.rebuild(row)) == (await stored_state(svc, row))[1]


async def test_force_passes_where_there_is_no_default_else_refuses(svc: GameService) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_stubborn")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=2)
    assert "has no safe default" in await refused("no_default", svc.admin.force(CHANNEL, user("Ann"), "Ann"))
    await svc.play.act(CHANNEL, started.waiting[0], "step")
    passed = await svc.admin.force(CHANNEL, user("Ann"), "Ann")
    assert passed.public[0].endswith(": `pass`.") and started.waiting[0] not in passed.waiting


async def test_replace_rollback_and_end(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), seed=5)
    row, mover = started.game_row or 0, started.waiting[0]
    await svc.play.act(CHANNEL, mover, "step")
    replaced = await svc.admin.replace(CHANNEL, ZED, "Zed", user("Bob"), "u-dee", "Dee", can_manage=True)
    assert replaced.public == ["🛠 Zed (admin) replaced Bob's player with Dee, who now plays as Bob."]
    assert "u-dee" in [s.user_id for s in await svc.store.seats(row)]
    await refused("already_seated", svc.admin.replace(CHANNEL, ZED, "Zed", user("Ann"), "u-dee", "Dee", True))
    back = await svc.admin.rollback(CHANNEL, user("Ann"), "Ann", 0)
    assert back.public == ["🛠 Ann (admin) rolled the game back to the board after step 0."] and back.version == 2
    assert await stored_state(svc, row) == (2, await svc.store.snapshot(row, 0))
    last = (await svc.store.actions(row))[-1]
    assert (last.kind, last.text, last.seat, last.user_id) == ("rollback", "0", -1, user("Ann"))
    assert "rolled the game back" in (await svc.archive.log(CHANNEL)).lines[-1]
    await refused("bad_step", svc.admin.rollback(CHANNEL, user("Ann"), "Ann", 2))
    ended = await svc.admin.end(CHANNEL, ZED, "Zed", can_manage=True)
    assert ended.game_row == row and ended.public[0].startswith("🛠 Zed (admin) ended the Toy Race game at step 2")
    assert (await svc.store.game(row)).status == "abandoned"  # type: ignore[union-attr]
    trail = [what for _, _, what, _ in await Records(svc.store).audit_trail(row)]
    assert trail == ["admin", "rollback", "end"]
    await refused("no_game", svc.admin.end(CHANNEL, ZED, "Zed", can_manage=True))
