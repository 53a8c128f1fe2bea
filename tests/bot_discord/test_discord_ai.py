"""AI players in Discord (issue 26): the lobby's AI buttons and ``/game new ai:``, a whole game with
AI seats played through the bot (the timer loop posts the AI's moves), and no AI ever mentioned."""

from __future__ import annotations

from typing import Any

from discord_fakes import ANN, BOB, Guild, pinged, table_now
from discord_options import Person

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


async def test_a_seat_handed_to_the_ai_and_taken_back_through_the_commands(guild: Guild, toy_games: Any) -> None:
    await guild.command(*ANN, "game new", game="toy_race", options="length=6")
    await guild.command(*BOB, "game join")
    await guild.command(*ANN, "game start")
    for options in ({}, {"player": Person(*BOB), "ai": "easy"}):
        refused = await guild.command(*ANN, "game substitute", **options)
        assert refused[-1].ephemeral and "a member, or the AI with its level" in refused[-1].content
    waiting = (await table_now(guild)).waiting_users()
    owner = next(u for u in (ANN, BOB) if str(u[0]) in waiting)
    handed = await guild.command(*owner, "game substitute", ai="easy")
    said = f"{owner[1]} handed their seat to the AI (easy), which plays for them until they act again or say `/back`."
    assert any(said in c.content for c in handed if not c.ephemeral)
    assert await timers(guild).play_ai() > 0
    assert any(f"🤖 The AI (easy) played for {owner[1]}" in c.content for c in guild.fake.channel_posts())
    status = (await guild.command(*BOB if owner == ANN else ANN, "game status"))[-1].content
    assert f"{owner[1]} (🤖 AI standing in) (" in status  # the seats line
    mine = (await guild.command(*owner, "mygames"))[-1].content
    assert "🤖 the AI (easy) plays for you until you act or say `/back`" in mine
    back = await guild.command(*owner, "back")
    assert any(f"**{owner[1]}** is back: the AI no longer plays for them." in c.content for c in back)
    admin = await guild.command(*ANN, "admin replace", player=Person(*BOB), ai="strong")
    assert any("🛠 Ann (admin) handed Bob's seat to the AI (strong)" in c.content for c in admin)
    both = await guild.command(*ANN, "admin replace", player=Person(*BOB), new_player=Person(*BOB), ai="easy")
    assert both[-1].ephemeral and "not both" in both[-1].content
    again = await guild.command(*ANN, "admin replace", player=Person(*BOB), new_player=Person(*BOB))
    assert any("🛠 Ann (admin) took Bob's seat back from the AI: Bob plays it again." in c.content for c in again)
    table = await table_now(guild)
    assert all(s.stand_in is None for s in table.seats)
