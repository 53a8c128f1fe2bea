"""Japanese and English through the Discord fakes (issue 16): slash commands localised for Japanese
clients, the table's language for public messages, the reader's for ephemeral replies, typed
``/play`` reading Japanese labels, ``/game language`` and ``/notify language``."""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
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

from bot.discord.i18n import DOMAIN, CommandTranslator, command_texts, texts_of
from bot.discord.turns import NO_IMAGE, SAVED_NOT_POSTED
from bot.service.clock import ManualClock
from bot.service.game_ui import Table, label_of, plan_controls
from bot.store.clock import HOUR
from engine.core import find_game
from engine.core.i18n import Msg
from render.i18n import tr, translations

#: Command strings that are the same in Japanese (a language's own name).
SAME_IN_JAPANESE = {"English", "日本語"}


def valid_name(name: str) -> bool:
    """Discord's rule for command and option names: ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``,
    lower case where the script has case."""
    allowed = all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in name)
    return 1 <= len(name) <= 32 and allowed and name == name.lower()


def test_the_name_rule_itself() -> None:
    assert valid_name("ゲーム") and valid_name("取り消し投票") and valid_name("new_player")
    assert not valid_name("New") and not valid_name("二 語") and not valid_name("") and not valid_name("a" * 33)
    assert not valid_name("ゲーム・新規")  # the middle dot is punctuation


def options_of(item: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every command, subcommand and option of a synced command payload."""
    yield item
    for option in item.get("options") or []:
        yield from options_of(option)


async def test_every_command_string_is_declared_and_has_japanese(guild: Guild) -> None:
    found = texts_of(guild.bot.tree.get_commands())
    assert found and found <= command_texts() <= DOMAIN.data_ids()
    book = translations(DOMAIN.name, "ja")
    untranslated = [t for t in found if book.gettext(t) == t and t not in SAME_IN_JAPANESE]
    assert not untranslated


async def test_synced_commands_carry_japanese_localisations_with_valid_names(tmp_path: Path) -> None:
    fake = FakeDiscord()
    made = await start_bot(tmp_path / "g.sqlite3", fake, dev_guild_id=4242, sync_commands=True)
    try:
        assert isinstance(made.tree.translator, CommandTranslator)
        [sync] = [c for c in fake.calls if c.method == "PUT"]
        items = sync.payload["items"]
        game = next(i for i in items if i["name"] == "game")
        assert game["name_localizations"] == {"ja": "ゲーム"}  # Japanese only: English clients see the names
        assert game["description_localizations"]["ja"] == "このチャンネルでボードゲームを遊びます"
        new = next(o for o in game["options"] if o["name"] == "new")
        language = next(o for o in new["options"] if o["name"] == "language")
        assert new["name_localizations"]["ja"] == "新規" and language["name_localizations"]["ja"] == "言語"
        assert [(c["name"], c["value"]) for c in language["choices"]] == [("English", "en"), ("日本語", "ja")]
        for item in items:
            for part in options_of(item):
                ja = part["name_localizations"]["ja"]
                assert valid_name(ja), (part["name"], ja)
                assert part["description_localizations"]["ja"], part["name"]
                for choice in part.get("choices") or []:
                    assert choice["name"] in SAME_IN_JAPANESE or choice.get("name_localizations", {}).get("ja")
                names = [o["name_localizations"]["ja"] for o in part.get("options") or []]
                assert len(names) == len(set(names)), names  # distinct within one command
    finally:
        await made.close()


async def test_the_translator_answers_japanese_clients_only() -> None:
    translator = CommandTranslator()
    context: app_commands.TranslationContext[Any, Any] = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.other, None
    )
    say = app_commands.locale_str
    assert await translator.translate(say("voteundo"), discord.Locale.japanese, context) == "取り消し投票"
    assert await translator.translate(say("voteundo"), discord.Locale.american_english, context) is None
    assert await translator.translate(say("voteundo"), discord.Locale.french, context) is None
    assert await translator.translate(say("not a command string"), discord.Locale.japanese, context) is None


def bot_words(table: Table) -> list[tuple[str, str]]:
    """(English, Japanese) of the turn message's component labels that the bot made (not a game's)."""
    return [
        (str(c.label), label_of(tr(c.label, "ja")))
        for c in plan_controls(table)
        if isinstance(c.label, Msg) and c.label.domain.startswith("bot.")
    ]


def labels(call: Any) -> list[str]:
    return [c.get("label") or c.get("placeholder") for row in call.payload["components"] for c in row["components"]]


async def start_japanese_table(guild: Guild) -> Any:
    lobby = posted(await guild.command(*ANN, "game new", game="puerto_rico", language="ja"))
    assert "ボタンか `/game join` で参加できます。作成者が `/game start` で開始します。" in lobby.content
    assert labels(lobby) == ["参加", "退出", "ゲーム開始"]
    await guild.command(*BOB, "game join")
    await guild.command(*CY, "game join")
    calls = await guild.command(*ANN, "game start")
    return [c for c in calls if c.kind == "http"][0]


async def test_a_japanese_table_speaks_japanese_in_public_and_pings_as_before(guild: Guild) -> None:
    turn = await start_japanese_table(guild)
    table = await table_now(guild)
    assert table.language == "ja"
    assert pinged(turn) == set(table.waiting_users()) and f"<@{table.waiting_users()[0]}>" in turn.content
    assert f"**{table.record.title}** · {table.version}手目" in turn.content  # the service's header
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
    assert status[-1].ephemeral and "**Puerto Rico**" in status[-1].content


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
    assert "Use the buttons or `/game join`" in lobby.content and labels(lobby) == ["Join", "Leave", "Start game"]
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
    assert labels(lobby) == ["参加", "退出", "ゲーム開始"]
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


# --- typed /play and its suggestions -----------------------------------------------------------
LONG_SETTLER = "Settler: take one face-up plantation tile (or a quarry, if you hold the privilege) onto your island"
ROLES_JA = {
    LONG_SETTLER: "開拓者：農園タイル1枚（特権があれば石切り場）を島に置く",
    "Settler": "開拓者",
    "Mayor": "市長",
    "Builder": "建築家",
    "Craftsman": "監督",
    "Trader": "商人",
    "Captain": "船長",
}


@pytest.fixture
def japanese_labels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Option labels as messages with Japanese (what the games' own catalogues give once merged):
    a throwaway package's catalogue translates Puerto Rico's role names."""
    package = "pbp_test_labels"
    root = tmp_path / package
    (root / "locale" / "ja" / "LC_MESSAGES").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    entries = "".join(f'msgid "{en}"\nmsgstr "{ja}"\n\n' for en, ja in ROLES_JA.items())
    (root / "locale" / "ja" / "LC_MESSAGES" / "messages.po").write_text(
        f'msgid ""\nmsgstr ""\n"Language: ja\\n"\n\n{entries}', encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    translations.cache_clear()
    english = Table.labels

    def spoken(self: Table, seat: int | None) -> list[str]:
        return [Msg(package, LONG_SETTLER if label == "Settler" else label) for label in english(self, seat)]

    monkeypatch.setattr(Table, "labels", spoken)


@pytest.mark.usefixtures("japanese_labels")
async def test_typed_play_reads_japanese_labels_and_suggestions_speak_the_readers_language(guild: Guild) -> None:
    lobby = posted(await guild.command(*ANN, "game new", game="puerto_rico"))
    assert lobby.new
    await guild.command(*BOB, "game join")
    await guild.command(*CY, "game join")
    await guild.command(*ANN, "game start")
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    english = await guild.suggestions(actor, NAMES[actor], "play", "action", action="")
    assert ("Builder", "role builder") in english
    guild.locales[actor] = "ja"
    japanese = await guild.suggestions(actor, NAMES[actor], "play", "action", action="")
    assert ("建築家", "role builder") in japanese and (ROLES_JA[LONG_SETTLER], "role settler") in japanese
    assert await guild.suggestions(actor, NAMES[actor], "play", "action", action="市") == [("市長", "role mayor")]
    guild.locales[actor] = "en-GB"  # typing Japanese works whatever the client's language
    ambiguous = await guild.command(actor, NAMES[actor], "play", action="船")  # 船長 only: a unique start
    played = [a.text for a in await guild.bot.service.store.actions(table.row) if a.version > table.version]
    assert ambiguous[-1].content == "You played `role captain`." and played == ["role captain"]


@pytest.mark.usefixtures("japanese_labels")
async def test_a_typed_japanese_label_plays_its_option_exactly(guild: Guild) -> None:
    await guild.command(*ANN, "game new", game="puerto_rico")
    await guild.command(*BOB, "game join")
    await guild.command(*CY, "game join")
    await guild.command(*ANN, "game start")
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    calls = await guild.command(actor, NAMES[actor], "play", action="建築家")
    after = await table_now(guild)
    assert [a.text for a in await guild.bot.service.store.actions(after.row) if a.version > table.version] == [
        "role builder"
    ]
    assert calls[-1].content == "You played `role builder`."
    unknown = await guild.command(actor, NAMES[actor], "play", action="王様")
    assert unknown[-1].ephemeral and (await table_now(guild)).version == after.version  # refused, nothing played


# --- direct messages and reminders: the user's language if chosen, else the table's -------------
async def test_turn_dms_speak_the_users_language_or_else_the_tables(guild: Guild) -> None:
    for who in (ANN, BOB, CY):
        await guild.command(*who, "notify settings", mode="dm")
    await start_japanese_table(guild)
    start = guild.fake.channel_posts()[-1]
    [governor] = pinged(start)
    [dm] = guild.fake.dms(user=int(governor))
    assert dm.content.startswith("🎲 **Puerto Rico** であなたの番です：") and f"/{start.reply['id']}" in dm.content
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


@pytest.mark.usefixtures("japanese_labels")
async def test_a_label_too_long_for_a_button_is_translated_whole_then_cut(guild: Guild) -> None:
    for lang, players in (("en", (ANN, BOB)), ("ja", (CY, ANN))):
        first, *others = players
        await guild.command(*first, "game new", game="puerto_rico", language=lang)
        for who in others:
            await guild.command(*who, "game join")
        turn = [c for c in await guild.command(*first, "game start") if c.kind == "http"][0]
        shown_labels = labels(turn)
        if lang == "en":
            assert label_of(LONG_SETTLER) in shown_labels and len(LONG_SETTLER) > 80
        else:
            assert ROLES_JA[LONG_SETTLER] in shown_labels and "建築家" in shown_labels
        await guild.command(*first, "game abandon")


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
    assert labels(post) == ["再戦"] and not pinged(post)
