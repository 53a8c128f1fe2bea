"""History: the public board after any step, rollback-aware replay stacks, and log pages that fit a message."""

from __future__ import annotations

import pytest
from bot_helpers import CHANNEL, TOY, start_game

from bot.service.history import effective_actions, page_of, paginate
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.rows import ActionRecord
from engine.core import play
from engine.core.colours import DEFAULT_COLOURS, with_colours


def row(version: int, kind: str = "action", text: str = "step", seat: int = 0) -> ActionRecord:
    return ActionRecord(version, seat, "u", kind, text, False, [], "t")


def test_effective_actions_follow_undos_and_rollbacks() -> None:
    log = [
        row(1, text="a"),
        row(2, text="b"),
        row(3, "undo", "b"),
        row(4, text="c"),
        row(5, text="d"),
        row(6, "rollback", "2"),
        row(7, text="e"),
        row(8, "rollback", "5"),
        row(9, "rollback", "0"),
    ]
    assert [r.text for r in effective_actions(log[:5])] == ["a", "c", "d"]
    assert [r.text for r in effective_actions(log[:7])] == ["a", "b", "e"]
    assert [r.text for r in effective_actions(log[:8])] == ["a", "c", "d"]
    assert effective_actions(log) == []
    with pytest.raises(ValueError, match="unknown version"):
        effective_actions([row(1), row(2, "rollback", "7")])


def test_log_pages_fit_a_message_and_never_change_once_full() -> None:
    lines = [f"#{n} " + "word " * (n % 50) for n in range(200)] + ["#200 " + "x" * 5000]
    pages = paginate(lines, 20)
    assert [line for page in pages for line in page][:-1] == lines[:-1]
    assert pages[-1][-1].endswith("…") and len(pages[-1][-1]) == 600
    assert all(len(page) <= 20 and sum(len(x) + 1 for x in page) <= 1900 for page in pages)
    assert paginate(lines + ["#201 more"], 20)[:-1] == pages[:-1]  # old pages stay put
    assert page_of(lines, None, 20)[1:] == (len(pages), len(pages)) == page_of(lines, 999, 20)[1:]
    assert page_of(lines, -2, 20)[1] == len(pages) - 1 and page_of(lines, 1, 20)[0] == pages[0]


async def test_history_shows_the_public_board_after_each_step(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), {"actions": 3}, seed=5)
    row_id, mover = started.game_row or 0, started.waiting[0]
    await svc.play.act(CHANNEL, mover, "draw")  # a hidden card: the public board shows only the hand size
    await svc.play.act(CHANNEL, mover, "step")
    await svc.play.undo(CHANNEL, mover)
    await svc.play.act(CHANNEL, mover, "step")
    for step in range(5):
        seen = await svc.archive.history(CHANNEL, step)
        state = play.loads(await svc.store.snapshot(row_id, step) or "{}")
        # the public view, carrying the seats' colours (the table's, for the board)
        assert seen.step == step and seen.view == with_colours(TOY.public_view(state), DEFAULT_COLOURS[:2])
        assert "hand" not in seen.view and seen.text == TOY.view_text(TOY.public_view(state))
        assert seen.lines[0] == f"Toy Race: the board after step {step} of 4."
        assert all(line.startswith(f"#{step} ") for line in seen.lines[1:]) and seen.lines[1:]
    assert "draws a card" in (await svc.archive.history(CHANNEL, 1)).lines[1]
    assert "took back" in (await svc.archive.history(CHANNEL, 3)).lines[1]
    assert (await svc.archive.history(CHANNEL, 3)).view == (await svc.archive.history(CHANNEL, 1)).view
    assert (await svc.archive.history("elsewhere", 2, game_row=row_id)).step == 2  # by row, for buttons
    for bad in (-1, 5):
        with pytest.raises(ServiceError) as err:
            await svc.archive.history(CHANNEL, bad)
        assert err.value.code == "bad_step" and "steps 0 to 4" in err.value.message


async def test_history_and_log_need_a_started_game(svc: GameService) -> None:
    await svc.lobby.open(CHANNEL, "g", "u-ann", "Ann", "toy_race")
    for call in (svc.archive.history(CHANNEL, 0), svc.archive.log(CHANNEL)):
        with pytest.raises(ServiceError) as err:
            await call
        assert err.value.code == "not_started"
    with pytest.raises(ServiceError) as err:
        await svc.archive.log_of_game(999)
    assert err.value.code == "no_game"


async def test_log_pages_by_row_report_page_and_count(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), {"length": 15}, seed=9)
    result = started
    for _ in range(30):
        who = result.waiting[0]
        result = await svc.play.act(CHANNEL, who, "step" if "step" in result.legal[who] else "rest")
    newest = await svc.archive.log(CHANNEL)
    assert newest.page == newest.pages and newest.pages >= 2
    first = await svc.archive.log_of_game(started.game_row or 0, 1)
    assert first.page == 1 and first.pages == newest.pages and first.lines[1].startswith("#0 Toy Race started")
