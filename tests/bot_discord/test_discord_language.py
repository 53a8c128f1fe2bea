"""Japanese and English through the Discord fakes (issue 16): the table's language for public
messages (``/game new language:``, the server's default, ``/game language``), the reader's for
ephemeral replies (their client's, or ``/notify language``), the user's or else the table's for
direct messages and reminders; pings as at an English table. Slash-command localisations are in
:mod:`test_discord_commands_ja`, typed ``/play`` in :mod:`test_discord_play_ja`."""

from __future__ import annotations

import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from discord_fakes import (
    ANN,
    BOB,
    CHANNEL_ID,
    CY,
    NAMES,
    FakeDiscord,
    Guild,
    pinged,
    posted,
    shown,
    start_bot,
    table_now,
    turn_pings,
)
from test_discord_full_game import CHOICE, SELECT, components

from bot.discord.turns import NO_IMAGE, SAVED_NOT_POSTED
from bot.discord.views.layout import label_of, plan_controls
from bot.service.clock import HOUR, ManualClock
from bot.service.game_ui import Table
from engine.core import find_game
from engine.core.i18n import Msg
from render.i18n import tr


def bot_words(table: Table) -> list[tuple[str, str]]:
    """(English, Japanese) of the turn message's component labels that the bot made (not a game's)."""
    return [
        (str(c.label), label_of(tr(c.label, "ja")))
        for c in plan_controls(table)
        if isinstance(c.label, Msg) and c.label.domain.startswith("bot.")
    ]


#: The lobby's buttons: join, leave, start, and the creator's AI seats (issue 26).
LOBBY_EN = ["Join", "Leave", "Start game", "🤖 Add AI (easy)", "🤖 Add AI (normal)", "🤖 Add AI (strong)", "Remove AI"]
LOBBY_JA = [
    "参加",
    "退出",
    "ゲーム開始",
    "🤖 AIを追加（やさしい）",
    "🤖 AIを追加（ふつう）",
    "🤖 AIを追加（つよい）",
    "AIを外す",
]


def labels(call: Any) -> list[str]:
    return [c.get("label") or c.get("placeholder") for row in call.payload["components"] for c in row["components"]]


async def start_japanese_table(guild: Guild) -> Any:
    lobby = posted(await guild.command(*ANN, "game new", game="puerto_rico", language="ja"))
    assert "ボタンか `/game join` で参加できます。作成者が `/game start` で開始します。" in lobby.content
    assert labels(lobby) == LOBBY_JA
    await guild.command(*BOB, "game join")
    await guild.command(*CY, "game join")
    calls = await guild.command(*ANN, "game start")
    return [c for c in calls if c.kind == "http"][0]


async def test_a_japanese_table_speaks_japanese_in_public_and_pings_as_before(guild: Guild) -> None:
    turn = await start_japanese_table(guild)
    table = await table_now(guild)
    assert table.language == "ja"
    assert pinged(turn) == set(table.waiting_users()) and f"<@{table.waiting_users()[0]}>" in turn.content
    assert f"**プエルトリコ** · {table.version}手目" in turn.content  # the service's header, the title translated
    shown_labels = labels(turn)
    assert bot_words(table) and "自分のボード" in shown_labels
    for english, japanese in bot_words(table):
        assert japanese in shown_labels and english not in shown_labels
    # a bot.discord sentence on the public turn message: the note that the image may not be attached
    actor = int(table.waiting_users()[0])
    guild.fake.refuse = "files"
    calls = await guild.command(actor, NAMES[actor], "play", action="role builder")
    sent = [c for c in calls if c.kind == "http" and not c.reply.get("code")]
    assert len(sent) == 1 and tr(NO_IMAGE, "ja") in sent[0].content and "Attach Files" not in sent[0].content
    assert not pinged(sent[0])  # an edit of the same turn: nobody pinged again
    # the English player at that table gets English private replies
    guild.fake.refuse = "all"
    calls = await guild.command(actor, NAMES[actor], "play", action="pass")
    assert calls[-1].ephemeral and SAVED_NOT_POSTED in calls[-1].content and "を" not in calls[-1].content
    guild.fake.refuse = None
    waiting = (await table_now(guild)).waiting_users()
    idle = next(u for u in NAMES if str(u) not in waiting)
    status = await guild.command(idle, NAMES[idle], "game status")
    assert status[-1].ephemeral and "**Puerto Rico**" in status[-1].content  # English reader: English title


async def test_an_english_player_at_a_japanese_table_reads_english_replies(guild: Guild) -> None:
    await start_japanese_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    calls = await guild.command(actor, NAMES[actor], "play", action="role settler")
    assert calls[-1].ephemeral and calls[-1].content == "You played `role settler`."
    outsider = await guild.command(4004, "Dee", "game board", private=True)
    assert outsider[-1].ephemeral and outsider[-1].content.startswith("You are not playing in this game (players: ")


async def test_a_japanese_reader_at_an_english_table_reads_japanese_replies(guild: Guild) -> None:
    lobby = posted(await guild.command(*ANN, "game new", game="puerto_rico"))
    assert "Use the buttons or `/game join`" in lobby.content and labels(lobby) == LOBBY_EN
    await guild.command(*BOB, "game join")
    await guild.command(*CY, "game join")
    await guild.command(*ANN, "game start")
    table = await table_now(guild)
    assert table.language == "en"
    actor = int(table.waiting_users()[0])
    guild.locales[actor] = "ja"
    calls = await guild.command(actor, NAMES[actor], "play", action="role settler")
    assert calls[-1].ephemeral and calls[-1].content == "`role settler` を行いました。"
    turn = shown(calls)
    assert "を行いました" not in turn.content  # the public message stays in the table's language
    guild.locales[4004] = "ja-JP"
    titles = await guild.suggestions(4004, "Dee", "game new", "game", game="puer")
    assert titles == [(f"{tr(find_game('puerto_rico').spec.title, 'ja')}（2～5人）", "puerto_rico")]
    outsider = await guild.command(4004, "Dee", "game board", private=True)
    assert outsider[-1].content.startswith("あなたはこのゲームに参加していません（プレイヤー：")
    # /notify language overrides the client: English for this reader from now on
    chosen = await guild.command(actor, NAMES[actor], "notify language", language="en")
    assert chosen[-1].ephemeral and chosen[-1].content == "Your language: English."
    calls = await guild.command(actor, NAMES[actor], "game board", private=True)
    assert calls[-1].content.startswith("Your board in ")
    back = await guild.command(actor, NAMES[actor], "notify language", language="client")
    assert back[-1].content == "あなたの言語：Discordアプリの設定に従います。"
    assert await guild.bot.service.notify.language(str(actor)) is None


async def test_game_new_defaults_to_the_servers_language_and_game_language_switches(guild: Guild) -> None:
    guild.guild_locale = "ja"
    lobby = posted(await guild.command(*ANN, "game new", game="puerto_rico"))
    assert labels(lobby) == LOBBY_JA
    refused = await guild.command(*BOB, "game language", language="en")  # not the creator
    assert refused[-1].ephemeral and (await table_now(guild)).language == "ja"
    switched = posted(await guild.command(*ANN, "game language", language="en"))
    assert switched.content == "This table now speaks English." and not pinged(switched)
    await guild.command(*BOB, "game join")
    turn = [c for c in await guild.command(*ANN, "game start") if c.kind == "http"][0]
    table = await table_now(guild)
    assert table.language == "en" and "My board" in labels(turn)
    back = posted(await guild.command(*ANN, "game language", language="ja"))
    assert back.content == "このテーブルの言語を日本語にしました。"
    assert (await table_now(guild)).language == "ja"


async def test_game_language_redraws_the_current_turn_message_at_once(guild: Guild) -> None:
    """``/game language`` edits the current turn message in place (issue 23): its buttons, menus and
    text in the new language at once, not from the next change on; nobody pinged."""
    await guild.command(*ANN, "game new", game="puerto_rico")
    for who in (BOB, CY):
        await guild.command(*who, "game join")
    turn = [c for c in await guild.command(*ANN, "game start") if c.kind == "http"][0]
    assert {"Builder", "My board"} <= set(labels(turn))
    version = (await table_now(guild)).version
    for lang, words, gone in (
        ("ja", {"建築家", "自分のボード", "全体ボード"}, "Builder"),
        ("en", {"Builder", "My board", "Full board"}, "建築家"),
    ):
        calls = await guild.command(*ANN, "game language", language=lang)
        [redrawn] = [c for c in calls if c.kind == "http" and c.method == "PATCH"]
        assert redrawn.reply["id"] == turn.reply["id"] and not pinged(redrawn)
        assert words <= set(labels(redrawn)) and gone not in labels(redrawn)
        assert words <= set(labels(SimpleNamespace(payload=guild.fake.messages[turn.reply["id"]])))
        assert ("手目" in redrawn.content) == (lang == "ja")
        assert posted(calls).content in ("このテーブルの言語を日本語にしました。", "This table now speaks English.")
    assert (await table_now(guild)).version == version  # nothing played


# --- direct messages and reminders: the user's language if chosen, else the table's -------------
async def test_turn_dms_speak_the_users_language_or_else_the_tables(guild: Guild) -> None:
    for who in (ANN, BOB, CY):
        await guild.command(*who, "notify settings", mode="dm")
    await start_japanese_table(guild)
    start = guild.fake.channel_posts()[-1]
    [governor] = pinged(start)
    [dm] = guild.fake.dms(user=int(governor))
    assert dm.content.startswith("🎲 **プエルトリコ** であなたの番です：") and f"/{start.reply['id']}" in dm.content
    table = await table_now(guild)
    # every player chooses English: the next turn DMs are English at this Japanese table
    for user in table.users:
        await guild.command(int(user), NAMES[int(user)], "notify language", language="en")
    mark = len(guild.fake.calls)
    mover = int(governor)
    await guild.command(mover, NAMES[mover], "play", action="role builder")
    await guild.command(mover, NAMES[mover], "play", action="pass")
    after = await table_now(guild)
    [next_player] = after.waiting_users()
    [dm] = guild.fake.dms(mark, int(next_player))
    assert dm.content.startswith("🎲 Your turn in **Puerto Rico**: ")


async def test_a_reminder_speaks_the_addressees_language_and_the_snooze_button_too(tmp_path: Path) -> None:
    clock = ManualClock()
    fake = FakeDiscord()
    guild = Guild(await start_bot(tmp_path / "games.sqlite3", fake, clock=clock), fake)
    try:
        for who in (ANN, BOB, CY):
            await guild.command(*who, "notify settings", mode="dm")
        await guild.command(*ANN, "game new", game="puerto_rico", clock="fast", language="ja")
        for who in (BOB, CY):
            await guild.command(*who, "game join")
        await guild.command(*ANN, "game start")
        [governor] = (await table_now(guild)).waiting_users()
        clock.advance(6 * HOUR)
        mark = len(guild.fake.calls)
        cog: Any = guild.bot.get_cog("TimerCog")
        await cog.tick()
        reminder = posted(guild.fake.since(mark))
        assert pinged(reminder) == {governor} and labels(reminder) == ["12時間延長"]
        [dm] = guild.fake.dms(mark, int(governor))
        assert (
            dm.content.startswith("⏳ ") and "reminder" not in dm.content and dm.content.endswith(reminder.reply["id"])
        )
        await guild.command(int(governor), NAMES[int(governor)], "notify language", language="en")
        clock.advance(5 * HOUR)  # the final warning, 1 h before the deadline
        mark = len(guild.fake.calls)
        await cog.tick()
        final = posted(guild.fake.since(mark))
        assert labels(final) == ["Snooze 12 h"] and pinged(final) == {governor}
        [dm] = guild.fake.dms(mark, int(governor))
        assert dm.content.startswith("⚠️ ") and "final warning" in dm.content.lower()
    finally:
        await guild.bot.close()


async def test_the_mayor_editor_speaks_the_readers_language(guild: Guild) -> None:
    await guild.command(*ANN, "game new", game="puerto_rico")
    await guild.command(*BOB, "game join")
    await guild.command(*ANN, "game start")
    rng = random.Random(5)
    svc, table = guild.bot.service, await table_now(guild)
    while not any(d.kind == "mayor_layout" for d in table.decisions()):  # play on until a real Mayor choice
        seat = rng.choice(table.waiting_seats())
        texts = table.texts(seat)
        wanted = [t for t in texts if t == "role mayor"] or texts
        await svc.play.act(CHANNEL_ID, table.users[seat], rng.choice(wanted), expected_version=table.version)
        table = await table_now(guild)
    decision = next(d for d in table.decisions() if d.kind == "mayor_layout")
    user = int(table.users[decision.player])
    guild.locales[user] = "ja"
    status = (await guild.command(user, NAMES[user], "game status"))[-1]
    assert "あなたの選択肢：" in status.content
    panel = next(c for c in status.custom_ids() if c.endswith(":panel"))
    editor = (await guild.click(user, NAMES[user], status.reply, panel))[-1]
    assert editor.ephemeral and "を配置してください**" in editor.content and "`layout " in editor.content
    assert "配置を確定" in labels(editor) and "Confirm layout" not in labels(editor)
    confirm = next(
        c["custom_id"]
        for row in editor.payload["components"]
        for c in row["components"]
        if c.get("label") == "配置を確定"
    )
    calls = await guild.click(user, NAMES[user], editor.reply, confirm)
    assert (
        calls[-1].content.startswith("配置しました：`layout ") and (await table_now(guild)).version == table.version + 1
    )


async def answer_in_japanese(
    guild: Guild, call: Any, rng: random.Random, user: int | None = None
) -> tuple[int, list[Any]]:
    """Click one playable component of ``call`` as its player (opening their panel first when it is
    a panel; the Mayor's editor confirmed by its Japanese button)."""
    items = components(call)
    playable = [c for c in items if CHOICE.match(c.get("custom_id", "")) or SELECT.match(c.get("custom_id", ""))]
    if playable:
        item = rng.choice(playable)
        found = CHOICE.match(item["custom_id"]) or SELECT.match(item["custom_id"])
        assert found is not None
        user = int((await table_now(guild)).users[int(found.group(1))])
        values = [rng.choice(item["options"])["value"]] if "options" in item else None
        return user, await guild.click(user, NAMES[user], call.reply, item["custom_id"], values)
    confirm = next((c for c in items if c.get("label") == "配置を確定"), None)
    user = user or int(rng.choice((await table_now(guild)).waiting_users()))
    if confirm is not None:
        return user, await guild.click(user, NAMES[user], call.reply, confirm["custom_id"])
    panel = next((c["custom_id"] for c in items if c.get("custom_id", "").endswith(":panel")), None)
    assert panel is not None, (call.content, items)
    opened = await guild.click(user, NAMES[user], call.reply, panel)
    user, more = await answer_in_japanese(guild, opened[-1], rng, user)
    return user, opened + more


async def test_a_whole_game_at_a_japanese_table_by_buttons(guild: Guild) -> None:
    """Two Japanese players click through a whole Puerto Rico game at a ``language:ja`` table (the
    Mayor's editor, private, confirmed by its Japanese button): every turn message's header and every label the bot
    makes is Japanese, pings are as at an English table, and the last message offers 再戦."""
    guild.locales.update({ANN[0]: "ja", BOB[0]: "ja"})  # their private panels (the Mayor's editor) too
    await guild.command(*ANN, "game new", game="puerto_rico", language="ja")
    await guild.command(*BOB, "game join")
    post = [c for c in await guild.command(*ANN, "game start") if c.kind == "http"][0]
    rng = random.Random(11)
    for _ in range(3000):
        before = await table_now(guild)
        if not before.active:
            break
        assert re.search(rf"· {before.version}手目", post.content) and not re.search(r"· move \d", post.content)
        for english, japanese in bot_words(before):
            assert japanese in labels(post) and english not in labels(post)
        user, calls = await answer_in_japanese(guild, post, rng)
        post = shown(calls)
        after = await table_now(guild)
        assert after.version == before.version + 1
        expected = turn_pings(before, after, user)
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
    assert (await table_now(guild)).record.status == "finished"
    assert labels(post) == ["再戦", "全体ボード"] and not pinged(post)
