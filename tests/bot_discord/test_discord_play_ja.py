"""Typed ``/play`` reading Japanese labels and suggestions in the reader's language (issue 16), with
option labels made messages whose Japanese a throwaway catalogue gives (as the games' own catalogues
will once merged); and a label too long for a button translated whole, then cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord_fakes import ANN, BOB, CY, NAMES, Guild, posted, table_now
from test_discord_language import labels

from bot.discord.views.layout import label_of
from bot.service.game_ui import Table
from engine.core.i18n import Msg
from render.i18n import translations

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
