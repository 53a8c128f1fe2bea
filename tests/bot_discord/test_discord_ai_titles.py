"""A whole game of each real title with the AI in every seat, through the bot on the Discord fakes
(issue 26): ``/game new ai:easy``, ``/game start``, then the creator hands their own seat to the AI
(``/game substitute ai:easy``) and the timer loop's AI work plays the game out, posting each move.
The game ends; every logged move is the AI's; the log replays to the stored final position; no
message pings, mentions or DMs anybody once the AI plays every seat, and none ever names an AI seat
in ``allowed_mentions``.

Kept cheap without leaving the bot's path: the seated level thinks on a budget of a few simulated
games (the search, the determinization and the evaluation all run), in the thread fallback
(``ai_workers=0``, as every bot test), on two players with each game's default options; and the
board images are a stand-in (:func:`quick_images`: hundreds of real renders would take minutes, and
the renderer has its own tests in ``tests/render``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord_fakes import ANN, PNG, FakeDiscord, Guild, pinged, start_bot, table_now

import bot.discord.turns
from bot.discord.cogs.timers import TimerCog
from bot.service.ai_players import is_ai, stand_in_user
from engine.ai import levels
from engine.core import play

#: Per title: the bot's seed (seating and the game's seed), and the seated level's budget
#: (iterations, playout steps): the fewest that end a game (at (2, 1) the AI can drift for ever in
#: The Red Cathedral, never building). The seeds give short games (Puerto Rico 212 moves, Lisboa
#: 138, Lorenzo 92, The Red Cathedral 352, where other seeds take up to 1,700); any seed must end.
TITLES = {
    "puerto_rico": (1, 2, 1),
    "lisboa": (1, 2, 1),
    "lorenzo": (6, 2, 1),
    "red_cathedral": (11, 3, 1),
}
#: Rounds of the timer loop's AI work (up to 50 moves each) before the game counts as stalled.
ROUNDS = 40


@pytest.fixture
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in for each board image (the turn message still carries one)."""
    monkeypatch.setattr(bot.discord.turns, "render_board", lambda view, lang="en": PNG + b"board")
    monkeypatch.setattr(bot.discord.turns, "render_turn", lambda view, lang="en": PNG + b"turn")
    monkeypatch.setattr(bot.discord.turns, "render_player_board", lambda view, seat, lang="en": PNG + b"player")


@pytest.fixture
async def guild_of(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Guild]:
    """A bot seeded for the title under test (``TITLES``)."""
    fake = FakeDiscord()
    bot_ = await start_bot(tmp_path / "games.sqlite3", fake, seed=TITLES[request.param][0])
    try:
        yield Guild(bot_, fake)
    finally:
        await bot_.close()


def timers(guild: Guild) -> Any:
    found = guild.bot.get_cog("TimerCog")
    assert found is not None and type(found).__name__ == TimerCog.__name__
    return found


@pytest.mark.usefixtures("quick_images")
@pytest.mark.parametrize(("game_id", "guild_of"), [(g, g) for g in TITLES], indirect=["guild_of"])
async def test_a_game_with_the_ai_in_every_seat_is_played_and_posted_by_the_bot(
    game_id: str, guild_of: Guild, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = guild_of
    _, iterations, playout = TITLES[game_id]
    monkeypatch.setitem(levels.LEVELS, "easy", levels.Level("easy", iterations=iterations, playout=playout))
    await guild.command(*ANN, "game new", game=game_id, ai="easy")
    assert "🤖 AI 1 (easy) joined (2/" in guild.fake.channel_posts()[-1].content
    await guild.command(*ANN, "game start")
    handed = await guild.command(*ANN, "game substitute", ai="easy")
    assert any("Ann handed their seat to the AI (easy)" in c.content for c in handed if not c.ephemeral)
    mark = len(guild.fake.calls)
    for _ in range(ROUNDS):
        played = await timers(guild).play_ai()
        table = await table_now(guild)
        if not table.active:
            break
        assert played, "a game of AI seats stalled"
    assert table.record.status == "finished", f"not over after {table.version} moves"
    posts = guild.fake.channel_posts(since=mark)
    assert any("The game is over!" in p.content for p in posts)
    assert all(p.files and p.files[0][1].startswith(PNG) for p in posts if p.new)
    assert sum("🤖 The AI (easy) played for Ann" in p.content for p in posts) > 0
    for call in guild.fake.calls:  # no AI is ever named in allowed_mentions, nor mentioned by id
        assert not any(is_ai(u) for u in pinged(call)) and "<@ai" not in call.content
    assert all(pinged(call) == set() for call in guild.fake.calls[mark:])  # every seat the AI's: no ping
    assert guild.fake.dms() == []
    log = await guild.bot.service.store.actions(table.row)
    assert [a.version for a in log] == list(range(1, table.version + 1))
    ann = table.users.index(str(ANN[0]))
    for entry in log:
        assert entry.user_id == (stand_in_user("easy") if entry.seat == ann else table.users[entry.seat])
        assert is_ai(entry.user_id)
    assert {a.seat for a in log} == set(range(len(table.users)))
    rebuilt = await guild.bot.service.archive.rebuild(table.row)
    assert play.dumps(rebuilt) == await guild.bot.service.store.snapshot(table.row, table.version)
