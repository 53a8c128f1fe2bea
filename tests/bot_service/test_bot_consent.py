"""Undo by consent: unanimity, one open vote, void once the game moves, applied as a new version."""

from __future__ import annotations

import json

from bot_helpers import CHANNEL, refused, start_game, stored_state, user

from bot.service.service import GameService
from bot.store.records import Records
from engine.core import play
from render.i18n import tr


async def two_turns(svc: GameService) -> tuple[int, str, str]:
    """Ann and Bob; the first player's whole turn is done: (row, first, second)."""
    started = await start_game(svc, ("Ann", "Bob"), seed=6)
    first = started.waiting[0]
    second = user("Bob") if first == user("Ann") else user("Ann")
    await svc.play.act(CHANNEL, first, "step")
    await svc.play.act(CHANNEL, first, "step")
    return started.game_row or 0, first, second


async def test_the_table_agrees_to_take_back_a_finished_turn(svc: GameService) -> None:
    row, first, second = await two_turns(svc)
    await refused("turn_passed", svc.play.undo(CHANNEL, first))  # beyond the BGA rule...
    asked = await svc.consent.propose(CHANNEL, first)  # ...the table may still agree
    assert asked.status == "open" and asked.waiting_for == [second] and asked.result.mention == [second]
    assert "asks to go back to the board after step 1" in asked.result.public[0]
    assert "taking back 1 action(s), the latest" in asked.result.public[0]
    assert asked.result.public[-1].startswith("Everyone must agree; waiting for")
    await refused("not_seated", svc.consent.vote(asked.vote_id, "u-zed", True))
    await refused("already_voted", svc.consent.vote(asked.vote_id, first, True))
    done = await svc.consent.vote(asked.vote_id, second, True)
    assert done.status == "passed" and done.result.board_changed and done.result.version == 3
    assert "Everyone agreed" in done.result.public[0] and done.result.waiting == [first]
    assert await stored_state(svc, row) == (3, await svc.store.snapshot(row, 1))
    last = (await svc.store.actions(row))[-1]
    assert (last.kind, last.text) == ("rollback", "1")
    assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, 3)
    assert [(v, by, what) for v, by, what, _ in await Records(svc.store).audit_trail(row)] == [(3, first, "vote")]
    await refused("stale", svc.consent.vote(asked.vote_id, second, True))  # over
    assert (await svc.play.undo(CHANNEL, first)).version == 4  # the BGA undo works on the rolled-back stack
    assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, 0)


async def test_one_no_rejects_and_a_move_voids_the_vote(svc: GameService) -> None:
    row, first, second = await two_turns(svc)
    asked = await svc.consent.propose(CHANNEL, second, step=0)
    await refused("vote_open", svc.consent.propose(CHANNEL, first))
    no = await svc.consent.vote(asked.vote_id, first, False)
    assert no.status == "rejected" and no.result.public == [
        f"❌ {'Ann' if first == user('Ann') else 'Bob'} said no: the game goes on from step 2."
    ]
    assert (await svc.store.game(row)).version == 2  # type: ignore[union-attr]
    again = await svc.consent.propose(CHANNEL, first, step=0)
    await svc.play.act(CHANNEL, second, "step")
    assert "moved on" in await refused("stale", svc.consent.vote(again.vote_id, second, True))
    assert (await svc.consent.propose(CHANNEL, first, step=1)).status == "open"  # the void vote is closed
    await refused("bad_step", svc.consent.propose(CHANNEL, first, step=3))


async def test_going_back_past_a_draw_deals_the_same_card_again(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob", "Cy"), seed=12)
    row, mover = started.game_row or 0, started.waiting[0]
    drew = await svc.play.act(CHANNEL, mover, "draw")
    card = drew.private[mover]
    asked = await svc.consent.propose(CHANNEL, mover)
    assert any("same draw comes out again" in line for line in asked.result.public)
    others = asked.waiting_for
    assert len(others) == 2
    half = await svc.consent.vote(asked.vote_id, others[0], True)
    assert half.status == "open" and half.waiting_for == [others[1]] and "waiting for" in half.result.public[0]
    done = await svc.consent.vote(asked.vote_id, others[1], True)
    assert done.status == "passed" and await stored_state(svc, row) == (2, await svc.store.snapshot(row, 0))
    assert (await svc.play.act(CHANNEL, mover, "draw")).private[mover] == card


async def test_rollbacks_export_and_import_step_by_step(svc: GameService) -> None:
    row, first, second = await two_turns(svc)
    asked = await svc.consent.propose(CHANNEL, second, step=1)
    await svc.consent.vote(asked.vote_id, first, True)
    await svc.play.act(CHANNEL, first, "step")
    await svc.lobby.abandon(CHANNEL, user("Ann"))
    export = await svc.archive.export(CHANNEL)
    assert [a["kind"] for a in json.loads(export.text)["actions"]] == ["action", "action", "rollback", "action"]
    copy = await svc.archive.import_record("chan-2", "g", "u-dev", "Dev", export.text)
    for version in range(5):
        assert await svc.store.snapshot(copy.game_row or 0, version) == await svc.store.snapshot(row, version)


async def test_a_proposal_hides_answers_whose_window_is_still_open(svc: GameService) -> None:
    result = await start_game(svc, ("Ann", "Bob", "Cy"), {"cards": "no"}, seed=3)
    while len(result.waiting) < 3:  # to the secret push/rest
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    opened = result.version or 0
    first, second, third = result.waiting
    await svc.play.act(CHANNEL, first, "push")
    await svc.play.act(CHANNEL, second, "rest")
    asked = await svc.consent.propose(CHANNEL, third, step=opened - 1)  # the last step and both answers
    for lang in ("en", "ja"):
        said = " ".join(tr(line, lang) for line in asked.result.public)
        assert "`step`" in said and "push" not in said and "rest" not in said, said
    head = asked.result.public[0]
    assert "taking back 3 action(s)" in head and head.count("an answer (hidden)") == 2
    assert tr(head, "ja").count("回答（非公開）") == 2
    await svc.consent.vote(asked.vote_id, first, False)
    await svc.play.act(CHANNEL, third, "push")  # the window closes and shows every answer...
    again = await svc.consent.propose(CHANNEL, third, step=opened)
    assert "`push`" in again.result.public[0] and "`rest`" in again.result.public[0]  # ...so they may be named
    assert "hidden" not in again.result.public[0]
