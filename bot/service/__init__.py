"""The bot's service layer: every request as a plain async method over :mod:`bot.store` and
:mod:`engine.core`, answering with :class:`~bot.service.results.Result` or a friendly
:class:`~bot.service.results.ServiceError`. No Discord (and no SQL) here."""
