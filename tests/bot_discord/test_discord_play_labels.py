"""``/play`` suggestions show each legal option's label for people and send its canonical text:
what is typed matches either; a canonical text typed out (not picked) is still played, and so is a
label typed out in full, in English or Japanese (issue 23), unless two options share it."""

from __future__ import annotations

import pytest
from discord_fakes import ANN, BOB, CHANNEL_ID, NAMES, Guild, open_table, table_now
from discord_fakes import shown as turn_message
from lisboa_discord import finish_setup, open_lisboa

from bot.discord.cogs.play import suggestions
from bot.discord.views.layout import MAX_SUGGESTIONS
from engine.core.text import normalize
from engine.puerto_rico.wording import ROLE_LABELS
from render.i18n import tr


def test_label_matches_follow_the_text_matches_with_the_pass_option_last() -> None:
    texts = ["cardinal 1 C1", "gold red-03", "visit red-03", "done"]
    labels = ["Move the Cardinal 1 step, take C1", "Discard red-03 (Maia) for 1 gold", "Visit with red-03", "Done"]
    assert suggestions(texts, labels, "", "done") == [0, 1, 2, 3]
    assert suggestions(texts, labels, "move the") == [0]  # only its label says so
    assert suggestions(texts, labels, "gold") == [1]  # the text and the label: once
    assert suggestions(texts, labels, "red") == [1, 2]
    assert suggestions(texts, labels, "maia") == [1]
    many = [f"build b{i:02d}" for i in range(40)]
    assert len(suggestions(many, [f"Build {i}" for i in range(40)], "")) == MAX_SUGGESTIONS


async def test_puerto_rico_roles_are_suggested_by_name_and_typed_texts_still_play(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    seat = table.seat_of(actor)
    shown = await guild.suggestions(actor, NAMES[actor], "play", "action", action="")
    assert shown == list(zip(table.labels(seat), table.texts(seat), strict=True))[:MAX_SUGGESTIONS]
    assert ("Settler", "role settler") in shown
    assert await guild.suggestions(actor, NAMES[actor], "play", "action", action="ro bu") == [
        ("Builder", "role builder")
    ]
    typed = turn_message(await guild.command(actor, NAMES[actor], "play", action="Role Settler"))  # typed, not picked
    assert "settler" in typed.content.lower() and (await table_now(guild)).version == table.version + 1


async def test_lisboa_options_are_suggested_by_their_labels_and_found_by_their_words(guild: Guild) -> None:
    await open_lisboa(guild, (ANN, BOB))
    table = await finish_setup(guild)
    mover = int(table.waiting_users()[0])
    seat = table.seat_of(mover)
    texts, labels = table.texts(seat), table.labels(seat)
    assert labels != texts
    shown = await guild.suggestions(mover, NAMES[mover], "play", "action", action="")
    assert [value for _, value in shown] == texts[:MAX_SUGGESTIONS]
    assert [name for name, _ in shown] == [label[:100] for label in labels[:MAX_SUGGESTIONS]]
    assert all(len(name) <= 100 and len(value) <= 100 for name, value in shown)
    # a word only the labels use (e.g. a card's noble) finds the options it names
    spoken = {w for t in texts for w in normalize(t).split()}
    word, index = next((w, i) for i, label in enumerate(labels) for w in normalize(label).split() if w not in spoken)
    found = await guild.suggestions(mover, NAMES[mover], "play", "action", action=word)
    assert (labels[index][:100], texts[index]) in found
    assert all(word in normalize(name) or word in normalize(value) for name, value in found)
    typed = texts[index]  # the canonical text typed out, not picked from the suggestions
    await guild.command(mover, NAMES[mover], "play", action=typed)
    after = await table_now(guild)
    played = [a.text for a in await guild.bot.service.store.actions(after.row) if a.version > table.version]
    assert played == [typed]


async def played_since(guild: Guild, version: int) -> list[str]:
    row = (await table_now(guild)).row
    return [a.text for a in await guild.bot.service.store.actions(row) if a.version > version]


async def test_a_label_typed_in_full_plays_its_option_in_english_and_in_japanese(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    calls = await guild.command(actor, NAMES[actor], "play", action="  SETTLER ")  # the label, not `role settler`
    assert calls[-1].content == "You played `role settler`."
    assert await played_since(guild, table.version) == ["role settler"]
    table = await table_now(guild)
    while not any(d.kind == "role" for d in table.decisions()):  # the plantations taken by their texts
        seat = table.waiting_seats()[0]
        await guild.bot.service.play.act(CHANNEL_ID, table.users[seat], table.texts(seat)[0])
        table = await table_now(guild)
    chooser = int(table.waiting_users()[0])
    seat = table.seat_of(chooser)
    assert ("建築家", "role builder") in zip([tr(x, "ja") for x in table.labels(seat)], table.texts(seat), strict=True)
    calls = await guild.command(chooser, NAMES[chooser], "play", action="建築家")  # an English client typing Japanese
    assert calls[-1].content == "You played `role builder`."
    assert await played_since(guild, table.version) == ["role builder"]


async def test_a_label_two_options_share_is_refused_naming_their_texts(
    guild: Guild, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ROLE_LABELS, "builder", ROLE_LABELS["settler"])  # two roles read "Settler" (開拓者)
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    calls = await guild.command(actor, NAMES[actor], "play", action="settler")
    said = calls[-1].content
    assert calls[-1].ephemeral and said.startswith("`settler` is the label of several options: type one of `")
    assert "`role builder`" in said and "`role settler`" in said
    guild.locales[actor] = "ja"
    calls = await guild.command(actor, NAMES[actor], "play", action="開拓者")
    said = calls[-1].content
    assert calls[-1].ephemeral and "`role builder`" in said and "`role settler`" in said and "several" not in said
    assert (await table_now(guild)).version == table.version and await played_since(guild, table.version) == []
    calls = await guild.command(actor, NAMES[actor], "play", action="role settler")
    assert calls[-1].content == "`role settler` を行いました。"
