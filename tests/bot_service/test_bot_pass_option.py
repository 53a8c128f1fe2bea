"""The bot reads a decision's named pass option, never the word ``pass``: Done Race (a toy game whose
pass is called ``done``) can be skipped after a deadline, forced by an admin, and its pass button and
suggestion come last; buttons show the options' labels and play their canonical texts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bot_helpers import CHANNEL, start_game, user
from test_bot_deadlines import open_game, timed

from bot.discord.views.layout import plan_controls
from bot.service.clock import HOUR, ManualClock
from bot.service.service import GameService
from bot.service.typed import suggest
from engine.core import play

DONE_RACE = "toy_done"


async def test_a_done_game_is_skipped_on_timeout_by_its_pass_option(tmp_path: Path) -> None:
    clock = ManualClock()
    async with timed(tmp_path / "g.sqlite3", clock) as svc:
        started = await open_game(svc, "fast", game_id=DONE_RACE)
        row, late = started.game_row or 0, started.waiting[0]
        other = next(u for u in (user("Ann"), user("Bob")) if u != late)
        await svc.play.act(CHANNEL, late, "step")  # after one action the turn may end: `done` is legal
        clock.advance(12 * HOUR)
        [expiry] = await svc.timeouts.expire_due()
        assert expiry.offer is not None and expiry.offer.can_skip
        skipped = await svc.timeouts.skip_turn(row, expiry.offer.version, expiry.offer.seat, other)
        assert "skipped" in skipped.public[0] and late not in skipped.waiting
        last = (await svc.store.actions(row))[-1]
        assert (last.kind, last.text) == ("action", "done")  # the canonical text, as logs and replays need
        assert [o for _, _, o in await svc.core.deadlines.timeouts(row)] == ["offered", "skip"]
        assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, skipped.version or 0)


async def test_admin_force_plays_the_named_pass_option(svc: GameService) -> None:
    started = await start_game(svc, game_id=DONE_RACE, seed=2)
    await svc.play.act(CHANNEL, started.waiting[0], "step")
    forced = await svc.admin.force(CHANNEL, user("Ann"), "Ann")
    assert forced.public[0].endswith(": `done`.") and started.waiting[0] not in forced.waiting


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_buttons_show_labels_play_texts_and_the_pass_option_comes_last(svc: GameService, seed: int) -> None:
    started = await start_game(svc, game_id=DONE_RACE, options={"cards": "no"}, seed=seed)
    mover = started.waiting[0]  # without cards the first step is forced: `done` is legal now
    table = await svc.table_in(CHANNEL)
    assert table is not None
    seat = table.seat_of(mover)
    assert table.pass_text(seat) == "done" and table.texts(seat) == ["done", "step"]
    assert table.labels(seat) == ["End my turn", "Step forward"]
    buttons = [c for c in plan_controls(table) if c.kind == "choice"]
    assert [(c.label, c.style, table.texts(seat)[c.index or 0]) for c in buttons] == [
        ("End my turn", "secondary", "done"),
        ("Step forward", "primary", "step"),
    ]
    assert suggest(table.texts(seat), "", last=table.pass_text(seat)) == ["step", "done"]


def test_a_many_option_done_decision_keeps_done_out_of_the_selects() -> None:
    """More options than buttons: ``done`` is a button of its own beside the selects, labelled for people."""
    texts = [f"option {i}" for i in range(12)] + ["done"]
    labels = [f"Option {i}" for i in range(12)] + ["End my turn"]
    stand_in: Any = type(
        "T",
        (),
        {
            "texts": lambda s, _: texts,
            "labels": lambda s, _: labels,
            "pass_text": lambda s, _: "done",
            "editor": lambda s, _: False,
            "shape": lambda s, _: None,
            "active": True,
        },
    )()
    controls = plan_controls(stand_in, 0)
    assert [(c.label, c.index) for c in controls if c.kind == "choice"] == [("End my turn", 12)]
    assert [label for c in controls for _, label in c.options] == labels[:12]
