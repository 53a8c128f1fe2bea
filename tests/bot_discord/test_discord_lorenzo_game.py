"""A whole three-player advanced Lorenzo il Magnifico game on Discord, from ``/game new game:Lorenzo
il Magnifico`` to final scoring, played only with the bot's own buttons, selects and private panels:
the bonus tile picks, the leader draft and the Vatican reports included. Every message pings only
the players the game waits for, and no public component names a leader in anyone's hand."""

from __future__ import annotations

import random

import pytest
from discord_fakes import ANN, BOB, CY, Guild, pinged, posted, shown, table_now, turn_pings
from lisboa_discord import click_random, offered

import bot.discord.turns
from engine.lorenzo import GAME as LORENZO

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in board image: hundreds of real renders would take minutes (the renderer has its
    own tests in tests/render)."""
    monkeypatch.setattr(bot.discord.turns, "render_board", lambda view, lang="en": PNG + b"board")
    monkeypatch.setattr(bot.discord.turns, "render_turn", lambda view, lang="en": PNG + b"board")
    monkeypatch.setattr(bot.discord.turns, "render_player_board", lambda view, seat, lang="en": PNG + b"player")


def _hand_names(table) -> set[str]:
    leaders = LORENZO.packs.shipped().leaders
    state = table.state or {}
    held = [i for board in state.get("boards", []) for i in board["hand"]]
    held += [i for packet in state.get("setup", {}).get("packets", []) for i in packet]
    return {leaders[i].name for i in held}


@pytest.mark.usefixtures("quick_images")
async def test_three_player_advanced_game_through_buttons(guild: Guild) -> None:
    lobby = await guild.command(*ANN, "game new", game="Lorenzo il Magnifico", options="advanced=yes")
    assert "Lorenzo il Magnifico" in posted(lobby).content
    for player in (BOB, CY):
        await guild.command(*player, "game join")
    post = posted(await guild.command(*ANN, "game start"))
    rng, kinds = random.Random(14), set()
    for _ in range(3000):
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
        words = " ".join(offered(post)) + post.content
        assert not any(name in words for name in _hand_names(after)), offered(post)
    final = await table_now(guild)
    assert final.record.status == "finished"
    assert {"tile", "draft", "turn", "space", "vatican"} <= kinds, kinds
    assert "Final scores:" in post.content and "Winner:" in post.content
    assert post.custom_ids() == [f"pbp:{final.row}:rematch", f"pbp:{final.row}:full"] and not pinged(post)
