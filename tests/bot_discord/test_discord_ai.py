"""AI players in Discord (issue 26): the lobby's AI buttons and ``/game new ai:``, a whole game with
AI seats played through the bot (the timer loop posts the AI's moves), and no AI ever mentioned."""

from __future__ import annotations

from typing import Any

from discord_fakes import ANN, BOB, Guild, pinged, table_now

from bot.discord.cogs.timers import TimerCog
from bot.service.ai_players import is_ai


def timers(guild: Guild) -> Any:
    found = guild.bot.get_cog("TimerCog")
    assert found is not None and type(found).__name__ == TimerCog.__name__
    return found


async def test_ai_seats_from_the_lobby_play_a_whole_game_through_the_bot(guild: Guild, toy_games: Any) -> None:
    await guild.command(*ANN, "game new", game="toy_race", options="length=6", ai="easy")
    lobby = guild.fake.channel_posts()[-1]
    assert "🤖 AI 1 (easy) joined (2/4)" in lobby.content
    ids = {i.rsplit(":", 1)[1]: i for i in lobby.custom_ids()}
    assert {"ai-easy", "ai-normal", "ai-strong", "ai-remove"} <= set(ids)
    refused = await guild.click(*BOB, lobby.reply, ids["ai-normal"])
    assert any("Only the lobby's creator can add AI players" in c.content for c in refused if c.ephemeral)
    added = await guild.click(*ANN, lobby.reply, ids["ai-normal"])
    assert any("🤖 AI 2 (normal) joined (3/4)" in c.content for c in added)
    await guild.click(*ANN, lobby.reply, ids["ai-remove"])
    await guild.command(*ANN, "game start")
    moved_by_ai = 0
    for _ in range(300):
        table = await table_now(guild)
        if not table.active:
            break
        if str(ANN[0]) in table.waiting_users():
            seat = table.users.index(str(ANN[0]))
            await guild.command(*ANN, "play", action=table.texts(seat)[0])
        else:
            played = await timers(guild).play_ai()
            assert played, "the AI owes a decision but did not play"
            moved_by_ai += played
    table = await table_now(guild)
    assert not table.active and moved_by_ai > 0
    log = await guild.bot.service.store.actions(table.row)
    ai_seat = next(i for i, u in enumerate(table.users) if is_ai(u))
    assert {a.user_id for a in log if a.seat == ai_seat} == {table.users[ai_seat]}
    for call in guild.fake.calls:  # nobody but Ann may ever be pinged; an AI is never even named by mention
        assert pinged(call) <= {str(ANN[0])}
        assert "<@ai" not in call.content and "@ai:" not in call.content
