"""``/game …``: lobbies (new, join, leave, start, abandon) and looking at a game (status, board, log,
history, export, import, substitute, undo, voteundo)."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import all_games, find_game
from render.i18n import DEFAULT, LANGUAGES, NAMES, language_of, tr

from ...service.ai_players import LEVEL_NAMES
from ...service.clock import PRESETS
from ...service.results import ServiceError
from ...service.turn_text import seats_line
from ...service.typed import option_suggestions, parse_options
from ...service.words import status_word
from ..i18n import msg
from ..language import of_table, reader, sentences
from ..private import send_current, send_private_board
from ..turns import board_png, finish, png_file, post_public, post_step
from ..views.control import post_ballot
from ..views.history import history_message, log_content, log_view
from ..views.layout import MAX_CHOICE, MAX_SUGGESTIONS, label_of
from ..views.lobby import lobby_view

if TYPE_CHECKING:
    from ..app import PbpBot

Interaction = discord.Interaction[Any]
NO_BOTS = msg("A bot can't take a seat; choose a person.")
#: ``/game substitute`` and ``/admin replace`` hand a seat to one member or to the AI.
ONE_TARGET = msg("Name who takes over the seat: a member, or the AI with its level (easy, normal or strong); not both.")
MAX_IMPORT = 8 * 1024 * 1024
#: A table's language, by its own name (``/game new language:``, ``/game language``).
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[lang], value=lang) for lang in LANGUAGES]
#: The AI players' levels (``/game new ai:`` and ``stand_in:``), named in English (Discord translates
#: the choices' names through the command translator).
AI_LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVEL_NAMES]


def channel_of(interaction: Interaction) -> str:
    if interaction.channel_id is None:
        raise ServiceError(msg("Use this command in a channel or thread."), "no_channel")
    return str(interaction.channel_id)


def server_language(interaction: Interaction) -> str:
    """A new table's default language: the server's preferred locale's (English if not supported)."""
    return language_of(str(interaction.guild_locale) if interaction.guild_locale else None)


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description="Play a board game in this channel"):
    """Lobby and game commands; every reply that touches storage is deferred first."""

    def __init__(self, bot: PbpBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a lobby for a game in this channel")
    @app_commands.describe(
        game="Which game",
        options="Table options as key=value pairs (suggestions offered)",
        clock="Time limit per move (default: none)",
        hours="Table playing hours, e.g. 18-23 or 22-02; clocks pause outside (default: always)",
        timezone="IANA time zone for the playing hours, e.g. Europe/Paris (default: UTC)",
        language="The table's language: its public messages and buttons (default: the server's)",
        ai="Seat an AI player at this level (more with the lobby's buttons)",
        stand_in="Let the AI at this level play for a player whose time ran out, until they are back",
    )
    @app_commands.choices(
        clock=[app_commands.Choice(name=p.label[:100], value=k) for k, p in PRESETS.items()],
        language=LANGUAGE_CHOICES,
        ai=AI_LEVEL_CHOICES,
        stand_in=AI_LEVEL_CHOICES,
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        options: str | None = None,
        clock: str | None = None,
        hours: str | None = None,
        timezone: str | None = None,
        language: str | None = None,
        ai: str | None = None,
        stand_in: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            chosen = parse_options(options)
        except ValueError as exc:  # its message (a Msg once the service speaks) is kept for the reader
            said = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
            raise ServiceError(said, "bad_option") from None
        lang = language_of(language) if language else server_language(interaction)
        result = await self.bot.service.lobby.open(
            channel_of(interaction),
            interaction.guild_id,
            interaction.user.id,
            interaction.user.display_name,
            game.strip(),
            chosen,
            clock,
            hours,
            timezone,
            language=lang,
            ai_stand_in=stand_in,
        )
        assert result.game_row is not None
        if ai is not None:
            added = await self.bot.service.lobby.add_ai(channel_of(interaction), interaction.user.id, ai)
            result = replace(result, public=result.public + added.public)
        lines = result.public + [msg("Use the buttons or `/game join`; the creator starts with `/game start`.")]
        await post_public(interaction, lines, lang, view=lobby_view(result.game_row, lang))

    @new.autocomplete("game")
    async def game_titles(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        typed, lang = current.strip().lower(), await reader(interaction)
        found = []
        for g in all_games():
            title = tr(g.spec.title, lang)
            if typed in g.spec.title.lower() or typed in title.lower() or typed in g.spec.id:
                name = msg(
                    "{title} ({low}–{high} players)", title=title, low=g.spec.min_players, high=g.spec.max_players
                )
                found.append(app_commands.Choice(name=label_of(tr(name, lang), MAX_CHOICE), value=g.spec.id))
        return found[:25]

    @new.autocomplete("options")
    async def game_options(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        try:
            spec = find_game(str(game_id)).spec
        except Exception:  # no or unknown game chosen yet
            return []
        lang = await reader(interaction)
        return [
            app_commands.Choice(name=label_of(tr(name, lang), MAX_CHOICE), value=value[:MAX_CHOICE])
            for name, value in option_suggestions(spec, current)[:MAX_SUGGESTIONS]
        ]

    async def language_at(self, row: int | None) -> str:
        """The language of the table at ``row`` (for what is posted publicly about it)."""
        return of_table(await self.bot.service.table(row)) if row else DEFAULT

    @app_commands.command(name="join", description="Join the lobby in this channel")
    async def join(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.lobby.join(
            channel_of(interaction), interaction.user.id, interaction.user.display_name
        )
        await post_public(interaction, result.public, await self.language_at(result.game_row))

    @app_commands.command(name="leave", description="Leave the lobby in this channel")
    async def leave(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.lobby.leave(channel_of(interaction), interaction.user.id)
        await post_public(interaction, result.public, await self.language_at(result.game_row))

    @app_commands.command(name="colour", description="Choose your player colour in the lobby")
    @app_commands.describe(colour="One of the game's own player colours")
    async def colour(self, interaction: Interaction, colour: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.lobby.choose_colour(channel_of(interaction), interaction.user.id, colour)
        await post_public(interaction, result.public, await self.language_at(result.game_row))

    @colour.autocomplete("colour")
    async def colours_offered(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        table = await self.bot.service.table_in(channel_of(interaction))
        if table is None or table.record.status != "lobby":
            return []
        typed, lang = current.strip().lower(), await reader(interaction)
        return [
            app_commands.Choice(name=label_of(f"{tr(c.name, lang)} ({c.mark})", MAX_CHOICE), value=c.id)
            for c in table.game.spec.player_colours
            if typed in c.id or typed in tr(c.name, lang).lower()
        ][:MAX_SUGGESTIONS]

    @app_commands.command(name="start", description="Start the game (lobby creator only)")
    async def start(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.lobby.start(channel_of(interaction), interaction.user.id)
        notes = await post_step(self.bot, result, str(interaction.user.id))
        await finish(interaction, result.private.get(str(interaction.user.id), []) + notes)

    @app_commands.command(name="status", description="Whose turn it is and what they must decide")
    async def status(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.bot.service.table_in(channel_of(interaction))
        if table is None:
            raise ServiceError(msg("There is no game in this channel. Open one with `/game new`."), "no_game")
        lang = await reader(interaction)
        history = await self.bot.service.seats.history(table.row)
        seats = [seats_line(table)] if table.state is not None else []
        await send_current(interaction, table, "\n".join(tr(line, lang) for line in seats + history))

    @app_commands.command(name="board", description="Show the board (private: your own board, only to you)")
    @app_commands.describe(private="Show your own board and secret information, only to you")
    async def board(self, interaction: Interaction, private: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.bot.service.table_in(channel_of(interaction))
        if table is None or table.state is None:
            raise ServiceError(msg("There is no started game in this channel."), "not_started")
        if private:
            await send_private_board(interaction, table)
            return
        png = await board_png(table.public_view(), lang=table.language)
        status = status_word(table.record.status)
        lines = [msg("**{title}** · move {n} ({status})", title=table.record.title, n=table.version, status=status)]
        await post_public(
            interaction, lines, of_table(table), files=png_file(png, f"board-{table.row}-{table.version}.png")
        )

    @app_commands.command(name="log", description="The game's log, a page at a time")
    @app_commands.describe(page="Page number, 1 = oldest (default: the newest page)")
    async def log(self, interaction: Interaction, page: app_commands.Range[int, 1, 10_000] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.archive.log(channel_of(interaction), page)
        lang = await reader(interaction)
        view = log_view(result, lang)
        await interaction.followup.send(
            log_content(result, lang), ephemeral=True, view=view if view is not None else discord.utils.MISSING
        )

    @app_commands.command(name="history", description="The board as it was after a step of the log")
    @app_commands.describe(
        step="Step number (the #n in /game log; 0 = set-up)",
        share="Post it in the channel instead of showing it only to you",
    )
    async def history(
        self, interaction: Interaction, step: app_commands.Range[int, 0, 1_000_000], share: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.archive.history(channel_of(interaction), step)
        table = await self.bot.service.table(result.game_row or 0)
        lang = of_table(table) if share else await reader(interaction)
        content, files, view = await history_message(result, table.version, not share, lang)
        if share:
            await post_public(interaction, [content], lang, files=files)
            return
        await interaction.followup.send(
            content, ephemeral=True, files=files, view=view if view is not None else discord.utils.MISSING
        )

    @app_commands.command(name="export", description="The game record as a JSON file (the seed only once it has ended)")
    async def export(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.bot.service.archive.export(channel_of(interaction))
        said = [msg("Game record `{file}`.", file=record.filename)]
        if record.ended:
            said.append(
                msg("It includes the seed and final state: `/game import` rebuilds it (e.g. for a bug report).")
            )
        else:
            said.append(
                msg(
                    "The game is still running, so the record has no seed or hidden information and can't be "
                    "imported until the game has ended."
                )
            )
            if record.withheld:
                said.append(msg("{n} unrevealed choice(s) are withheld.", n=record.withheld))
        await interaction.followup.send(
            sentences(said, await reader(interaction)),
            ephemeral=True,
            file=discord.File(io.BytesIO(record.text.encode()), filename=record.filename),
        )

    @app_commands.command(name="import", description="Rebuild an ended game from a /game export file, read-only")
    @app_commands.describe(file="A JSON file made by /game export after the game ended")
    async def import_record(self, interaction: Interaction, file: discord.Attachment) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if file.size > MAX_IMPORT:
            raise ServiceError(
                msg("That file is too large for a game record ({size} KiB).", size=file.size // 1024), "bad_import"
            )
        result = await self.bot.service.archive.import_record(
            channel_of(interaction),
            interaction.guild_id,
            interaction.user.id,
            interaction.user.display_name,
            await file.read(),
        )
        await post_public(interaction, result.public, await self.language_at(result.game_row))

    @app_commands.command(
        name="substitute", description="Hand your seat (or, as host, an absent player's) to someone else or the AI"
    )
    @app_commands.describe(
        player="Who takes over the seat (the seat's own player: back from the AI)",
        absent="Host only: the absent player whose seat is handed over (default: your own)",
        ai="Hand the seat to the AI at this level instead, until its player is back",
    )
    @app_commands.choices(ai=AI_LEVEL_CHOICES)
    async def substitute(
        self,
        interaction: Interaction,
        player: discord.Member | None = None,
        absent: discord.Member | None = None,
        ai: str | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel, for_user = channel_of(interaction), absent.id if absent is not None else None
        if ai is not None and player is None:
            result = await self.bot.service.seats.to_ai(channel, interaction.user.id, ai, for_user)
        elif player is None or ai is not None:
            raise ServiceError(ONE_TARGET, "bad_substitute")
        elif player.bot:
            raise ServiceError(NO_BOTS, "bad_substitute")
        else:
            result = await self.bot.service.seats.substitute(
                channel, interaction.user.id, player.id, player.display_name, for_user
            )
        await finish(interaction, await post_step(self.bot, result, None))

    @app_commands.command(name="undo", description="Take back your last action (while it is still your turn)")
    async def undo(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.bot.service.play.undo(channel_of(interaction), interaction.user.id)
        notes = await post_step(self.bot, result, str(interaction.user.id))
        await finish(interaction, result.private.get(str(interaction.user.id), [msg("Taken back.")]) + notes)

    @app_commands.command(
        name="voteundo", description="Ask the table to go back to an earlier step (everyone must agree)"
    )
    @app_commands.describe(step="Go back to the board after this step (default: before the latest action)")
    async def voteundo(
        self, interaction: Interaction, step: app_commands.Range[int, 0, 1_000_000] | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = channel_of(interaction)
        ballot = await self.bot.service.consent.propose(channel, interaction.user.id, step)
        await post_ballot(self.bot, channel, ballot)
        await finish(interaction, [])

    @app_commands.command(name="abandon", description="End this channel's lobby or game without a result")
    async def abandon(self, interaction: Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        perms = interaction.permissions
        result = await self.bot.service.lobby.abandon(
            channel_of(interaction), interaction.user.id, can_manage_channel=perms.manage_channels
        )
        await post_public(interaction, result.public, await self.language_at(result.game_row))

    @app_commands.command(name="language", description="Change the language of this channel's table")
    @app_commands.describe(language="The table's language: its public messages and buttons from now on")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: Interaction, language: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        perms = interaction.permissions
        result = await self.bot.service.lobby.set_language(
            channel_of(interaction),
            interaction.user.id,
            language_of(language),
            can_manage_channel=perms.manage_channels,
        )
        redraw = await self.bot.service.redraw(result.game_row) if result.game_row else None
        if redraw is not None:  # the current turn message in the new language at once
            await post_step(self.bot, redraw, None)
        await post_public(interaction, result.public, await self.language_at(result.game_row))


async def setup(bot: PbpBot) -> None:
    await bot.add_cog(GameCog(bot))
