"""Slash commands through discord.py's real CommandTree, fed Discord-shaped interaction payloads."""

from __future__ import annotations

from discord import app_commands
from discord_fakes import ANN, BOB, CY, EPHEMERAL, NAMES, PNG, Guild, open_table, pinged, posted, shown, table_now

from bot.discord.views.layout import MAX_SUGGESTIONS


def test_command_tree_has_the_commands(guild: Guild) -> None:
    names = {c.qualified_name for c in guild.bot.tree.walk_commands()}
    assert names >= {
        "game new",
        "game join",
        "game leave",
        "game start",
        "game status",
        "game board",
        "game log",
        "game undo",
        "game abandon",
        "mygames",
        "play",
    }
    play = guild.bot.tree.get_command("play")
    assert isinstance(play, app_commands.Command)
    assert play.get_parameter("action").autocomplete  # type: ignore[union-attr]
    new = guild.bot.tree.get_command("game").get_command("new")  # type: ignore[union-attr]
    assert {p.name for p in new.parameters} == {
        "game",
        "options",
        "clock",
        "hours",
        "timezone",
        "language",
        "ai",
        "stand_in",
    }
    assert not guild.bot.intents.message_content and not guild.bot.intents.members


async def test_lobby_to_first_turn(guild: Guild) -> None:
    calls = await guild.command(*ANN, "game new", game="puerto_rico")
    assert calls[0].payload == {"type": 5, "data": {"flags": EPHEMERAL}}  # deferred before touching storage
    lobby = posted(calls)
    assert "opened a Puerto Rico lobby" in lobby.content and lobby.payload["flags"] & 4096  # silent
    assert lobby.custom_ids() == [f"pbp:{1}:lobby:{act}" for act in ("join", "leave", "start")] + [
        f"pbp:1:lobby:ai-{act}" for act in ("easy", "normal", "strong", "remove")
    ]
    assert "already" in (await guild.command(*ANN, "game join"))[-1].content  # friendly error...
    assert (await guild.command(*ANN, "game join"))[-1].ephemeral  # ...only to the caller
    await guild.command(*BOB, "game join")
    await guild.command(*CY, "game join")
    refused = await guild.command(*BOB, "game start")
    assert refused[-1].ephemeral and "creator" in refused[-1].content
    turn = await guild.command(*ANN, "game start")
    posts = [c for c in turn if c.kind == "http"]
    assert len(posts) == 1, "exactly one public message per action"
    table = await table_now(guild)
    assert pinged(posts[0]) == set(table.waiting_users()) and len(table.waiting_users()) == 1
    assert posts[0].payload["allowed_mentions"]["parse"] == []
    assert posts[0].files and posts[0].files[0][1].startswith(PNG)
    assert turn[0].payload["data"]["flags"] == EPHEMERAL and turn[-1].method == "DELETE"


async def test_game_autocomplete_and_options(guild: Guild) -> None:
    assert await guild.autocomplete(*ANN, "game new", "game", game="puer") == ["puerto_rico"]
    assert await guild.autocomplete(*ANN, "game new", "game", game="zzz") == []
    # Suggestions come from Puerto Rico's option schema; unknown options are refused by the engine.
    suggested = await guild.autocomplete(*ANN, "game new", "options", game="puerto_rico", options="")
    assert "variant=on" in suggested and "expansions=nobles" in suggested and len(suggested) <= 25
    assert all(
        s.startswith("expansions=")
        for s in await guild.autocomplete(*ANN, "game new", "options", game="puerto_rico", options="expan")
    )
    refused = await guild.command(*ANN, "game new", game="puerto_rico", options="speed=fast")
    assert refused[-1].ephemeral and "has no option `speed`" in refused[-1].content
    malformed = await guild.command(*ANN, "game new", game="puerto_rico", options="fast")
    assert "key=value" in malformed[-1].content


async def test_game_typed_by_title_without_the_suggestion(guild: Guild) -> None:
    suggested = await guild.autocomplete(*ANN, "game new", "options", game="Puerto Rico", options="expan")
    assert suggested and all(s.startswith("expansions=") for s in suggested)
    lobby = posted(await guild.command(*ANN, "game new", game="Puerto Rico"))
    assert "opened a Puerto Rico lobby" in lobby.content
    await guild.command(*ANN, "game abandon")
    assert "opened a Lisboa lobby" in posted(await guild.command(*BOB, "game new", game="lis")).content
    await guild.command(*BOB, "game abandon")
    refused = await guild.command(*CY, "game new", game="Puerto Ricco")
    assert refused[-1].ephemeral and "There is no game `Puerto Ricco`. Games: Lisboa" in refused[-1].content


async def test_play_posts_board_and_pings_only_who_must_act(guild: Guild) -> None:
    start = await open_table(guild)
    before = await table_now(guild)
    actor = int(before.waiting_users()[0])
    calls = await guild.command(actor, NAMES[actor], "play", action="Role SETT")  # forgiving text
    post = shown(calls)  # the Settler now settles: the same turn, so the turn message is edited
    after = await table_now(guild)
    assert after.version == before.version + 1
    assert not post.new and post.reply["id"] == start.reply["id"] and post.files[0][1].startswith(PNG)
    assert "settler" in post.content.lower() and f"<@{actor}>" in post.content  # still named, not pinged again
    assert set(after.waiting_users()) == {str(actor)} and not pinged(post)
    ack = [c for c in calls if c.kind == "webhook"]
    assert ack[0].payload["data"]["flags"] == EPHEMERAL and "You played `role settler`" in ack[-1].content
    text = after.texts(after.seat_of(actor))[0]
    post = shown(await guild.command(actor, NAMES[actor], "play", action=text))
    after = await table_now(guild)
    assert post.new and pinged(post) == set(after.waiting_users()) and str(actor) not in pinged(post)


async def test_play_autocomplete_lists_only_the_callers_legal_texts(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    idle = next(u for u in NAMES if u != actor)
    everything = await guild.autocomplete(actor, NAMES[actor], "play", "action", action="")
    assert everything == table.texts(table.seat_of(actor))[:MAX_SUGGESTIONS]
    assert await guild.autocomplete(actor, NAMES[actor], "play", "action", action="ro bu") == ["role builder"]
    assert await guild.autocomplete(idle, NAMES[idle], "play", "action", action="") == []
    await guild.command(actor, NAMES[actor], "play", action="role builder")
    table = await table_now(guild)
    texts = table.texts(table.seat_of(actor))
    shown = await guild.autocomplete(actor, NAMES[actor], "play", "action", action="build")
    assert 0 < len(shown) <= MAX_SUGGESTIONS and all(t.startswith("build") for t in shown)
    assert set(shown) <= set(texts)


async def test_play_refusals_are_ephemeral_and_say_what_is_legal(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    idle = next(u for u in NAMES if u != actor)
    wrong = await guild.command(idle, NAMES[idle], "play", action="role mayor")
    assert wrong[-1].ephemeral and "not your turn" in wrong[-1].content
    bad = await guild.command(actor, NAMES[actor], "play", action="role king")
    assert bad[-1].ephemeral and "role settler" in bad[-1].content
    assert not guild.fake.channel_posts(len(guild.fake.calls) - 4)
    assert (await table_now(guild)).version == table.version


async def test_status_board_log_undo_mygames_abandon(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    status = await guild.command(*BOB, "game status")
    assert status[-1].ephemeral and "Choose a role" in status[-1].content and status[-1].files
    board = posted(await guild.command(*BOB, "game board"))
    assert board.files[0][1].startswith(PNG) and not pinged(board)
    mine = await guild.command(*BOB, "game board", private=True)
    assert mine[0].payload["data"]["flags"] == EPHEMERAL and "Your VP chips" in mine[-1].content
    await guild.command(actor, NAMES[actor], "play", action="role settler")
    log = await guild.command(*CY, "game log")
    assert log[-1].ephemeral and "Settler" in log[-1].content
    undo = await guild.command(actor, NAMES[actor], "game undo")
    assert any(c.kind == "http" and "took back" in c.content for c in undo)
    assert (await table_now(guild)).waiting_users() == [str(actor)]
    games = await guild.command(actor, NAMES[actor], "mygames")
    assert games[-1].ephemeral and "**your turn**" in games[-1].content and "<#" in games[-1].content
    refused = await guild.command(*BOB, "game abandon")
    assert refused[-1].ephemeral and "creator" in refused[-1].content
    done = await guild.command(*BOB, "game abandon", perms=str(1 << 4))  # Manage Channels
    assert "abandoned" in posted(done).content


async def test_missing_permissions_never_cost_the_move(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    guild.fake.refuse = "files"  # no Attach Files: the turn message goes out without the image
    calls = await guild.command(actor, NAMES[actor], "play", action="role builder")
    sent = [c for c in calls if c.kind == "http" and not c.reply.get("code")]  # the builder builds: an edit
    assert len(sent) == 1 and sent[0].method == "PATCH" and not sent[0].files and "Attach Files" in sent[0].content
    assert not pinged(sent[0])
    guild.fake.refuse = "all"  # cannot post at all: the move is still saved and the player is told
    calls = await guild.command(actor, NAMES[actor], "play", action="pass")
    assert calls[-1].ephemeral and "Your move is saved" in calls[-1].content
    assert (await table_now(guild)).version == table.version + 2
