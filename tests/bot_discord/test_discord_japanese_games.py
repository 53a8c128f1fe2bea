"""Whole games at a ``language:ja`` table through the Discord fakes (issue 16): every message the bot
sends — turn messages, their buttons and menus, private panels, the final scores — is Japanese,
with no English sentence or word left; pings are exactly those of an English table; and a player
whose client is English still reads their private replies in English."""

from __future__ import annotations

import random
import re

import pytest
from discord_fakes import ANN, BOB, CY, PNG, Call, Guild, pinged, shown, table_now, turn_pings
from lisboa_discord import click_random
from test_discord_language import answer_in_japanese

import bot.discord.turns
from render.i18n import tr

#: Two or more Latin letters in a row: an English word. Canonical action texts (what players may
#: type, kept in backticks), mentions, links, custom ids and player names are not words to translate.
LATIN = re.compile(r"[A-Za-z]{2,}")
QUOTED = re.compile(r"`[^`]*`")
MENTION = re.compile(r"<[@#][!&]?\d+>|https?://\S+")
#: Latin words Japanese writes as they are: "AI" (the lobby's AI buttons, issue 26).
KEPT = re.compile(r"(?<![A-Za-z])AI(?![A-Za-z])")


def texts_of(call: Call) -> list[str]:
    """Every text of a request that a person reads: content, embeds, labels, placeholders, options."""
    body = call.payload.get("data") if "data" in call.payload else call.payload
    body = body or {}
    out = [str(body.get("content") or "")]
    for embed in body.get("embeds") or []:
        out += [str(embed.get("title") or ""), str(embed.get("description") or "")]
        out += [str(f.get(k) or "") for f in embed.get("fields") or [] for k in ("name", "value")]
        out.append(str((embed.get("footer") or {}).get("text") or ""))
    for row in body.get("components") or []:
        for item in row.get("components", []):
            out += [str(item.get("label") or ""), str(item.get("placeholder") or "")]
            out += [str(o.get(k) or "") for o in item.get("options", []) for k in ("label", "description")]
    return [t for t in out if t]


def english_in(text: str, names: list[str]) -> list[str]:
    """The English words left in ``text`` once quoted texts, mentions, links, names and the Latin words
    Japanese keeps (:data:`KEPT`) are removed."""
    text = KEPT.sub(" ", MENTION.sub(" ", QUOTED.sub(" ", text)))
    for name in names:
        text = text.replace(name, " ")
    return LATIN.findall(text)


def english_of(calls: list[Call], names: list[str]) -> list[tuple[str, list[str]]]:
    """(text, its English words) for every read text of ``calls`` that still holds English."""
    found = []
    for call in calls:
        for text in texts_of(call):
            words = english_in(text, names)
            if words:
                found.append((text[:300], words))
    return found


@pytest.fixture
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in board image (the Japanese boards have their own tests in tests/render)."""
    monkeypatch.setattr(bot.discord.turns, "render_board", lambda view, lang="en": PNG + b"board-" + lang.encode())
    monkeypatch.setattr(bot.discord.turns, "render_turn", lambda view, lang="en": PNG + b"board-" + lang.encode())
    monkeypatch.setattr(bot.discord.turns, "render_player_board", lambda view, seat, lang="en": PNG + b"player")


async def play_out(guild: Guild, post: Call, seed: int, game: str) -> tuple[Call, int]:
    """Click random legal components to the end; check pings and the board's language on the way."""
    rng = random.Random(seed)
    clicks = 0
    for _ in range(4000):
        before = await table_now(guild)
        if not before.active:
            break
        clicker = answer_in_japanese if game == "puerto_rico" else click_random  # PR: the Mayor's editor
        actor, calls = await clicker(guild, post, rng)
        post = shown(calls)
        after = await table_now(guild)
        assert after.version == before.version + 1
        assert post.files and post.files[0][1] == PNG + b"board-ja"  # the board drawn in Japanese
        expected = turn_pings(before, after, actor)  # the same rule as at an English table
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
        clicks += 1
    return post, clicks


@pytest.mark.usefixtures("quick_images")
@pytest.mark.parametrize(
    ("game", "options", "players", "seed"),
    [
        ("puerto_rico", None, (ANN, BOB, CY), 3),
        ("puerto_rico", "expansions=both", (ANN, BOB), 4),
        ("lisboa", None, (ANN, BOB, CY), 5),
        ("lisboa", "starting_draft=true", (ANN, BOB), 6),
    ],
)
async def test_a_whole_game_at_a_japanese_table_leaves_no_english(
    guild: Guild, game: str, options: str | None, players: tuple[tuple[int, str], ...], seed: int
) -> None:
    for user, _ in players:
        guild.locales[user] = "ja"  # private panels in Japanese too
    names = [name for _, name in players]
    mark = len(guild.fake.calls)
    extra = {"options": options} if options else {}
    await guild.command(*players[0], "game new", game=game, language="ja", **extra)
    for player in players[1:]:
        await guild.command(*player, "game join")
    start = [c for c in await guild.command(*players[0], "game start") if c.kind == "http"][0]
    assert pinged(start) and pinged(start) <= {str(p[0]) for p in players}
    final, clicks = await play_out(guild, start, seed, game)
    table = await table_now(guild)
    assert table.record.status == "finished" and clicks > 40
    sent = [c for c in guild.fake.since(mark) if texts_of(c)]
    assert len(sent) > clicks  # every click answered by at least the turn message
    assert english_of(sent, names) == []
    assert "最終得点" in final.content and not pinged(final)


@pytest.mark.usefixtures("quick_images")
async def test_an_english_client_at_a_japanese_table_reads_private_replies_in_english(guild: Guild) -> None:
    guild.locales[ANN[0]] = "ja"
    await guild.command(*ANN, "game new", game="lisboa", language="ja")
    await guild.command(*BOB, "game join")
    post = [c for c in await guild.command(*ANN, "game start") if c.kind == "http"][0]
    assert english_of([post], ["Ann", "Bob"]) == []  # public: the table's language
    table = await table_now(guild)
    # Bob's client is English: his private replies are English, Ann's are Japanese.
    bob_reply = (await guild.command(*BOB, "play", action="no such move"))[-1]
    ann_reply = (await guild.command(*ANN, "play", action="no such move"))[-1]
    assert bob_reply.ephemeral and ann_reply.ephemeral
    assert "not" in bob_reply.content or "nothing" in bob_reply.content
    assert english_of([ann_reply], ["Ann", "Bob"]) == [], ann_reply.content
    status = (await guild.command(*BOB, "game status"))[-1]
    assert status.ephemeral and english_in(status.content, ["Ann", "Bob"])
    assert (await table_now(guild)).version == table.version  # bad input changed nothing


def test_the_checker_finds_english() -> None:
    """The English detector itself can fail: a leftover word is found, quoted texts and names are not."""
    assert english_in("Annが`ship corn 7`を選びました。", ["Ann"]) == []
    assert english_in("Annが Trader を選びました。", ["Ann"]) == ["Trader"]
    assert tr("plain", "ja") == "plain"
