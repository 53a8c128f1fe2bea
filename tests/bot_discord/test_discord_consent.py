"""/game voteundo in Discord: a pinging proposal with persistent Agree/Refuse buttons; unanimity applies it."""

from __future__ import annotations

from discord_fakes import ANN, BOB, CY, NAMES, Guild, open_table, pinged, posted, shown, table_now

from bot.discord.views.control import VoteButton


def test_vote_button_round_trips() -> None:
    item = VoteButton(123456789012, 98765, "n")
    match = VoteButton.__discord_ui_compiled_template__.fullmatch(item.custom_id)
    assert match is not None and item.custom_id == "pbp:123456789012:v98765:n" and not item.yes


async def test_the_table_votes_an_undo_through(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    await guild.command(actor, NAMES[actor], "play", action="role builder")
    proposer = next(u for u in (ANN, BOB, CY) if u[0] != actor)
    proposal = posted(await guild.command(*proposer, "game voteundo"))
    others = {str(u) for u in NAMES if u != proposer[0]}
    assert "asks to go back to the board after step 0" in proposal.content and pinged(proposal) == others
    yes, no = proposal.custom_ids()
    assert (yes, no) == ("pbp:1:v1:y", "pbp:1:v1:n")
    stranger = await guild.click(1009, "Zed", proposal.reply, yes)
    assert stranger[-1].ephemeral and "not playing" in stranger[-1].content
    voters = [int(u) for u in sorted(others)]
    first = await guild.click(voters[0], NAMES[voters[0]], proposal.reply, yes)
    edit = [c for c in first if c.method == "PATCH"][-1]
    assert "agrees to go back to step 0; waiting for" in edit.content and proposal.content in edit.content
    calls = await guild.click(voters[1], NAMES[voters[1]], proposal.reply, yes)
    turn = shown(calls)  # back to the actor's role choice: their turn message, edited (no new ping)
    assert "Everyone agreed" in turn.content and turn.files and not turn.new and not pinged(turn)
    after = await table_now(guild)
    assert after.version == 2 and await guild.bot.store.snapshot(1, 2) == await guild.bot.store.snapshot(1, 0)
    assert any(c.method == "PATCH" and c.payload.get("components") == [] for c in calls)
    late = await guild.click(voters[0], NAMES[voters[0]], proposal.reply, no)
    assert late[-1].ephemeral and "already over" in late[-1].content


async def test_one_refusal_ends_the_vote(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    await guild.command(actor, NAMES[actor], "play", action="role builder")
    proposal = posted(await guild.command(actor, NAMES[actor], "game voteundo", step=0))
    other = next(u for u in NAMES if u != actor)
    calls = await guild.click(other, NAMES[other], proposal.reply, proposal.custom_ids()[1])
    assert "said no: the game goes on from step 1" in posted(calls).content
    assert (await table_now(guild)).version == 1
    bad = await guild.command(actor, NAMES[actor], "game voteundo", step=5)
    assert bad[-1].ephemeral and "not an earlier step" in bad[-1].content
