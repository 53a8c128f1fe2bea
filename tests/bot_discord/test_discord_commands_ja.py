"""Slash commands for Japanese clients (issue 16): every command, option and choice string is an id
of the ``bot.discord`` catalogue with a Japanese entry, and the translator gives Discord those
localisations when the commands are synced, with names Discord accepts."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord_fakes import FakeDiscord, Guild, start_bot

from bot.discord.i18n import DOMAIN, CommandTranslator, command_texts, texts_of
from render.i18n import translations

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
