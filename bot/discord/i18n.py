"""Messages of the Discord layer (catalogue: locale/ja/LC_MESSAGES/messages.po) and the translator
of its slash commands.

Every word the Discord layer makes is a :class:`~engine.core.i18n.Msg` of this domain, translated at
the last moment with :func:`render.i18n.tr` into the table's language (public messages) or the
reader's (ephemeral replies; see :mod:`bot.discord.language`).

Command, group, option and choice names and descriptions are plain strings in the cogs (discord.py
wraps them in :class:`~discord.app_commands.locale_str`); they are ids of this catalogue, declared by
:func:`command_texts`, and :class:`CommandTranslator` gives Discord their Japanese when the commands
are synced, so a client set to Japanese shows them in Japanese. What a command *receives* stays the
English names, so the code reading the options does not change.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from importlib import import_module
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.i18n import domain
from render.i18n import DEFAULT, language_of, translations

DOMAIN = domain(__package__)
msg, msgn, msgp = DOMAIN.msg, DOMAIN.msgn, DOMAIN.msgp

#: The cog modules whose commands are translated (the same list :mod:`bot.discord.app` loads).
COG_MODULES = tuple(
    f"bot.discord.cogs.{name}" for name in ("game", "play", "timers", "away", "admin", "stats", "notify")
)


def _strings(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> Iterator[str]:
    yield command.name
    yield command.description
    if isinstance(command, app_commands.Group):
        for child in command.commands:
            yield from _strings(child)
        return
    for parameter in command.parameters:
        yield parameter.name
        yield parameter.description
        for choice in parameter.choices:
            yield choice.name


def texts_of(found: Iterable[object]) -> set[str]:
    """Every translatable string of these commands and groups (names, descriptions, option names
    and descriptions, choice names), as Discord is sent them."""
    return {
        text
        for command in found
        if isinstance(command, app_commands.Command | app_commands.Group)
        for text in _strings(command)
        if text
    }


def command_texts() -> set[str]:
    """The strings of every slash command the cogs define (the catalogue's declared ids)."""
    found: set[str] = set()
    for name in COG_MODULES:
        module = import_module(name)
        for value in vars(module).values():
            if not (isinstance(value, type) and issubclass(value, commands.Cog)) or value.__module__ != name:
                continue
            if issubclass(value, commands.GroupCog):
                found.update({str(value.__cog_group_name__), str(value.__cog_group_description__)})
            found |= texts_of(value.__cog_app_commands__)
    return {str(text) for text in found}


DOMAIN.declare_data(command_texts)


class CommandTranslator(app_commands.Translator):
    """Gives Discord the Japanese of every command string (from this package's catalogue) when the
    commands are synced; ``None`` (no localisation) for English locales and strings without one."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return command_text(string.message, locale.value)


def command_text(text: str, locale: str) -> str | None:
    """``text`` (a command string) for a Discord ``locale``, or ``None`` when it stays as it is.

    >>> command_text("game", "ja"), command_text("game", "en-US")
    ('ゲーム', None)
    """
    lang = language_of(locale)
    if lang == DEFAULT:
        return None
    translated = translations(DOMAIN.name, lang).gettext(text)
    return translated if translated != text else None
