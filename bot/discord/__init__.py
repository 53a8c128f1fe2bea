"""The bot's Discord layer (discord.py): :mod:`~bot.discord.app` builds the bot, :mod:`~bot.discord.turns`
posts turn messages and boards, :mod:`bot.discord.cogs` holds the slash commands and
:mod:`bot.discord.views` the persistent components; :mod:`~bot.discord.i18n` holds its words and the
command translator, :mod:`~bot.discord.language` says who reads which language. Everything below it
is :mod:`bot.service`."""
