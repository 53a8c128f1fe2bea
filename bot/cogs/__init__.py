"""Slash-command cogs, loaded as extensions by :mod:`bot.app`."""
