"""The "Full board" button (issue 25): on every turn message, beside "My board"; it answers privately
with the full board of the game as it is now, drawn from the public view, for players and spectators;
turn messages show the turn image; the offline demo writes the turn images and the full board."""

from __future__ import annotations

import io
import random
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from discord_fakes import ANN, BOB, CHANNEL_ID, CY, PNG, Guild, open_table, posted, table_now

import bot.demo
from bot.__main__ import main
from bot.discord import turns
from bot.discord.turns import post_step
from bot.discord.views.components import DYNAMIC_ITEMS, FullBoardButton
from render import render_board

SPECTATOR = (1009, "Zed")


def full_id(row: int) -> str:
    return f"pbp:{row}:full"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Every view the full board is drawn from (drawn for real: the images are compared)."""
    views: list[dict[str, Any]] = []

    def full(view: dict[str, Any], lang: str = "en") -> bytes:
        views.append(view)
        return render_board(view, lang)

    monkeypatch.setattr(turns, "render_board", full)
    monkeypatch.setattr(turns, "render_turn", lambda view, lang="en": PNG + b"turn")
    return views


async def test_the_full_board_button_round_trips_and_belongs_to_one_item() -> None:
    item = FullBoardButton(123456789012, 4, "全体ボード")
    matching = [cls for cls in DYNAMIC_ITEMS if cls.__discord_ui_compiled_template__.fullmatch(item.custom_id)]
    assert item.custom_id == full_id(123456789012) and matching == [FullBoardButton]
    match = FullBoardButton.__discord_ui_compiled_template__.fullmatch(item.custom_id)
    assert match is not None
    again = await FullBoardButton.from_custom_id(None, item.item, match)  # type: ignore[arg-type]
    assert again.custom_id == item.custom_id and again.game_row == 123456789012
    assert again.item.label == "全体ボード"  # an old message's label is kept


async def test_turn_messages_show_the_turn_image_and_both_boards_last(guild: Guild, drawn: list[Any]) -> None:
    turn = await open_table(guild)
    row = (await table_now(guild)).row
    assert turn.files[0][1] == PNG + b"turn" and not drawn  # the turn image; the full board only on a click
    assert turn.custom_ids()[-2:] == [f"pbp:{row}:board", full_id(row)]
    labels = [c["label"] for r in turn.payload["components"] for c in r["components"] if "label" in c]
    assert labels[-2:] == ["My board", "Full board"]


@pytest.mark.parametrize("who", [CY, SPECTATOR], ids=["player", "spectator"])
async def test_full_board_answers_privately_from_the_public_view(
    guild: Guild, drawn: list[dict[str, Any]], who: tuple[int, str]
) -> None:
    turn = await open_table(guild)
    table = await table_now(guild)
    calls = await guild.click(*who, turn.reply, full_id(table.row))
    assert calls[0].payload == {"type": 5, "data": {"flags": 64}}  # deferred, ephemeral
    reply = calls[-1]
    assert reply.ephemeral and f"(move {table.version}), shown only to you" in reply.content
    assert [name for name, _ in reply.files] == ["full-board.png"]
    assert reply.files[0][1] == render_board(table.public_view(), table.language)
    assert drawn == [table.public_view()] and "me" not in drawn[0] and "my_vp" not in drawn[0]  # nothing hidden
    assert not [c for c in calls if c.kind == "http"]  # nothing posted in the channel


async def test_a_spectator_has_no_board_of_their_own_but_the_full_board(guild: Guild, drawn: list[Any]) -> None:
    turn = await open_table(guild)
    row = (await table_now(guild)).row
    mine = await guild.click(*SPECTATOR, turn.reply, f"pbp:{row}:board")
    assert mine[-1].ephemeral and "You are not playing in this game" in mine[-1].content and not mine[-1].files
    full = await guild.click(*SPECTATOR, turn.reply, full_id(row))
    assert full[-1].ephemeral and full[-1].files and full[-1].files[0][1].startswith(PNG)


async def test_an_old_full_board_button_shows_the_board_as_it_is_now(guild: Guild, drawn: list[Any]) -> None:
    turn = await open_table(guild)
    first = await table_now(guild)
    for _ in range(3):  # moves made elsewhere: the first message's button is now old
        table = await table_now(guild)
        seat = table.waiting_seats()[0]
        await guild.bot.service.play.act(
            CHANNEL_ID, table.users[seat], table.texts(seat)[0], expected_version=table.version
        )
    now = await table_now(guild)
    assert now.version == first.version + 3 and now.public_view() != first.public_view()
    reply = (await guild.click(*ANN, turn.reply, full_id(now.row)))[-1]
    assert reply.ephemeral and f"(move {now.version})" in reply.content
    assert reply.files[0][1] == render_board(now.public_view(), now.language)
    assert reply.files[0][1] != render_board(first.public_view(), first.language)


async def test_a_drawing_failure_is_said_plainly(guild: Guild, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(view: dict[str, Any], lang: str = "en") -> bytes:
        raise ValueError("bad view")

    monkeypatch.setattr(turns, "render_turn", lambda view, lang="en": PNG + b"turn")
    turn = await open_table(guild)
    monkeypatch.setattr(turns, "render_board", broken)
    reply = (await guild.click(*BOB, turn.reply, full_id((await table_now(guild)).row)))[-1]
    assert reply.ephemeral and "could not draw the full board" in reply.content and not reply.files


async def test_a_finished_game_keeps_its_full_board(guild: Guild, drawn: list[Any]) -> None:
    await open_table(guild, (ANN, BOB))
    rng, service = random.Random(5), guild.bot.service
    result = await service.play.status(CHANNEL_ID)
    while not result.game_over:
        who = rng.choice(result.waiting)
        result = await service.play.act(CHANNEL_ID, who, rng.choice(result.legal[who]))
    mark = len(guild.fake.calls)
    await post_step(guild.bot, result, who)
    final = posted(guild.fake.since(mark))
    over = await guild.bot.service.table(1)
    assert final.custom_ids() == ["pbp:1:rematch", "pbp:1:full"] and final.files[0][1] == PNG + b"turn"
    reply = (await guild.click(*SPECTATOR, final.reply, "pbp:1:full"))[-1]
    assert reply.ephemeral and reply.files[0][1] == render_board(over.public_view(), over.language)


def test_the_demo_writes_the_turn_images_and_the_full_board_at_the_end(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("bot.__main__.setup_logging", lambda *_: None)
    monkeypatch.setattr(bot.demo, "render_turn", lambda view, lang: PNG + b"turn")
    monkeypatch.setattr(bot.demo, "render_board", lambda view, lang: PNG + b"full")
    monkeypatch.setattr(bot.demo, "render_player_board", lambda view, seat, lang: PNG + b"mine")
    folder = tmp_path / "demo"
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["--demo", "--players", "2", "--seed", "3", "--max-actions", "5", "--out", str(folder)])
    assert code == 0
    turns_written = sorted(folder.glob("board-*.png"))
    assert [p.name for p in turns_written] == [f"board-{n:04d}.png" for n in range(6)]
    assert {p.read_bytes() for p in turns_written} == {PNG + b"turn"}  # exactly what each turn message shows
    assert (folder / "final-board.png").read_bytes() == PNG + b"full"
    assert (folder / "final-player-2.png").read_bytes() == PNG + b"mine"
    text = " ".join(out.getvalue().split())
    assert "6 turn images (board-0000.png … board-0005.png: each exactly what that turn's message shows" in text
    assert (
        f'the full board of the last position (the "Full board" button) is {(folder / "final-board.png").resolve()}'
        in text
    )
