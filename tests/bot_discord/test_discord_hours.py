"""Table playing hours chosen at /game new: shown in the lobby and in the game header; bad input refused."""

from __future__ import annotations

from pathlib import Path

from discord_fakes import ANN, BOB, CY, FakeDiscord, Guild, start_bot

from bot.service.clock import ManualClock


async def test_game_new_with_hours_shows_them_in_lobby_and_header(tmp_path: Path) -> None:
    fake = FakeDiscord()
    guild = Guild(await start_bot(tmp_path / "games.sqlite3", fake, clock=ManualClock()), fake)
    try:
        refused = await guild.command(
            *ANN, "game new", game="puerto_rico", clock="fast", hours="18-23", timezone="Nowhere/Atlantis"
        )
        assert refused[-1].ephemeral and "not a time zone" in refused[-1].content
        await guild.command(*ANN, "game new", game="puerto_rico", clock="fast", hours="18-23", timezone="Europe/Paris")
        lobby = guild.fake.channel_posts()[-1]
        assert "playing hours: 18:00–23:00 Europe/Paris" in lobby.content
        for who in (BOB, CY):
            await guild.command(*who, "game join")
        await guild.command(*ANN, "game start")
        header = guild.fake.channel_posts()[-1].content.splitlines()[0]
        assert "⏱ fast (12 h per move)" in header and "🕘 plays 18:00–23:00 Europe/Paris" in header
    finally:
        await guild.bot.close()
