"""Whole Lisboa games on Discord (four players; two with the starting draft) from ``/game new
game:lisboa`` to final scoring, played only with the bot's own buttons and selects (private panels
included); every message pings only players the game waits for, and no public component names a
card in anyone's hand. Also ``/play`` suggestions and the private board."""

from __future__ import annotations

import random

import pytest
from discord_fakes import ANN, BOB, CY, Guild, pinged, posted, shown, table_now, turn_pings
from lisboa_discord import DEE, LISBOA, NAMES, click_random, finish_setup, hand_cards, open_lisboa, public_words

import bot.discord.turns

NOTICE = f"⚠️ {LISBOA.notice()}"
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in board image: hundreds of real renders would take most of a minute (the Lisboa
    renderer has its own tests; the follow-window tests post real images)."""
    monkeypatch.setattr(bot.discord.turns, "render_board", lambda view, lang="en": PNG + b"board")
    monkeypatch.setattr(bot.discord.turns, "render_turn", lambda view, lang="en": PNG + b"board")
    monkeypatch.setattr(bot.discord.turns, "render_player_board", lambda view, seat, lang="en": PNG + b"player")


@pytest.mark.usefixtures("quick_images")
@pytest.mark.parametrize(
    ("players", "options", "seed"), [((ANN, BOB, CY, DEE), None, 5), ((ANN, BOB), "starting_draft=true", 6)]
)
async def test_full_game_through_buttons(
    guild: Guild, players: tuple[tuple[int, str], ...], options: str | None, seed: int
) -> None:
    extra = {"options": options} if options else {}
    lobby = await guild.command(*players[0], "game new", game="lisboa", **extra)
    assert NOTICE in posted(lobby).content  # the lobby says the values are partly provisional
    for player in players[1:]:
        await guild.command(*player, "game join")
    post = posted(await guild.command(*players[0], "game start"))
    assert NOTICE in post.content and pinged(post) == {str(p[0]) for p in players}
    status = await guild.command(*ANN, "game status")
    assert NOTICE in status[-1].content and status[-1].ephemeral
    rng, kinds = random.Random(seed), set()
    last_ping, turn = {user: 0 for user in pinged(post)}, 1
    for _ in range(2000):
        before = await table_now(guild)
        if not before.active:
            break
        kinds |= {d.kind for d in before.decisions()}
        actor, calls = await click_random(guild, post, rng)
        post = shown(calls)  # one turn message posted, or edited in place within a turn
        after = await table_now(guild)
        assert after.version == before.version + 1 and post.files and post.files[0][1].startswith(PNG)
        expected = turn_pings(before, after, actor)  # only newcomers are pinged, in a new message
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
        for user in pinged(post):
            assert last_ping.get(user) != turn, f"{user} pinged twice in one turn"
            last_ping[user] = turn
        turn += post.new
        assert not hand_cards(after) & public_words(post), public_words(post)
    final = await table_now(guild)
    assert final.record.status == "finished"
    assert {"keep_clergy", "main", "draw"} <= kinds and ("draft" in kinds) == bool(options), kinds
    assert "Final scores:" in post.content and ("Winner:" in post.content or "Shared win" in post.content)
    assert post.custom_ids() == [f"pbp:{final.row}:rematch", f"pbp:{final.row}:full"] and not pinged(post)


@pytest.mark.usefixtures("quick_images")
async def test_play_suggests_only_the_callers_options_and_my_board_shows_only_their_hand(guild: Guild) -> None:
    post = await open_lisboa(guild, (ANN, BOB))
    table = await finish_setup(guild)
    mover = int(table.waiting_users()[0])
    other = next(u for u in (ANN[0], BOB[0]) if u != mover)
    texts = table.texts(table.seat_of(mover))
    suggested = await guild.autocomplete(mover, NAMES[mover], "play", "action", action="")
    assert suggested == texts[:25] and all(len(v) <= 100 for v in suggested)
    visits = await guild.autocomplete(mover, NAMES[mover], "play", "action", action="gold")
    assert visits and all(v.startswith("gold ") for v in visits)
    assert await guild.autocomplete(other, NAMES[other], "play", "action", action="") == []
    for user in (mover, other):
        mine = (await guild.click(user, NAMES[user], post.reply, f"pbp:{table.row}:board"))[-1]
        seat = table.seat_of(user)
        assert seat is not None
        hand = set(table.state["boards"][seat]["hand"])  # type: ignore[index]
        theirs = set(table.state["boards"][1 - seat]["hand"])  # type: ignore[index]
        assert mine.ephemeral and hand and all(card in mine.content for card in hand)
        assert not any(card in mine.content for card in theirs - hand)
