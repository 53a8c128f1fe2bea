"""Slash-command cogs, loaded as extensions by :mod:`bot.discord.app`."""
