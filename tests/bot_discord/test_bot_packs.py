"""``DATA_PACKS``: a server owner's own Lisboa data loaded at start-up (or start-up refused with one
line naming the variable and the problem), and a game whose pack is not loaded answered kindly."""

from __future__ import annotations

import io
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from discord_fakes import ANN, BOB, Guild, posted, table_now
from lisboa_discord import LISBOA, finish_setup, latest_state, open_lisboa, store_state
from lisboa_discord import transcribed_pack as own_pack

import bot.__main__ as entry
import bot.service.packs
from bot.discord.app import create_bot
from bot.settings import Settings, SettingsError


@pytest.fixture(autouse=True)
def shipped_pack_afterwards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test leaves Lisboa with the pack it had (new games elsewhere use the shipped one)."""
    monkeypatch.setattr(LISBOA, "pack", LISBOA.pack)
    monkeypatch.setattr(bot.service.packs, "_LOADED", {})


def test_the_setting_is_game_folder_pairs() -> None:
    got = Settings.from_env({"DATA_PACKS": "lisboa=/srv/packs/lisboa, puerto_rico = /x=y "})
    assert got.data_packs == (("lisboa", "/srv/packs/lisboa"), ("puerto_rico", "/x=y"))
    assert Settings.from_env({}).data_packs == ()
    for bad in ("lisboa", "=/x", "lisboa=", "lisboa=/a,lisboa=/b"):
        with pytest.raises(SettingsError, match="DATA_PACKS"):
            Settings.from_env({"DATA_PACKS": bad})


def test_a_bad_pack_stops_start_up_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pack = own_pack(tmp_path)
    rows = (pack / "components.toml").read_text(encoding="utf-8")
    (pack / "components.toml").write_text(
        rows.replace("provisional = false", 'provisional = "no"', 1), encoding="utf-8"
    )
    with pytest.raises(SettingsError) as err:
        create_bot(Settings(data_packs=(("lisboa", str(pack)),)))
    message = str(err.value)
    assert message.startswith(f"DATA_PACKS: the Lisboa pack at {pack} was refused: components.toml: ")
    assert "\n" not in message and "row 1 (id 'earthquake'): field 'provisional': must be true or false" in message
    for pairs, reason in (
        ((("chess", "/x"),), "There is no game `chess`"),
        ((("puerto_rico", "/x"),), "Puerto Rico has no data pack to replace"),
        ((("lisboa", str(tmp_path / "missing")),), "pack.toml: missing from the pack"),
    ):
        with pytest.raises(SettingsError, match=reason):
            create_bot(Settings(data_packs=pairs))
    # python -m bot says so and exits with status 2, before connecting or playing the demo
    monkeypatch.setattr(entry, "setup_logging", lambda *_: None)
    monkeypatch.setenv("DATA_PACKS", f"lisboa={pack}")
    monkeypatch.setenv("DISCORD_TOKEN", "secret")
    err_out = io.StringIO()
    with redirect_stderr(err_out):
        assert entry.main(["--env-file", str(tmp_path / "none.env")]) == 2
    assert err_out.getvalue().startswith("Configuration problem: DATA_PACKS: the Lisboa pack at ")
    assert len(err_out.getvalue().strip().splitlines()) == 1


async def test_an_owners_full_transcription_is_used_for_new_games_without_a_notice(
    tmp_path: Path, guild: Guild
) -> None:
    pack = own_pack(tmp_path, "my-print")
    create_bot(Settings(data_packs=(("lisboa", str(pack)),)))  # loads it, as start-up does
    assert bot.service.packs.load_data_packs([("lisboa", str(pack))])[0].startswith("lisboa: ")
    assert LISBOA.notice() is None
    lobby = posted(await guild.command(*ANN, "game new", game="lisboa"))
    assert "provisional" not in lobby.content
    await guild.command(*BOB, "game join")
    start = posted(await guild.command(*ANN, "game start"))
    assert "provisional" not in start.content
    table = await table_now(guild)
    assert LISBOA.pack is not None and table.state is not None
    assert table.state["pack"]["fingerprint"] == LISBOA.pack.fingerprint


async def test_a_game_whose_pack_is_not_loaded_gets_a_friendly_answer(guild: Guild) -> None:
    post = await open_lisboa(guild, (ANN, BOB))
    table = await finish_setup(guild)
    state = await latest_state(guild.bot.service, table.row)
    state["pack"]["fingerprint"] = "feedfacefeedface"  # set up with a pack this bot has not loaded
    await store_state(guild.bot.service, table.row, state)
    user = int(table.waiting_users()[0])
    name = dict((ANN, BOB))[user]
    for calls in (
        await guild.command(user, name, "play", action=table.texts(table.seat_of(user))[0]),
        await guild.command(user, name, "game status"),
        await guild.click(user, name, post.reply, f"pbp:{table.row}:board"),
    ):
        assert calls[-1].ephemeral and "can't be continued on this bot" in calls[-1].content, calls[-1].content
        assert "feedfacefeedface" in calls[-1].content and "DATA_PACKS" in calls[-1].content
        assert "Sorry, something went wrong" not in calls[-1].content
